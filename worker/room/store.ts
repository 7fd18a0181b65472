/**
 * The room's storage (SQLite): the schema as numbered migrations, loading meta and the snapshot, the one
 * transaction every change makes (`mutate`) and what a change writes (`write`), the game log, chat, creating the
 * room, and deleting it when its time is up (retention).
 *
 * Per answer one transaction writes the move row (with the seed, the move log replays the game), one log row,
 * the snapshot row (replaced) and the meta row. A load reads the meta and snapshot rows; nothing is rebuilt from
 * the moves, so a deploy that changes a rule cannot change a running game's state.
 */
import {
  apply,
  cloneJson,
  getGame,
  type Answer,
  type Audience,
  type GameDef,
  type GameState,
  type LogLine,
  type Msg,
} from '../engine';
import type { ChatLine, GameStatus } from '../protocol';
import { DAY } from './clocks';
import { iso, LIMITS, ok, reject, type Change, type CreateParams, type ErrorCode, type Meta, type Reply } from './core';
import type { AgainParams } from './admin';
import { cleanText, hashToken, newToken } from './seats';
import { shut } from './sockets';
import type { GameRoom } from './GameRoom';

const SAVE_META = 'INSERT INTO meta (id, json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json';

/** Meta and the rules' state after the last move, held in memory once loaded. */
export class Store {
  meta: Meta | null | undefined;
  /** The rules' state after the last move (null: not started). */
  game: GameState<any> | null = null;

  constructor(private readonly r: GameRoom) {}

  /** Load meta and snapshot. An object never created has no schema and is left untouched (a made-up id creates nothing). */
  load(): Meta | null {
    if (this.meta !== undefined) return this.meta;
    const sql = this.r.sql;
    if (!hasSchema(sql)) return null;
    this.r.state.storage.transactionSync(() => migrate(sql));
    const row = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
    this.meta = row ? (JSON.parse(row.json) as Meta) : null;
    this.game = this.meta ? this.readState() : null;
    this.reloadCaches();
    return this.meta;
  }

  /**
   * The snapshot row's state. Since migration 8 every answer writes the snapshot with its move; only a room
   * written before deltas may have moves after it, replayed here once (the next answer writes the snapshot).
   */
  private readState(): GameState<any> | null {
    const snap = this.r.sql
      .exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1')
      .toArray()[0];
    if (!snap) return null;
    let s = JSON.parse(snap.state) as GameState<any>;
    for (const mv of this.r.sql.exec<{ seat: number; answer: string }>(
      'SELECT seat, answer FROM moves WHERE n > ? ORDER BY n',
      snap.step,
    )) {
      const r = apply(this.def(), s, mv.seat, JSON.parse(mv.answer) as Answer);
      if (!r.ok) throw new Error(`catching up the snapshot: move ${s.step + 1} rejected: ${r.error.reason}`);
      s = cloneJson(r.value.state);
    }
    return s;
  }

  private reloadCaches(): void {
    this.r.seats.reload();
    this.r.log.load();
  }

  /** The loaded meta (only once `load()` found the room). */
  get m(): Meta {
    return this.meta!;
  }

  def(): GameDef {
    const d = getGame(this.m.game);
    if (!d) throw new Error(`game type ${this.m.game} is not registered`);
    return d;
  }

  /** Persist a change the core decided, in one transaction (`mutate`), then hold its state. */
  write(c: Change): void {
    const now = this.r.now();
    const sql = this.r.sql;
    this.mutate(() => {
      if (c.move)
        sql.exec(
          'INSERT INTO moves (n, seat, answer, by, at) VALUES (?, ?, ?, ?, ?)',
          c.state!.step,
          c.move.seat,
          JSON.stringify(c.move.answer),
          c.move.by,
          c.move.at,
        );
      if (c.state)
        sql.exec(
          'INSERT INTO snapshot (id, step, state) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET step = excluded.step, state = excluded.state',
          c.state.step,
          JSON.stringify(c.state),
        );
      this.r.log.append(c.lines);
      if (c.seat)
        sql.exec(
          'UPDATE seats SET expiries = ?, stand_in = ? WHERE seat = ?',
          c.seat.expiries,
          c.seat.standIn ? 1 : 0,
          c.seat.seat,
        );
      if (c.settings)
        sql.exec('UPDATE seats SET settings = ? WHERE seat = ?', JSON.stringify(c.settings.settings), c.settings.seat);
      for (const s of c.bots ?? []) sql.exec('UPDATE seats SET name = ?, bot = 1 WHERE seat = ?', `Bot ${s + 1}`, s);
      if (c.replace) {
        const { seat, name, tokenHash } = c.replace;
        this.r.outbox.dropSeat(seat);
        sql.exec(
          'UPDATE seats SET token_hash = ?, bot = ?, stand_in = 0, expiries = 0, settings = NULL, name = ? WHERE seat = ?',
          tokenHash,
          tokenHash === null ? 1 : 0,
          name,
          seat,
        );
      }
      if (c.seat || c.settings || c.bots || c.replace) this.r.seats.reload();
      this.r.outbox.dropPrompts(c.closed);
      for (const n of c.notices) this.r.outbox.enqueue(c.meta, n.seat, n.kind, n.about, now, n.prompt);
    }, c.meta);
    if (c.state) this.game = c.state;
  }

  /**
   * Run `fn` as one change on a copy of meta (of `next`, when a change decided it) inside one SQLite transaction:
   * its statements and the meta row commit together or not at all (`transactionSync` rolls back if `fn` throws:
   * https://developers.cloudflare.com/durable-objects/api/storage-api/#transactionsync), and the copy replaces
   * meta only then. Nothing is sent before it returns, and the output gate holds what is sent after it until the
   * write is durable: https://developers.cloudflare.com/durable-objects/reference/glossary/
   */
  mutate<T>(fn: (m: Meta) => T, next: Meta = this.m): T {
    const cur = this.m;
    const before = JSON.stringify(cur);
    const m = next === cur ? (JSON.parse(before) as Meta) : structuredClone(next);
    let out: T;
    try {
      out = this.r.state.storage.transactionSync(() => {
        const x = fn(m);
        if (m.version !== cur.version) m.changedAt = this.r.now();
        const json = JSON.stringify(m);
        if (json !== before) this.r.sql.exec(SAVE_META, json);
        return x;
      });
    } catch (e) {
      // The caches may hold the rows that were rolled back.
      this.reloadCaches();
      throw e;
    }
    this.meta = m;
    return out;
  }

  /** When this game is deleted unless something changes first (retention, below), or null while it runs. */
  expiry(): number | null {
    const m = this.m;
    return expiresAt({ ...m, changedAt: m.changedAt ?? Date.parse(m.createdAt), joined: this.r.seats.joined() });
  }

  /** The game's time is up: every socket closed, all storage deleted; every request for it is a 404 from now on. */
  async deleteAll(): Promise<void> {
    console.log(`expired game=[${this.m.id}] status=[${this.m.status}]`);
    for (const ws of this.r.state.getWebSockets()) shut(ws, 4004, 'game expired');
    await this.r.state.storage.deleteAlarm();
    await this.r.state.storage.deleteAll();
    this.meta = undefined;
    this.game = null;
  }

  rejected(
    code: ErrorCode,
    message: string,
    ctx: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ): Reply {
    return reject(code, message, { game: this.meta?.id, ...ctx }, extra);
  }

  /** `GET /record`: what the replay page needs to replay a finished game (a running game has none: 404). */
  record(): Reply {
    if (!this.load() || this.m.status !== 'finished' || this.m.seed === null)
      return reject('not_found', 'no such finished game');
    const m = this.m;
    const moves = this.r.sql
      .exec<{ seat: number; answer: string }>('SELECT seat, answer FROM moves ORDER BY n')
      .toArray()
      .map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer }));
    // The options the moves were played under (core.ts `rulesOptions`).
    const options = this.game?.options ?? m.options;
    return ok({ game: m.game, seats: m.seats, options, seed: m.seed, names: this.r.seats.names(), moves });
  }

  /** Create the room (`POST /api/games`, options already checked by the game). */
  async create(p: CreateParams | AgainParams): Promise<Reply> {
    const adminToken = await newToken(p.id, this.r.bindings.TOKEN_SECRET);
    // The next game of a series keeps its host and seats (admin.ts `createAgain`).
    const again = 'prev' in p ? p : null;
    const adminHash = again?.adminHash ?? (await hashToken(adminToken));
    if (this.load()) return this.rejected('conflict', 'a game with this id exists');
    const m: Meta = {
      id: p.id,
      game: p.game,
      seats: p.seats,
      options: p.options,
      deadlineMinutes: p.deadlineMinutes,
      createdAt: iso(this.r.now()),
      origin: p.origin,
      adminHash,
      seed: null,
      status: 'lobby',
      paused: false,
      version: 1,
      gameVersion: 1,
      clocks: [],
      ...(again ? { prev: again.prev } : {}),
    };
    const sql = this.r.sql;
    this.r.state.storage.transactionSync(() => {
      migrate(sql);
      sql.exec(SAVE_META, JSON.stringify(m));
      for (let s = 0; s < p.seats; s++) {
        const x = again?.seatsFrom[s];
        sql.exec(
          'INSERT INTO seats (seat, name, token_hash, bot, joined_at) VALUES (?, ?, ?, ?, ?)',
          s,
          x?.name ?? null,
          x?.tokenHash ?? null,
          x?.bot ? 1 : 0,
          x?.name && !x.bot ? m.createdAt : null,
        );
      }
    });
    this.meta = m;
    this.reloadCaches();
    // A lobby nobody joins expires: the alarm is what deletes it.
    await this.r.schedule(true);
    return ok({ id: p.id, adminToken, inviteUrl: `${p.origin}/g/${p.id}` }, 201);
  }
}

// ---------------------------------------------------------------- the game log

/** A log line as stored: its index, the step it was written at, its audience bits (null: public), the message. */
interface Row {
  i: number;
  at: number;
  aud: number | null;
  msg: Msg;
}

/** May `seat` (null: a spectator) read a line with audience bits `aud`? Everything is public once the game is over. */
const mayRead = (aud: number | null, seat: number | null, over: boolean): boolean =>
  over || aud === null || (seat !== null && ((aud >> seat) & 1) === 1);

/** A stored row's lines: one row per change, however many lines it wrote (the platform bills rows). */
const rowsOf = (b: { i: number; lines: string }): Row[] =>
  (JSON.parse(b.lines) as [number, number | null, Msg][]).map(([at, aud, msg], k) => ({ i: b.i + k, at, aud, msg }));

const line = (r: Row): LogLine => ({ i: r.i, at: r.at, msg: r.msg });

/**
 * The game log, append-only in its own table, read by index range and filtered by audience: a view never walks
 * the whole log. The engine's lines and the room's (like "timed out") share one sequence of indices.
 */
export class LogTable {
  /** The index the next line gets (the number of lines). */
  end = 0;

  constructor(private readonly r: GameRoom) {}

  load(): void {
    const last = this.r.sql
      .exec<{ i: number; n: number }>('SELECT i, json_array_length(lines) AS n FROM log ORDER BY i DESC LIMIT 1')
      .toArray()[0];
    this.end = last ? last.i + last.n : 0;
  }

  /** Append lines as ONE row keyed by the index of its first line (inside the change). */
  append(entries: { at: number; to: Audience; msg: Msg }[]): void {
    if (!entries.length) return;
    const lines = entries.map((e) => [e.at, audienceBits(e.to), e.msg]);
    this.r.sql.exec('INSERT INTO log (i, lines) VALUES (?, ?)', this.end, JSON.stringify(lines));
    this.end += entries.length;
  }

  /** The lines from `from` on that `seat` may read. */
  from(seat: number | null, from: number, over: boolean): LogLine[] {
    if (from >= this.end) return [];
    // From the row holding line `from` (the last one starting at or before it) on.
    return this.r.sql
      .exec<{ i: number; lines: string }>(
        'SELECT i, lines FROM log WHERE i >= (SELECT COALESCE(MAX(i), 0) FROM log WHERE i <= ?) ORDER BY i',
        from,
      )
      .toArray()
      .flatMap(rowsOf)
      .filter((x) => x.i >= from && mayRead(x.aud, seat, over))
      .map(line);
  }

  /** The last `n` lines `seat` may read, oldest first: rows read from the newest back until they hold `n`. */
  tail(seat: number | null, over: boolean, n: number): LogLine[] {
    const out: LogLine[] = [];
    if (n <= 0) return out;
    for (const b of this.r.sql.exec<{ i: number; lines: string }>('SELECT i, lines FROM log ORDER BY i DESC')) {
      const rows = rowsOf(b);
      for (let k = rows.length - 1; k >= 0; k--) if (mayRead(rows[k]!.aud, seat, over)) out.push(line(rows[k]!));
      if (out.length >= n) break;
    }
    return out.slice(0, n).reverse();
  }
}

// ---------------------------------------------------------------- chat

/** Chat, and notes from the room to one seat: a state body shows the last `chatLines` a viewer may read. */
export class Chat {
  constructor(private readonly r: GameRoom) {}

  linesFor(seat: number | null): ChatLine[] {
    return this.r.sql
      .exec<{ at: string; seat: number; name: string; text: string }>(
        'SELECT at, seat, name, text FROM chat WHERE to_seat IS NULL OR to_seat = ? ORDER BY n DESC LIMIT ?',
        seat,
        LIMITS.chatLines,
      )
      .toArray()
      .reverse()
      .map((x) => ({ at: x.at, seat: x.seat, name: x.name, text: x.text }));
  }

  /** Write a line (inside a change); `to`: the one seat a note from the room is for (null: the whole table). */
  add(line: ChatLine, to: number | null = null): void {
    this.r.sql.exec(
      'INSERT INTO chat (at, seat, name, text, to_seat) VALUES (?, ?, ?, ?, ?)',
      line.at,
      line.seat,
      line.name,
      line.text,
      to,
    );
  }

  async post(token: string | null, body: unknown): Promise<Reply> {
    const st = this.r.store;
    if (!st.load()) return reject('not_found', 'no such game');
    const raw = (body as { text?: unknown } | null)?.text;
    if (typeof raw !== 'string') return st.rejected('bad_request', 'text is required', { route: 'chat' });
    const text = cleanText(raw);
    const len = [...text].length;
    if (len < 1 || len > LIMITS.chatChars)
      return st.rejected('bad_request', `a message has 1 to ${LIMITS.chatChars} characters`, { route: 'chat' });
    const who = await this.r.seats.actingSeat(token, 'chat', 'messages');
    if ('reply' in who) return who.reply;
    const name = this.r.seats.rows[who.seat]?.name ?? `#${who.seat + 1}`;
    const line: ChatLine = { at: iso(this.r.now()), seat: who.seat, name, text };
    st.mutate((mm) => {
      this.add(line);
      mm.version++;
    });
    this.r.sockets.broadcast();
    return ok(line, 201);
  }
}

// ---------------------------------------------------------------- schema

/**
 * The schema as numbered migrations, each run once, in order, inside a transaction (`schema_version` counts
 * them). Never edit a shipped entry: append one; a room made by an old deploy is upgraded when it next starts.
 * An entry is SQL, or a function for a change SQL alone cannot make exactly.
 */
export const MIGRATIONS: (string | ((sql: SqlStorage) => void))[] = [
  // 1: the first schema.
  `
  -- One row: the game's settings and lifecycle (JSON, see Meta in types.ts).
  CREATE TABLE meta (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
  -- Seats: name (NULL = free), hash of the seat token, bot seat, stand-in after repeated expiries.
  CREATE TABLE seats (
    seat INTEGER PRIMARY KEY,
    name TEXT,
    token_hash TEXT,
    bot INTEGER NOT NULL DEFAULT 0,
    stand_in INTEGER NOT NULL DEFAULT 0,
    expiries INTEGER NOT NULL DEFAULT 0,
    joined_at TEXT
  );
  -- The append-only move log: with the seed it replays the game. n = engine step after the move.
  CREATE TABLE moves (n INTEGER PRIMARY KEY, seat INTEGER NOT NULL, answer TEXT NOT NULL, by TEXT NOT NULL, at TEXT NOT NULL);
  -- The latest engine state, written in the same transaction as the move that produced it.
  CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), step INTEGER NOT NULL, state TEXT NOT NULL);
  -- Chat, and notes from the room to one seat (to_seat set).
  CREATE TABLE chat (n INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, to_seat INTEGER);
  -- Where to tell a seat that the table waits for it (Web Push subscription or webhook).
  CREATE TABLE targets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    target TEXT NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (seat, key)
  );
  -- Notifications waiting to be sent by the alarm (never while an answer is handled). prompt: the prompt it is
  -- about; the row is dropped when that prompt closes (a late "your turn" is noise).
  CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, target_id INTEGER NOT NULL, seat INTEGER NOT NULL, prompt TEXT, msg TEXT NOT NULL, due_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX outbox_due ON outbox (due_at);
  -- One clock per open prompt of a human seat. deadline_at is NULL while paused (remaining_ms keeps the rest);
  -- reminders: JSON list of "ms before the deadline" still to send.
  CREATE TABLE clocks (prompt TEXT PRIMARY KEY, seat INTEGER NOT NULL, deadline_at INTEGER, remaining_ms INTEGER NOT NULL, reminders TEXT NOT NULL, stand_in INTEGER NOT NULL DEFAULT 0);
  `,
  // 2: the version at which each prompt was first shown (an answer to a prompt still open is not stale).
  `ALTER TABLE clocks ADD COLUMN opened_version INTEGER NOT NULL DEFAULT 0;`,
  // 3: the log leaves the state for its own append-only table; the clocks move into the meta row.
  migrateLogOut,
  // 4: each seat's own settings (issue 11), JSON; NULL = none.
  `ALTER TABLE seats ADD COLUMN settings TEXT;`,
  // 5: (gone in 8) each move row's delta to the state.
  `ALTER TABLE moves ADD COLUMN delta TEXT;`,
  // 6: (gone in 8) each move row's live part of meta.
  `ALTER TABLE moves ADD COLUMN live TEXT;`,
  // 7: (gone in 8) a view whose INSTEAD OF trigger wrote an answer in one statement.
  `
  CREATE VIEW move_writes AS SELECT n, seat, answer, by, at, delta, live, NULL AS meta,
    NULL AS i0, NULL AS at0, NULL AS aud0, NULL AS msg0, NULL AS i1, NULL AS at1, NULL AS aud1, NULL AS msg1,
    NULL AS i2, NULL AS at2, NULL AS aud2, NULL AS msg2, NULL AS i3, NULL AS at3, NULL AS aud3, NULL AS msg3, NULL AS more FROM moves;
  CREATE TRIGGER move_writes_insert INSTEAD OF INSERT ON move_writes BEGIN
    INSERT INTO moves (n, seat, answer, by, at, delta, live) VALUES (NEW.n, NEW.seat, NEW.answer, NEW.by, NEW.at, NEW.delta, NEW.live);
    INSERT INTO log (i, at, aud, msg)
      SELECT NEW.i0, NEW.at0, NEW.aud0, NEW.msg0 WHERE NEW.msg0 IS NOT NULL
      UNION ALL SELECT NEW.i1, NEW.at1, NEW.aud1, NEW.msg1 WHERE NEW.msg1 IS NOT NULL
      UNION ALL SELECT NEW.i2, NEW.at2, NEW.aud2, NEW.msg2 WHERE NEW.msg2 IS NOT NULL
      UNION ALL SELECT NEW.i3, NEW.at3, NEW.aud3, NEW.msg3 WHERE NEW.msg3 IS NOT NULL;
    INSERT INTO log (i, at, aud, msg) SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]' FROM json_each(NEW.more) WHERE NEW.more IS NOT NULL;
    INSERT OR REPLACE INTO meta (id, json) SELECT 1, NEW.meta WHERE NEW.meta IS NOT NULL;
  END;
  `,
  // 8: one persistence scheme (issue 24): the deltas and live parts are laid over the snapshot and meta rows,
  // and go with the view.
  plainSnapshot,
  // 9: a log row holds the lines of one change ([at, aud, msg] each), so an answer writes one row.
  `
  ALTER TABLE log RENAME TO log_lines;
  CREATE TABLE log (i INTEGER PRIMARY KEY, lines TEXT NOT NULL);
  INSERT INTO log (i, lines) SELECT i, json_array(json_array(at, aud, json(msg))) FROM log_lines ORDER BY i;
  DROP TABLE log_lines;
  `,
];

/** Audience as stored: NULL for public, else a bit per seat that may read the line. */
const audienceBits = (to: 'public' | number[]): number | null =>
  to === 'public' ? null : to.reduce((b, s) => b | (1 << s), 0);

function migrateLogOut(sql: SqlStorage): void {
  // aud: NULL = public, else bit s set = seat s may read it (seats are at most 10).
  sql.exec('CREATE TABLE log (i INTEGER PRIMARY KEY, at INTEGER NOT NULL, aud INTEGER, msg TEXT NOT NULL)');
  const snap = sql.exec<{ state: string }>('SELECT state FROM snapshot WHERE id = 1').toArray()[0];
  if (snap) {
    const { log, ...rest } = JSON.parse(snap.state) as Record<string, unknown> & {
      log?: { i: number; at: number; to: 'public' | number[]; msg: unknown }[];
    };
    const entries = log ?? [];
    for (const e of entries)
      sql.exec(
        'INSERT INTO log (i, at, aud, msg) VALUES (?, ?, ?, ?)',
        e.i,
        e.at,
        audienceBits(e.to),
        JSON.stringify(e.msg),
      );
    // The engine's key order (createGame's), so the snapshot reads as the engine would write it.
    const state: Record<string, unknown> = {};
    for (const k of ['game', 'seats', 'options', 'rng', 'g', 'stack', 'prompts', 'nextId']) state[k] = rest[k];
    state.logCount = entries.length;
    for (const k of ['step', 'outcome']) state[k] = rest[k];
    sql.exec('UPDATE snapshot SET state = ? WHERE id = 1', JSON.stringify(state));
  }
  const meta = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
  if (meta) {
    const m = JSON.parse(meta.json) as Record<string, unknown>;
    m.clocks = sql
      .exec<{
        prompt: string;
        seat: number;
        deadline_at: number | null;
        remaining_ms: number;
        reminders: string;
        stand_in: number;
        opened_version: number;
      }>('SELECT * FROM clocks ORDER BY rowid')
      .toArray()
      .map((c) => ({
        prompt: c.prompt,
        seat: c.seat,
        deadlineAt: c.deadline_at,
        remainingMs: c.remaining_ms,
        reminders: JSON.parse(c.reminders) as number[],
        standIn: !!c.stand_in,
        openedVersion: c.opened_version,
      }));
    sql.exec('UPDATE meta SET json = ? WHERE id = 1', JSON.stringify(m));
  }
  sql.exec('DROP TABLE clocks');
}

type Obj = Record<string, unknown>;

/**
 * Migration 8: the state and meta as the deploy before rebuilt them on a load. The state: the snapshot row, then
 * each move's full state (a JSON object) or delta (a JSON array: `[path, value]` sets, `[path]` deletes,
 * `[path, start, deleteCount, items]` splices) up to a move without either, which the load replays. Meta: the
 * last move's live part when newer than the meta row.
 */
function plainSnapshot(sql: SqlStorage): void {
  const snap = sql.exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1').toArray()[0];
  if (snap) {
    let state: unknown = JSON.parse(snap.state);
    let step = snap.step;
    for (const mv of sql
      .exec<{ n: number; delta: string | null }>('SELECT n, delta FROM moves WHERE n > ? ORDER BY n', snap.step)
      .toArray()) {
      if (mv.delta === null) break;
      const d = JSON.parse(mv.delta) as unknown;
      state = Array.isArray(d) ? applyOps(state, d as [(string | number)[], ...unknown[]][]) : d;
      step = mv.n;
    }
    if (step !== snap.step)
      sql.exec('UPDATE snapshot SET step = ?, state = ? WHERE id = 1', step, JSON.stringify(state));
  }
  const meta = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
  const last = sql.exec<{ live: string | null }>('SELECT live FROM moves ORDER BY n DESC LIMIT 1').toArray()[0];
  if (meta && last?.live) {
    const m = JSON.parse(meta.json) as Obj & { version: number };
    const live = JSON.parse(last.live) as Obj & { version: number };
    if (live.version > m.version) {
      for (const k of ['version', 'gameVersion', 'clocks', 'changedAt']) if (live[k] !== undefined) m[k] = live[k];
      sql.exec('UPDATE meta SET json = ? WHERE id = 1', JSON.stringify(m));
    }
  }
  sql.exec('DROP TRIGGER move_writes_insert');
  sql.exec('DROP VIEW move_writes');
  sql.exec('ALTER TABLE moves DROP COLUMN delta');
  sql.exec('ALTER TABLE moves DROP COLUMN live');
}

/** Apply a stored delta's operations to `root` (parsed JSON, changed in place); a set at the root replaces it. */
function applyOps(root: unknown, ops: [(string | number)[], ...unknown[]][]): unknown {
  for (const op of ops) {
    const path = op[0];
    if (!path.length) {
      root = op[1];
      continue;
    }
    let node = root as Obj;
    const depth = op.length === 4 ? path.length : path.length - 1;
    for (let i = 0; i < depth; i++) node = node[path[i] as string] as Obj;
    const k = path[path.length - 1] as string;
    if (op.length === 4)
      (node as unknown as unknown[]).splice(op[1] as number, op[2] as number, ...(op[3] as unknown[]));
    // A key named __proto__ (JSON data may hold one) is set as a key, not as the prototype.
    else if (op.length === 2 && k === '__proto__')
      Object.defineProperty(node, k, { value: op[1], writable: true, enumerable: true, configurable: true });
    else if (op.length === 2) node[k] = op[1];
    else delete node[k];
  }
  return root;
}

/** Apply the migrations not yet applied. Synchronous: call inside `transactionSync`. */
function migrate(sql: SqlStorage): void {
  sql.exec('CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
  const row = sql.exec<{ v: number }>('SELECT v FROM schema_version WHERE id = 1').toArray()[0];
  const from = row?.v ?? 0;
  for (let i = from; i < MIGRATIONS.length; i++) {
    const step = MIGRATIONS[i]!;
    if (typeof step === 'string') sql.exec(step);
    else step(sql);
  }
  if (from < MIGRATIONS.length)
    sql.exec('INSERT OR REPLACE INTO schema_version (id, v) VALUES (1, ?)', MIGRATIONS.length);
}

/** Whether this object's database was ever initialised (a lookup of an unknown id must not create a room). */
function hasSchema(sql: SqlStorage): boolean {
  return sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").toArray().length > 0;
}

// ---------------------------------------------------------------- retention

/**
 * How long a game is kept once left alone, counted from its last change: finished 30 days (the replay page
 * needs the record a while), a lobby nobody joined 2 days and one some joined 30, a paused game 90. A running
 * game is never deleted: its deadlines move it on, so an abandoned one ends by itself.
 */
export const RETENTION_DAYS = { finished: 30, emptyLobby: 2, lobby: 30, paused: 90 } as const;

/**
 * The moment the game is deleted unless something changes before (`changedAt`), or null while it runs. `joined`:
 * the seats people took (bots do not count).
 * @example expiresAt({ status: 'finished', paused: false, changedAt: t, joined: 4 }) // t + 30 days
 */
export function expiresAt(g: {
  status: GameStatus;
  paused: boolean;
  changedAt: number;
  joined: number;
}): number | null {
  if (g.status === 'finished') return g.changedAt + RETENTION_DAYS.finished * DAY;
  if (g.status === 'lobby')
    return g.changedAt + (g.joined === 0 ? RETENTION_DAYS.emptyLobby : RETENTION_DAYS.lobby) * DAY;
  return g.paused ? g.changedAt + RETENTION_DAYS.paused * DAY : null;
}
