import type { G } from './state';

/**
 * Ghost-king cards (cards.md §7): each key's additional victory condition, checked at the end of every
 * night except the night the GK emerged (K05 only at the end of the GK's own night).
 */
const big = (g: G) => g.P >= 7;
const gkImps = (g: G) => g.players[g.gk!]!.imps.length;
const others = (g: G) => g.players.filter((_, s) => s !== g.gk);

export const KING_RULES: Record<string, (g: G) => boolean> = {
  blood_fiend_king: (g) => gkImps(g) >= (big(g) ? 7 : 6),
  myriad_homage_king: (g) => others(g).every((p) => p.imps.length >= 1),
  soul_reaper_king: (g) => others(g).filter((p) => p.imps.length >= 2).length >= (big(g) ? 3 : 2),
  heart_devourer_king: (g) => g.k04 >= g.P,
  sky_swallower_king: (g) => g.current === g.gk && g.players[g.gk]!.hand.length >= (big(g) ? 15 : 12),
  body_thief_king: (g) => gkImps(g) >= 4 && others(g).every((p) => p.imps.length === 0),
};
