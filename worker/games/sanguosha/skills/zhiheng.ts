import { discard, equipIds, P, sgs } from '../core';
import { cardValue } from '../bot';
import type { SgsSkill } from '../types';

/** 制衡 (孙权): once per play phase, discard any number (≥ 1) of your hand and equipped cards, then draw as many. */
export const zhiheng: SgsSkill = {
  id: 'zhiheng',
  active: {
    perPhase: 1,
    option(k, seat) {
      const g = k.g;
      const mine = [...P(g, seat).hand, ...equipIds(P(g, seat))];
      return mine.length ? { cards: { from: mine.map(String), min: 1, max: mine.length } } : null;
    },
    /** 制衡 away junk: the low-value hand cards, when there are two or more. */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const hand = new Set(P(s.g, seat).hand);
      const junk = (o.cards?.from ?? []).map(Number).filter((c) => hand.has(c) && cardValue(k, c) <= 3);
      return junk.length >= 2 ? { score: 30, answer: { prompt, option: o.id, cards: junk.map(String) } } : null;
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
