import { it } from 'vitest';
import ghost from '../worker/games/ghost/index';
import { apply, botAnswer, botRng, startGame } from '../worker/engine/runtime';
import type { Answer, GameState, Prompt } from '../worker/engine/types';
import type { G } from '../worker/games/ghost/state';

const N = Number(process.env.BOTS_BENCH_GAMES ?? 400);

function play(P: number, seed: string, choose: (s: GameState<G>, p: Prompt) => Answer | null) {
  let s = startGame(ghost, { seats: P, seed }).state;
  for (let n = 0; !s.outcome; n++) {
    if (n > 20000) throw new Error('game too long');
    const p = s.prompts[0]!;
    let a = choose(s, p);
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

it('before', () => {
  for (const P of [4, 5, 6, 7, 8]) {
    const w: Record<string, number> = {};
    for (let k = 0; k < N; k++) {
      const s = play(P, `before${P}-${k}`, (s, p) => ghost.bot!(s, p, botRng(s, p)));
      for (const t of (s.g.result as { winningTeams: string[] }).winningTeams) w[t] = (w[t] ?? 0) + 1;
    }
    console.log(`BEFORE ${P}p`, Object.entries(w).map(([k, v]) => `${k} ${((100 * v) / N).toFixed(1)}%`).join(' '));
  }
});
