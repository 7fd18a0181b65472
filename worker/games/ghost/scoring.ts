import { RULES, identityColour, teamOf, type Team } from './basics';
import type { Catalogue } from './catalogue';
import type { EndReason } from './rules';
import type { G } from './state';

interface Score {
  teams: Record<string, number>;
  /** Exorcised imps per team (first tie-break, R26). */
  counts: Record<string, number>;
  seatPoints: number[];
  winningTeams: string[];
  winners: number[];
}

/** A heretic's points: per-imp rate plus one same-colour bonus from his most common imp colour (not in 8p). */
function hereticPoints(cat: Catalogue, g: G, s: number): number {
  const pts = g.players[s]!.points;
  let n = pts.length * (RULES.hereticPerImp[g.P] ?? 2);
  if (g.P !== 8) {
    const red = pts.filter((c) => cat.imp[c.id]!.colour === 'red').length;
    const same = Math.max(red, pts.length - red);
    if (same >= 2) n += Math.min(same, 4);
  }
  return n;
}

/** A seat's own points: +2 per imp of his identity colour, +1 otherwise; heretics by their table (R26). */
function seatPoints(cat: Catalogue, g: G, s: number): number {
  const p = g.players[s]!;
  const col = identityColour(p.identity);
  if (col === null) return hereticPoints(cat, g, s);
  return p.points.reduce((n, c) => n + (cat.imp[c.id]!.colour === col ? 2 : 1), 0);
}

/** Final scoring (seed 结束游戏后的胜利判定, R11, R21, R26). */
export function scoreGame(cat: Catalogue, g: G, reason: EndReason): Score {
  const seatPts = g.players.map((_, s) => seatPoints(cat, g, s) + (g.killer === s ? RULES.gkKillBonus : 0));
  const teams: Record<string, number> = {};
  const counts: Record<string, number> = {};
  g.players.forEach((p, s) => {
    const t = teamOf(p.identity);
    teams[t] = (teams[t] ?? 0) + seatPts[s]!;
    counts[t] = (counts[t] ?? 0) + p.points.length;
  });
  if (reason === 'gkDeck' || reason === 'gkCard') {
    const gk = g.gk!;
    const winners =
      teamOf(g.players[gk]!.identity) === 'heretic' && g.players[gk]!.identity === 'heretic_king'
        ? g.players.flatMap((p, s) => (teamOf(p.identity) === 'heretic' ? [s] : []))
        : [gk];
    return { teams, counts, seatPoints: seatPts, winningTeams: ['gk'], winners };
  }
  // A defeated GK loses whatever his team scores (seed 鬼王的特点; R26 v1.1); a defeated 邪道(王) GK takes the
  // heretic follower down with him (seed 邪道: 共同胜利、共同失败), and so does a fallen 邪道(王) (邪道 a).
  const gkLost = reason === 'gkDefeated' && g.gk !== null ? g.gk : null;
  const hereticsOut = reason === 'hereticKing' || (gkLost !== null && g.players[gkLost]!.identity === 'heretic_king');
  let cands = Object.keys(teams) as Team[];
  if (hereticsOut) cands = cands.filter((t) => t !== 'heretic');
  const top = Math.max(...cands.map((t) => teams[t]!));
  cands = cands.filter((t) => teams[t] === top);
  const most = Math.max(...cands.map((t) => counts[t]!));
  cands = cands.filter((t) => counts[t] === most);
  const winners = g.players.flatMap((p, s) => (cands.includes(teamOf(p.identity)) && s !== gkLost ? [s] : []));
  return { teams, counts, seatPoints: seatPts, winningTeams: cands, winners };
}
