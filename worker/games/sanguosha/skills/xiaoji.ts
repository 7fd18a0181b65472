import type { FrameDef } from '../../../engine';
import { alive, drawCards, card, sgs } from '../core';
import { num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** Asks once per equipped card lost: "draw two?". Push: `{ t: 'xiaoji', seat, left }`. */
const xiaojiFrame: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (num(f.left) <= 0 || !alive(ctx.g, seat)) return 'done';
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.xiaoji', params: { n: num(f.left) } },
      options: [
        { id: 'use', message: { key: 'sgs.opt.useSkill', params: { skill: { key: 'sgs.skill.xiaoji' } } } },
        { id: 'pass', message: { key: 'sgs.opt.noResponse' } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    f.left = num(f.left) - 1;
    if (a.option !== 'use') return;
    const seat = num(f.seat);
    ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.xiaoji' } });
    drawCards(ctx, seat, 2);
  },
};

/**
 * 枭姬 (孙尚香): after a card leaves your equipment area, for any reason (used, discarded, taken, replaced by a new
 * one), you may draw two cards, once for each such card.
 */
export const xiaoji: SgsSkill = {
  id: 'xiaoji',
  effects: [
    {
      on: T.cardsLost,
      can: (_ctx, seat, ev) => ev.seat === seat && ((ev.equip as number[] | undefined) ?? []).length > 0,
      use(ctx, seat, ev) {
        ctx.push({ t: 'xiaoji', seat, left: (ev.equip as number[]).length });
      },
    },
  ],
  frames: { xiaoji: xiaojiFrame },
};
