import { describe, expect, it } from 'vitest';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, getGame, replay, type Answer, type GameState, type OpenPrompt } from '../../worker/engine';
import '../../worker/games';
import type { GameRoom } from '../../worker/room/GameRoom';
import { MIGRATIONS } from '../../worker/room/schema';
import { FULL_EVERY } from '../../worker/room/snapshot';
import { moveStatement, type LineRow } from '../../worker/room/movewrite';
import { api, createGame, join, newestFull, room, sql, storedMeta } from './helpers';

/**
 * An answer writes its move row (the state as a delta or whole, meta's live part) and its log lines, and nothing
 * else: a re-created object must still find exactly the state and the meta it had, whatever came between.
 */

/** A small seeded PRNG for the test's own choices (where to evict, what to do between answers). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

interface Started {
  id: string;
  admin: string;
  tokens: string[];
}

/** A room of `game` with every seat a person (so every answer moves clocks), started with `seed`. */
async function startRoom(game: string, seats: number, seed: string, options?: Record<string, unknown>): Promise<Started> {
  const { id, admin } = await createGame({ game, seats, deadline: { minutes: 60 }, ...(options ? { options } : {}) });
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) tokens.push((await join(id, `P${i}`)).token);
  expect((await api(`/games/${id}/start`, { body: { seed }, token: admin })).status).toBe(200);
  return { id, admin, tokens };
}

/** The answer a test player gives: the hidden-hand fixture's first card, else the seat's bot answer. */
function pick(game: string, s: GameState, p: OpenPrompt): Answer {
  if (game === 'hidden') return { prompt: p.id, option: 'play', cards: [p.options[0]!.cards!.from[0]!] };
  const def = getGame(game)!;
  return botAnswer(def, s, p, botRng(s, p));
}

/** What the room holds: the state's JSON and meta as the meta row would hold it (settled part, then live part). */
const held = (inst: GameRoom) => ({ state: JSON.stringify(inst.store.game), meta: inst.store.metaJson(inst.store.m), mem: JSON.parse(JSON.stringify(inst.store.m)) as unknown });

/** Play up to `n` answers inside the room; returns what it holds afterwards. */
async function play(game: string, id: string, n: number): Promise<ReturnType<typeof held> & { over: boolean }> {
  return runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    for (let k = 0; k < n && !inst.store.game!.outcome; k++) {
      const s = inst.store.game!;
      const p = s.prompts[0]!;
      const r = inst.moves.handle(p.seat, inst.store.m.version, pick(game, s, p));
      if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
    }
    return { ...held(inst), over: !!inst.store.game!.outcome };
  });
}

const now = (id: string) =>
  runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    return held(inst);
  });

/** Evict the object and check that the new one holds exactly what the old one did. */
async function evictAndCompare(id: string): Promise<void> {
  const before = await now(id);
  await evictDurableObject(room(id));
  const after = await now(id);
  expect(after.state).toBe(before.state);
  expect(after.meta).toBe(before.meta);
  expect(after.mem).toEqual(before.mem);
  // And storage read from outside agrees: meta row + the last move's live part, the newest full state + deltas.
  expect(await storedMeta(id)).toEqual(before.mem);
}

/** One of the changes that write the whole meta row between answers: chat, the host's settings, pause and resume. */
async function between(t: Started, k: number): Promise<void> {
  const seat = k % t.tokens.length;
  if (k % 3 === 0) expect((await api(`/games/${t.id}/chat`, { body: { text: `hi ${k}` }, token: t.tokens[seat] })).status).toBe(201);
  else if (k % 3 === 1) expect((await api(`/games/${t.id}/admin/settings`, { body: { quietCapMinutes: 60 + k }, token: t.admin })).status).toBe(200);
  else {
    expect((await api(`/games/${t.id}/admin/pause`, { body: {}, token: t.admin })).status).toBe(200);
    await evictAndCompare(t.id);
    expect((await api(`/games/${t.id}/admin/resume`, { body: {}, token: t.admin })).status).toBe(200);
  }
}

/** An answer whose transaction fails (the log table refuses its lines): nothing of it may remain. */
async function failedAnswer(game: string, id: string): Promise<void> {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    const s = inst.store.game!;
    const p = s.prompts[0]!;
    const append = inst.log.append.bind(inst.log);
    inst.log.append = () => {
      throw new Error('disk full');
    };
    try {
      expect(() => inst.moves.commit(p.seat, pick(game, s, p), 'player')).toThrow('disk full');
    } finally {
      inst.log.append = append;
    }
  });
}

describe('a re-created object restores state and meta byte for byte from the move rows', () => {
  const games: [string, number, Record<string, unknown> | undefined, number][] = [
    ['sanguosha', 5, undefined, Math.floor(FULL_EVERY * 1.5)],
    ['ghost', 5, undefined, Math.floor(FULL_EVERY * 1.5)],
    // The hidden-hand fixture's small state goes whole into every move row: evicted after nearly every answer.
    ['hidden', 4, { limit: 120 }, 2],
  ];
  for (const [game, seats, options, spread] of games) {
    it(`${game}: after answers at seeded points of a full game, after chat and settings between answers, after a failed transaction, and after the end`, async () => {
      const t = await startRoom(game, seats, `move-row-${game}`, options);
      const rnd = lcg(seats * 104_729 + game.length);
      let k = 0;
      let sinceBetween = false;
      let failed = 0;
      for (;;) {
        const { over } = await play(game, t.id, 1 + Math.floor(rnd() * spread));
        await evictAndCompare(t.id);
        if (over) break;
        const r = rnd();
        if (r < 0.3) {
          await between(t, k++);
          sinceBetween = true;
          await evictAndCompare(t.id);
        } else if (r < 0.4) {
          await failedAnswer(game, t.id);
          failed++;
          await evictAndCompare(t.id);
        }
      }
      expect(sinceBetween).toBe(true);
      expect(failed).toBeGreaterThan(0);
      // The end wrote the snapshot row; the moves replay to it byte for byte.
      const [meta] = await sql<{ json: string }>(t.id, 'SELECT json FROM meta');
      const m = JSON.parse(meta!.json) as { seed: string; options: Record<string, never>; status: string };
      expect(m.status).toBe('finished');
      const moves = await sql<{ n: number; seat: number; answer: string }>(t.id, 'SELECT n, seat, answer FROM moves ORDER BY n');
      const [snap] = await sql<{ step: number; state: string }>(t.id, 'SELECT step, state FROM snapshot');
      expect(snap!.step).toBe(moves.at(-1)!.n);
      expect(JSON.stringify(replay(getGame(game)!, { seats, seed: m.seed, options: m.options }, moves.map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer }))))).toBe(snap!.state);
      // A chat after the end: the meta row is newer than the last move's live part.
      expect((await api(`/games/${t.id}/chat`, { body: { text: 'gg' }, token: t.tokens[0] })).status).toBe(201);
      await evictAndCompare(t.id);
    }, 120_000);
  }

  it('an answer writes the meta row only when more of meta than its live part changed (the end, a notification memo)', async () => {
    const t = await startRoom('ghost', 5, 'meta-row-only-when-settled');
    const metaRow = async () => (await sql<{ json: string }>(t.id, 'SELECT json FROM meta'))[0]!.json;
    const before = await metaRow();
    await play('ghost', t.id, 10);
    expect(await metaRow()).toBe(before);
    const lives = await sql<{ live: string }>(t.id, 'SELECT live FROM moves ORDER BY n');
    expect(lives.map((x) => (JSON.parse(x.live) as { version: number }).version)).toEqual(lives.map((_, i) => (JSON.parse(before) as { version: number }).version + i + 1));
    await play('ghost', t.id, 5000);
    expect(JSON.parse(await metaRow())).toMatchObject({ status: 'finished' });
    await evictAndCompare(t.id);
  });
});

describe('a room written by the deploy before move rows carried meta (schema 5)', () => {
  it('loads exactly, plays on, and writes its answers the new way', async () => {
    const t = await startRoom('sanguosha', 5, 'schema-5-room');
    await play('sanguosha', t.id, 45);
    const before = await now(t.id);
    // What that deploy wrote: the meta row at every answer; a full state only in the snapshot row (its move row's
    // delta NULL), deltas in the move rows after it; no `live` column.
    const full = await newestFull(t.id);
    const [snap0] = await sql<{ step: number }>(t.id, 'SELECT step FROM snapshot');
    expect(full.step).toBeGreaterThan(snap0!.step);
    await runInDurableObject(room(t.id), (inst: GameRoom, st) => {
      const db = st.storage.sql;
      db.exec('UPDATE meta SET json = ? WHERE id = 1', inst.store.metaJson(inst.store.m));
      db.exec('UPDATE snapshot SET step = ?, state = ? WHERE id = 1', full.step, full.state);
      db.exec("UPDATE moves SET delta = NULL WHERE delta LIKE '{%'");
      // Schema 5 had no view over the move rows (migration 7), which the column could not be dropped under.
      db.exec('DROP VIEW move_writes');
      db.exec('ALTER TABLE moves DROP COLUMN live');
      db.exec('UPDATE schema_version SET v = 5');
    });
    const later = await sql<{ n: number }>(t.id, 'SELECT n FROM moves WHERE n > ?', full.step);
    expect(later.length).toBeGreaterThan(0); // the load applies deltas written by that deploy
    await evictDurableObject(room(t.id));
    const loaded = await now(t.id);
    expect(loaded).toEqual(before);
    expect((await sql<{ v: number }>(t.id, 'SELECT v FROM schema_version'))[0]!.v).toBe(MIGRATIONS.length);
    await play('sanguosha', t.id, 20);
    const rows = await sql<{ live: string | null }>(t.id, 'SELECT live FROM moves ORDER BY n DESC LIMIT 20');
    expect(rows.every((r) => r.live !== null)).toBe(true);
    await evictAndCompare(t.id);
    // A chat, then more answers: the meta row and the move rows take turns being the newer.
    expect((await api(`/games/${t.id}/chat`, { body: { text: 'still here' }, token: t.tokens[1] })).status).toBe(201);
    await evictAndCompare(t.id);
    await play('sanguosha', t.id, 3);
    await evictAndCompare(t.id);
  });
});

describe("the move's one statement", () => {
  it('writes the move row and every line of it, from none to more than ride as columns, with the meta row or without', async () => {
    const { id } = await startRoom('hidden', 2, 'move-statement');
    await runInDurableObject(room(id), (_inst: GameRoom, st) => {
      const db = st.storage.sql;
      const metaBefore = db.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').one().json;
      for (let count = 0; count <= 7; count++)
        for (const meta of [null, metaBefore.replace('"version"', '"version_"')]) {
          const n = 1000 + count * 2 + (meta ? 1 : 0);
          const lines: LineRow[] = Array.from({ length: count }, (_, j) => [n * 10 + j, n, j % 2 ? null : 1 << j, JSON.stringify({ key: `line ${j}` })]);
          const [query, bindings] = moveStatement({ n, seat: 1, answer: '{}', by: 'player', at: 'now', delta: null }, `{"n":${n}}`, meta, count ? lines : null);
          db.exec(query, ...bindings);
          const row = db.exec<{ seat: number; live: string; delta: string | null }>('SELECT seat, live, delta FROM moves WHERE n = ?', n).one();
          expect(row).toEqual({ seat: 1, live: `{"n":${n}}`, delta: null });
          const got = db.exec<{ i: number; at: number; aud: number | null; msg: string }>('SELECT i, at, aud, msg FROM log WHERE at = ? ORDER BY i', n).toArray();
          expect(got.map((r) => [r.i, r.at, r.aud, r.msg])).toEqual(lines);
          // The meta row is written only when the statement carries it.
          expect(db.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').one().json).toBe(meta ?? metaBefore);
          db.exec('UPDATE meta SET json = ? WHERE id = 1', metaBefore);
        }
    });
  });
});
