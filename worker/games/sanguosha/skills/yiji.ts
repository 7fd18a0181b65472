import type { FrameDef } from '../../../engine';
import { alive, takeTop, sgs } from '../core';
import { num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/**
 * One 遗计 question per point of damage (`left` to go): on "use" the top two cards of the draw pile (reshuffled in
 * first if needed) go to the `distribute` prompt, which hands them out while they stay hidden in the pile.
 */
const yijiFrame: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (num(f.left) <= 0 || !alive(ctx.g, seat)) return 'done';
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.yiji', params: { n: num(f.left) } },
      options: [
        { id: 'use', message: { key: 'sgs.opt.useSkill', params: { skill: { key: 'sgs.skill.yiji' } } } },
        { id: 'pass', message: { key: 'sgs.opt.noResponse' } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const seat = num(f.seat);
    if (a.option !== 'use') {
      f.left = 0;
      return;
    }
    f.left = num(f.left) - 1;
    // Take and put back: takeTop reshuffles the discard pile in when the pile is short (or ends the game, S9).
    const ids = takeTop(ctx, 2);
    if (!ids) return;
    // A new pile (see core's `takeOut`).
    ctx.g.draw = [...ids, ...ctx.g.draw];
    ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.yiji' } });
    ctx.push({ t: 'distribute', seat, cards: ids, skill: 'yiji' });
  },
};

/**
 * 遗计 (郭嘉): after you take damage, for each point of it you may look at the top two cards of the draw pile and hand
 * them out as you like (any split, to any characters, yourself included).
 */
export const yiji: SgsSkill = {
  id: 'yiji',
  effects: [
    {
      on: T.damaged,
      can: (ctx, seat, ev) => ev.target === seat && (ev.amount as number) > 0 && alive(ctx.g, seat),
      use(ctx, seat, ev) {
        ctx.push({ t: 'yiji', seat, left: ev.amount as number });
      },
    },
  ],
  frames: { yiji: yijiFrame },
};
