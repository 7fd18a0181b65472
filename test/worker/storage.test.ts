import { describe, expect, it } from 'vitest';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, replay, replayWithLog, type Answer, type Move } from '../../worker/engine';
import '../../worker/games';
import type { StateBody } from '../../worker/protocol';
import type { GameRoom } from '../../worker/room/GameRoom';
import { MIGRATIONS } from '../../worker/room/store';
import schema7 from '../fixtures/room-schema7.json';
import { hashToken } from '../../worker/room/seats';
import { duel } from '../fixtures/duel';
import {
  answer,
  api,
  createGame as newGame,
  expectError,
  join,
  logOf,
  logRows,
  pickColours,
  room,
  runAlarm,
  snapshotOf,
  sql,
  stateOf,
  storedMeta,
  table,
} from './helpers';
import { botMoves } from '../helpers/play';

/** Moves and storage: what one answer writes, in one transaction, and what a room written by an older deploy becomes. */

const MIN = 60_000;

/** What reaches the runtime's storage: every SQL statement's text, in order, and every transaction opened. */
interface Watch {
  statements: string[];
  transactions: number;
}

/**
 * Watch what the room hands the runtime's storage (its `state` replaced on the instance by one whose storage
 * records each `sql.exec` and `transactionSync`), until `unwatch`.
 */
function watch(inst: GameRoom): Watch {
  const real = inst.state;
  const w: Watch = { statements: [], transactions: 0 };
  const own = <T extends object>(t: T, k: string | symbol) => {
    const v = Reflect.get(t, k);
    return typeof v === 'function' ? v.bind(t) : v;
  };
  const sqlOf = new Proxy(real.storage.sql, {
    get: (t, k) =>
      k === 'exec' ? (...a: Parameters<SqlStorage['exec']>) => (w.statements.push(a[0]), t.exec(...a)) : own(t, k),
  });
  const storage = new Proxy(real.storage, {
    get: (t, k) =>
      k === 'sql'
        ? sqlOf
        : k === 'transactionSync'
          ? <T>(fn: () => T): T => (w.transactions++, t.transactionSync(fn))
          : own(t, k),
  });
  const state = new Proxy(real, { get: (t, k) => (k === 'storage' ? storage : own(t, k)) });
  (inst as unknown as { state: DurableObjectState; watched: Watch; realState: DurableObjectState }).state = state;
  Object.assign(inst, { watched: w, realState: real });
  return w;
}

function unwatch(inst: GameRoom): Watch {
  const x = inst as unknown as { state: DurableObjectState; watched: Watch; realState: DurableObjectState };
  x.state = x.realState;
  return x.watched;
}

/** What the room hands its storage while `fn` runs (requests to it included). */
async function watchWhile(id: string, fn: () => Promise<unknown>): Promise<Watch> {
  await runInDurableObject(room(id), (inst: GameRoom) => void watch(inst));
  await fn();
  return runInDurableObject(room(id), (inst: GameRoom) => unwatch(inst));
}

/** The first words of a statement, up to its table (`INSERT INTO moves`). */
const head = (q: string): string => q.trim().split(' (')[0]!;

describe('moves and storage', () => {
  it('an answer writes four rows in ONE transaction: its move, the snapshot, its log lines (one row) and meta, and nothing else', async () => {
    const t = await table(2);
    await pickColours(t);
    for (let k = 0; k < 4; k++) {
      const s = await stateOf(t.id, t.tokens[k % 2]);
      const p = s.prompts[0]!;
      const w = await watchWhile(t.id, async () => {
        const r = await api(`/games/${t.id}/answers`, {
          body: { version: s.version, answer: { prompt: p.id, option: 'pass' } },
          token: t.tokens[k % 2],
        });
        expect(r.status).toBe(200);
      });
      const writes = w.statements.filter((q) => !/^\s*SELECT/i.test(q)).map(head);
      expect(writes).toEqual(['INSERT INTO moves', 'INSERT INTO snapshot', 'INSERT INTO log', 'INSERT INTO meta']);
      expect(w.transactions).toBe(1);
    }
  });

  it('eviction after any move restores exactly: every seat and a spectator see the same state, and the snapshot is the last move’s', async () => {
    const t = await table(6);
    await pickColours(t);
    const viewers = [...t.tokens, null];
    for (let k = 0; k < 20; k++) {
      const states = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
      if (states[0]!.status === 'finished') break;
      const seat = states.findIndex((x) => x.prompts.length > 0);
      const p = states[seat]!.prompts[0]!;
      const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
      expect(
        (
          await api(`/games/${t.id}/answers`, {
            body: { version: states[seat]!.version, answer: { prompt: p.id, option: o.id } },
            token: t.tokens[seat],
          })
        ).status,
      ).toBe(200);
      const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
      await evictDurableObject(room(t.id));
      expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(before);
      const [last] = await sql<{ n: number }>(t.id, 'SELECT MAX(n) AS n FROM moves');
      expect((await snapshotOf(t.id)).step).toBe(last!.n);
    }
  });

  it('a load reads the snapshot, never the rules: moves before the snapshot’s step that the rules would refuse change nothing', async () => {
    const t = await table(2);
    await pickColours(t);
    const viewers = [...t.tokens, null];
    const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
    await sql(t.id, `UPDATE moves SET answer = '{"prompt":"nonsense","option":"none"}'`);
    await evictDurableObject(room(t.id));
    expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(before);
  });

  it('a snapshot older than the last move (written by a deploy before the snapshot went with every move) is caught up by replaying the moves after it', async () => {
    const t = await table(4);
    await pickColours(t);
    const old = await snapshotOf(t.id);
    for (let k = 0; k < 5; k++) {
      const st = await Promise.all(t.tokens.map((tok) => stateOf(t.id, tok)));
      const seat = st.findIndex((x) => x.prompts.length > 0);
      const p = st[seat]!.prompts[0]!;
      const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
      expect(
        (
          await api(`/games/${t.id}/answers`, {
            body: { version: st[seat]!.version, answer: { prompt: p.id, option: o.id } },
            token: t.tokens[seat],
          })
        ).status,
      ).toBe(200);
    }
    const viewers = [...t.tokens, null];
    const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
    await sql(t.id, 'UPDATE snapshot SET step = ?, state = ? WHERE id = 1', old.step, old.state);
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
    const snap = await snapshotOf(t.id);
    const state = JSON.parse(snap.state);
    expect(state).not.toHaveProperty('log');
    const [meta] = await sql<{ json: string }>(t.id, 'SELECT json FROM meta');
    const { seed, seats, options } = JSON.parse(meta!.json);
    const moves = await sql<{ n: number; seat: number; answer: string }>(
      t.id,
      'SELECT n, seat, answer FROM moves ORDER BY n',
    );
    const asMoves = (xs: typeof moves) => xs.map((m) => ({ seat: m.seat, answer: JSON.parse(m.answer) as Answer }));
    const again = replayWithLog(duel, { seats, seed, options }, asMoves(moves));
    // The move log replays to the snapshot byte for byte, and to the log table line for line.
    expect(snap.step).toBe(moves.at(-1)!.n);
    expect(JSON.stringify(replay(duel, { seats, seed, options }, asMoves(moves)))).toBe(snap.state);
    expect(again.state.logCount).toBe(after.length);
    expect(again.log.map(({ at, to, msg }) => ({ at, to, msg }))).toEqual(
      after.map(({ at, to, msg }) => ({ at, to, msg })),
    );
  });

  it('the snapshot does not grow with the number of moves: a 2,000-answer hidden-hand match stays under 10 KB', async () => {
    const { id, admin } = await newGame({ game: 'hidden', seats: 4, options: { limit: 3000 } });
    for (let i = 0; i < 4; i++) await join(id, `p${i}`);
    expect((await api(`/games/${id}/start`, { body: {}, token: admin })).status).toBe(200);
    const sizes: Record<number, number> = {};
    const snapshotBytes = async () => (await snapshotOf(id)).state.length;
    sizes[0] = await snapshotBytes();
    for (const upTo of [100, 1000, 2000]) {
      await runInDurableObject(room(id), (inst: GameRoom) => {
        while (inst.store.game!.step < upTo) {
          const p = inst.store.game!.prompts[0]!;
          const r = inst.handle(p.seat, inst.store.m.version, {
            prompt: p.id,
            option: 'play',
            cards: [p.options[0]!.cards!.from[0]!],
          });
          if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
        }
      });
      sizes[upTo] = await snapshotBytes();
    }
    expect(Math.max(...Object.values(sizes))).toBeLessThan(10_000);
    // The state's size wanders with the discard pile; it does not climb with the moves.
    expect(sizes[2000]!).toBeLessThan(sizes[100]! * 1.5);
    expect((await logRows(id)).length).toBeGreaterThan(4000);
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
      expect(
        (
          await api(`/games/${t.id}/answers`, {
            body: { version: states[seat]!.version, answer: { prompt: p.id, option: o.id } },
            token: t.tokens[seat],
          })
        ).status,
      ).toBe(200);
    }
    const rec = (await api(`/games/${t.id}/record`)).body as {
      seed: string;
      seats: number;
      options: Record<string, never>;
      moves: Move[];
    };
    const [snap] = await sql<{ state: string }>(t.id, 'SELECT state FROM snapshot');
    expect(JSON.stringify(replay(duel, { seats: rec.seats, seed: rec.seed, options: rec.options }, rec.moves))).toBe(
      snap!.state,
    );
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
    const t = await table(2, {
      clock: () => now,
      body: { deadline: { minutes: 10 }, options: { botsForAbsent: true } },
    });
    await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    now += 10 * MIN + 1000;
    expect(await runAlarm(t.id)).toBe(true);
    expect((await logOf(t.id)).some((l) => l.msg.key === 'room.log.botPlayed' && l.msg.params?.seat === 1)).toBe(true);
  });
});

/** Play the seat whose turn it is (pass, else the first plain option) over HTTP; returns the answer's body. */
async function playOne(
  id: string,
  tokens: string[],
): Promise<{ seat: number; body: { version: number; answer: Answer } }> {
  const states = await Promise.all(tokens.map((tok) => stateOf(id, tok)));
  const seat = states.findIndex((x) => x.prompts.length > 0);
  if (seat < 0) return { seat, body: { version: states[0]!.version, answer: { prompt: '', option: '' } } };
  const p = states[seat]!.prompts[0]!;
  const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
  return { seat, body: { version: states[seat]!.version, answer: { prompt: p.id, option: o.id } } };
}

/** Everything an answer could write: the move rows, the log, meta and the snapshot, as stored. */
const stored = async (id: string) => ({
  moves: await sql(id, 'SELECT * FROM moves ORDER BY n'),
  log: await sql(id, 'SELECT * FROM log ORDER BY i'),
  meta: await sql(id, 'SELECT * FROM meta'),
  snapshot: await sql(id, 'SELECT * FROM snapshot'),
  seats: await sql(id, 'SELECT * FROM seats ORDER BY seat'),
});

describe('an answer is one transaction (the move row, its log lines, the snapshot and meta)', () => {
  it('an answer whose statement fails (its move number already taken) leaves moves, log and meta unchanged, and the room serves the old state', async () => {
    const t = await table(2);
    await pickColours(t);
    const viewers = [...t.tokens, null];
    const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
    // A row in the way of the next move's number: the move's first insert fails.
    const step = await runInDurableObject(room(t.id), (inst: GameRoom) => inst.store.game!.step);
    await sql(t.id, "INSERT INTO moves (n, seat, answer, by, at) VALUES (?, 0, '{}', 'test', 'test')", step + 1);
    const was = await stored(t.id);
    const a = await playOne(t.id, t.tokens);
    expect((await api(`/games/${t.id}/answers`, { body: a.body, token: t.tokens[a.seat] })).status).toBe(500);
    expect(await stored(t.id)).toEqual(was);
    expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(before);
    // With the row gone the same answer is taken, and the room plays on as if nothing had happened.
    await sql(t.id, 'DELETE FROM moves WHERE n = ?', step + 1);
    expect((await api(`/games/${t.id}/answers`, { body: a.body, token: t.tokens[a.seat] })).status).toBe(200);
    const after = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
    expect(after[0]!.version).toBe(before[0]!.version + 1);
    await evictDurableObject(room(t.id));
    expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(after);
  });

  it('an answer whose log row fails (its index already taken) leaves no move row, no line, the snapshot and meta as they were', async () => {
    const t = await table(2);
    await pickColours(t);
    const viewers = [...t.tokens, null];
    const before = await Promise.all(viewers.map((tok) => stateOf(t.id, tok)));
    // The log row in the way is written after the move row and the snapshot row.
    const a = await playOne(t.id, t.tokens);
    const end = await runInDurableObject(room(t.id), (inst: GameRoom) => inst.log.end);
    await sql(t.id, "INSERT INTO log (i, lines) VALUES (?, '[]')", end);
    const was = await stored(t.id);
    expect((await api(`/games/${t.id}/answers`, { body: a.body, token: t.tokens[a.seat] })).status).toBe(500);
    expect(await stored(t.id)).toEqual(was);
    await sql(t.id, 'DELETE FROM log WHERE i = ?', end);
    await evictDurableObject(room(t.id));
    expect(await Promise.all(viewers.map((tok) => stateOf(t.id, tok)))).toEqual(before);
    expect((await api(`/games/${t.id}/answers`, { body: a.body, token: t.tokens[a.seat] })).status).toBe(200);
  });

  it('the lines of an answer are one row, and each reads back exactly: its message serialises to the same text, whatever it holds', async () => {
    const t = await table(2);
    await pickColours(t);
    // Six odd lines after the answer's own.
    const odd = [
      {
        key: 'a"\\\u2028b\u2029',
        params: {
          n: '茶馆',
          e: '😀',
          lone: '\ud800',
          nul: '\u0000\u001f',
          tab: '\t',
          big: 1e21,
          small: 5e-7,
          neg: -0,
          t: true,
        },
      },
      { key: '</script>', params: { q: '\'"`', back: '\\', uni: '\u00e9\u0301' } },
    ];
    for (let k = 0; k < 4; k++) odd.push({ ...odd[k % 2]!, key: `${odd[k % 2]!.key}${k}` } as never);
    const a = await playOne(t.id, t.tokens);
    const end = await runInDurableObject(room(t.id), (inst: GameRoom) => {
      const end = inst.log.end;
      const append = inst.log.append.bind(inst.log);
      inst.log.append = (es) =>
        append([
          ...es,
          ...odd.map((msg, k) => ({ at: k, to: k ? ([1] as number[]) : ('public' as const), msg: msg as never })),
        ]);
      try {
        const r = inst.commit(a.seat, a.body.answer, 'player');
        expect(r.ok).toBe(true);
      } finally {
        inst.log.append = append;
      }
      return end;
    });
    const rows = await logRows(t.id, end);
    const mine = rows.slice(-odd.length);
    expect(rows.length).toBeGreaterThan(odd.length);
    expect(mine.map((r) => JSON.stringify(r.msg))).toEqual(odd.map((m) => JSON.stringify(m)));
    expect(mine.map((r) => [r.at, r.aud])).toEqual(odd.map((_, k) => [k, k ? 2 : null]));
    expect(rows.map((r) => r.i)).toEqual(rows.map((_, k) => end + k));
    expect(await sql(t.id, 'SELECT i, typeof(i) AS t FROM log WHERE i >= ?', end)).toEqual([{ i: end, t: 'integer' }]);
  });

  it('the move’s transaction commits before anything is sent, and nothing is written after it', async () => {
    const t = await table(2);
    await pickColours(t);
    const a = await playOne(t.id, t.tokens);
    const seen = await runInDurableObject(room(t.id), async (inst: GameRoom) => {
      const w = watch(inst);
      let atBroadcast: string[] | null = null;
      const broadcast = inst.sockets.broadcast.bind(inst.sockets);
      inst.sockets.broadcast = (...x: Parameters<typeof broadcast>) => (
        (atBroadcast ??= [...w.statements]), broadcast(...x)
      );
      try {
        const r = inst.handle(a.seat, a.body.version, a.body.answer);
        expect(r.ok).toBe(true);
        await inst.afterChange();
      } finally {
        inst.sockets.broadcast = broadcast;
        unwatch(inst);
      }
      return { atBroadcast: atBroadcast!, all: w.statements, transactions: w.transactions };
    });
    expect(seen.atBroadcast.map(head)).toContain('INSERT INTO moves');
    expect(seen.atBroadcast.map(head)).toContain('INSERT INTO snapshot');
    expect(seen.all.slice(seen.atBroadcast.length).filter((q) => !/^\s*SELECT/i.test(q))).toEqual([]);
    expect(seen.transactions).toBe(1);
  });

  it('a change runs in one transaction; one that throws writes nothing and leaves meta as it was', async () => {
    const t = await table(2);
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      const v = inst.store.m.version;
      let w = watch(inst);
      inst.store.mutate((mm) => {
        inst.sql.exec('UPDATE seats SET expiries = 1 WHERE seat = 0');
        inst.sql.exec('UPDATE seats SET expiries = 2 WHERE seat = 1');
        mm.version++;
      });
      unwatch(inst);
      expect(w.statements.map(head)).toEqual([
        'UPDATE seats SET expiries = 1 WHERE seat = 0',
        'UPDATE seats SET expiries = 2 WHERE seat = 1',
        'INSERT INTO meta',
      ]);
      expect(w.transactions).toBe(1);
      w = watch(inst);
      expect(() =>
        inst.store.mutate((mm) => {
          inst.sql.exec('UPDATE seats SET expiries = 7');
          mm.version++;
          throw new Error('disk full');
        }),
      ).toThrow('disk full');
      unwatch(inst);
      expect(w.transactions).toBe(1);
      expect(inst.store.m.version).toBe(v + 1);
      expect(
        inst.sql
          .exec<{ e: number }>('SELECT expiries AS e FROM seats ORDER BY seat')
          .toArray()
          .map((x) => x.e),
      ).toEqual([1, 2]);
    });
    await evictDurableObject(room(t.id));
    expect((await sql<{ e: number }>(t.id, 'SELECT expiries AS e FROM seats ORDER BY seat')).map((x) => x.e)).toEqual([
      1, 2,
    ]);
    expect((await storedMeta<{ version: number }>(t.id)).version).toBe(
      await runInDurableObject(room(t.id), (inst: GameRoom) => inst.store.m.version),
    );
  });

  it('a change sees what it wrote', async () => {
    const t = await table(2);
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      const name = inst.store.mutate((mm) => {
        inst.sql.exec('UPDATE seats SET name = ? WHERE seat = 0', 'Zed');
        mm.version++;
        return inst.sql.exec<{ name: string }>('SELECT name FROM seats WHERE seat = 0').one().name;
      });
      expect(name).toBe('Zed');
    });
  });
});

describe('a room written by the deploy before one persistence scheme (schema 7: state deltas and meta’s live part in the move rows)', () => {
  // A 5-seat 三国杀 room 45 answers in, as that deploy stored it (test/fixtures/room-schema7.json): the snapshot
  // row at the start, the moves' state deltas with a full state in move 32, a chat line between answers (the meta
  // row written whole then), meta's live part in the last move row; `held` is what that room held in memory.
  const { id, tables, held } = schema7 as unknown as {
    id: string;
    tables: Record<string, Record<string, SqlStorageValue>[]>;
    held: { state: string; meta: string };
  };
  const T = Date.parse((JSON.parse(held.meta) as { createdAt: string }).createdAt) + MIN;

  /** The fixture's rows in the object named `name`, at schema 7; `alter` changes them before the object starts. */
  async function plant(name: string, alter?: (db: SqlStorage) => void): Promise<void> {
    await runInDurableObject(room(name), (_inst: unknown, st) => {
      const db = st.storage.sql;
      db.exec('CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
      for (const step of MIGRATIONS.slice(0, 7)) typeof step === 'string' ? db.exec(step) : step(db);
      db.exec('INSERT INTO schema_version (id, v) VALUES (1, 7)');
      for (const t of ['meta', 'seats', 'moves', 'snapshot', 'log', 'chat']) {
        for (const row of tables[t]!) {
          const cols = Object.keys(row);
          db.exec(
            `INSERT OR REPLACE INTO ${t} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
            ...cols.map((c) => row[c]),
          );
        }
      }
      alter?.(db);
    });
    await evictDurableObject(room(name));
  }

  it('whose last moves carry no delta (written before deltas) loads the same state: the migration applies the deltas it finds, the load replays the rest', async () => {
    const name = 'schema7nodelta0';
    await plant(name, (db) => db.exec('UPDATE moves SET delta = NULL WHERE n > 40'));
    // The moves replayed by today's rules also keep 三国杀's public record of acts (`g.acts`, for the bots), which the
    // state written by that deploy has not: the state is the same apart from it.
    const loaded = await runInDurableObject(room(name), (inst: GameRoom) => structuredClone(inst.store.game));
    delete (loaded!.g as { acts?: unknown }).acts;
    expect(JSON.stringify(loaded)).toBe(held.state);
    expect((await snapshotOf(name)).step).toBe(40);
  });

  it('loads exactly the state and meta it held, keeps its move log whole, and plays on', async () => {
    await plant(id);
    const loaded = await runInDurableObject(room(id), (inst: GameRoom) => ({
      state: JSON.stringify(inst.store.game),
      meta: inst.store.m,
    }));
    expect(loaded.state).toBe(held.state);
    expect(loaded.meta).toEqual(JSON.parse(held.meta));
    expect(await storedMeta(id)).toEqual(JSON.parse(held.meta));
    expect(await sql(id, 'SELECT v FROM schema_version')).toEqual([{ v: MIGRATIONS.length }]);
    expect(await sql(id, "SELECT name FROM sqlite_master WHERE name LIKE 'move_writes%'")).toEqual([]);
    expect(
      (await sql<{ name: string }>(id, 'SELECT name FROM pragma_table_info(?)', 'moves')).map((c) => c.name),
    ).toEqual(['n', 'seat', 'answer', 'by', 'at']);
    const snap = await snapshotOf(id);
    expect(snap.step).toBe(tables.moves!.length);
    expect(snap.state).toBe(held.state);
    // The fixture's game was played under the rules before issue 23's four fixes (护驾 asks each helper as a 闪
    // request since), so its log replays under those rules only: the room loads from the snapshot, never by replay.
    expect((await sql(id, 'SELECT n FROM moves')).length).toBe(tables.moves!.length);
    expect(await logRows(id)).toEqual(
      tables.log!.map((x) => ({ i: x.i, at: x.at, aud: x.aud, msg: JSON.parse(x.msg as string) as unknown })),
    );
    // It plays on: ten more answers, each stored as today's rooms store them; evicted, it holds what it held.
    const after = await runInDurableObject(room(id), (inst: GameRoom) => {
      inst.now = () => T;
      const def = inst.store.def();
      for (let k = 0; k < 10; k++) {
        const s = inst.store.game!;
        const p = s.prompts[0]!;
        const r = inst.handle(p.seat, inst.store.m.version, botAnswer(def, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
      }
      return {
        state: JSON.stringify(inst.store.game),
        meta: JSON.parse(JSON.stringify(inst.store.m)) as unknown,
        logEnd: inst.log.end,
      };
    });
    await evictDurableObject(room(id));
    expect(
      await runInDurableObject(room(id), (inst: GameRoom) => ({
        state: JSON.stringify(inst.store.game),
        meta: inst.store.m,
        logEnd: inst.log.end,
      })),
    ).toEqual(after);
    expect(after.logEnd).toBeGreaterThan(tables.log!.length);
    expect((await logRows(id)).map((x) => x.i)).toEqual([...Array(after.logEnd).keys()]);
    expect((await snapshotOf(id)).step).toBe(tables.moves!.length + 10);
    expect((await sql(id, 'SELECT n FROM moves')).length).toBe(tables.moves!.length + 10);
  });
});

describe('a room written before the log left the state', () => {
  it('is migrated when it starts (log into its table, clocks into meta) and plays on, replaying to its snapshot byte for byte', async () => {
    const id = 'oldroomwithlog';
    // Tokens as they were made before they carried a MAC (22 characters), in a game id of that time (14).
    const tokens = ['tokenAAAAAAAAAAAAAAAAA', 'tokenBBBBBBBBBBBBBBBBB'];
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
      const meta = {
        id,
        game: 'duel',
        seats: 2,
        options: {},
        deadlineMinutes: 60,
        createdAt: '2026-11-30T10:00:00.000Z',
        origin: 'https://teahouse.test',
        adminHash: hashes[0],
        seed: 'old-deploy',
        status: 'playing',
        paused: false,
        version,
        gameVersion: version,
      };
      db.exec('INSERT INTO meta (id, json) VALUES (1, ?)', JSON.stringify(meta));
      hashes.forEach((h, seat) =>
        db.exec('INSERT INTO seats (seat, name, token_hash) VALUES (?, ?, ?)', seat, 'AB'[seat]!, h),
      );
      moves.forEach((m, k) =>
        db.exec(
          'INSERT INTO moves (n, seat, answer, by, at) VALUES (?, ?, ?, ?, ?)',
          k + 1,
          m.seat,
          JSON.stringify(m.answer),
          'player',
          '2026-11-30T10:00:00.000Z',
        ),
      );
      db.exec('INSERT INTO snapshot (id, step, state) VALUES (1, ?, ?)', state.step, JSON.stringify(oldSnapshot));
      for (const p of state.prompts)
        db.exec(
          "INSERT INTO clocks (prompt, seat, deadline_at, remaining_ms, reminders, stand_in, opened_version) VALUES (?, ?, ?, ?, '[]', 0, ?)",
          p.id,
          p.seat,
          Date.now() + 60 * MIN,
          60 * MIN,
          version,
        );
    });
    await evictDurableObject(room(id));
    // Every seat reads the same lines as before the deploy, with the same indices.
    for (const seat of [0, 1]) {
      const body = await stateOf(id, tokens[seat]);
      const mine = log
        .filter((e) => e.to === 'public' || e.to.includes(seat))
        .map(({ i, at, msg }) => ({ i, at, msg }));
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
      const r = await api(`/games/${id}/answers`, {
        body: { version: b.version, answer: { prompt: b.prompts[0]!.id, option: 'pass' } },
        token: tokens[seat],
      });
      expect(r.status).toBe(200);
    }
    const after = await logOf(id);
    expect(after.slice(0, log.length)).toEqual(log);
    expect(after.length).toBeGreaterThan(log.length);
    const all = await sql<{ n: number; seat: number; answer: string }>(
      id,
      'SELECT n, seat, answer FROM moves ORDER BY n',
    );
    const [now] = await sql<{ step: number; state: string }>(id, 'SELECT step, state FROM snapshot');
    expect(
      JSON.stringify(
        replay(
          duel,
          { seats: 2, seed: 'old-deploy' },
          all.filter((m) => m.n <= now!.step).map((m) => ({ seat: m.seat, answer: JSON.parse(m.answer) as Answer })),
        ),
      ),
    ).toBe(now!.state);
  });
});
