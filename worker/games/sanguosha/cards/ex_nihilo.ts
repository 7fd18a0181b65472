import { drawCards } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 无中生有: draw 2 cards. */
export const ex_nihilo: CardDef = {
  key: 'ex_nihilo',
  harmful: false,
  value: 6,
  bot: { play: (_b, _o, a) => ({ score: 55, answer: a }) },
  effect: (ctx, f) => void drawCards(ctx, num(f.target), 2),
};
