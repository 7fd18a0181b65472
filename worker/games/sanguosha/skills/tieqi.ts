import type { FrameDef } from '../../../engine';
import { isRed, sgs } from '../core';
import { noAnswer, num } from '../flow/common';
import { T } from '../timings';
import type { Ev, G, SgsSkill } from '../types';

/** Judges for one target of 马超's 杀; a red result sets the 杀's `noJink` (the 杀 frame reads it next). */
const tieqiFrame: FrameDef<G> = {
  run(ctx, f) {
    if (f.st === 0) {
      f.st = 1;
      ctx.push({ t: 'judge', seat: num(f.seat), reason: 'skill:tieqi', parent: f.id, key: 'result', st: 0 });
      return 'again';
    }
    const ev = ctx.frame(num(f.owner))?.ev as Ev | undefined;
    const red = f.result !== null && f.result !== undefined && isRed(ctx, num(f.result));
    if (red && ev) ev.noJink = true;
    ctx.log(red ? 'sgs.log.tieqiHit' : 'sgs.log.tieqiMiss', { seat: num(f.seat), target: num(f.target) });
    return 'done';
  },
  answer: noAnswer,
};

/** 铁骑 (马超): after your 杀 targets a character, you may judge; if red, that character cannot use 闪 against it. */
export const tieqi: SgsSkill = {
  id: 'tieqi',
  effects: [
    {
      on: T.slashTargeted,
      can: (_ctx, seat, ev) => ev.src === seat && !ev.noJink,
      optional: true,
      ask: (_ctx, _seat, ev) => ({ key: 'sgs.ask.tieqi', params: { target: ev.target! } }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.tieqi' } });
        ctx.push({ t: 'tieqi', seat, target: ev.target!, owner: ev.frame!, st: 0, result: null });
      },
    },
  ],
  frames: { tieqi: tieqiFrame },
};
