import type { CardDef } from '../types';
import { hasDelayed, trickNear } from './rules';

/** 兵粮寸断: placed at distance 1 (奇才: any); unless the judgement is ♣ they skip their draw phase (flow/judge.ts). */
export const supply_shortage: CardDef = {
  key: 'supply_shortage',
  harmful: true,
  value: 4,
  bot: {
    play(b, o, a) {
      const foes = b.foes(o.seats?.from ?? []);
      return foes.length ? { score: 42, answer: { ...a, seats: [foes[0]!] } } : null;
    },
  },
  pick: { min: 1, max: 1, why: (k, u, t) => trickNear(k, u, t) ?? hasDelayed(k, t, 'supply_shortage') },
};
