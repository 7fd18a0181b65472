import { attitude, cardValue } from '../bot';
import { othersFrom, P, card, suitOf } from '../core';
import type { SgsSkill } from '../types';

/**
 * 乱击 (袁绍): in your play phase, any number of times, use two hand cards of the same suit together as 万箭齐发.
 * Only hand cards that have a partner of their suit are offered.
 */
export const luanji: SgsSkill = {
  id: 'luanji',
  viewAs: [
    {
      as: 'archery_attack',
      n: 2,
      zones: 'h',
      card: (k, seat, id) => P(k.g, seat).hand.some((c) => c !== id && suitOf(k, c) === suitOf(k, id)),
      group: (k, _seat, ids) => ids.length === 2 && suitOf(k, ids[0]!) === suitOf(k, ids[1]!),
      when: (k, seat, how) => how === 'play' && k.g.current === seat,
      /** When enemies outnumber friends, the cheapest same-suit pair of cards of little value (万箭 with junk). */
      bot(k, seat, o, prompt) {
        const g = k.g;
        const others = othersFrom(g, seat);
        const foes = others.filter((t) => attitude(k, seat, t) < 0).length;
        const friends = others.filter((t) => attitude(k, seat, t) > 0).length;
        if (foes <= friends) return null;
        const cheap = (o.cards?.from ?? [])
          .map(Number)
          .filter((c) => cardValue(k, c) <= 5)
          .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b);
        for (const a of cheap) {
          const b = cheap.find((c) => c !== a && suitOf(k, c) === suitOf(k, a));
          if (b !== undefined) return { score: 34, answer: { prompt, option: o.id, cards: [String(a), String(b)] } };
        }
        return null;
      },
    },
  ],
  effects: [],
};
