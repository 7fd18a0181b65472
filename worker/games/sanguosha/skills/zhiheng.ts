import { discard, equipIds, P } from '../core';
import type { SgsSkill } from '../types';

/** 制衡 (孙权): once per play phase, discard any number (≥ 1) of your hand and equipped cards, then draw as many. */
export const zhiheng: SgsSkill = {
  id: 'zhiheng',
  active: {
    perPhase: 1,
    option(g, seat) {
      const mine = [...P(g, seat).hand, ...equipIds(P(g, seat))];
      return mine.length ? { cards: { from: mine.map(String), min: 1, max: mine.length } } : null;
    },
    use(ctx, seat, cards) {
      ctx.log('sgs.log.zhiheng', { seat, cards });
      // The draw waits for the loss's own triggers (连营, 枭姬), which the discard pushes on top of it.
      ctx.push({ t: 'draw', seat, n: cards.length });
      discard(ctx, cards);
    },
  },
  effects: [],
};
