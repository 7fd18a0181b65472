import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { playGame } from '../test/games/ghost/play';
import type { GameState, LogEntry } from '../worker/engine/types';
import type { G } from '../worker/games/ghost/state';
import { record } from './report';

/**
 * 驱鬼: random full games per second, answers per game, and over many bot games per player count how often the
 * ghost king emerges and which side wins, printed next to the simulation table of cards.md §12.
 * GHOST_BENCH_GAMES overrides the number of bot games per player count (default 1000).
 */
const N = Number(process.env.GHOST_BENCH_GAMES ?? 1000);

/** cards.md §12: turns/game, attempts per turn, success rate, cards per attempt, GK emerges, GK wins when emerged (naive bots). */
const TABLE: Record<number, [number, number, number, number, number, number]> = {
  4: [15.9, 0.84, 72, 3.2, 19, 86],
  5: [18.9, 0.85, 70, 3.6, 20, 75],
  6: [16.9, 0.85, 66, 3.4, 16, 63],
  7: [19.8, 0.85, 63, 3.3, 30, 60],
  8: [23.1, 0.86, 61, 3.5, 44, 45],
};

interface Tally {
  games: number;
  answers: number;
  turns: number;
  attempts: number;
  successes: number;
  voted: number;
  gk: number;
  gkWins: number;
  wins: Record<string, number>;
  reasons: Record<string, number>;
  /** Games a defeated GK still won (seed 鬼王的特点: he loses whatever his team scores). */
  defeatedGkWon: number;
}

function tally(t: Tally, s: GameState<G>, answers: number, log: LogEntry[]): void {
  const g = s.g;
  const r = g.result as { reason: string; winningTeams: string[] };
  t.games++;
  t.answers += answers;
  t.turns += g.turn;
  for (const e of log) {
    if (e.msg.key === 'ghost.log.exorcismStart') t.attempts++;
    if (e.msg.key === 'ghost.log.exorcised') t.successes++;
    if (e.msg.key === 'ghost.log.vote' || e.msg.key === 'ghost.log.voteFaceUp') t.voted += Number(e.msg.params?.n ?? (e.msg.params?.cards as string[] | undefined)?.length ?? 0);
  }
  if (g.gk !== null) t.gk++;
  if (r.reason === 'gkDeck' || r.reason === 'gkCard') t.gkWins++;
  const key = [...r.winningTeams].sort().join('+');
  t.wins[key] = (t.wins[key] ?? 0) + 1;
  t.reasons[r.reason] = (t.reasons[r.reason] ?? 0) + 1;
  if (r.reason === 'gkDefeated' && g.gk !== null && s.outcome!.winners.includes(g.gk)) t.defeatedGkWon++;
}

it('ghost: random games per second, answers per game, GK emergence and winners over bot games', () => {
  const rows: string[] = [];
  for (const P of [4, 5, 6, 7, 8]) {
    // Random legal answers, no invariant checks: the engine and the rules alone.
    let games = 0;
    let answers = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 3000) {
      answers += playGame(P, `rnd${P}-${games}`, 'random', false).moves.length;
      games++;
    }
    const rndMs = performance.now() - t0;
    const t: Tally = { games: 0, answers: 0, turns: 0, attempts: 0, successes: 0, voted: 0, gk: 0, gkWins: 0, wins: {}, reasons: {}, defeatedGkWon: 0 };
    const t1 = performance.now();
    for (let k = 0; k < N; k++) {
      const { s, moves, log } = playGame(P, `bot${P}-${k}`, 'bot', false);
      tally(t, s, moves.length, log);
    }
    const botMs = performance.now() - t1;
    const pct = (x: number) => (100 * x) / t.games;
    const ref = TABLE[P]!;
    const winText = Object.entries(t.wins)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${pct(v).toFixed(1)}%`)
      .join(', ');
    record(`ghost ${P} players`, [
      { name: 'random games per second', value: (games / rndMs) * 1000, unit: 'games/s' },
      { name: 'answers per random game', value: answers / games, unit: 'answers' },
      { name: 'bot games per second', value: (t.games / botMs) * 1000, unit: 'games/s' },
      { name: 'answers per bot game', value: t.answers / t.games, unit: 'answers' },
      { name: 'turns per game', value: t.turns / t.games, unit: 'turns', note: `§12: ${ref[0]}` },
      { name: 'exorcism attempts per turn', value: t.attempts / t.turns, unit: 'attempts', note: `§12: ${ref[1]}` },
      { name: 'exorcism success rate', value: (100 * t.successes) / Math.max(1, t.attempts), unit: '%', note: `§12: ${ref[2]}%` },
      { name: 'cards voted per attempt', value: t.voted / Math.max(1, t.attempts), unit: 'cards', note: `§12: ${ref[3]}` },
      { name: 'GK emerges', value: pct(t.gk), unit: '% of games', note: `§12: ${ref[4]}%` },
      { name: 'GK wins when emerged', value: (100 * t.gkWins) / Math.max(1, t.gk), unit: '%', note: `§12: ${ref[5]}% (naive bots)` },
      { name: 'defeated GK among the winners', value: pct(t.defeatedGkWon), unit: '% of games' },
      { name: 'bot games', value: t.games, unit: 'games', note: `winners: ${winText}` },
    ]);
    rows.push(`${P}p  GK emerges ${pct(t.gk).toFixed(1)}% (§12 ${ref[4]}%) · GK wins ${((100 * t.gkWins) / Math.max(1, t.gk)).toFixed(0)}% of those (§12 ${ref[5]}%) · winners: ${winText} · defeated GK among winners ${t.defeatedGkWon} · ends: ${JSON.stringify(t.reasons)}`);
  }
  console.log(`\nghost over ${N} bot games per player count\n${rows.join('\n')}`);
});
