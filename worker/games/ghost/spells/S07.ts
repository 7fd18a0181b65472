import type { SpellRule } from '../catalogue';
import { eligibleSeats } from '../possession';
import { attach } from '../rules';
import { holderOf, takeImp, type G } from '../state';
import { allImps, target } from './common';
import { ally } from '../bot/seat';

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
  bot: {
    keep: 1,
    rank: 50,
    // Good: move an imp off a seat of this side that holds 2 or more (this seat first) to the likeliest rival without imps.
    use(b, o) {
      if (b.level !== 'good') return null;
      const to = o
        .seats!.from.filter((t) => ally(b, t) < 0.5 && b.v.players[t]!.imps.length === 0)
        .sort((x, y) => ally(b, x) - ally(b, y) || x - y);
      const mine = [b.me, ...b.v.players.map((_, s) => s).filter((s) => s !== b.me && ally(b, s) >= 0.8)];
      for (const s of mine) {
        const imps = b.v.players[s]!.imps;
        if (imps.length < 2) continue;
        const imp = [...imps].sort((x, y) => y.at - x.at).find((i) => o.cards!.from.includes(i.id));
        const dest = to.find((t) => t !== s);
        if (imp && dest !== undefined) return { cards: [imp.id], seats: [dest] };
      }
      return null;
    },
  },
};
