/**
 * The fast paths of 三国杀 return exactly what the plain paths return, at every state of seeded random games (the
 * seeds, seat counts and options drawn by fast-check): every seat's and a spectator's serialised view from
 * `viewsJson` equals `JSON.stringify(view)` of that viewer, byte for byte.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, startGame, viewsJson, type GameState } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import type { S } from '../../../worker/games/sanguosha/types';
import { playGame } from './playout';

/** Every state of a played game, the first and the last included. */
function statesOf(seats: number, seed: string, options: Record<string, unknown>): S[] {
  const { moves } = playGame(seats, seed, options);
  const opts = def.parseOptions(options, seats) as Record<string, any>;
  let s = startGame(def, { seats, seed, options: opts }).state as S;
  const out: S[] = [s];
  for (const m of moves) {
    const r = apply(def, s, m.seat, m.answer);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state as S;
    out.push(s);
  }
  return out;
}

const viewers = (s: GameState<any>) => [...[...Array(s.seats).keys()], null];

describe('fast paths equal the plain paths', () => {
  it('viewsJson gives every seat and a spectator exactly JSON.stringify(view) of that viewer, at every state of seeded games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 10 }), fc.string({ minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean(), (seats, seed, noGenerals, standard) => {
        for (const s of statesOf(seats, `fast-${seed}`, { noGenerals, deck: standard ? 'standard' : 'full' })) {
          const all = viewers(s);
          const fast = viewsJson(def, s, all);
          expect(fast.length).toBe(all.length);
          all.forEach((seat, i) => expect(fast[i], `seat ${seat} at step ${s.step}`).toBe(JSON.stringify(def.view(s, seat))));
          // Any subset and order of viewers, repeats included, as a room with several sockets per seat asks.
          const some = [null, seats - 1, 0, 0];
          expect(viewsJson(def, s, some)).toEqual(some.map((seat) => JSON.stringify(def.view(s, seat))));
        }
      }),
      { numRuns: 10 },
    );
  });
});
