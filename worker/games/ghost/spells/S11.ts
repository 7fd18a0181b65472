import type { SpellRule } from '../catalogue';
import { allImps } from './common';
import { cond, holder, positive, weight } from '../bot/seat';

/** ⚡ after the haunting: this turn one imp needs 1 card less (minimum 1; state.ts `condition`). */
export const S11: SpellRule = {
  id: 'S11',
  pick: (_cat, g) => (allImps(g, false).length ? { cards: { from: allImps(g, false), min: 1, max: 1 } } : null),
  play(ctx, _s, a) {
    const imp = a.cards![0]!;
    ctx.g.ts.breaking[imp] = (ctx.g.ts.breaking[imp] ?? 0) + 1;
  },
  bot: {
    keep: 0.6,
    // Good, on its own turn (it hosts): lower the imp this seat's hand then just covers.
    use(b, o) {
      if (b.level !== 'good' || b.v.current !== b.me) return null;
      for (const imp of [...o.cards!.from].sort()) {
        const c = cond(b, imp);
        if (c.colour === 'any' || holder(b, imp) === b.v.gk) continue;
        const w = b.hand.filter((x) => positive(x, c.colour)).reduce((n, x) => n + weight(b, x), 0);
        if (w === c.n - 1 && (b.colour === null || b.cat.imp[imp]!.colour === b.colour)) return { cards: [imp] };
      }
      return null;
    },
  },
};
