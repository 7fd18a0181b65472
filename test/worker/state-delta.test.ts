import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { apply, botAnswer, botRng, createGame as newState, getGame, replay, type Answer, type GameState } from '../../worker/engine';
import '../../worker/games';
import type { GameRoom } from '../../worker/room/GameRoom';
import { applyDelta, diffState, sameJson, type Op } from '../../worker/room/delta';
import { FULL_EVERY } from '../../worker/room/snapshot';
import { api, createGame, join, newestFull, room, sql } from './helpers';

/** Exact state deltas: each answer writes what it changed, a load applies it as data, and nothing is lost. */

/** A delta as storage carries it: serialised and read back. */
const roundTrip = (a: unknown, b: unknown) => applyDelta(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(diffState(a, b))) as Op[]);

/** A small seeded PRNG for the test's own choices (where to evict). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Play a seeded bot game of `game` in plain engine code, keeping every state. */
function engineGame(game: string, seats: number, seed: string): GameState[] {
  const def = getGame(game)!;
  let s = newState(def, { seats, seed, options: def.parseOptions(undefined, seats) as never });
  const out = [s];
  while (!s.outcome && out.length < 3000) {
    const p = s.prompts[0]!;
    const r = apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p)));
    if (!r.ok) throw new Error(r.error.reason);
    out.push((s = r.value.state));
  }
  return out;
}

describe('the delta of two states', () => {
  it('applied to the first state as read from storage gives the second byte for byte, for any JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(JSON.stringify(roundTrip(a, b))).toBe(JSON.stringify(b));
      }),
      { numRuns: 500 },
    );
  });

  it('is exact between consecutive states of seeded 三国杀 and 驱鬼 games, and much smaller than the state', () => {
    for (const [game, seats] of [['sanguosha', 8], ['ghost', 5]] as const) {
      const states = engineGame(game, seats, `delta-${game}`);
      let deltaBytes = 0;
      let stateBytes = 0;
      for (let i = 1; i < states.length; i++) {
        const d = JSON.stringify(diffState(states[i - 1], states[i]));
        expect(JSON.stringify(roundTrip(states[i - 1], states[i]))).toBe(JSON.stringify(states[i]));
        deltaBytes += d.length;
        stateBytes += JSON.stringify(states[i]).length;
      }
      expect(deltaBytes * 3).toBeLessThan(stateBytes);
    }
  });

  it('the write-time check (sameJson) says equal only where the two serialise to the same bytes', () => {
    // Pairs drawn independently and pairs of a value and its JSON copy (equal), with keys reordered (not equal).
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        if (sameJson(a, b)) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        expect(sameJson(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(sameJson({ p: 1, q: 2 }, { q: 2, p: 1 })).toBe(false);
    expect(sameJson([1, [2, { a: 'x' }]], [1, [2, { a: 'x' }]])).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it('keeps key order: a key that moves or is added before others replaces its object whole', () => {
    const a = { x: 1, y: { p: 1, q: 2 } };
    const b = { x: 1, y: { q: 2, p: 1 } };
    expect(diffState(a, b)).toEqual([[['y'], { q: 2, p: 1 }]]);
    expect(JSON.stringify(roundTrip(a, b))).toBe(JSON.stringify(b));
  });

  it('writes a prompt that took the place of another (a different id) whole, and edits one with the same id in place', () => {
    const ask = (id: string, card: number) => ({ id, seat: 1, options: [{ id: `use:${card}`, message: { key: 'k', params: { card } } }] });
    const a = { prompts: [ask('p1', 3)], nextId: 1 };
    const b = { prompts: [ask('p2', 5)], nextId: 2 };
    expect(diffState(a, b)).toEqual([[['prompts', 0], b.prompts[0]], [['nextId'], 2]]);
    expect(JSON.stringify(roundTrip(a, b))).toBe(JSON.stringify(b));
    const c = { prompts: [{ ...ask('p1', 3), seat: 2 }], nextId: 1 };
    expect(diffState(a, c)).toEqual([[['prompts', 0, 'seat'], 2]]);
  });

  it('is exact for lists of things with ids that come, go and change, ids of any JSON kind', () => {
    const thing = fc.record({ id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'), fc.constant(null), fc.jsonValue()), v: fc.jsonValue() });
    fc.assert(
      fc.property(fc.array(thing, { maxLength: 4 }), fc.array(thing, { maxLength: 4 }), (a, b) => {
        expect(JSON.stringify(roundTrip({ list: a }, { list: b }))).toBe(JSON.stringify({ list: b }));
      }),
      { numRuns: 500 },
    );
  });

  it('applied with copying leaves the state it starts from untouched', () => {
    const a = { hand: [1, 2, 3], seats: [{ hp: 4 }, { hp: 3 }] };
    const before = JSON.stringify(a);
    const out = applyDelta(a, [[['hand'], 0, 1, []], [['seats', 1, 'hp'], 2]], true);
    expect(JSON.stringify(a)).toBe(before);
    expect(out).toEqual({ hand: [2, 3], seats: [{ hp: 4 }, { hp: 2 }] });
  });
});

/** Start a room of `game` with every seat a person, and return its id. */
async function startRoom(game: string, seats: number, seed: string): Promise<string> {
  const { id, admin } = await createGame({ game, seats, deadline: { minutes: 60 } });
  for (let i = 0; i < seats; i++) await join(id, `P${i}`);
  expect((await api(`/games/${id}/start`, { body: { seed }, token: admin })).status).toBe(200);
  return id;
}

/** Play up to `n` answers inside the room, each its first open prompt's bot answer; returns the state's JSON. */
async function play(id: string, n: number): Promise<{ json: string; over: boolean }> {
  return runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    const def = inst.store.def();
    for (let k = 0; k < n && !inst.store.game!.outcome; k++) {
      const s = inst.store.game!;
      const p = s.prompts[0]!;
      const r = inst.moves.handle(p.seat, inst.store.m.version, botAnswer(def, s, p, botRng(s, p)));
      if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
    }
    return { json: JSON.stringify(inst.store.game), over: !!inst.store.game!.outcome };
  });
}

const loaded = (id: string) =>
  runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    return JSON.stringify(inst.store.game);
  });

describe('a room stores an exact delta per answer', () => {
  for (const [game, seats] of [['sanguosha', 5], ['ghost', 5]] as const) {
    it(`eviction at random points of a seeded ${game} game restores the state byte for byte, and the move log replays to the full snapshot`, async () => {
      const seed = `evict-${game}`;
      const id = await startRoom(game, seats, seed);
      const rnd = lcg(seats * 7919 + game.length);
      let evictions = 0;
      let behind = 0;
      for (;;) {
        const { json, over } = await play(id, 1 + Math.floor(rnd() * FULL_EVERY * 1.5));
        await evictDurableObject(room(id));
        expect(await loaded(id)).toBe(json);
        evictions++;
        // The newest full state (the snapshot row, or a move row carrying the whole state) is what a load starts from.
        const snap = await newestFull(id);
        const moves = await sql<{ n: number; seat: number; answer: string; delta: string | null }>(id, 'SELECT n, seat, answer, delta FROM moves ORDER BY n');
        if (snap.step < moves.at(-1)!.n) behind++;
        const [meta] = await sql<{ json: string }>(id, 'SELECT json FROM meta');
        const m = JSON.parse(meta!.json) as { seed: string; options: Record<string, never> };
        const asMoves = moves.filter((x) => x.n <= snap.step).map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer }));
        expect(JSON.stringify(replay(getGame(game)!, { seats, seed: m.seed, options: m.options }, asMoves))).toBe(snap.state);
        if (over) {
          // The last answer wrote the whole state into the snapshot row, and its move row holds no state.
          const [row] = await sql<{ step: number; state: string }>(id, 'SELECT step, state FROM snapshot');
          expect(row).toEqual({ step: moves.at(-1)!.n, state: json });
          expect(snap.state).toBe(json);
          expect(moves.at(-1)!.delta).toBeNull();
          break;
        }
      }
      expect(evictions).toBeGreaterThan(3);
      expect(behind).toBeGreaterThan(0); // some loads did apply deltas
    });
  }

  it('a load never runs the rules: the moves after the full snapshot can be nonsense and the state is still restored from their deltas', async () => {
    const id = await startRoom('sanguosha', 5, 'no-rules-on-load');
    const { json } = await play(id, 40);
    const [snap] = await sql<{ step: number }>(id, 'SELECT step FROM snapshot');
    const later = await sql<{ n: number }>(id, 'SELECT n FROM moves WHERE n > ?', snap!.step);
    expect(later.length).toBeGreaterThan(0);
    await sql(id, `UPDATE moves SET answer = '{"prompt":"no-such-prompt","option":"nothing"}' WHERE n > ?`, snap!.step);
    // Neither does it read a move row before the newest full state (one carried in a move row too).
    const full = await newestFull(id);
    expect(full.step).toBeGreaterThan(snap!.step);
    await sql(id, `UPDATE moves SET delta = '[[["nonsense"],1]]' WHERE n > ? AND n < ?`, snap!.step, full.step);
    await evictDurableObject(room(id));
    expect(await loaded(id)).toBe(json);
  });

  it('a room written before deltas (schema 4: a full snapshot after every answer) loads, plays on and writes deltas', async () => {
    const id = await startRoom('ghost', 5, 'schema-4-room');
    const { json } = await play(id, 10);
    // What today's main wrote: the snapshot current after every answer, move rows without a delta column.
    await runInDurableObject(room(id), (inst: GameRoom, st) => {
      const db = st.storage.sql;
      db.exec('UPDATE snapshot SET step = ?, state = ? WHERE id = 1', inst.store.game!.step, JSON.stringify(inst.store.game));
      db.exec('UPDATE meta SET json = ? WHERE id = 1', inst.store.metaJson(inst.store.m));
      // Schema 4 had no view over the move rows (migration 7), which the columns could not be dropped under.
      db.exec('DROP VIEW move_writes');
      db.exec('ALTER TABLE moves DROP COLUMN delta');
      db.exec('ALTER TABLE moves DROP COLUMN live');
      db.exec('UPDATE schema_version SET v = 4');
    });
    await evictDurableObject(room(id));
    expect(await loaded(id)).toBe(json);
    const { json: later } = await play(id, 5);
    const deltas = await sql<{ delta: string | null }>(id, 'SELECT delta FROM moves WHERE n > 10');
    expect(deltas.length).toBe(5);
    expect(deltas.some((d) => d.delta?.startsWith('['))).toBe(true);
    await evictDurableObject(room(id));
    expect(await loaded(id)).toBe(later);
  });

  it('an answer whose transaction fails leaves nothing behind: the next answers still write exact deltas', async () => {
    const id = await startRoom('sanguosha', 5, 'rolled-back');
    await play(id, 5);
    const before = await loaded(id);
    await runInDurableObject(room(id), (inst: GameRoom) => {
      const s = inst.store.game!;
      const p = s.prompts[0]!;
      const append = inst.log.append.bind(inst.log);
      inst.log.append = () => {
        throw new Error('disk full');
      };
      expect(() => inst.moves.commit(p.seat, botAnswer(inst.store.def(), s, p, botRng(s, p)), 'player')).toThrow('disk full');
      inst.log.append = append;
      expect(JSON.stringify(inst.store.game)).toBe(before);
    });
    const { json } = await play(id, 12);
    await evictDurableObject(room(id));
    expect(await loaded(id)).toBe(json);
    // The answer after the failed one is a delta on the state as stored (a stale in-memory copy would fail the
    // write-time check and force a full snapshot here).
    expect((await sql<{ delta: string | null }>(id, 'SELECT delta FROM moves WHERE n = 6'))[0]!.delta).not.toBeNull();
  });

  it('a full state is written at least every FULL_EVERY answers (into the move row), so a load applies fewer deltas than that', async () => {
    const id = await startRoom('ghost', 5, 'full-every');
    await play(id, FULL_EVERY * 3);
    const moves = await sql<{ n: number; delta: string | null }>(id, 'SELECT n, delta FROM moves ORDER BY n');
    let run = 0;
    for (const m of moves) {
      run = m.delta === null || m.delta.startsWith('{') ? 0 : run + 1;
      expect(run).toBeLessThan(FULL_EVERY);
    }
    expect(moves.filter((m) => m.delta?.startsWith('[')).length).toBeGreaterThan(moves.length / 2);
    expect(moves.filter((m) => m.delta?.startsWith('{')).length).toBeGreaterThanOrEqual(2);
    // The snapshot row is the start's: no answer before the end writes it.
    expect((await sql<{ step: number }>(id, 'SELECT step FROM snapshot'))[0]!.step).toBe(0);
  });
});
