import { attitude, cardValue } from '../bot';
import { discard, equipIds, noteHostility, othersFrom, P, card, sgs } from '../core';
import { prohibited } from '../cards/rules';
import type { SgsSkill, K } from '../types';

/** Other living male characters, in seat order after 貂蝉. */
const males = (k: K, seat: number) => othersFrom(k.g, seat).filter((s) => P(k.g, s).gender === 'male');

/**
 * 离间 (貂蝉): once per play phase, discard one card (hand or equipped) and choose two other male characters in order;
 * the second is treated as using a 决斗 on the first, which cannot be answered with 无懈可击. A seat that may not be
 * the 决斗's target (空城 with an empty hand) is rejected as the first pick.
 */
export const lijian: SgsSkill = {
  id: 'lijian',
  active: {
    perPhase: 1,
    option(k, seat) {
      const g = k.g;
      const mine = [...P(g, seat).hand, ...equipIds(P(g, seat))];
      const men = males(k, seat);
      if (!mine.length || men.length < 2) return null;
      return {
        cards: { from: mine.map(String), min: 1, max: 1 },
        seats: { from: men, min: 2, max: 2 },
        message: { key: 'sgs.opt.lijian' },
      };
    },
    /**
     * An enemy with the least HP duels (plays first as the target) against a friend, or failing that against another
     * enemy; the cheapest card pays. Nothing is done without a known enemy to hurt.
     */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      const from = o.seats?.from ?? [];
      const foes = from
        .filter((t) => attitude(k, seat, t) < 0)
        .sort((a, b) => P(g, a).hp - P(g, b).hp || P(g, a).hand.length - P(g, b).hand.length);
      const victim = foes.find((t) => !prohibited(k, from.find((x) => x !== t)!, t, 'duel'));
      if (victim === undefined) return null;
      const rest = from.filter((t) => t !== victim);
      const dueller =
        rest.filter((t) => attitude(k, seat, t) > 0).sort((a, b) => P(g, b).hand.length - P(g, a).hand.length)[0] ??
        rest.find((t) => attitude(k, seat, t) < 0);
      const pay = (o.cards?.from ?? []).map(Number).sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)[0];
      if (dueller === undefined || pay === undefined || prohibited(k, dueller, victim, 'duel')) return null;
      return {
        score: P(g, victim).hp <= 1 ? 58 : 36,
        answer: { prompt, option: o.id, cards: [String(pay)], seats: [victim, dueller] },
      };
    },
    use(ctx, seat, cards, targets) {
      const g = ctx.g;
      const card = cards[0];
      const mine = [...P(g, seat).hand, ...equipIds(P(g, seat))];
      if (cards.length !== 1 || card === undefined || !mine.includes(card)) return 'lijian: discard one of your cards';
      const [first, second] = targets;
      const men = males(ctx, seat);
      if (
        targets.length !== 2 ||
        first === undefined ||
        second === undefined ||
        first === second ||
        !men.includes(first) ||
        !men.includes(second)
      )
        return 'lijian: choose two other male characters';
      if (prohibited(ctx, second, first, 'duel'))
        return 'lijian: the first character may not be the target of that 决斗';
      ctx.log('sgs.log.lijian', { seat, card, target: first, source: second });
      // The bots' public memory: 离间 is 貂蝉's attack on the first man (the dueller only does her bidding).
      noteHostility(g, seat, first);
      // The 决斗 waits for the discard's own triggers (连营, 枭姬), which the discard pushes on top of it.
      ctx.push({
        t: 'trickOn',
        name: 'duel',
        user: second,
        target: first,
        cards: [],
        card: null,
        victim: null,
        noWuxie: true,
        st: 0,
        cancelled: false,
        ok: false,
      });
      discard(ctx, [card]);
    },
  },
  effects: [],
};
