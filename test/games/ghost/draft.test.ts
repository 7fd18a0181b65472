/**
 * 驱鬼's draft copy (GameDef.draft, ghost/draft.ts) copies the game data by its known shape: it must equal the
 * engine's generic deep copy and share no object with the state, at every state of seeded games, and take the
 * generic way for data of another shape (a field added later, a turn saved by an older build, a value JSON would
 * change).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cloneJson, type GameState } from '../../../worker/engine';
import def from '../../../worker/games/ghost';
import { draftGhost, knownShape } from '../../../worker/games/ghost/draft';
import type { G } from '../../../worker/games/ghost/state';
import { botMoves } from '../../helpers/play';

const statesOf = (seats: number, seed: string) => botMoves(def, { seats, seed, options: def.parseOptions(undefined, seats) as never }).states as GameState<G>[];

/** Every object and list reachable from `x`. */
const objects = (x: unknown, out = new Set<object>()): Set<object> => {
  if (typeof x === 'object' && x !== null && !out.has(x)) {
    out.add(x);
    for (const v of Object.values(x)) objects(v, out);
  }
  return out;
};

describe('驱鬼 draft copy', () => {
  it('equals the generic deep copy and shares no object with the state, at every state of seeded games of 4–8 players', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 8 }), fc.string({ minLength: 1, maxLength: 8 }), (seats, seed) => {
        for (const s of statesOf(seats, `gdraft-${seed}`)) {
          // Real states take the copy by shape, not the generic fallback.
          expect(knownShape(s.g), `step ${s.step}`).toBe(true);
          const copy = draftGhost(s.g);
          expect(copy).toStrictEqual(cloneJson(s.g));
          expect(JSON.stringify(copy)).toBe(JSON.stringify(s.g));
          const mine = objects(s.g);
          for (const o of objects(copy)) expect(mine.has(o)).toBe(false);
        }
      }),
      { numRuns: 6 },
    );
  });

  it('deep-copies data of a shape it does not know: a field added later, an older turn state, an odd value, fields in another order', () => {
    const states = statesOf(6, 'gdraft-odd');
    const withVote = states.find((s) => s.g.vote && Object.keys(s.g.vote.votes).length) ?? states.at(-1)!;
    const edits: [string, (g: G) => void][] = [
      ['a field added to the game data', (g) => void ((g as Record<string, unknown>).future = { n: [1] })],
      ['a field added to a player', (g) => void ((g.players[0] as Record<string, unknown>).later = { deep: [{ x: 1 }] })],
      ['a turn state of an older build', (g) => void delete (g.ts as Partial<typeof g.ts>).seventh],
      ['an imp with more fields', (g) => g.players[1]!.imps.push({ id: 'I01', at: 3, extra: { y: 2 } })],
      ['-0 in a hand', (g) => (g.players[2]!.hand as unknown[]).push(-0)],
      ['an undefined field', (g) => void ((g as Record<string, unknown>).shownCard = undefined)],
      ['a vote holding an object', (g) => void (g.vote = { ...(g.vote ?? { host: 0, imp: 'x', holder: 0, summon: false, votes: {}, faceUp: [], challenged: [], shown: {} }), votes: { 1: [{ odd: 1 } as never] } })],
      ['fields in another order', (g) => {
        const phase = g.phase;
        delete (g as Partial<G>).phase;
        g.phase = phase;
      }],
    ];
    for (const [what, edit] of edits) {
      const g = structuredClone(withVote.g);
      expect(knownShape(g), 'real state').toBe(true);
      edit(g);
      expect(knownShape(g), what).toBe(false);
      const copy = draftGhost(g);
      expect(copy, what).toStrictEqual(cloneJson(g));
      expect(JSON.stringify(copy), what).toBe(JSON.stringify(JSON.parse(JSON.stringify(g))));
      const mine = objects(g);
      for (const o of objects(copy)) expect(mine.has(o), what).toBe(false);
    }
  });
});
