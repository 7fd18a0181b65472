import type { CardDef } from '../types';
import { hasDelayed } from './rules';

/** 乐不思蜀: placed in another's judgement area; unless the judgement is ♥ they skip their play phase (flow/judge.ts). */
export const indulgence: CardDef = {
  key: 'indulgence',
  harmful: true,
  value: 5,
  bot: {
    play(b, o, a) {
      const foes = b.foes(o.seats?.from ?? []);
      return foes.length ? { score: 42, answer: { ...a, seats: [foes[0]!] } } : null;
    },
  },
  pick: { min: 1, max: 1, why: (k, _u, t) => hasDelayed(k, t, 'indulgence') },
};
