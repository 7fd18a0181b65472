import type { KingRule } from './catalogue';
import type { G } from './state';

/**
 * Ghost-king cards (cards.md §7): each id's additional victory condition, checked at the end of every
 * night except the night the GK emerged (K05 only at the end of the GK's own night).
 */
const big = (g: G) => g.P >= 7;
const gkImps = (g: G) => g.players[g.gk!]!.imps.length;
const others = (g: G) => g.players.filter((_, s) => s !== g.gk);

export const KING_RULES: Record<string, KingRule> = {
  K01: (g) => gkImps(g) >= (big(g) ? 7 : 6),
  K02: (g) => others(g).every((p) => p.imps.length >= 1),
  K03: (g) => others(g).filter((p) => p.imps.length >= 2).length >= (big(g) ? 3 : 2),
  K04: (g) => g.k04 >= g.P,
  K05: (g) => g.current === g.gk && g.players[g.gk]!.hand.length >= (big(g) ? 15 : 12),
  K06: (g) => gkImps(g) >= 4 && others(g).every((p) => p.imps.length === 0),
};
