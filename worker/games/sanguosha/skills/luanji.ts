import { attitude, cardValue } from '../bot';
import { CARD, othersFrom, P } from '../core';
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
      card: (g, seat, id) => P(g, seat).hand.some((c) => c !== id && CARD[c]!.suit === CARD[id]!.suit),
      group: (_g, _seat, ids) => ids.length === 2 && CARD[ids[0]!]!.suit === CARD[ids[1]!]!.suit,
      when: (g, seat, how) => how === 'play' && g.current === seat,
      /** When enemies outnumber friends, the cheapest same-suit pair of cards of little value (万箭 with junk). */
      bot(s, seat, o, prompt) {
        const g = s.g;
        const others = othersFrom(g, seat);
        const foes = others.filter((t) => attitude(g, seat, t) < 0).length;
        const friends = others.filter((t) => attitude(g, seat, t) > 0).length;
        if (foes <= friends) return null;
        const cheap = (o.cards?.from ?? []).map(Number).filter((c) => cardValue(c) <= 5).sort((a, b) => cardValue(a) - cardValue(b) || a - b);
        for (const a of cheap) {
          const b = cheap.find((c) => c !== a && CARD[c]!.suit === CARD[a]!.suit);
          if (b !== undefined) return { score: 34, answer: { prompt, option: o.id, cards: [String(a), String(b)] } };
        }
        return null;
      },
    },
  ],
  effects: [],
};
