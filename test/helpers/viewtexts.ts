import { expect } from 'vitest';
import fc from 'fast-check';
import { joinViewText, type GameDef, type GameState } from '../../worker/engine';

/** Every seat of `s` and a spectator (null). */
export const viewersOf = (s: GameState<unknown>): (number | null)[] => [...[...Array(s.seats).keys()], null];

/** Every viewer's text of `s` (GameDef.viewTexts, joined) is exactly the JSON of that viewer's plain view. */
export function checkViewTexts<G>(def: GameDef<G>, s: GameState<G>, what: string): void {
  const all = viewersOf(s);
  def.viewTexts!(s, all).forEach((t, i) => expect(joinViewText(t), `${what}, viewer ${all[i]}`).toBe(JSON.stringify(def.view(s, all[i]!))));
}

/**
 * Visits states of several games interleaved and in any order (fast-check picks the order), checking every
 * viewer's text at each visit: a cache of the texts last built may never lean on "the previous answer".
 */
export function checkInterleaved<G>(def: GameDef<G>, games: GameState<G>[][]): void {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.nat(games.length - 1), fc.nat()), { minLength: 20, maxLength: 80 }), (visits) => {
      for (const [gi, k] of visits) {
        const states = games[gi]!;
        checkViewTexts(def, states[k % states.length]!, `game ${gi} state ${k % states.length}`);
      }
    }),
    { numRuns: 25 },
  );
}
