import { catOf, type EventRule } from './catalogue';
import { attach, gkLosesLatest } from './rules';
import { eligibleSeats, extreme, tbo } from './possession';
import { latest, takeImp, type G, type ImpCard, type Player } from './state';

/** The latest-arrived card over every player's `pile` (imps or points), and whose it is; ties go to the lower seat. */
function latestOnTable(g: G, pile: (p: Player) => ImpCard[]): { s: number; imp: ImpCard } | null {
  let best: { s: number; imp: ImpCard } | null = null;
  g.players.forEach((p, s) => {
    const l = latest(pile(p));
    if (l && (!best || l.at > best.imp.at)) best = { s, imp: l };
  });
  return best;
}

/**
 * Event cards (cards.md §4), one small function per id. They resolve at once, with no player decisions;
 * E01 and E08 push the frames of a fresh flip / possession.
 */
export const EVENT_RULES: Record<string, EventRule> = {
  E01(ctx) {
    ctx.push({ t: 'flip' });
  },
  E02(ctx) {
    const g = ctx.g;
    for (const s of tbo(catOf(ctx), g)) {
      const h = g.players[s]!.hand;
      if (s === g.gk || h.length === 0) continue;
      const c = h.splice(ctx.rng.int(h.length), 1)[0]!;
      g.discard.push(c);
      ctx.log('ghost.log.discardRandom', { seat: s, cards: [c] });
    }
  },
  E03(ctx) {
    const g = ctx.g;
    g.deck = ctx.rng.shuffle([...g.deck, ...g.discard.splice(0)]);
    g.players.forEach((p, s) => {
      if (s !== g.gk) p.spirit += 1;
    });
  },
  E04(ctx) {
    const g = ctx.g;
    if (g.gk !== null) return gkLosesLatest(ctx, g.current);
    const best = latestOnTable(g, (p) => p.imps);
    if (!best) return;
    const { s, imp } = best;
    takeImp(g, s, imp.id);
    g.removed.push(imp.id);
    ctx.log('ghost.log.impRemoved', { ghostCard: imp.id, seat: s });
  },
  E05(ctx) {
    ctx.g.ts.swapped = !ctx.g.ts.swapped;
  },
  E06(ctx) {
    ctx.g.ts.ghostWall = true;
  },
  E07(ctx) {
    const g = ctx.g;
    const nonGk = g.players.map((_, s) => s).filter((s) => s !== g.gk);
    const imps = (s: number) => g.players[s]!.imps.length;
    const src = extreme(catOf(ctx), g, nonGk, imps, true);
    const dests = eligibleSeats(g, { exclude: [src] });
    if (dests.length === 0) return;
    const dst = extreme(catOf(ctx), g, dests, imps, false);
    if (imps(src) - imps(dst) < 2) return;
    const imp = takeImp(g, src, latest(g.players[src]!.imps)!.id);
    attach(g, dst, imp.id);
    ctx.log('ghost.log.impMoved', { ghostCard: imp.id, from: src, to: dst });
  },
  E08(ctx) {
    const g = ctx.g;
    const best = latestOnTable(g, (p) => p.points);
    if (!best) return;
    const { s, imp } = best;
    const pts = g.players[s]!.points;
    pts.splice(pts.indexOf(imp), 1);
    g.limbo.push(imp.id);
    ctx.log('ghost.log.corpse', { ghostCard: imp.id, seat: s });
    ctx.push({ t: 'possess', imp: imp.id, stage: 0, to: -1 });
  },
};
