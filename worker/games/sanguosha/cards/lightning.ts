import { judgeName, P } from '../core';
import type { CardDef } from '../types';

/** 闪电: placed in your own judgement area; ♠2–9 deals 3 thunder damage, else it moves on (flow/judge.ts). */
export const lightning: CardDef = {
  key: 'lightning',
  harmful: true,
  value: 1,
  // The good bot leaves it alone while it is on the lord's side (it may strike the lord).
  bot: {
    play: (b, _o, a) =>
      b.level === 'good' && ['lord', 'loyalist'].includes(P(b.k.g, b.me).role) ? null : { score: 4, answer: a },
  },
  usable: (k, seat) => !P(k.g, seat).judge.some((c) => judgeName(k, c) === 'lightning'),
};
