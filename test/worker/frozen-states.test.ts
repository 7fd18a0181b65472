import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, type GameDef } from '../../worker/engine';
import '../../worker/games';
import type { GameRoom } from '../../worker/room/GameRoom';
import { diffPlain, plainJson } from '../../worker/room/delta';
import { Snapshot } from '../../worker/room/snapshot';
import type { Room } from '../../worker/room/types';
import { api, createGame, join, room, sql } from './helpers';

/**
 * The state diff starts from the state before the answer and skips what the two share (snapshot.ts): that holds
 * only because no state changes once made. The tests' Worker freezes every state the room holds
 * (`FREEZE_STATES`), so a write through a shared part throws here; and after every answer the state storage
 * rebuilds is compared with the one in memory.
 */

/** Start a room of `game` with every seat a person, and return its id. */
async function startRoom(game: string, seats: number, seed: string): Promise<string> {
  const { id, admin } = await createGame({ game, seats, deadline: { minutes: 60 } });
  for (let i = 0; i < seats; i++) await join(id, `P${i}`);
  expect((await api(`/games/${id}/start`, { body: { seed }, token: admin })).status).toBe(200);
  return id;
}

/** Whether `x` and everything in it is frozen. */
function deepFrozen(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return true;
  if (!Object.isFrozen(x)) return false;
  return Object.values(x).every(deepFrozen);
}

/** What a load would rebuild from the room's storage right now, as JSON (a fresh reader: the room is untouched). */
const rebuilt = (inst: GameRoom): string => JSON.stringify(new Snapshot(inst as unknown as Room).read().state);

describe('the state diff starts from the state before the answer', () => {
  for (const [game, seats] of [
    ['sanguosha', 4],
    ['sanguosha', 8],
    ['ghost', 4],
    ['ghost', 8],
  ] as const) {
    it(`after every answer of a seeded full ${game} game at ${seats} seats, storage rebuilds the state in memory byte for byte`, async () => {
      const id = await startRoom(game, seats, `frozen-${game}-${seats}`);
      const { answers, deltas } = await runInDurableObject(room(id), (inst: GameRoom, st) => {
        inst.store.load();
        const def = inst.store.def();
        let answers = 0;
        while (!inst.store.game!.outcome && answers < 3000) {
          const s = inst.store.game!;
          const p = s.prompts[0]!;
          const r = inst.moves.handle(p.seat, inst.store.m.version, botAnswer(def, s, p, botRng(s, p)));
          if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
          answers++;
          expect(rebuilt(inst)).toBe(JSON.stringify(inst.store.game));
          expect(Object.isFrozen(inst.store.game) && Object.isFrozen(inst.store.game!.g)).toBe(true);
        }
        expect(deepFrozen(inst.store.game)).toBe(true);
        const deltas = st.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM moves WHERE delta LIKE '[%'").one().n;
        return { answers, deltas };
      });
      expect(answers).toBeGreaterThan(50);
      // The game ran on the fast path: nearly every answer wrote a delta (a full state is due every FULL_EVERY).
      expect(deltas * 10).toBeGreaterThan(answers * 8);
      const json = await runInDurableObject(room(id), (inst: GameRoom) => JSON.stringify(inst.store.game));
      await evictDurableObject(room(id));
      const again = await runInDurableObject(room(id), (inst: GameRoom) => {
        inst.store.load();
        expect(deepFrozen(inst.store.game)).toBe(true);
        return JSON.stringify(inst.store.game);
      });
      expect(again).toBe(json);
    });
  }

  it('a rule that writes through a part the new state shares with the old one makes the answer fail, and nothing changes', async () => {
    const id = await startRoom('sanguosha', 5, 'writes-through');
    const { failed, accepted } = await runInDurableObject(room(id), (inst: GameRoom, st) => {
      inst.store.load();
      const def = inst.store.def();
      // A game whose draft hands the rules the old state's own data instead of a copy: every rule that changes
      // the game data then writes through the state the room holds.
      const broken: GameDef = { ...def, draft: (g: unknown) => g };
      const store = inst.store as unknown as { def: () => GameDef };
      store.def = () => broken;
      let failed = 0;
      let accepted = 0;
      for (let k = 0; k < 30 && failed < 3; k++) {
        const s = inst.store.game!;
        const p = s.prompts[0]!;
        const json = JSON.stringify(s);
        const version = inst.store.m.version;
        const rows = st.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM moves').one().n;
        const a = botAnswer(def, s, p, botRng(s, p));
        const r = inst.moves.handle(p.seat, version, a);
        if (r.ok) {
          accepted++;
          continue;
        }
        failed++;
        expect(r.reply.status).toBe(500);
        expect((r.reply.body as { error: { code: string } }).error.code).toBe('internal');
        expect(inst.store.game).toBe(s);
        expect(JSON.stringify(inst.store.game)).toBe(json);
        expect(inst.store.m.version).toBe(version);
        expect(st.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM moves').one().n).toBe(rows);
        expect(rebuilt(inst)).toBe(json);
        // The same answer through the game as it is goes through.
        delete (store as { def?: unknown }).def;
        const ok = inst.moves.handle(p.seat, version, a);
        if (!ok.ok) throw new Error(JSON.stringify(ok.reply.body));
        store.def = () => broken;
      }
      delete (store as { def?: unknown }).def;
      expect(rebuilt(inst)).toBe(JSON.stringify(inst.store.game));
      return { failed, accepted };
    });
    expect(failed).toBe(3);
    expect(accepted).toBeGreaterThanOrEqual(0);
    const json = await runInDurableObject(room(id), (inst: GameRoom) => JSON.stringify(inst.store.game));
    await evictDurableObject(room(id));
    expect(await runInDurableObject(room(id), (inst: GameRoom) => (inst.store.load(), JSON.stringify(inst.store.game)))).toBe(json);
    expect((await sql<{ n: number }>(id, 'SELECT count(*) AS n FROM moves'))[0]!.n).toBeGreaterThanOrEqual(3);
  });
});

/**
 * `x` with an undefined key, NaN or -0 added somewhere inside it (down the first elements of its arrays). Added, not
 * put in the place of an equal value: -0 where the old value was 0 is the same JSON and equal under `===`, and the
 * diff rightly leaves it alone.
 */
function spoil(x: unknown, how: 'undefined' | 'nan' | '-0'): unknown {
  const bad = how === 'nan' ? NaN : how === '-0' ? -0 : undefined;
  if (Array.isArray(x)) return x.length ? [spoil(x[0], how), ...x.slice(1)] : [bad];
  if (typeof x === 'object' && x !== null) return { ...x, spoilt: bad };
  return { spoilt: bad };
}

describe('a state is taken as the stored state itself only when it is plain JSON', () => {
  it('diffPlain says a value read back from JSON is plain, and the JSON round trip gives a plain value back as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a0, b0) => {
        const a = JSON.parse(JSON.stringify(a0)) as unknown;
        const b = JSON.parse(JSON.stringify(b0)) as unknown;
        expect(diffPlain(a, b).plain).toBe(true);
        expect(plainJson(b)).toBe(true);
        expect(JSON.parse(JSON.stringify(b))).toStrictEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('an undefined key, NaN or -0 anywhere the diff reaches makes the new state not plain', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('undefined', 'nan', '-0'), (a0, how) => {
        const a = JSON.parse(JSON.stringify({ v: a0, w: [1] })) as { v: unknown; w: number[] };
        const b = { ...a, v: spoil(a.v, how) };
        expect(diffPlain(a, b).plain).toBe(false);
      }),
      { numRuns: 300 },
    );
    class Card {
      id = 3;
    }
    expect(diffPlain({ hand: [{ id: 3 }] }, { hand: [new Card()] }).plain).toBe(false);
    expect(diffPlain({ a: 1 }, { a: 1, b: undefined }).plain).toBe(false);
    // What the diff does not reach (shared by identity) it takes as plain, as the stored state it started from is.
    const shared = { x: [1, 2] };
    expect(diffPlain({ s: shared, n: 1 }, { s: shared, n: 2 }).plain).toBe(true);
  });

  it('a state that is not plain JSON is written exactly, and the answers after it still write exact deltas', async () => {
    const id = await startRoom('ghost', 5, 'not-plain');
    await runInDurableObject(room(id), (inst: GameRoom) => {
      inst.store.load();
      const def = inst.store.def();
      // One answer whose new state carries an undefined key in a part it made.
      let spoilt = false;
      const store = inst.store as unknown as { def: () => GameDef };
      const spoiling: GameDef = {
        ...def,
        draft: (g: unknown) => {
          const c = def.draft ? def.draft(g) : structuredClone(g);
          if (!spoilt) (c as Record<string, unknown>).spoilt = undefined;
          spoilt = true;
          return c;
        },
      };
      for (let k = 0; k < 40 && !inst.store.game!.outcome; k++) {
        store.def = () => (k === 3 ? spoiling : def);
        const s = inst.store.game!;
        const p = s.prompts[0]!;
        const r = inst.moves.handle(p.seat, inst.store.m.version, botAnswer(def, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
        expect(rebuilt(inst)).toBe(JSON.stringify(inst.store.game));
      }
      delete (store as { def?: unknown }).def;
      expect(spoilt).toBe(true);
    });
    const deltas = await sql<{ n: number; delta: string | null }>(id, 'SELECT n, delta FROM moves ORDER BY n');
    expect(deltas.filter((d) => d.delta?.startsWith('[')).length).toBeGreaterThan(30);
  });
});

