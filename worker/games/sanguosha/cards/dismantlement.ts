import { hasCards, P, card } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';
import { needsCards, oneCardBot } from './rules';

/** 过河拆桥: discard one card of another character's (hand cards blind). */
export const dismantlement: CardDef = {
  key: 'dismantlement',
  harmful: true,
  value: 5,
  bot: oneCardBot,
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
