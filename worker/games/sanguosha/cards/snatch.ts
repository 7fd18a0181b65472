import { hasCards, P, card } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';
import { needsCards, oneCardBot, trickNear } from './rules';

/** 顺手牵羊: take one card of a character at distance 1 (奇才: any distance). */
export const snatch: CardDef = {
  key: 'snatch',
  harmful: true,
  value: 5,
  bot: oneCardBot,
  pick: { min: 1, max: 1, why: (k, u, t) => trickNear(k, u, t) ?? needsCards(k.g, t) },
  effect(ctx, f) {
    const target = num(f.target);
    if (hasCards(P(ctx.g, target)))
      ctx.push({ t: 'pick', by: num(f.user), from: target, mode: 'take', zones: 'hej', n: 1, reason: 'snatch' });
  },
};
