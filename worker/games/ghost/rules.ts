import { RULES } from './basics';
import { catOf } from './catalogue';
import { eligibleSeats, receiverOf } from './possession';
import { scoreGame } from './scoring';
import {
  draw,
  latest,
  orderFrom,
  see,
  stamp,
  tableImps,
  takeImp,
  turnFacts,
  type C,
  type G,
  type ImpCard,
} from './state';

/** Rule steps shared by frames, spells and events. */

/**
 * Every arrival of an imp on a player (possession, re-possession, a move, a summon, the GK's top-up) goes
 * through here, so the turn remembers what GK emergence asks (R8): whose 3rd imp arrived, and whether the
 * table reached 7 imps.
 */
export function attach(g: G, s: number, id: string): void {
  g.players[s]!.imps.push({ id, at: stamp(g) });
  if (s === g.gk) return;
  const t = turnFacts(g);
  if (g.players[s]!.imps.length >= RULES.gkEmergePlayerImps && !t.thirdImp.includes(s)) t.thirdImp.push(s);
  if (tableImps(g) >= RULES.gkEmergeTableImps) t.seventh = true;
}

/** R20 re-possession: each imp, oldest first, possesses per its own condition; Wards do not stop it. */
export function repossess(ctx: C, imps: ImpCard[], exclude: number[]): void {
  const g = ctx.g;
  for (const imp of [...imps].sort((a, b) => a.at - b.at)) {
    const to = receiverOf(catOf(ctx), g, imp.id, eligibleSeats(g, { ignoreWards: true, exclude }));
    attach(g, to, imp.id);
    ctx.log('ghost.log.repossess', { ghostCard: imp.id, to });
  }
}

/** The seat holding 邪道(王), if any. */
export const hereticKing = (g: G): number | null => {
  const s = g.players.findIndex((p) => p.identity === 'heretic_king');
  return s < 0 ? null : s;
};

/** Non-GK seat with the most imps, ties by the plain TBO (GK emergence ignores 八卦镜, §2.2). */
export function mostImps(g: G, exclude: number[] = []): number | null {
  let best: number | null = null;
  for (const s of orderFrom(g, g.current)) {
    if (s === g.gk || exclude.includes(s) || g.players[s]!.imps.length === 0) continue;
    if (best === null || g.players[s]!.imps.length > g.players[best]!.imps.length) best = s;
  }
  return best;
}

/** A player becomes the GK (seed 鬼王的产生, R9–R11, R18). */
export function becomeGK(ctx: C, seat: number, qualifying: number): void {
  const g = ctx.g;
  const p = g.players[seat]!;
  g.gk = seat;
  g.gkTurn = g.turn;
  g.k04 = 0;
  p.warded = false;
  p.clearMind = false;
  ctx.log('ghost.log.gkEmerges', { seat, king: g.kingCard });
  if (p.identity === 'heretic_king') {
    p.revealed = true;
    ctx.log('ghost.log.revealsIdentity', { seat, identity: { key: `ghost.identity.${p.identity}` } });
  }
  if (p.artifact) {
    g.discard.push(p.artifact);
    p.artifact = null;
  }
  for (const c of p.points.splice(0)) g.removed.push(c.id);
  while (p.imps.length < RULES.gkEmergePlayerImps) {
    const donor = qualifying !== seat && g.players[qualifying]!.imps.length > 0 ? qualifying : mostImps(g);
    if (donor === null) break;
    const imp = takeImp(g, donor, latest(g.players[donor]!.imps)!.id);
    attach(g, seat, imp.id);
    ctx.log('ghost.log.topUp', { ghostCard: imp.id, from: donor, to: seat });
  }
  const refill = RULES.gkRefill[g.P]! - p.hand.length;
  if (refill > 0) draw(ctx, seat, refill);
}

/** After a heretic's special action: anyone with ≥3 imps makes the 邪道(王) the GK at once (R20). */
export function hereticGKCheck(ctx: C): void {
  const g = ctx.g;
  const hk = hereticKing(g);
  if (g.gk !== null || hk === null) return;
  const q = mostImps(g);
  if (q !== null && g.players[q]!.imps.length >= RULES.gkEmergePlayerImps) becomeGK(ctx, hk, q);
}

/** The GK loses his most recently gained imp (天雷, 斩鬼符); at 0 he is defeated by `killer`. */
export function gkLosesLatest(ctx: C, killer: number): void {
  const g = ctx.g;
  if (g.gk === null) return;
  const imp = latest(g.players[g.gk]!.imps);
  if (!imp) return;
  takeImp(g, g.gk, imp.id);
  g.removed.push(imp.id);
  ctx.log('ghost.log.gkLosesImp', { ghostCard: imp.id, seat: g.gk });
  if (g.players[g.gk]!.imps.length === 0) gkDefeated(ctx, killer);
}

/** The GK's life reached 0 in `killer`'s turn or by his talisman (R15): the game ends at once. */
export function gkDefeated(ctx: C, killer: number): void {
  ctx.g.killer = killer;
  ctx.log('ghost.log.gkDefeated', { seat: ctx.g.gk!, by: killer });
  finish(ctx, 'gkDefeated');
}

export type EndReason = 'deck' | 'threshold' | 'hereticKing' | 'gkDefeated' | 'gkDeck' | 'gkCard';

/** End the game: every identity public, teams scored (or the GK's side wins). */
export function finish(ctx: C, reason: EndReason, extra: Record<string, number | string> = {}): void {
  const g = ctx.g;
  for (const p of g.players) p.revealed = true;
  const sc = scoreGame(catOf(ctx), g, reason);
  g.result = {
    reason,
    ...extra,
    teams: sc.teams,
    counts: sc.counts,
    seatPoints: sc.seatPoints,
    winningTeams: sc.winningTeams,
  };
  g.phase = 'over';
  ctx.log('ghost.log.end', { reason: { key: `ghost.end.${reason}`, params: { ...extra } } });
  ctx.end({ winners: sc.winners, scores: sc.seatPoints, reason: { key: `ghost.end.${reason}`, params: { ...extra } } });
}

/** `s` looks at `t`'s identity card (天眼通, 照妖镜, a successful exorcism); the table learns only that he looked. */
export function lookIdentity(ctx: C, s: number, t: number): void {
  const g = ctx.g;
  see(g, s, 'identity', t, [g.players[t]!.identity]);
  ctx.log(
    'ghost.log.lookIdentity',
    { seat: s, target: t, identity: { key: `ghost.identity.${g.players[t]!.identity}` } },
    [s],
  );
  ctx.log(
    'ghost.log.lookedAt',
    { seat: s, target: t },
    g.players.map((_, i) => i).filter((i) => i !== s),
  );
}
