import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import ghost from '../worker/games/ghost/index';
import { decide, type BotLevel } from '../worker/games/ghost/bot';
import { teamOf } from '../worker/games/ghost/basics';
import { seatView } from '../worker/games/ghost/view';
import { apply, botAnswer, botRng, startGame } from '../worker/engine/runtime';
import type { GameState } from '../worker/engine/types';
import type { G } from '../worker/games/ghost/state';
import { quantile, record } from './report';
import sanguosha from '../worker/games/sanguosha/index';
import { decide as sgsDecide } from '../worker/games/sanguosha/bot';
import { beliefs } from '../worker/games/sanguosha/bot/beliefs';
import { roleCounts, seatGame, type SeatView } from '../worker/games/sanguosha/bot/seat';
import type { BotLevel as SgsLevel, G as SgsG } from '../worker/games/sanguosha/types';
import type { Json } from '../worker/engine/types';

const median = (xs: number[]) => quantile(xs, 0.5);

/**
 * Issue 25's tables for 驱鬼 (`npm run bench bots`): bot-only games per player count, all seats "good" (the
 * red/blue balance, heretic and ghost-king rates), all seats "easy" (the first bot: the "before"), and the
 * strength table: one team "good", the others "easy", identities dealt by the seed. Per-seat levels are the
 * bench's own: it calls `decide` with each seat's level (a game has one level, its option `botLevel`).
 * BOTS_BENCH_GAMES overrides the games per row (default 400), BOTS_BENCH_P the player counts (default 4,5,6,7,8),
 * BOTS_BENCH_BALANCE the games of the all-good row (default 2000: at 400 the red−blue gap's standard error is
 * 5 points, the target's own width). The all-good row also names the imp pairs behind a red/blue points gap.
 * A 邪道(王) who wins as the GK counts as a heretic win (`winners`), not under gk.
 * A quick run: BOTS_BENCH_GAMES=100 BOTS_BENCH_BALANCE=200 BOTS_BENCH_P=6 npm run bench bots.
 */
const N = Number(process.env.BOTS_BENCH_GAMES ?? 400);
const BALANCE = Number(process.env.BOTS_BENCH_BALANCE ?? 2000);
const TEAMS = ['red', 'blue', 'heretic', 'gk'] as const;

interface Row {
  games: number;
  wins: Record<string, number>;
  ms: number[];
  /** Per imp: points its exorcisms gave the red team minus the blue team, summed over the games. */
  imps: Record<string, number>;
}

/** One bot-only game; `level(seat)` says how each seat plays. Decision times go to `ms`. */
function play(P: number, seed: string, level: (g: G, seat: number) => BotLevel, ms: number[]): GameState<G> {
  let s = startGame(ghost, { seats: P, seed }).state;
  for (let n = 0; !s.outcome; n++) {
    if (n > 20000) throw new Error('game too long');
    const p = s.prompts[0]!;
    const t0 = performance.now();
    let a = decide(ghost.cat, seatView(ghost.cat, s, p.seat), p, botRng(s, p), level(s.g, p.seat));
    ms.push(performance.now() - t0);
    let r = a ? apply(ghost, s, p.seat, a) : null;
    if (!r?.ok) {
      a = botAnswer(ghost, s, p, botRng(s, p, 'fallback'));
      r = apply(ghost, s, p.seat, a);
    }
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
  }
  return s;
}

/**
 * The teams a game's end makes winners. A GK's win goes to the gk column unless the GK is the 邪道(王): he wins
 * with his follower (seed 邪道: 共同胜利), a heretic win (counted under `hereticAsGK` too).
 */
function winners(s: GameState<G>): string[] {
  const teams = (s.g.result as { winningTeams: string[] }).winningTeams;
  if (!teams.includes('gk') || s.g.players[s.g.gk!]!.identity !== 'heretic_king') return teams;
  return ['heretic', 'hereticAsGK'];
}

function row(P: number, name: string, level: (g: G, seat: number) => BotLevel, games = N): Row {
  const r: Row = { games: 0, wins: {}, ms: [], imps: {} };
  for (let k = 0; k < games; k++) {
    const s = play(P, `bots-${name}-${P}-${k}`, level, r.ms);
    r.games++;
    for (const t of winners(s)) r.wins[t] = (r.wins[t] ?? 0) + 1;
    for (const q of s.g.players) {
      const t = teamOf(q.identity);
      if (t === 'heretic') continue;
      for (const x of q.points)
        r.imps[x.id] = (r.imps[x.id] ?? 0) + (t === 'red' ? 1 : -1) * (ghost.cat.imp[x.id]!.colour === t ? 2 : 1);
    }
  }
  return r;
}

/**
 * The imps behind a red/blue points gap: the red imps of one design (dispel of their own colour, the other or
 * any; the same N and player count) beside their blue twins, with the points a game they give their own team;
 * the three groups furthest apart.
 */
function impGaps(P: number, r: Row): string {
  const groups = new Map<string, { red: string[]; blue: string[] }>();
  for (const id of Object.keys(ghost.cat.imp).sort()) {
    const d = ghost.cat.imp[id]!;
    if (d.minP > P) continue;
    const rel = d.dispel.colour === 'any' ? 'any' : d.dispel.colour === d.colour ? 'own' : 'other';
    const k = `${rel} ${d.dispel.n} ${d.minP}`;
    if (!groups.has(k)) groups.set(k, { red: [], blue: [] });
    groups.get(k)![d.colour].push(id);
  }
  const pts = (ids: string[]) => ids.reduce((n, id) => n + (r.imps[id] ?? 0), 0) / r.games;
  const rows = [...groups.values()].map((g) => ({ ...g, d: pts(g.red) + pts(g.blue) }));
  const total = rows.reduce((n, x) => n + x.d, 0);
  const top = [...rows].sort((x, y) => Math.abs(y.d) - Math.abs(x.d)).slice(0, 3);
  const sign = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
  return `red−blue points ${sign(total)} a game; widest: ${top
    .map(
      (x) =>
        `${x.red.join('+')} ${pts(x.red).toFixed(2)} vs ${x.blue.join('+')} ${(-pts(x.blue)).toFixed(2)} (${sign(x.d)})`,
    )
    .join(', ')}`;
}

const pct = (r: Row, t: string) => (100 * (r.wins[t] ?? 0)) / r.games;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const shares = (r: Row) =>
  TEAMS.map(
    (t) => `${t} ${pct(r, t).toFixed(1)}%${t === 'heretic' ? ` (${pct(r, 'hereticAsGK').toFixed(1)} as GK)` : ''}`,
  ).join(' · ');
const teamsAt = (P: number) => (P % 2 || P === 8 ? ['red', 'blue', 'heretic'] : ['red', 'blue']);

it('ghost bots: red/blue balance (good vs easy), strength of good against easy, decision times', () => {
  const lines: string[] = [];
  for (const P of (process.env.BOTS_BENCH_P ?? '4,5,6,7,8').split(',').map(Number)) {
    const easy = row(P, 'easy', () => 'easy');
    const good = row(P, 'good', () => 'good', BALANCE);
    const gap = (r: Row) => Math.abs(pct(r, 'red') - pct(r, 'blue'));
    // The standard error of red − blue: about 100/√games points (5 at 400 games), hence the larger balance row.
    const se = (r: Row) =>
      100 *
      Math.sqrt(
        ((r.wins.red ?? 0) + (r.wins.blue ?? 0) - ((r.wins.red ?? 0) - (r.wins.blue ?? 0)) ** 2 / r.games) /
          r.games ** 2,
      );
    lines.push(`${P}p all easy (before): ${shares(easy)} · |red−blue| ${gap(easy).toFixed(1)}`);
    lines.push(
      `${P}p all good (after, ${good.games} games):  ${shares(good)} · |red−blue| ${gap(good).toFixed(1)} ± ${se(good).toFixed(1)}`,
    );
    lines.push(`${P}p all good, imps: ${impGaps(P, good)}`);
    const metrics = [
      { name: 'red wins, all good', value: pct(good, 'red'), unit: '%', note: `easy ${pct(easy, 'red').toFixed(1)}%` },
      {
        name: 'blue wins, all good',
        value: pct(good, 'blue'),
        unit: '%',
        note: `easy ${pct(easy, 'blue').toFixed(1)}%`,
      },
      {
        name: 'heretic wins, all good',
        value: pct(good, 'heretic'),
        unit: '%',
        note: `easy ${pct(easy, 'heretic').toFixed(1)}%`,
      },
      { name: 'GK wins, all good', value: pct(good, 'gk'), unit: '%', note: `easy ${pct(easy, 'gk').toFixed(1)}%` },
      { name: 'decision median, good', value: median(good.ms), unit: 'ms' },
      { name: 'decision p95, good', value: p95(good.ms), unit: 'ms', note: 'target ≤ 20 ms' },
    ];
    for (const team of teamsAt(P)) {
      const mixed = row(P, `strength-${team}`, (g, s) => (teamOf(g.players[s]!.identity) === team ? 'good' : 'easy'));
      const d = pct(mixed, team) - pct(easy, team);
      // The standard error of that difference (two independent rows): about 3.5 points at 400 games each.
      const var1 = (r: Row) => (pct(r, team) * (100 - pct(r, team))) / r.games;
      const se = Math.sqrt(var1(mixed) + var1(easy));
      lines.push(
        `${P}p ${team} good, rest easy: ${team} wins ${pct(mixed, team).toFixed(1)}% vs ${pct(easy, team).toFixed(1)}% all easy (${d >= 0 ? '+' : ''}${d.toFixed(1)} ± ${se.toFixed(1)} points; target +15 or ≥ 90%)`,
      );
      metrics.push({
        name: `${team} wins, ${team} good vs easy`,
        value: pct(mixed, team),
        unit: '%',
        note: `all easy ${pct(easy, team).toFixed(1)}%`,
      });
    }
    lines.push(
      `${P}p decision time, good: median ${median(good.ms).toFixed(3)} ms, p95 ${p95(good.ms).toFixed(3)} ms (${good.ms.length} decisions)`,
    );
    record(`ghost bots ${P} players`, metrics);
  }
  console.log(`\n驱鬼 bots over ${N} games per row\n${lines.join('\n')}`);
});

/**
 * Issue 25's tables for 三国杀 (`npm run bench bots`): bot-only games with generals per player count (4–10), all
 * seats "good" (lord's side, rebels, renegade; targets at 5 and 8 players: 35–60 / 35–60 / 3–15), all seats
 * "easy" (the first bot: the "before"), and the strength table at 5 and 8 players: one side "good", the others
 * "easy", identities dealt by the seed, against that side's share in the all-"easy" mirror (target +15 points or
 * ≥ 90%). Per-seat levels are the bench's own (`decide` with each seat's level; a game has one, option
 * `botLevel`). SGS_BENCH_GAMES overrides the games per row (default 400), SGS_BENCH_P the counts (default 4–10).
 */
const SGS_N = Number(process.env.SGS_BENCH_GAMES ?? 400);
const SIDES = ['lord', 'rebel', 'traitor'] as const;
type Side = (typeof SIDES)[number];
const sideOf = (r: string): Side => (r === 'loyalist' ? 'lord' : (r as Side));

/** Reads scored against the real identities: reader's side → the read seat's identity; [right, unsure, wrong]. */
type Reads = Record<string, [number, number, number]>;
const READS = ['lord→rebel', 'lord→loyalist', 'lord→traitor', 'rebel→rebel', 'rebel→loyalist'] as const;
const READ_NAMES: Record<(typeof READS)[number], string> = {
  'lord→rebel': "lord's side on rebels",
  'lord→loyalist': "lord's side on loyalists",
  'lord→traitor': "lord's side on the renegade",
  'rebel→rebel': 'rebels on rebels',
  'rebel→loyalist': 'rebels on loyalists',
};

/**
 * How a "good" seat reads the others at a play decision (the bench alone looks at the real identities): each living
 * seat whose identity is not shown is a friend (+1), an enemy (−1) or unsure (0) to it; scored where the truth is
 * plain (the renegade's own reads are not).
 */
function scoreReads(s: GameState<SgsG>, view: SeatView, seat: number, counts: readonly number[], reads: Reads) {
  const mine = sideOf(s.g.players[seat]!.role);
  if (mine === 'traitor') return;
  const b = beliefs(seatGame(view, seat), seat, counts);
  for (const q of s.g.players) {
    if (!q.alive || q.seat === seat || q.revealed) continue;
    const key = `${mine}→${q.role}`;
    if (!(READS as readonly string[]).includes(key)) continue;
    const truth = sideOf(q.role) === mine ? 1 : -1;
    const x = b.att(q.seat);
    const r = (reads[key] ??= [0, 0, 0]);
    r[x === truth ? 0 : x === 0 ? 1 : 2]++;
  }
}

function sgsGame(
  P: number,
  seed: string,
  level: (role: string) => SgsLevel,
  ms: number[],
  reads?: Reads,
): Side | 'draw' {
  const options = sanguosha.parseOptions({}, P) as Record<string, Json>;
  let s = startGame(sanguosha, { seats: P, seed, options }).state as GameState<SgsG>;
  const counts = roleCounts(P, false);
  for (let n = 0; !s.outcome; n++) {
    if (n > 40000) return 'draw';
    const p = s.prompts[0]!;
    const t0 = performance.now();
    const view = sanguosha.view(s, p.seat) as unknown as SeatView;
    let a = sgsDecide(sanguosha, view, p, botRng(s, p), level(s.g.players[p.seat]!.role), counts);
    ms.push(performance.now() - t0);
    if (reads && p.kind === 'play' && level(s.g.players[p.seat]!.role) === 'good')
      scoreReads(s, view, p.seat, counts, reads);
    let r = a ? apply(sanguosha, s, p.seat, a) : null;
    if (!r?.ok) {
      a = botAnswer(sanguosha, s, p, botRng(s, p, 'fallback'));
      r = apply(sanguosha, s, p.seat, a);
    }
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
  }
  const w = (s.outcome as { winners?: number[] }).winners ?? [];
  if (!w.length) return 'draw';
  return sideOf(s.g.players[w[0]!]!.role);
}

interface SgsRow {
  games: number;
  wins: Record<string, number>;
  ms: number[];
  reads: Reads;
}

function sgsRow(P: number, name: string, level: (role: string) => SgsLevel): SgsRow {
  const r: SgsRow = { games: 0, wins: {}, ms: [], reads: {} };
  for (let k = 0; k < SGS_N; k++) {
    const w = sgsGame(P, `sgs-bots-${name}-${P}-${k}`, level, r.ms, name === 'good' ? r.reads : undefined);
    r.games++;
    r.wins[w] = (r.wins[w] ?? 0) + 1;
  }
  return r;
}

const sgsPct = (r: SgsRow, side: string) => (100 * (r.wins[side] ?? 0)) / r.games;
const sgsShares = (r: SgsRow) =>
  `lord's side ${sgsPct(r, 'lord').toFixed(1)}% · rebels ${sgsPct(r, 'rebel').toFixed(1)}% · renegade ${sgsPct(r, 'traitor').toFixed(1)}%${r.wins.draw ? ` · draws ${sgsPct(r, 'draw').toFixed(1)}%` : ''}`;

it('三国杀 bots: win shares with generals (good vs easy), strength of good against easy, decision times', () => {
  const lines: string[] = [];
  for (const P of (process.env.SGS_BENCH_P ?? '4,5,6,7,8,9,10').split(',').map(Number)) {
    const easy = sgsRow(P, 'easy', () => 'easy');
    const good = sgsRow(P, 'good', () => 'good');
    lines.push(`${P}p all easy (before): ${sgsShares(easy)}`);
    lines.push(`${P}p all good (after):  ${sgsShares(good)}`);
    const readPct = (key: (typeof READS)[number], i: number) => {
      const r = good.reads[key];
      return r ? (100 * r[i]!) / (r[0] + r[1] + r[2]) : 0;
    };
    lines.push(
      `${P}p beliefs, all good (play decisions, against the real identities; right · unsure · wrong): ${READS.filter(
        (key) => good.reads[key],
      )
        .map(
          (key) =>
            `${READ_NAMES[key]} ${readPct(key, 0).toFixed(0)} · ${readPct(key, 1).toFixed(0)} · ${readPct(key, 2).toFixed(0)}%`,
        )
        .join('; ')}`,
    );
    const metrics = [
      ...SIDES.map((side) => ({
        name: `${side === 'lord' ? "lord's side" : side === 'rebel' ? 'rebels' : 'renegade'} wins, all good`,
        value: sgsPct(good, side),
        unit: '%',
        note: `easy ${sgsPct(easy, side).toFixed(1)}%`,
      })),
      { name: 'decision median, good', value: median(good.ms), unit: 'ms' },
      { name: 'decision p95, good', value: p95(good.ms), unit: 'ms', note: 'target ≤ 20 ms' },
    ];
    if (P === 5 || P === 8)
      for (const side of SIDES) {
        const mixed = sgsRow(P, `strength-${side}`, (role) => (sideOf(role) === side ? 'good' : 'easy'));
        const d = sgsPct(mixed, side) - sgsPct(easy, side);
        lines.push(
          `${P}p ${side} good, rest easy: ${side} wins ${sgsPct(mixed, side).toFixed(1)}% vs ${sgsPct(easy, side).toFixed(1)}% all easy (${d >= 0 ? '+' : ''}${d.toFixed(1)} points; target +15 or ≥ 90%)`,
        );
        metrics.push({
          name: `${side} wins, ${side} good vs easy`,
          value: sgsPct(mixed, side),
          unit: '%',
          note: `all easy ${sgsPct(easy, side).toFixed(1)}%`,
        });
      }
    lines.push(
      `${P}p decision time, good: median ${median(good.ms).toFixed(3)} ms, p95 ${p95(good.ms).toFixed(3)} ms (${good.ms.length} decisions)`,
    );
    record(`三国杀 bots ${P} players`, metrics);
  }
  console.log(`\n三国杀 bots with generals over ${SGS_N} games per row\n${lines.join('\n')}`);
});
