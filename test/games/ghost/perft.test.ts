import { expect, test } from 'vitest';
import { apply, createGame, legalAnswers } from '../../../worker/engine/runtime';
import type { GameState } from '../../../worker/engine/types';
import type { G } from '../../../worker/games/ghost/state';
import { SMALL } from './fixture';

/** Positions reachable in `depth` answers from `s` (STYLE §13: perft counts pinned from fixed seeds). */
function perft(s: GameState<G>, depth: number): number {
  if (depth === 0 || s.outcome) return 1;
  let n = 0;
  for (const seat of new Set(s.prompts.map((p) => p.seat)))
    for (const a of legalAnswers(SMALL, s, seat)) {
      const r = apply(SMALL, s, seat, a);
      if (r.ok) n += perft(r.value.state, depth - 1);
    }
  return n;
}

test('perft from fixed seeds on the small fixture deck (regression pins of the legal answers)', () => {
  const got = ['perft-4', 'perft-6', 'perft-8'].map((seed, i) =>
    [1, 2, 3].map((d) => perft(createGame(SMALL, { seats: [4, 6, 8][i]!, seed }), d)),
  );
  expect(got).toEqual(PINNED);
});

// Depths 1–3 at 4, 6 and 8 players, on the small deck of fixture.ts (a card added to the real deck changes nothing
// here). A change means the set of legal answers changed: check it is intended.
const PINNED: number[][] = [
  [10, 62, 312],
  [12, 69, 458],
  [7, 34, 130],
];
