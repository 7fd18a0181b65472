/**
 * Seeded random full games for 4–10 players and both decks, with invariants checked after every answer:
 * cards conserved, HP bounds, no hidden card or identity in any other seat's view, JSON round-trip, and at the
 * end exactly one outcome and a replay equal to the snapshot.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { checkFinished, playGame } from './playout';

/** The reference generals of phase A: the driver picks them whenever they are offered, so their skills get played. */
const REFERENCE = ['caocao', 'guanyu', 'sunquan'];

describe('seeded random full games', () => {
  for (const deck of ['full', 'standard'] as const)
    for (let n = 4; n <= 10; n++) {
      it(`a ${n}-player game with the ${deck} deck${deck === 'standard' && n % 2 === 1 ? ' and no generals' : ' and generals'} ends with exactly one outcome, invariants holding after every answer`, () => {
        // Generals on with the full deck; the standard deck alternates with the skill-less game.
        const options = {
          deck,
          autoPass: n % 2 === 0,
          doubleTraitor: n === 6 || n === 8 ? deck === 'standard' : false,
          noGenerals: deck === 'standard' && n % 2 === 1,
          extraLords: n !== 7,
        };
        const seed = `random-${deck}-${n}`;
        const { s, moves } = playGame(n, seed, options, { prefer: REFERENCE });
        checkFinished(s, moves, n, seed, options);
        expect(JSON.parse(JSON.stringify(s))).toEqual(s);
        // After the end everything is public.
        const v = viewFor(def, s, 0).view as any;
        expect(v.players.every((p: any) => p.role !== null && Array.isArray(p.hand))).toBe(true);
      });
    }
});
