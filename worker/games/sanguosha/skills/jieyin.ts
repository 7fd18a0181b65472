import { alive, discard, othersFrom, P, recover, wounded, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import type { SgsSkill, K } from '../types';

/** Wounded male characters other than `seat`, in seat order after her. */
const husbands = (k: K, seat: number) =>
  othersFrom(k.g, seat).filter((t) => P(k.g, t).gender === 'male' && wounded(P(k.g, t)));

/**
 * 结姻 (孙尚香): once per play phase, discard two hand cards and choose a wounded male character other than you; he and
 * you each recover 1 HP (him first).
 */
export const jieyin: SgsSkill = {
  id: 'jieyin',
  active: {
    perPhase: 1,
    option(k, seat) {
      const g = k.g;
      const hand = P(g, seat).hand;
      const men = husbands(k, seat);
      return hand.length >= 2 && men.length
        ? { cards: { from: hand.map(String), min: 2, max: 2 }, seats: { from: men, min: 1, max: 1 } }
        : null;
    },
    /** For a wounded friend (more gladly when she is wounded too), with her two cheapest hand cards unless both are precious. */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      const friend = (o.seats?.from ?? [])
        .filter((t) => attitude(k, seat, t) > 0)
        .sort((a, b) => P(g, a).hp - P(g, b).hp)[0];
      const cards = (o.cards?.from ?? [])
        .map(Number)
        .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)
        .slice(0, 2);
      if (friend === undefined || cards.length < 2 || cards.every((c) => cardValue(k, c) >= 7)) return null;
      return {
        score: wounded(P(g, seat)) ? 46 : 28,
        answer: { prompt, option: o.id, cards: cards.map(String), seats: [friend] },
      };
    },
    use(ctx, seat, cards, targets) {
      const g = ctx.g;
      const t = targets[0];
      if (cards.length !== 2 || new Set(cards).size !== 2 || cards.some((c) => !P(g, seat).hand.includes(c)))
        return 'discard two of your hand cards';
      if (targets.length !== 1 || t === undefined || !alive(g, t) || !husbands(ctx, seat).includes(t))
        return 'choose a wounded male character other than you';
      ctx.log('sgs.log.jieyin', { seat, target: t, cards });
      // The recoveries wait below the discard's own triggers (枭姬 has none here, 连营 might); his comes first.
      recover(ctx, seat, 1, { by: seat });
      recover(ctx, t, 1, { by: seat });
      discard(ctx, cards);
    },
  },
  effects: [],
};
