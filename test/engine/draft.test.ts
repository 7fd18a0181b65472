import { describe, expect, it } from 'vitest';
import {
  apply,
  botAnswer,
  botRng,
  candidates,
  cloneJson,
  createGame,
  rngOf,
  seedRng,
  type GameDef,
  type GameState,
} from '../../worker/engine';
import ghost from '../../worker/games/ghost';
import sanguosha from '../../worker/games/sanguosha';
import { duel } from '../fixtures/duel';
import { deepFreeze } from '../helpers/freeze';

/**
 * The answer draft copies only what rules may change (the game data, the frames, the PRNG words); open prompts
 * and the creation options are shared with the input state. These tests freeze every input state deeply, so
 * any write through a shared part throws, and compare the input's JSON before and after.
 */

/** Play `answers` answers; before each accepted one, try up to 5 shape-valid candidates the rules may refuse. */
function playFrozen(
  def: GameDef,
  seats: number,
  seed: string,
  answers: number,
): { rejected: number; accepted: number } {
  let s: GameState = createGame(def, { seats, seed, options: def.parseOptions(undefined, seats) as never });
  const pick = rngOf(seedRng(`frozen|${seed}`));
  let rejected = 0;
  let accepted = 0;
  while (!s.outcome && accepted < answers) {
    deepFreeze(s);
    const before = JSON.stringify(s);
    const p = s.prompts[pick.int(s.prompts.length)]!;
    const all = candidates(p, 200);
    for (let k = 0; k < 5 && all.length; k++) {
      const r = apply(def, s, p.seat, pick.pick(all));
      if (!r.ok) rejected++;
    }
    // A seat answering a prompt that is not its own, and a prompt that does not exist.
    expect(apply(def, s, (p.seat + 1) % seats, { prompt: p.id, option: p.options[0]!.id }).ok).toBe(false);
    expect(apply(def, s, p.seat, { prompt: 'nope', option: 'pass' }).ok).toBe(false);
    rejected += 2;
    const r = apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p)));
    expect(JSON.stringify(s)).toBe(before);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
    accepted++;
  }
  return { rejected, accepted };
}

describe('engine: the answer draft', () => {
  it('a rejected answer changes nothing in the state it was given (deeply frozen, compared as JSON)', () => {
    const s = deepFreeze(createGame(duel, { seats: 3, seed: 'draft' }));
    const before = JSON.stringify(s);
    const p = s.prompts[0]!;
    expect(apply(duel, s, p.seat, { prompt: p.id, option: 'no-such-option' }).ok).toBe(false);
    expect(apply(duel, s, p.seat, { prompt: p.id, option: p.options[0]!.id, cards: ['c99'] }).ok).toBe(false);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('an accepted answer leaves its input state untouched and shares no mutable part with the new state', () => {
    const s = deepFreeze(createGame(duel, { seats: 3, seed: 'draft2' }));
    const p = s.prompts[0]!;
    const r = apply(duel, s, p.seat, { prompt: p.id, option: p.options[0]!.id });
    if (!r.ok) throw new Error(r.error.reason);
    const n = r.value.state;
    expect(n.g).not.toBe(s.g);
    expect(n.stack).not.toBe(s.stack);
    expect(n.rng).not.toBe(s.rng);
    expect(n.prompts).not.toBe(s.prompts);
    expect(Object.isFrozen(n.g)).toBe(false);
  });

  for (const [name, def, seats] of [
    ['三国杀', sanguosha, 5],
    ['驱鬼', ghost, 5],
    ['the duel fixture', duel, 4],
  ] as const)
    it(`no rule of ${name} writes through a shared part of the state: 300 answers on frozen inputs, refused ones included`, () => {
      const { rejected, accepted } = playFrozen(def as GameDef, seats, `frozen-${name}`, 300);
      expect(accepted).toBeGreaterThan(20);
      expect(rejected).toBeGreaterThan(0);
    });
});

describe('engine: frames are copied only when the answer reaches them', () => {
  it('a frame the answer never hands to a rule stays the very object of the input state, unchanged; every other one is a copy', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(
        fc.constantFrom<[GameDef, string]>([sanguosha as GameDef, 'sgs'], [ghost as GameDef, 'ghost']),
        fc.integer({ min: 4, max: 8 }),
        fc.string({ minLength: 1, maxLength: 6 }),
        ([def, name], seats, seed) => {
          let s: GameState = createGame(def, {
            seats,
            seed: `frames-${name}-${seed}`,
            options: def.parseOptions(undefined, seats) as never,
          });
          let shared = 0;
          let copied = 0;
          for (let k = 0; k < 400 && !s.outcome; k++) {
            deepFreeze(s);
            const json = s.stack.map((f) => JSON.stringify(f));
            const p = s.prompts[0]!;
            const r = apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p)));
            if (!r.ok) throw new Error(r.error.reason);
            const n = r.value.state;
            for (const f of n.stack) {
              const i = s.stack.indexOf(f);
              if (i >= 0) {
                // Shared: still frozen, and as it was.
                expect(JSON.stringify(f)).toBe(json[i]);
                shared++;
              } else {
                expect(Object.isFrozen(f)).toBe(false);
                copied++;
              }
            }
            // The input's frames all still read as they did.
            expect(s.stack.map((f) => JSON.stringify(f))).toEqual(json);
            s = n;
          }
          expect(shared).toBeGreaterThan(0);
          expect(copied).toBeGreaterThan(0);
        },
      ),
      { numRuns: 6 },
    );
  });
});

describe('engine: what the draft shares (a revealed 三国杀 selection) no rule writes', () => {
  it('whole seeded games of 三国杀 and 驱鬼 at 4–8 seats play to the end on deeply frozen input states, refused answers included', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(
        fc.constantFrom<[GameDef, string]>([sanguosha as GameDef, 'sgs'], [ghost as GameDef, 'ghost']),
        fc.integer({ min: 4, max: 8 }),
        fc.string({ minLength: 1, maxLength: 6 }),
        ([def, name], seats, seed) => {
          const { accepted } = playFrozen(def, seats, `frozen-whole-${name}-${seed}`, 100_000);
          expect(accepted).toBeGreaterThan(20);
        },
      ),
      { numRuns: 4 },
    );
  });
});

describe('cloneJson: the draft copy equals a JSON round trip', () => {
  it('cloneJson gives exactly what JSON.parse(JSON.stringify(x)) gives, on odd values and on real game states', () => {
    const odd = {
      a: [1, undefined, NaN, Infinity, -0, null, 'x', { b: undefined, c: [[]] }],
      d: undefined,
      e: { f: -Infinity },
      g: true,
      '2': 'int key',
      h: '',
    };
    expect(JSON.stringify(cloneJson(odd))).toBe(JSON.stringify(JSON.parse(JSON.stringify(odd))));
    expect(cloneJson(odd)).toEqual(JSON.parse(JSON.stringify(odd)));
    for (const [def, seats] of [
      [sanguosha, 8],
      [ghost, 5],
    ] as [GameDef, number][]) {
      let s: GameState = createGame(def, {
        seats,
        seed: `clone-${def.id}`,
        options: def.parseOptions(undefined, seats) as never,
      });
      for (let k = 0; k < 150 && !s.outcome; k++) {
        const c = cloneJson(s);
        expect(JSON.stringify(c)).toBe(JSON.stringify(s));
        expect(c).toEqual(JSON.parse(JSON.stringify(s)));
        expect(c.g === s.g).toBe(false);
        const p = s.prompts[0]!;
        const r = apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
    }
  });
});
