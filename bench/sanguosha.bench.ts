import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { apply, botAnswer, botRng, createGame } from '../worker/engine';
import sanguosha from '../worker/games/sanguosha';
import type { S } from '../worker/games/sanguosha/types';
import { record } from './report';

interface Played {
  answers: number;
  rounds: number;
  /** Times the table newly waited on someone (a prompt appeared that was not open before). */
  waits: number;
}

/** One full game with every seat played by the bot. */
function playBots(seats: number, seed: string, autoPass: boolean): Played {
  const options = sanguosha.parseOptions({ autoPass }, seats) as Record<string, any>;
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
  return { answers, rounds: Math.max(1, s.g.round), waits };
}

it('sanguosha: random full games per second, answers per game, waits per round with autoPass on and off', () => {
  for (const seats of [5, 8]) {
    const out: Record<string, Played & { games: number; ms: number }> = {};
    for (const autoPass of [true, false]) {
      const acc = { answers: 0, rounds: 0, waits: 0, games: 0, ms: 0 };
      const t0 = performance.now();
      while (performance.now() - t0 < 6000 || acc.games < 5) {
        const r = playBots(seats, `bench-${seats}-${autoPass}-${acc.games}`, autoPass);
        acc.answers += r.answers;
        acc.rounds += r.rounds;
        acc.waits += r.waits;
        acc.games++;
      }
      acc.ms = performance.now() - t0;
      out[String(autoPass)] = acc;
    }
    const on = out.true!, off = out.false!;
    record(`sanguosha (${seats} players, bots, full deck)`, [
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
});
