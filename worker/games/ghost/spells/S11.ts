import type { SpellRule } from '../catalogue';
import { allImps } from './common';

/** ⚡ after the haunting: this turn one imp needs 1 card less (minimum 1; state.ts `condition`). */
export const S11: SpellRule = {
  id: 'S11',
  pick: (_cat, g) => (allImps(g, false).length ? { cards: { from: allImps(g, false), min: 1, max: 1 } } : null),
  play(ctx, _s, a) {
    const imp = a.cards![0]!;
    ctx.g.ts.breaking[imp] = (ctx.g.ts.breaking[imp] ?? 0) + 1;
  },
};
