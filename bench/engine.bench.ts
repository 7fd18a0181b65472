import { it } from 'vitest';
import type { GameDef } from '../worker/engine';
import ghost from '../worker/games/ghost';
import sanguosha from '../worker/games/sanguosha';
import { playOut } from '../test/helpers/play';
import { record } from './report';

/**
 * The engine and rules alone: full games with random legal answers per second, 8 players, each game for
 * SECONDS (default 3). What the property tests and the bots' simulations can afford; no player waits on it.
 */
const SECONDS = Number(process.env.SECONDS ?? 3);

it('engine: full random 8-player games per second of 三国杀 and 驱鬼', () => {
  const metrics = [];
  for (const [name, def] of [
    ['三国杀', sanguosha],
    ['驱鬼', ghost],
  ] as [string, GameDef][]) {
    const options = def.parseOptions(undefined, 8) as never;
    let games = 0;
    let answers = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < SECONDS * 1000)
      answers += playOut(def, { seats: 8, seed: `engine-bench-${games++}`, options }, 'random').steps;
    const secs = (performance.now() - t0) / 1000;
    metrics.push(
      { name: `${name}: games per second`, value: games / secs, unit: 'games/s' },
      { name: `${name}: answers per game`, value: answers / games, unit: 'answers' },
    );
  }
  record('engine: full random games, 8 players', metrics);
});
