import { describe, expect, it } from 'vitest';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { createGame, replay, replayWithLog, type Answer, type Move } from '../../worker/engine';
import type { StateBody } from '../../worker/protocol';
import type { GameRoom } from '../../worker/room/GameRoom';
import { MIGRATIONS } from '../../worker/room/schema';
import { FULL_EVERY } from '../../worker/room/snapshot';
import { hashToken } from '../../worker/room/tokens';
import { duel } from '../fixtures/duel';
import { answer, api, createGame as newGame, expectError, join, logOf, newestFull, pickColours, room, runAlarm, sql, stateOf, table } from './helpers';
import { botMoves } from '../helpers/play';

/** Moves and storage: what one answer writes, in one transaction, and what a room written by an older deploy becomes. */

const MIN = 60_000;

/** Count the SQL statements the room runs while `fn` runs (its `sql` wrapped on the instance). */
async function countStatements(id: string, fn: () => Promise<unknown>): Promise<number> {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    const real = inst.state.storage.sql;
    const counter = { n: 0 };
    (inst as unknown as { counter: typeof counter }).counter = counter;
    Object.defineProperty(inst, 'sql', {
      configurable: true,
      get: () => new Proxy(real, { get: (t, k) => (k === 'exec' ? (...a: Parameters<SqlStorage['exec']>) => (counter.n++, t.exec(...a)) : Reflect.get(t, k)) }),
    });
  });
  await fn();
  return runInDurableObject(room(id), (inst: GameRoom) => {
    const n = (inst as unknown as { counter: { n: number } }).counter.n;
    delete (inst as unknown as { sql?: unknown }).sql;
    return n;
  });
}

describe('moves and storage', () => {
  it('an answer runs at most 5 SQL statements: the move with its state delta, its log lines, the meta row, the full snapshot when due (and the reply’s log tail)', async () => {
    const t = await table(2);
    await pickColours(t);
    for (let k = 0; k < 4; k++) {
      const s = await stateOf(t.id, t.tokens[k % 2]);
      const p = s.prompts[0]!;
      const n = await countStatements(t.id, async () => {
        const r = await api(`/games/${t.id}/answers`, { body: { version: s.version, answer: { prompt: p.id, option: 'pass' } }, token: t.tokens[k % 2] });
        expect(r.status).toBe(200);
      });
      expect(n).toBeLessThanOrEqual(5);
      expect(n).toBeGreaterThanOrEqual(2); // the counter does count: the move row, its log lines
    }
  });

  it('a hidden-hand answer runs 2 SQL statements (the move row with the whole small state and meta’s live part, its log lines); over HTTP the reply’s log tail is a third', async () => {
    const { id, admin } = await newGame({ game: 'hidden', seats: 4, options: { limit: 200 } });
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await join(id, `p${i}`)).token);
    expect((await api(`/games/${id}/start`, { body: {}, token: admin })).status).toBe(200);
    const play = (p: { id: string; options: { cards?: { from: string[] } }[] }) => ({ prompt: p.id, option: 'play', cards: [p.options[0]!.cards!.from[0]!] });
    // An answer as a socket makes it (GameRoom's answer message: handle, then the broadcast and the alarm),
    // across a FULL_EVERY boundary: no answer before the end writes the snapshot row or the meta row.
    const inside = await runInDurableObject(room(id), async (inst: GameRoom) => {
      const real = inst.state.storage.sql;
      const seen: string[][] = [];
      let cur: string[] = [];
      Object.defineProperty(inst, 'sql', {
        configurable: true,
        get: () => new Proxy(real, { get: (t, k) => (k === 'exec' ? (...a: Parameters<SqlStorage['exec']>) => (cur.push(a[0]), t.exec(...a)) : Reflect.get(t, k)) }),
      });
      for (let k = 0; k < FULL_EVERY + 4; k++) {
        const p = inst.store.game!.prompts[0]!;
        cur = [];
        const r = inst.moves.handle(p.seat, inst.store.m.version, play(p));
        if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
        await inst.moves.afterChange();
        seen.push(cur);
      }
      delete (inst as unknown as { sql?: unknown }).sql;
      return seen;
    });
    for (const st of inside) expect(st.map((q) => q.split(' (')[0])).toEqual(['INSERT INTO log', 'INSERT INTO moves']);
    const moves = await sql<{ delta: string; live: string }>(id, 'SELECT delta, live FROM moves');
    expect(moves.every((m) => m.delta.startsWith('{') && m.live.startsWith('{"version":'))).toBe(true);
    expect((await sql<{ step: number }>(id, 'SELECT step FROM snapshot'))[0]!.step).toBe(0);
    // Over HTTP the reply carries the seat's log tail, read from the log table.
    for (let k = 0; k < 3; k++) {
      const states = await Promise.all(tokens.map((tok) => stateOf(id, tok)));
      const seat = states.findIndex((x) => x.prompts.length > 0);
      const s = states[seat]!;
      const n = await countStatements(id, async () => {
        expect((await api(`/games/${id}/answers`, { body: { version: s.version, answer: play(s.prompts[0]! as never) }, token: tokens[seat] })).status).toBe(200);
      });
      expect(n).toBe(3);
    }
  });

  it('eviction after any move restores exactly: every seat and a spectator see the same state, across snapshot boundaries', async () => {
    // Six seats: six colour picks and FULL_EVERY + 10 turns cross the first full snapshot after the start.
    const t = await table(6);
    await pickColours(t);
    const viewers = [...t.tokens, null];
    let replayed = 0;
    const snapSteps = new Set<number>();
    for (let k = 0; k < FULL_EVERY + 10; k++) {
      const states = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
      if (states[0]!.status === 'finished') break;
      const seat = states.findIndex((x) => x.prompts.length > 0);
      const p = states[seat]!.prompts[0]!;
      const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
      expect((await api(`/games/${t.id}/answers`, { body: { version: states[seat]!.version, answer: { prompt: p.id, option: o.id } }, token: t.tokens[seat] })).status).toBe(200);
      const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
      await evictDurableObject(room(t.id));
      expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(before);
      const [snap] = await sql<{ step: number }>(t.id, 'SELECT step FROM snapshot');
      const [last] = await sql<{ n: number }>(t.id, 'SELECT MAX(n) AS n FROM moves');
      snapSteps.add(snap!.step);
      if (snap!.step < last!.n) replayed++;
      const full = await newestFull(t.id);
      expect(full.step).toBeGreaterThan(last!.n - FULL_EVERY);
    }
    // Restored from a full snapshot older than the last move (the deltas after it applied), and across a full snapshot.
    expect(replayed).toBeGreaterThan(0);
    expect(snapSteps.size).toBeGreaterThan(1);
  });

  it('a snapshot older than the last move whose moves carry no delta (written by a deploy before deltas) is caught up by replaying them', async () => {
    const t = await table(4);
    await pickColours(t);
    const [old] = await sql<{ step: number; state: string }>(t.id, 'SELECT step, state FROM snapshot');
    for (let k = 0; k < 5; k++) {
      const st = await Promise.all(t.tokens.map((tok) => stateOf(t.id, tok)));
      const seat = st.findIndex((x) => x.prompts.length > 0);
      const p = st[seat]!.prompts[0]!;
      const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
      expect((await api(`/games/${t.id}/answers`, { body: { version: st[seat]!.version, answer: { prompt: p.id, option: o.id } }, token: t.tokens[seat] })).status).toBe(200);
    }
    const viewers = [...t.tokens, null];
    const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
    await sql(t.id, 'UPDATE snapshot SET step = ?, state = ? WHERE id = 1', old!.step, old!.state);
    await sql(t.id, 'UPDATE moves SET delta = NULL');
    await evictDurableObject(room(t.id));
    expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(before);
  });

  it('the move, its log lines and the snapshot are written together; the snapshot holds no log, only its count', async () => {
    const t = await table(2);
    await pickColours(t);
    const before = await logOf(t.id);
    await answer(t.id, t.tokens[0]!, { option: 'pass' }, 'play');
    const after = await logOf(t.id);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
    const snap = await newestFull(t.id);
    const state = JSON.parse(snap.state);
    expect(state).not.toHaveProperty('log');
    const [meta] = await sql<{ json: string }>(t.id, 'SELECT json FROM meta');
    const { seed, seats, options } = JSON.parse(meta!.json);
    const moves = await sql<{ n: number; seat: number; answer: string }>(t.id, 'SELECT n, seat, answer FROM moves ORDER BY n');
    const asMoves = (xs: typeof moves) => xs.map((m) => ({ seat: m.seat, answer: JSON.parse(m.answer) as Answer }));
    const again = replayWithLog(duel, { seats, seed, options }, asMoves(moves));
    // Replay up to the snapshot's step reproduces it byte for byte (the moves after it are its delta), and the
    // whole move log reproduces the log table line for line.
    expect(snap.step).toBe(moves.at(-1)!.n);
    expect(JSON.stringify(replay(duel, { seats, seed, options }, asMoves(moves.filter((m) => m.n <= snap.step))))).toBe(snap.state);
    expect(again.state.logCount).toBe(after.length);
    expect(again.log.map(({ at, to, msg }) => ({ at, to, msg }))).toEqual(after.map(({ at, to, msg }) => ({ at, to, msg })));
  });

  it('the snapshot does not grow with the number of moves: a 2,000-answer hidden-hand match stays under 10 KB', async () => {
    const { id, admin } = await newGame({ game: 'hidden', seats: 4, options: { limit: 3000 } });
    for (let i = 0; i < 4; i++) await join(id, `p${i}`);
    expect((await api(`/games/${id}/start`, { body: {}, token: admin })).status).toBe(200);
    const sizes: Record<number, number> = {};
    const snapshotBytes = async () => (await newestFull(id)).state.length;
    sizes[0] = await snapshotBytes();
    for (const upTo of [100, 1000, 2000]) {
      await runInDurableObject(room(id), (inst: GameRoom) => {
        while (inst.store.game!.step < upTo) {
          const p = inst.store.game!.prompts[0]!;
          const r = inst.moves.handle(p.seat, inst.store.m.version, { prompt: p.id, option: 'play', cards: [p.options[0]!.cards!.from[0]!] });
          if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
        }
      });
      sizes[upTo] = await snapshotBytes();
    }
    expect(Math.max(...Object.values(sizes))).toBeLessThan(10_000);
    // The state's size wanders with the discard pile; it does not climb with the moves.
    expect(sizes[2000]!).toBeLessThan(sizes[100]! * 1.5);
    expect((await sql<{ n: number }>(id, 'SELECT COUNT(*) AS n FROM log'))[0]!.n).toBeGreaterThan(4000);
  });

  it('a finished game serves its record (creation parameters, seed, names, moves) and a running one is a 404', async () => {
    const t = await table(2);
    expectError(await api(`/games/${t.id}/record`), 404, 'not_found');
    expect((await api(`/games/${t.id}/admin/end`, { body: {}, token: t.admin })).status).toBe(200);
    const r = await api(`/games/${t.id}/record`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ game: 'duel', seats: 2, names: ['A', 'B'], moves: [] });
    expect(typeof r.body.seed).toBe('string');
    expectError(await api('/games/zzzzzzzzzzzzzz/record'), 404, 'not_found');
  });

  it('the record of a game played to its end replays to the final snapshot', async () => {
    const t = await table(2);
    await pickColours(t);
    for (let k = 0; k < 200; k++) {
      const states = await Promise.all(t.tokens.map((tok) => stateOf(t.id, tok)));
      if (states[0]!.status === 'finished') break;
      const seat = states.findIndex((s) => s.prompts.length > 0);
      const p = states[seat]!.prompts[0]!;
      const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
      expect((await api(`/games/${t.id}/answers`, { body: { version: states[seat]!.version, answer: { prompt: p.id, option: o.id } }, token: t.tokens[seat] })).status).toBe(200);
    }
    const rec = (await api(`/games/${t.id}/record`)).body as { seed: string; seats: number; options: Record<string, never>; moves: Move[] };
    const [snap] = await sql<{ state: string }>(t.id, 'SELECT state FROM snapshot');
    expect(JSON.stringify(replay(duel, { seats: rec.seats, seed: rec.seed, options: rec.options }, rec.moves))).toBe(snap!.state);
  });

  it('a default taken at a deadline is told in a public line before the move’s own lines', async () => {
    let now = Date.parse('2030-03-01T08:00:00Z');
    const t = await table(2, { clock: () => now, body: { deadline: { minutes: 10 } } });
    await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    const before = (await logOf(t.id)).length;
    now += 10 * MIN + 1000;
    expect(await runAlarm(t.id)).toBe(true);
    const lines = (await logOf(t.id)).slice(before);
    expect(lines[0]).toMatchObject({ to: 'public', msg: { key: 'room.log.timedOut', params: { seat: 1 } } });
    expect(lines.length).toBeGreaterThan(1);
    const seen = (await stateOf(t.id, t.tokens[0])).log.map((l) => l.msg.key);
    expect(seen).toContain('room.log.timedOut');
  });

  it('a bot answering for an absent seat is told in a public line', async () => {
    let now = Date.parse('2030-03-01T08:00:00Z');
    const t = await table(2, { clock: () => now, body: { deadline: { minutes: 10 }, options: { botsForAbsent: true } } });
    await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    now += 10 * MIN + 1000;
    expect(await runAlarm(t.id)).toBe(true);
    expect((await logOf(t.id)).some((l) => l.msg.key === 'room.log.botPlayed' && l.msg.params?.seat === 1)).toBe(true);
  });
});

describe('a room written before the log left the state', () => {
  it('is migrated when it starts (log into its table, clocks into meta) and plays on, replaying to its snapshot byte for byte', async () => {
    const id = 'oldroomwithlog';
    const tokens = ['tokenAAAAAAAAAAAAAAAAA', 'tokenBBBBBBBBBBBBBBBBBB'];
    // Today's code's storage of a 2-seat duel six answers in: migrations 1–2, meta without clocks, a clocks
    // table, and a snapshot with the whole log inside it (between nextId and step, as the old engine wrote it).
    const { moves } = botMoves(duel, { seats: 2, seed: 'old-deploy' }, 6);
    const { state, log } = replayWithLog(duel, { seats: 2, seed: 'old-deploy' }, moves);
    const { logCount: _count, step, outcome, ...head } = state;
    const oldSnapshot = { ...head, log, step, outcome };
    const version = 10;
    const hashes = await Promise.all(tokens.map(hashToken));
    await runInDurableObject(room(id), (_inst: unknown, st) => {
      const db = st.storage.sql;
      db.exec('CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
      db.exec(MIGRATIONS[0] as string);
      db.exec(MIGRATIONS[1] as string);
      db.exec('INSERT INTO schema_version (id, v) VALUES (1, 2)');
      const meta = { id, game: 'duel', seats: 2, options: {}, deadlineMinutes: 60, createdAt: '2026-11-30T10:00:00.000Z', origin: 'https://teahouse.test', adminHash: hashes[0], seed: 'old-deploy', status: 'playing', paused: false, version, gameVersion: version };
      db.exec('INSERT INTO meta (id, json) VALUES (1, ?)', JSON.stringify(meta));
      hashes.forEach((h, seat) => db.exec('INSERT INTO seats (seat, name, token_hash) VALUES (?, ?, ?)', seat, 'AB'[seat]!, h));
      moves.forEach((m, k) => db.exec('INSERT INTO moves (n, seat, answer, by, at) VALUES (?, ?, ?, ?, ?)', k + 1, m.seat, JSON.stringify(m.answer), 'player', '2026-11-30T10:00:00.000Z'));
      db.exec('INSERT INTO snapshot (id, step, state) VALUES (1, ?, ?)', state.step, JSON.stringify(oldSnapshot));
      for (const p of state.prompts)
        db.exec("INSERT INTO clocks (prompt, seat, deadline_at, remaining_ms, reminders, stand_in, opened_version) VALUES (?, ?, ?, ?, '[]', 0, ?)", p.id, p.seat, Date.now() + 60 * MIN, 60 * MIN, version);
    });
    await evictDurableObject(room(id));
    // Every seat reads the same lines as before the deploy, with the same indices.
    for (const seat of [0, 1]) {
      const body = await stateOf(id, tokens[seat]);
      const mine = log.filter((e) => e.to === 'public' || e.to.includes(seat)).map(({ i, at, msg }) => ({ i, at, msg }));
      expect(body.log).toEqual(mine);
      expect(body.logEnd).toBe(log.length);
      expect(body.prompts.map((p) => p.id)).toEqual(state.prompts.filter((p) => p.seat === seat).map((p) => p.id));
      expect(body.prompts.every((p) => typeof p.deadline === 'string')).toBe(true);
    }
    const [snap] = await sql<{ state: string }>(id, 'SELECT state FROM snapshot');
    expect(snap!.state).toBe(JSON.stringify(state));
    expect(await sql(id, "SELECT name FROM sqlite_master WHERE name = 'clocks'")).toEqual([]);
    // And it plays on: the next answers are judged, logged after the old lines, and replay to the snapshot.
    for (let k = 0; k < 3; k++) {
      const bodies = await Promise.all(tokens.map((tok) => stateOf(id, tok)));
      const seat = bodies.findIndex((b) => b.prompts.length > 0);
      const b = bodies[seat]! as StateBody;
      const r = await api(`/games/${id}/answers`, { body: { version: b.version, answer: { prompt: b.prompts[0]!.id, option: 'pass' } }, token: tokens[seat] });
      expect(r.status).toBe(200);
    }
    const after = await logOf(id);
    expect(after.slice(0, log.length)).toEqual(log);
    expect(after.length).toBeGreaterThan(log.length);
    const all = await sql<{ n: number; seat: number; answer: string }>(id, 'SELECT n, seat, answer FROM moves ORDER BY n');
    const [now] = await sql<{ step: number; state: string }>(id, 'SELECT step, state FROM snapshot');
    expect(JSON.stringify(replay(duel, { seats: 2, seed: 'old-deploy' }, all.filter((m) => m.n <= now!.step).map((m) => ({ seat: m.seat, answer: JSON.parse(m.answer) as Answer }))))).toBe(now!.state);
  });
});
