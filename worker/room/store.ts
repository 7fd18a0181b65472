/**
 * The room's storage: loading meta and the snapshot, the one transaction every change makes (`mutate`), what an
 * answer writes (`write`), the game log and the chat tables, creating the room and deleting it when it expires.
 *
 * Per answer, one transaction writes the move row (the answer: with the seed, the move log replays the game),
 * the answer's log rows (log.ts), the snapshot row (the rules' state, replaced) and the meta row (replaced when
 * it changed). A load reads the meta row and the snapshot row; nothing is rebuilt from the moves, so a deploy
 * that changes a rule cannot change a running game's state.
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
import type { ChatLine } from '../protocol';
import { cleanText } from './names';
import { LIMITS } from './limits';
import { expiresAt } from './retention';
import { audienceBits, hasSchema, migrate } from './schema';
import { hashToken, newToken } from './tokens';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { iso, type CreateParams, type Meta, type Room } from './types';
import type { Change } from './core';

const SAVE_META = 'INSERT INTO meta (id, json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json';
const SAVE_SNAPSHOT =
  'INSERT INTO snapshot (id, step, state) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET step = excluded.step, state = excluded.state';

/**
 * Storage of one room: meta and the engine state after the last move, both held in memory once loaded. Every
 * change goes through `mutate`: its writes run in one SQLite transaction on a copy of meta, which replaces the
 * held meta only if the transaction commits.
 */
export class Store {
  meta: Meta | null | undefined;
  /** The engine state after the last move (null: not started). */
  game: GameState<any> | null = null;

  constructor(private readonly r: Room) {}

  /** The runtime's SQL handle (read at each call: tests may replace the object's state to watch it). */
  get sql(): SqlStorage {
    return this.r.state.storage.sql;
  }

  /**
   * Load meta and snapshot (and the other concerns' caches). An object that was never created has no schema and
   * is left untouched, so a lookup of a made-up id creates nothing.
   */
  load(): Meta | null {
    if (this.meta !== undefined) return this.meta;
    const sql = this.sql;
    if (!hasSchema(sql)) return null;
    this.r.state.storage.transactionSync(() => migrate(sql));
    const row = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
    this.meta = row ? (JSON.parse(row.json) as Meta) : null;
    this.game = this.meta ? this.readState() : null;
    this.reloadCaches();
    return this.meta;
  }

  /**
   * The snapshot row's state. Every answer since migration 8 writes the snapshot with its move, so no move comes
   * after it; only a room written before that may have moves the old deltas did not cover (schema.ts), and those
   * are replayed through the rules here, once: the next answer writes the snapshot.
   */
  private readState(): GameState<any> | null {
    const snap = this.sql
      .exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1')
      .toArray()[0];
    if (!snap) return null;
    let s = JSON.parse(snap.state) as GameState<any>;
    for (const mv of this.sql.exec<{ seat: number; answer: string }>(
      'SELECT seat, answer FROM moves WHERE n > ? ORDER BY n',
      snap.step,
    )) {
      const r = apply(this.def(), s, mv.seat, JSON.parse(mv.answer) as Answer);
      if (!r.ok) throw new Error(`catching up the snapshot: move ${s.step + 1} rejected: ${r.error.reason}`);
      s = cloneJson(r.value.state);
    }
    return s;
  }

  /** Re-read what the concerns cache from their tables (after load, or after a change that failed). */
  private reloadCaches(): void {
    this.r.seats.reload();
    this.r.log.load();
  }

  /** The loaded meta (only called once `load()` found the room). */
  get m(): Meta {
    return this.meta!;
  }

  def(): GameDef {
    const d = getGame(this.m.game);
    if (!d) throw new Error(`game type ${this.m.game} is not registered`);
    return d;
  }

  /** Write the snapshot row: the state `s` (inside a change). */
  saveSnapshot(s: GameState<any>): void {
    this.sql.exec(SAVE_SNAPSHOT, s.step, JSON.stringify(s));
  }

  /**
   * Persist a change the core decided, in one transaction (`mutate`): the move row, the snapshot, its log lines,
   * a seat's row, the notification rows it queues and drops, and the meta row. Then hold its state.
   */
  write(c: Change): void {
    const now = this.r.now();
    this.mutate((mm) => {
      if (c.move)
        this.sql.exec(
          'INSERT INTO moves (n, seat, answer, by, at) VALUES (?, ?, ?, ?, ?)',
          c.state!.step,
          c.move.seat,
          JSON.stringify(c.move.answer),
          c.move.by,
          c.move.at,
        );
      if (c.state) this.saveSnapshot(c.state);
      this.r.log.append(c.lines);
      if (c.seat)
        this.sql.exec(
          'UPDATE seats SET expiries = ?, stand_in = ? WHERE seat = ?',
          c.seat.expiries,
          c.seat.standIn ? 1 : 0,
          c.seat.seat,
        );
      this.r.outbox.dropPrompts(c.closed);
      for (const n of c.notices) this.r.outbox.enqueue(c.meta, n.seat, n.kind, n.about, now, n.prompt);
      for (const k of Object.keys(mm)) if (!(k in c.meta)) delete (mm as unknown as Record<string, unknown>)[k];
      Object.assign(mm, structuredClone(c.meta));
    });
    if (c.seat) this.r.seats.reload();
    if (c.state) this.game = c.state;
  }

  /**
   * Run `fn` as one change on a copy of meta, inside one SQLite transaction: every statement `fn` runs, and the
   * meta row when meta changed, commit together or not at all, and the copy replaces meta only if they commit.
   * `transactionSync` rolls back if its function throws:
   * https://developers.cloudflare.com/durable-objects/api/storage-api/#transactionsync
   * Nothing is sent before it returns (persist before send), and the runtime's output gate holds what is sent
   * after it until the write is confirmed durable: https://developers.cloudflare.com/durable-objects/reference/glossary/
   * A change that throws writes nothing, and the caches (which may hold its rows) are read again.
   */
  mutate<T>(fn: (m: Meta) => T): T {
    const cur = this.m;
    const before = JSON.stringify(cur);
    const m = JSON.parse(before) as Meta;
    let out: T;
    try {
      out = this.r.state.storage.transactionSync(() => {
        const x = fn(m);
        if (m.version !== cur.version) m.changedAt = this.r.now();
        const json = JSON.stringify(m);
        if (json !== before) this.sql.exec(SAVE_META, json);
        return x;
      });
    } catch (e) {
      this.reloadCaches();
      throw e;
    }
    this.meta = m;
    return out;
  }

  /** When this game is deleted unless something changes first (retention.ts), or null while it runs. */
  expiry(): number | null {
    const m = this.m;
    // A running game never expires (every answer asks): nothing to count or parse.
    if (m.status === 'playing' && !m.paused) return null;
    return expiresAt({
      status: m.status,
      paused: m.paused,
      changedAt: m.changedAt ?? Date.parse(m.createdAt),
      joined: this.r.seats.joined(),
    });
  }

  /**
   * The game's time is up: every socket is closed and all its storage deleted (tables, alarm), so the object is
   * as if it never existed — every request for it is a 404 (ids are random and never handed out twice).
   */
  async deleteAll(): Promise<void> {
    console.log(`expired game=[${this.m.id}] status=[${this.m.status}]`);
    for (const ws of this.r.state.getWebSockets()) {
      try {
        ws.close(4004, 'game expired');
      } catch {
        /* already closing */
      }
    }
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

  /**
   * `GET /record`: what the replay page needs to replay a finished game — the creation parameters, the seed, the
   * seat names and every move in order. A running game has no record yet (404, as an unknown game).
   */
  record(): Reply {
    if (!this.load() || this.m.status !== 'finished' || this.m.seed === null)
      return reject('not_found', 'no such finished game');
    const m = this.m;
    const moves = this.sql
      .exec<{ seat: number; answer: string }>('SELECT seat, answer FROM moves ORDER BY n')
      .toArray()
      .map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer }));
    // The options the moves were played under (bots.ts `rulesOptions`), which a replay must use.
    const options = this.game?.options ?? m.options;
    return ok({ game: m.game, seats: m.seats, options, seed: m.seed, names: this.r.seats.names(), moves });
  }

  /** Create the room. Called once by `POST /api/games` with options already checked by the game. */
  async create(p: CreateParams): Promise<Reply> {
    const adminToken = await newToken(p.id, this.r.bindings.TOKEN_SECRET);
    const adminHash = await hashToken(adminToken);
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
    };
    const sql = this.sql;
    this.r.state.storage.transactionSync(() => {
      migrate(sql);
      sql.exec(SAVE_META, JSON.stringify(m));
      for (let s = 0; s < p.seats; s++) sql.exec('INSERT INTO seats (seat) VALUES (?)', s);
    });
    this.meta = m;
    this.reloadCaches();
    // A lobby nobody joins expires (retention.ts): the alarm is what deletes it.
    await this.r.clocks.schedule(true);
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
export const mayRead = (aud: number | null, seat: number | null, over: boolean): boolean =>
  over || aud === null || (seat !== null && ((aud >> seat) & 1) === 1);

/**
 * A stored row's lines. One row holds the lines of one change (column `lines`: a JSON array of `[at, aud, msg]`,
 * line k having the row's index plus k): one row per answer, however many lines it wrote — the platform bills rows.
 */
const rowsOf = (b: { i: number; lines: string }): Row[] =>
  (JSON.parse(b.lines) as [number, number | null, Msg][]).map(([at, aud, msg], k) => ({ i: b.i + k, at, aud, msg }));

const line = (r: Row): LogLine => ({ i: r.i, at: r.at, msg: r.msg });

/**
 * The game log, append-only in its own table: the engine hands each answer's entries back, the room appends them
 * as one row in the move's own transaction and reads them by index range, filtered by audience — a view never
 * walks the whole log, and no snapshot carries it. Indices are the room's (the engine's own lines and the room's,
 * like "timed out", in one sequence).
 */
export class LogTable {
  /** The index the next line gets (the number of lines). */
  end = 0;

  constructor(private readonly r: Room) {}

  load(): void {
    if (!this.r.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log'").toArray().length) return;
    const last = this.r.sql
      .exec<{ i: number; n: number }>('SELECT i, json_array_length(lines) AS n FROM log ORDER BY i DESC LIMIT 1')
      .toArray()[0];
    this.end = last ? last.i + last.n : 0;
  }

  /** Append lines as ONE row keyed by the index of its first line (call inside the move's change). */
  append(entries: { at: number; to: Audience; msg: Msg }[]): void {
    if (!entries.length) return;
    const lines = entries.map((e) => [e.at, e.to === 'public' ? null : audienceBits(e.to), e.msg]);
    this.r.sql.exec('INSERT INTO log (i, lines) VALUES (?, ?)', this.end, JSON.stringify(lines));
    this.end += entries.length;
  }

  /** The lines from `from` on (up to the end) that `seat` may read. */
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

/**
 * Chat, and notes from the room to one seat: a state body shows the last `chatLines` a viewer may read.
 */
export class Chat {
  constructor(private readonly r: Room) {}

  /** The last lines `seat` may read (the table's and its own notes), oldest first. */
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

  /** Write a line (inside a transaction); `to`: the one seat a note from the room is for (null: the whole table). */
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
