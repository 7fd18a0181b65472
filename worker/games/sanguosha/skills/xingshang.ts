import { equipIds, move, P, sgs } from '../core';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** What 行殇 takes: the dead character's hand and equipment (not the judgement area). */
const cardsOf = (g: G, seat: number) => [...P(g, seat).hand, ...equipIds(P(g, seat))];

/** 行殇 (曹丕): when another character dies, you may take all of their cards before they are discarded. */
export const xingshang: SgsSkill = {
  id: 'xingshang',
  effects: [
    {
      on: T.death,
      can: (ctx, seat, ev) => ev.seat !== seat && cardsOf(ctx.g, ev.seat as number).length > 0,
      optional: true,
      ask: (ctx, _seat, ev) => ({
        key: 'sgs.ask.xingshang',
        params: { target: ev.seat as number, n: cardsOf(ctx.g, ev.seat as number).length },
      }),
      use(ctx, seat, ev) {
        const dead = ev.seat as number;
        const cards = cardsOf(ctx.g, dead);
        const hand = P(ctx.g, dead).hand.length;
        ctx.log('sgs.log.xingshang', { seat, target: dead, n: cards.length });
        // The hand cards were hidden: only 曹丕 learns which they are.
        if (hand) ctx.log('sgs.log.xingshangSecret', { seat, target: dead, cards: [...P(ctx.g, dead).hand] }, [seat]);
        move(ctx, cards, 'hand', { seat });
      },
    },
  ],
};
