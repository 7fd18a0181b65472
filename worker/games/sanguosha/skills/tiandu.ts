import { move, card, sgs } from '../core';
import { T } from '../timings';
import type { SgsSkill } from '../types';

/** 天妒 (郭嘉): after your own judgement card takes effect, you may take it into your hand. */
export const tiandu: SgsSkill = {
  id: 'tiandu',
  effects: [
    {
      on: T.judgeDone,
      can: (ctx, seat, ev) => ev.seat === seat && ctx.g.table.includes(ev.card as number),
      optional: true,
      ask: (_ctx, _seat, ev) => ({ key: 'sgs.ask.tiandu', params: { card: ev.card as number } }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.tiandu', { seat, card: ev.card as number });
        move(ctx, [ev.card as number], 'hand', { seat });
      },
    },
  ],
};
