import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { apply, botAnswer, botRng, createGame } from '../worker/engine';
import sanguosha from '../worker/games/sanguosha';
import type { S } from '../worker/games/sanguosha/types';
import { record } from './report';

interface Played {
  /** Per seat: the general played and whether that seat won. */
  generals: { id: string | null; won: boolean }[];
  answers: number;
  rounds: number;
  /** Times the table newly waited on someone (a prompt appeared that was not open before). */
  waits: number;
}

/** One full game with every seat played by the bot (generals on unless `noGenerals`). */
function playBots(seats: number, seed: string, autoPass: boolean, noGenerals = false): Played {
  const options = sanguosha.parseOptions({ autoPass, noGenerals }, seats) as Record<string, any>;
  let s = createGame(sanguosha, { seats, seed, options }) as S;
  let answers = 0;
  let waits = 1;
  while (!s.outcome) {
    const p = s.prompts[0]!;
    const r = apply(sanguosha, s, p.seat, botAnswer(sanguosha, s, p, botRng(s, p)));
    if (!r.ok) throw new Error(r.error.reason);
    const before = new Set(s.prompts.map((x) => x.id));
    s = r.value.state;
    answers++;
    if (s.prompts.some((x) => !before.has(x.id))) waits++;
    if (answers > 20000) throw new Error('game did not end');
  }
  const winners = s.outcome.winners;
  return { generals: s.g.players.map((p) => ({ id: p.general, won: winners.includes(p.seat) })), answers, rounds: Math.max(1, s.g.round), waits };
}

it('sanguosha: random full games per second with generals, answers per game, waits per round with autoPass on and off, wins per general', () => {
  const wins: Record<string, { played: number; won: number }> = {};
  for (const seats of [5, 8]) {
    const out: Record<string, Omit<Played, 'generals'> & { games: number; ms: number }> = {};
    for (const mode of ['true', 'false', 'noGenerals']) {
      const acc = { answers: 0, rounds: 0, waits: 0, games: 0, ms: 0 };
      const t0 = performance.now();
      while (performance.now() - t0 < 6000 || acc.games < 5) {
        const r = playBots(seats, `bench-${seats}-${mode}-${acc.games}`, mode !== 'false', mode === 'noGenerals');
        acc.answers += r.answers;
        acc.rounds += r.rounds;
        acc.waits += r.waits;
        acc.games++;
        if (mode !== 'noGenerals')
          for (const g of r.generals) {
            const w = (wins[g.id ?? '-'] ??= { played: 0, won: 0 });
            w.played++;
            if (g.won) w.won++;
          }
      }
      acc.ms = performance.now() - t0;
      out[mode] = acc;
    }
    const on = out.true!, off = out.false!, bare = out.noGenerals!;
    record(`sanguosha (${seats} players, bots, full deck, generals)`, [
      { name: 'games per second without generals', value: (bare.games / bare.ms) * 1000, unit: 'games/s' },
      { name: 'answers per game without generals', value: bare.answers / bare.games, unit: 'answers' },
      { name: 'games per second (autoPass on)', value: (on.games / on.ms) * 1000, unit: 'games/s' },
      { name: 'answers per game (autoPass on)', value: on.answers / on.games, unit: 'answers' },
      { name: 'µs per answer incl. bot (autoPass on)', value: (on.ms * 1000) / on.answers, unit: 'µs' },
      { name: 'rounds per game', value: on.rounds / on.games, unit: 'rounds' },
      { name: 'prompts answered per round, autoPass on', value: on.answers / on.rounds, unit: 'prompts' },
      { name: 'prompts answered per round, autoPass off', value: off.answers / off.rounds, unit: 'prompts' },
      { name: 'waits per round, autoPass on', value: on.waits / on.rounds, unit: 'waits', note: 'times the table newly waits on someone' },
      { name: 'waits per round, autoPass off', value: off.waits / off.rounds, unit: 'waits' },
      { name: 'delay multiplier of autoPass off', value: off.waits / off.rounds / (on.waits / on.rounds), unit: '×' },
    ]);
  }
  record('sanguosha: wins per general (bots, 5 and 8 players, autoPass on and off)', Object.entries(wins)
    .sort((a, b) => b[1].won / b[1].played - a[1].won / a[1].played)
    .map(([id, w]) => ({ name: `win rate ${id}`, value: (100 * w.won) / w.played, unit: '%', note: `${w.played} seats played` })));
});
