import { P, sgs } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 铁索连环: chain or unchain one or two characters (or recast it: flow/turn.ts). */
export const iron_chain: CardDef = {
  key: 'iron_chain',
  harmful: true,
  value: 2,
  bot: {
    play(b, o, a) {
      const g = b.k.g;
      const chainFoes = b
        .foes(o.seats?.from ?? [])
        .filter((t) => !P(g, t).chained)
        .slice(0, 2);
      if (chainFoes.length === 2) return { score: 12, answer: { ...a, seats: chainFoes } };
      return P(g, b.me).chained ? { score: 11, answer: { ...a, seats: [b.me] } } : null;
    },
  },
  pick: { min: 1, max: 2, self: true, why: () => null },
  effect(ctx, f) {
    const p = P(ctx.g, num(f.target));
    p.chained = !p.chained;
    ctx.log(p.chained ? 'sgs.log.chain' : 'sgs.log.unchain', { seat: p.seat });
  },
};
