/**
 * 驱鬼's fast view path returns exactly what the plain one does: at every state of seeded games (bot and random
 * answers, 4–8 players, seeds drawn by fast-check), `viewsJson` gives each seat and a spectator
 * `JSON.stringify(viewGhost(state, viewer))` byte for byte.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, startGame, viewsJson, type GameState } from '../../../worker/engine';
import ghost from '../../../worker/games/ghost';
import type { G } from '../../../worker/games/ghost/state';
import { playGame } from './play';

function statesOf(P: number, seed: string, mode: 'bot' | 'random'): GameState<G>[] {
  const { moves } = playGame(P, seed, mode, false);
  let s = startGame(ghost, { seats: P, seed }).state;
  const out = [s];
  for (const m of moves) {
    const r = apply(ghost, s, m.seat, m.answer);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
    out.push(s);
  }
  return out;
}

describe('驱鬼 fast view path', () => {
  it('viewsJson gives every seat and a spectator exactly JSON.stringify(view) of that viewer, at every state of seeded games', () => {
    let voting = 0;
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 8 }), fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('bot' as const, 'random' as const), (P, seed, mode) => {
        for (const s of statesOf(P, `fast-${seed}`, mode)) {
          const all = [...[...Array(P).keys()], null];
          const fast = viewsJson(ghost, s, all);
          all.forEach((seat, i) => expect(fast[i], `seat ${seat} at step ${s.step}`).toBe(JSON.stringify(ghost.view(s, seat))));
          if (s.g.vote && Object.keys(s.g.vote.votes).length) voting++;
          const some = [null, P - 1, 0, 0];
          expect(viewsJson(ghost, s, some)).toEqual(some.map((seat) => JSON.stringify(ghost.view(s, seat))));
        }
      }),
      { numRuns: 12 },
    );
    // The per-voter part of the path was exercised, not only the bystanders'.
    expect(voting).toBeGreaterThan(0);
  });
});
