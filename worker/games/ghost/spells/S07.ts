import type { SpellRule } from '../catalogue';
import { eligibleSeats } from '../possession';
import { attach } from '../rules';
import { holderOf, takeImp, type G } from '../state';
import { allImps, target } from './common';

/** Destinations: eligible non-GK players with ≤1 imp (a Warded player is not eligible). */
const dests = (g: G) => eligibleSeats(g).filter((s) => !g.players[s]!.warded && g.players[s]!.imps.length <= 1);

/** Move an imp from a non-GK player to another player who has at most 1 imp. */
export const S07: SpellRule = {
  id: 'S07',
  pick(_cat, g) {
    const from = allImps(g, true);
    const to = dests(g);
    if (!from.length || !to.length) return null;
    if (!from.some((i) => to.some((d) => !g.players[d]!.imps.some((x) => x.id === i)))) return null;
    return { cards: { from, min: 1, max: 1 }, seats: { from: to, min: 1, max: 1 } };
  },
  check(g, _s, a) {
    if (!a.cards?.length || !a.seats?.length) return 'choose an imp and a player';
    if (g.players[target(a)]!.imps.some((x) => x.id === a.cards![0])) return 'the imp must move to a different player';
  },
  play(ctx, s, a) {
    const g = ctx.g;
    const imp = a.cards![0]!;
    const from = holderOf(g, imp)!;
    takeImp(g, from, imp);
    attach(g, target(a), imp);
    ctx.log('ghost.log.impMoved', { ghostCard: imp, from, to: target(a), by: s });
  },
};
