import type { FrameDef } from '../../../engine';
import { alive, isBlack, move, card, sgs } from '../core';
import { num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/**
 * 洛神's loop: judge (st 0); a black result was already taken into the hand when it took effect, so ask whether to
 * judge again (st 1); red ends it (the judge frame discards the red card).
 */
const luoshenFrame: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (!alive(ctx.g, seat)) return 'done';
    if (f.st === 0) {
      f.st = 1;
      f.result = null;
      ctx.push({ t: 'judge', seat, reason: 'skill:luoshen', parent: f.id, key: 'result', st: 0 });
      return 'again';
    }
    if (f.result === null || !isBlack(ctx, num(f.result))) return 'done';
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.luoshenAgain' },
      options: [
        { id: 'use', message: { key: 'sgs.opt.luoshenAgain' } },
        { id: 'pass', message: { key: 'sgs.opt.luoshenStop' } },
      ],
    });
    return 'wait';
  },
  answer(_ctx, f, _p, a) {
    if (a.option === 'use') f.st = 0;
    else f.result = null;
  },
};

/**
 * 洛神 (甄姬): at the start of your preparation phase you may judge; while the result is black you take the card
 * (after it takes effect) and may judge again; a red result ends it and is discarded.
 */
export const luoshen: SgsSkill = {
  id: 'luoshen',
  effects: [
    {
      on: T.phaseStart,
      can: (_ctx, seat, ev) => ev.seat === seat,
      optional: true,
      ask: () => ({ key: 'sgs.ask.luoshen' }),
      use(ctx, seat) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.luoshen' } });
        ctx.push({ t: 'luoshen', seat, st: 0, result: null });
      },
    },
    {
      // The black card of 洛神's own judgement goes to the hand once it has taken effect (before the judge discards it).
      on: T.judgeDone,
      can: (ctx, seat, ev) =>
        ev.seat === seat &&
        ev.reason === 'skill:luoshen' &&
        isBlack(ctx, ev.card as number) &&
        ctx.g.table.includes(ev.card as number),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.luoshenTake', { seat, card: ev.card as number });
        move(ctx, [ev.card as number], 'hand', { seat });
      },
    },
  ],
  frames: { luoshen: luoshenFrame },
};
