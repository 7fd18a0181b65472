import { drawCards, keyOf, card, sgs } from '../core';
import { T } from '../timings';
import type { Ev, SgsSkill, K } from '../types';

/** A real (not converted) non-delayed trick card: one physical card of that very name, used through no skill. */
const realTrick = (k: K, ev: Ev) => {
  const cards = (ev.cards ?? []) as number[];
  return !ev.skill && cards.length === 1 && keyOf(k, cards[0]!) === ev.name && card(k, cards[0]!).kind.type === 'trick';
};

/** 集智 (黄月英): when you use a real non-delayed trick card (无懈可击 included), you may draw a card. */
export const jizhi: SgsSkill = {
  id: 'jizhi',
  effects: [
    {
      on: T.cardUsed,
      can: (_ctx, seat, ev) => ev.user === seat && realTrick(_ctx, ev),
      optional: true,
      ask: (_ctx, _seat, ev) => ({ key: 'sgs.ask.jizhi', params: { card: (ev.cards as number[])[0]! } }),
      use(ctx, seat) {
        ctx.log('sgs.log.jizhi', { seat });
        drawCards(ctx, seat, 1);
      },
    },
  ],
};
