import { judgeName, P } from '../core';
import type { CardDef } from '../types';

/** 闪电: placed in your own judgement area; ♠2–9 deals 3 thunder damage, else it moves on (flow/judge.ts). */
export const lightning: CardDef = {
  key: 'lightning',
  harmful: true,
  value: 1,
  bot: { play: (_b, _o, a) => ({ score: 4, answer: a }) },
  usable: (k, seat) => !P(k.g, seat).judge.some((c) => judgeName(k, c) === 'lightning'),
};
