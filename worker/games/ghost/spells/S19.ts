import type { SpellRule } from '../catalogue';
import { gkLosesLatest } from '../rules';
import { draw } from '../state';

/**
 * With a GK (2 spirit, you have ≤1 imp and are not the GK): the GK loses his newest imp, and at 0 you defeat him.
 * Without one it costs nothing and draws 1.
 */
export const S19: SpellRule = {
  id: 'S19',
  cost: (g) => (g.gk === null ? 0 : 2),
  pick: (_cat, g, s) => (g.gk === null || (g.gk !== s && g.players[s]!.imps.length <= 1) ? {} : null),
  play(ctx, s) {
    if (ctx.g.gk === null) draw(ctx, s);
    else gkLosesLatest(ctx, s);
  },
  bot: {
    keep: 1,
    rank: 100,
    // Strike a GK at once; without one it is a free card.
    use: () => ({}),
  },
};
