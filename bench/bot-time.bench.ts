import { it } from 'vitest';
import { apply, botAnswer, botRng, startGame, type GameDef } from '../worker/engine';
import ghost from '../worker/games/ghost';
import sanguosha from '../worker/games/sanguosha';
import { quantile, record } from './report';

/**
 * Bots: the time a bot takes to decide (a bot on the table makes the other players wait that long, and the room
 * spends it as CPU), per decision over full bot games of both games at 5 and 8 players. `npm run bench bots`
 * runs this file alone.
 * How the bots play (win shares per side, good against easy) is in bots.bench.ts.
 */
const GAMES = Number(process.env.BOT_GAMES ?? 10);

it('bots: decision time per answer over full bot games of 三国杀 and 驱鬼', () => {
  const metrics = [];
  for (const [name, def] of [
    ['三国杀', sanguosha],
    ['驱鬼', ghost],
  ] as [string, GameDef][])
    for (const seats of [5, 8]) {
      const options = def.parseOptions(undefined, seats) as never;
      const ms: number[] = [];
      for (let g = 0; g < GAMES; g++) {
        let s = startGame(def, { seats, seed: `bots-bench-${seats}-${g}`, options }).state;
        while (!s.outcome) {
          if (ms.length > 1e6) throw new Error('a bot game did not end');
          const p = s.prompts[0]!;
          const t0 = performance.now();
          const a = botAnswer(def, s, p, botRng(s, p));
          ms.push(performance.now() - t0);
          const r = apply(def, s, p.seat, a);
          if (!r.ok) throw new Error(r.error.reason);
          s = r.value.state;
        }
      }
      metrics.push(
        {
          name: `${name} ${seats} players: decision, median`,
          value: quantile(ms, 0.5),
          unit: 'ms',
          note: `${ms.length} decisions in ${GAMES} games`,
        },
        { name: `${name} ${seats} players: decision, p95`, value: quantile(ms, 0.95), unit: 'ms' },
        { name: `${name} ${seats} players: decision, slowest`, value: Math.max(...ms), unit: 'ms' },
      );
    }
  record('bots: decision time', metrics);
});
