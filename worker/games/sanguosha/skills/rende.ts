import { alive, othersFrom, move, P, recover, wounded, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import type { SgsSkill, K } from '../types';

/** Cards 刘备 has given away this play phase (kept with the per-phase counts, which a new play phase clears). */
const givenKey = (seat: number) => `${seat}:rende_given`;
const given = (k: K, seat: number) => k.g.used[givenKey(seat)] ?? 0;

/**
 * 仁德 (刘备, ruling S5 form b): in the play phase, any number of times, give any number (≥ 1) of your hand cards to
 * one other character; the first time the cards given this phase reach two, you recover 1 HP.
 */
export const rende: SgsSkill = {
  id: 'rende',
  active: {
    option(k, seat) {
      const g = k.g;
      const hand = P(g, seat).hand;
      const others = othersFrom(g, seat);
      if (!hand.length || !others.length) return null;
      return { cards: { from: hand.map(String), min: 1, max: hand.length }, seats: { from: others, min: 1, max: 1 } };
    },
    /**
     * 仁德 to allies: two cheap cards to the friend with the fewest cards while two more heal a wounded 刘备, else
     * the cards he would discard anyway at the end of the turn.
     */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      const friends = (o.seats?.from ?? [])
        .filter((t) => attitude(k, seat, t) > 0)
        .sort((a, b) => P(g, a).hand.length - P(g, b).hand.length || a - b);
      const to = friends[0];
      if (to === undefined) return null;
      const hand = (o.cards?.from ?? []).map(Number).sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b);
      const me = P(g, seat);
      const heal = wounded(me) && given(k, seat) < 2 && hand.length >= 2 - given(k, seat);
      const n = heal ? 2 - given(k, seat) : hand.length - Math.max(0, me.hp);
      if (n <= 0) return null;
      return {
        score: heal ? 35 : 9,
        answer: { prompt, option: o.id, cards: hand.slice(0, n).map(String), seats: [to] },
      };
    },
    use(ctx, seat, cards, targets) {
      const g = ctx.g;
      const to = targets[0];
      if (to === undefined || to === seat || !alive(g, to) || targets.length !== 1)
        return 'give to one other living character';
      if (!cards.length || cards.some((c) => !P(g, seat).hand.includes(c))) return 'give cards from your hand';
      const before = given(ctx, seat);
      g.used[givenKey(seat)] = before + cards.length;
      ctx.log('sgs.log.rende', { seat, to, n: cards.length });
      ctx.log('sgs.log.rendeSecret', { seat, to, cards }, [seat, to]);
      // The recovery comes after the move's own triggers, which `move` pushes on top of it.
      if (before < 2 && before + cards.length >= 2) recover(ctx, seat, 1, { by: seat });
      move(ctx, cards, 'hand', { seat: to });
    },
  },
  effects: [],
};
