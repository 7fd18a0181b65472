/**
 * Views as the text of their parts (`GameDef.viewTexts`, 驱鬼 and the hidden-hand fixture): the room
 * sends a socket the parts whose text changed (room/viewtext.ts `textOps`), so each part must be exactly the JSON
 * of its field, in the view's key order, and a patch built from two views' parts must rebuild the newer view byte
 * for byte — checked for every seat and a spectator at every state of seeded bot games.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { joinViewText, type GameDef, type GameState, type ViewText } from '../../worker/engine';
import ghost from '../../worker/games/ghost';
import { applyDelta, type Op } from '../../worker/room/delta';
import { textMemo, textOps } from '../../worker/room/viewtext';
import { botMoves } from '../helpers/play';
import { hidden } from '../helpers/hidden';

const GAMES: [string, GameDef<any>, number, number][] = [
  ['驱鬼', ghost, 4, 8],
  // The room's benches and growth tests run the hidden-hand fixture by its texts too, as the real games.
  ['暗手 (the hidden-hand fixture)', hidden as GameDef<any>, 2, 6],
];

const viewers = (s: GameState<any>) => [...[...Array(s.seats).keys()], null];

describe.each(GAMES)('%s views by the text of their parts', (_name, def, min, max) => {
  it("gives each viewer the keys of its view in order, each part the JSON of that field (a list's item by item)", () => {
    fc.assert(
      fc.property(fc.integer({ min, max }), fc.string({ minLength: 1, maxLength: 8 }), (seats, seed) => {
        for (const s of botMoves(def, { seats, seed: `texts-${seed}` }).states) {
          const all = viewers(s);
          def.viewTexts!(s, all).forEach((t, i) => {
            const v = def.view(s, all[i]!) as Record<string, unknown>;
            const keys = Object.keys(v).filter((k) => JSON.stringify(v[k]) !== undefined);
            expect(t.keys, `seat ${all[i]} at step ${s.step}`).toEqual(keys);
            keys.forEach((k, j) => expect(t.parts[j]).toEqual(Array.isArray(v[k]) ? (v[k] as unknown[]).map((x) => JSON.stringify(x) ?? 'null') : JSON.stringify(v[k])));
            expect(joinViewText(t)).toBe(JSON.stringify(v));
          });
        }
      }),
      { numRuns: 4 },
    );
  });

  it("a socket's patch by text turns the view it holds into the next one byte for byte, from the step before and from far back", () => {
    fc.assert(
      fc.property(fc.integer({ min, max }), fc.string({ minLength: 1, maxLength: 8 }), (seats, seed) => {
        const states = botMoves(def, { seats, seed: `patch-${seed}` }).states;
        for (let k = 1; k < states.length; k++) {
          for (const [a, b] of [[states[k - 1]!, states[k]!], [states[Math.floor(k / 2)]!, states[k]!]] as const) {
            const all = viewers(b);
            const was = def.viewTexts!(a, all);
            def.viewTexts!(b, all).forEach((t, i) => {
              const held = JSON.parse(joinViewText(was[i]!)) as unknown;
              const ops = JSON.parse(textOps(was[i]!, t)) as Op[];
              expect(JSON.stringify(applyDelta(held, ops, true)), `seat ${all[i]} from step ${a.step} to ${b.step}`).toBe(JSON.stringify(def.view(b, all[i]!)));
            });
          }
        }
      }),
      { numRuns: 3 },
    );
  });
});

describe('textOps', () => {
  it('sets only the parts whose text changed, a list of the same length item by item, and the whole view when its keys change', () => {
    const a = { keys: ['x', 'l'], parts: ['1', ['2', '3']] };
    expect(textOps(a, { keys: ['x', 'l'], parts: ['1', ['2', '3']] })).toBe('[]');
    expect(textOps(a, { keys: ['x', 'l'], parts: ['5', ['2', '3']] })).toBe('[[["x"],5]]');
    expect(textOps(a, { keys: ['x', 'l'], parts: ['1', ['2', '4']] })).toBe('[[["l",1],4]]');
    // A short list: set whole, shorter than a splice.
    expect(textOps(a, { keys: ['x', 'l'], parts: ['1', ['2']] })).toBe('[[["l"],[2]]]');
    expect(textOps(a, { keys: ['x', 'l'], parts: ['1', '{}'] })).toBe('[[["l"],{}]]');
    expect(textOps(a, { keys: ['l', 'x'], parts: [['2', '3'], '1'] })).toBe('[[[],{"l":[2,3],"x":1}]]');
    expect(textOps(a, { keys: ['x'], parts: ['1'] })).toBe('[[[],{"x":1}]]');
  });

  it('a character one of whose values changed is sent that value, not the whole character', () => {
    const p = (hp: number, hand: number[]) => JSON.stringify({ seat: 1, hp, maxHp: 4, alive: true, role: null, handCount: hand.length, equip: { weapon: null, armor: 107 }, hand });
    const hand = [101, 102, 103, 104, 105, 106, 107];
    const a = { keys: ['players'], parts: [[p(4, hand), p(4, [3, 4])]] };
    expect(textOps(a, { keys: ['players'], parts: [[p(4, hand), p(3, [3, 4])]] })).toBe('[[["players",1,"hp"],3]]');
    // The hand lost its first card and drew one: the hand (shorter here than a splice at each end, with this path).
    expect(textOps(a, { keys: ['players'], parts: [[p(4, [...hand.slice(1), 108]), p(4, [3, 4])]] })).toBe('[[["players",0,"hand"],[102,103,104,105,106,107,108]]]');
    expect(textOps(a, { keys: ['players'], parts: [[p(4, [...hand, 108]), p(4, [3, 4])]] })).toBe('[[["players",0,"handCount"],8],[["players",0,"hand"],7,0,[108]]]');
    // A short list is set whole: no shorter as splices.
    expect(textOps(a, { keys: ['players'], parts: [[p(4, hand), p(4, [4, 5])]] })).toBe('[[["players",1,"hand"],[4,5]]]');
  });

  it('a pile whose oldest shown card dropped off as a new one came on top is sent two splices, not every place', () => {
    const top = (from: number) => [...Array(8).keys()].map((k) => String(100 + from + k));
    expect(textOps({ keys: ['discardTop'], parts: [top(0)] }, { keys: ['discardTop'], parts: [top(1)] })).toBe('[[["discardTop"],0,1,[]],[["discardTop"],7,0,[108]]]');
    expect(textOps({ keys: ['discard'], parts: ['["c1","c2","c3","c4","c5"]'] }, { keys: ['discard'], parts: ['["c1","c2","c3","c4","c5","c6"]'] })).toBe('[[["discard"],5,0,["c6"]]]');
  });

  it('any JSON value turned into another, whole or edited in place, as a part or as a list part, rebuilds it byte for byte', () => {
    const edit = fc.tuple(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }), fc.nat(3), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), fc.nat(), fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }));
    fc.assert(
      fc.property(edit, ([xs, d, extra, at, v, obj]) => {
        const k = Object.keys(obj);
        const cases: [unknown, unknown][] = [
          [xs, [...xs.slice(d), ...extra]],
          [xs, xs.map((x, i) => (i === at % Math.max(1, xs.length) ? v : x))],
          [xs, [...extra, ...xs]],
          [obj, k.length ? { ...obj, [k[at % k.length]!]: v } : obj],
          [{ o: obj, l: xs }, { o: k.length ? { ...obj, [k[at % k.length]!]: { x: v, l: xs } } : obj, l: [...xs.slice(0, at % 4), v] }],
          [xs, v],
        ];
        for (const [x, y] of cases)
          for (const asList of [false, true]) {
            if (asList && (!Array.isArray(x) || !Array.isArray(y))) continue;
            const part = (z: unknown) => (asList ? (z as unknown[]).map((i) => JSON.stringify(i)) : JSON.stringify(z));
            const was: ViewText = { keys: ['a', 'p'], parts: ['1', part(x)] };
            const now: ViewText = { keys: ['a', 'p'], parts: ['1', part(y)] };
            const ops = JSON.parse(textOps(was, now)) as Op[];
            expect(JSON.stringify(applyDelta(JSON.parse(joinViewText(was)), ops, true))).toBe(joinViewText(now));
          }
      }),
      { numRuns: 400 },
    );
  });

  it('with one memo for every viewer of a change, each viewer gets exactly the operations it gets without one', () => {
    for (const [, def, seats, most] of GAMES)
      for (const n of [seats, most]) {
        const states = botMoves(def, { seats: n, seed: `memo-${n}` }).states;
        for (let k = 1; k < states.length; k++) {
          const all = viewers(states[k]!);
          const was = def.viewTexts!(states[k - 1]!, all);
          const now = def.viewTexts!(states[k]!, all);
          const memo = textMemo();
          all.forEach((seat, i) => expect(textOps(was[i]!, now[i]!, memo), `seat ${seat} at step ${states[k]!.step}`).toBe(textOps(was[i]!, now[i]!)));
        }
      }
  });

  it('with the memo of the broadcast before (the texts it walked), each viewer gets exactly the operations it gets without one', () => {
    for (const [, def, seats, most] of GAMES)
      for (const n of [seats, most]) {
        const states = botMoves(def, { seats: n, seed: `walked-${n}` }).states;
        let memo: ReturnType<typeof textMemo> | undefined;
        for (let k = 1; k < states.length; k++) {
          const all = viewers(states[k]!);
          // Now and then a view from further back, as a socket that missed changes holds.
          const was = def.viewTexts!(states[k % 7 ? k - 1 : Math.floor(k / 2)]!, all);
          const now = def.viewTexts!(states[k]!, all);
          memo = textMemo(memo);
          all.forEach((seat, i) => expect(textOps(was[i]!, now[i]!, memo), `seat ${seat} at step ${states[k]!.step}`).toBe(textOps(was[i]!, now[i]!)));
        }
      }
  });

  it('a memo never gives one viewer the operation of another key that holds the same texts at the same place', () => {
    const memo = textMemo();
    expect(textOps({ keys: ['a'], parts: ['0'] }, { keys: ['a'], parts: ['1'] }, memo)).toBe('[[["a"],1]]');
    expect(textOps({ keys: ['b'], parts: ['0'] }, { keys: ['b'], parts: ['1'] }, memo)).toBe('[[["b"],1]]');
    expect(textOps({ keys: ['l'], parts: [['0']] }, { keys: ['l'], parts: [['1']] }, memo)).toBe('[[["l",0],1]]');
    expect(textOps({ keys: ['m'], parts: [['0']] }, { keys: ['m'], parts: [['1']] }, memo)).toBe('[[["m",0],1]]');
  });
});
