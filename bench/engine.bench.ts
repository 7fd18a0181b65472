import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { duel } from '../test/fixtures/duel';
import { playOut } from '../test/helpers/play';
import { replay } from '../worker/engine';
import { record } from './report';

// Engine cost on the fixture game: µs per applied answer (bot answers, so each includes the bot's search)
// and full games per second.
it('engine: µs per answer and games per second on the duel fixture', () => {
  let answers = 0;
  let games = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 5000) {
    const r = playOut(duel, { seats: 4, seed: `bench${games}` }, 'random');
    answers += r.steps;
    games++;
  }
  const ms = performance.now() - t0;
  // The engine alone: replay recorded games (createGame + one `apply` per answer, no choosing).
  const recorded = [...Array(50)].map((_, i) => ({ seed: `rec${i}`, moves: playOut(duel, { seats: 4, seed: `rec${i}` }, 'random').moves }));
  let applied = 0;
  const t1 = performance.now();
  for (let k = 0; k < 5; k++)
    for (const g of recorded) {
      replay(duel, { seats: 4, seed: g.seed }, g.moves);
      applied += g.moves.length;
    }
  const applyUs = ((performance.now() - t1) * 1000) / applied;
  record('engine (duel fixture, 4 seats, random legal answers)', [
    { name: 'games per second', value: (games / ms) * 1000, unit: 'games/s' },
    { name: 'µs per apply (engine alone)', value: applyUs, unit: 'µs' },
    { name: 'µs per answer (incl. choosing it)', value: (ms * 1000) / answers, unit: 'µs' },
    { name: 'answers per game', value: answers / games, unit: 'answers' },
  ]);
});
