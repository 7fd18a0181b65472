import { hasCards, P, card } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';
import { needsCards } from './rules';

/** 过河拆桥: discard one card of another character's (hand cards blind). */
export const dismantlement: CardDef = {
  key: 'dismantlement',
  harmful: true,
  value: 5,
  // A friend's 乐不思蜀 or 兵粮寸断 first, else an enemy's card.
  bot: {
    play(b, o, a) {
      const from = o.seats?.from ?? [];
      const friend = from.find((t) => b.att(t) > 0 && P(b.k.g, t).judge.length > 0);
      if (friend !== undefined) return { score: 47, answer: { ...a, seats: [friend] } };
      const foes = b.foes(from);
      return foes.length ? { score: 45, answer: { ...a, seats: [foes[0]!] } } : null;
    },
  },
  pick: { min: 1, max: 1, why: (k, _u, t) => needsCards(k.g, t) },
  effect(ctx, f) {
    const target = num(f.target);
    if (hasCards(P(ctx.g, target)))
      ctx.push({
        t: 'pick',
        by: num(f.user),
        from: target,
        mode: 'discard',
        zones: 'hej',
        n: 1,
        reason: 'dismantlement',
      });
  },
};
