import type { FrameDef, Option } from '../../../engine';
import { alive, sgs } from '../core';
import { answerOptions, resolveAnswer } from '../offers';
import type { G, SgsSkill, K } from '../types';
import { emit, evOf, num } from '../flow/common';
import { T } from '../timings';

/** The 杀 the wielder could use again, real or view-as. */
const options = (k: K, seat: number): Option[] =>
  answerOptions(k, seat, ['slash'], 'use', {
    id: 'use',
    message: { key: 'sgs.opt.useSkill', params: { skill: { key: 'sgs.skill.blade' } } },
  });

/**
 * Asks the wielder for another 杀 (a real one or any view-as 杀, e.g. 武圣) on the same target: a "use a 杀" request
 * like any other, so a skill may supply it first (激将, as for 借刀杀人).
 */
const bladeFrame: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat),
      target = num(f.target);
    if (f.asked || !alive(ctx.g, seat) || !alive(ctx.g, target)) return 'done';
    if (!f.ev) {
      emit(ctx, f, T.cardAsked, {
        seat,
        pattern: 'slash',
        src: null,
        ignoreArmor: false,
        provided: false,
        useOn: [target],
      });
      return 'again';
    }
    if (evOf(f).provided) return 'done';
    const opts = options(ctx, seat);
    if (!opts.length) return 'done';
    f.asked = true;
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.blade', params: { target } },
      options: [...opts, { id: 'pass', message: { key: 'sgs.opt.noResponse' } }],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option === 'pass') return;
    const r = resolveAnswer(ctx, num(f.seat), a, ['slash'], 'use', 'use');
    if (typeof r === 'string') return r;
    ctx.push({
      t: 'use',
      user: num(f.seat),
      cards: r.cards,
      name: r.name,
      skill: r.skill,
      targets: [num(f.target)],
      counted: false,
      st: 0,
    });
  },
};

/** 青龙偃月刀: range 3; when your 杀 is dodged you may use another 杀 on the same target. */
export const blade: SgsSkill = {
  id: 'blade',
  range: 3,
  effects: [
    {
      on: 'slashDodged',
      can: (ctx, seat, ev) => ev.src === seat && alive(ctx.g, ev.target as number),
      use: (ctx, seat, ev) => void ctx.push({ t: 'blade', seat, target: ev.target as number, asked: false }),
    },
  ],
  frames: { blade: bladeFrame },
  equip: { value: 3 },
};
