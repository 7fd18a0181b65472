import type { SpellRule } from '../catalogue';
import { oneSeat, others, target } from './common';

/** ⚡ after the haunting: another player cannot vote this turn. */
export const S18: SpellRule = {
  id: 'S18',
  pick: (_cat, g, s) => oneSeat(others(g, s)),
  play(ctx, _s, a) {
    if (!ctx.g.ts.bound.includes(target(a))) ctx.g.ts.bound.push(target(a));
  },
};
