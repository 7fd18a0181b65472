/**
 * The room's storage: loading meta and the snapshot (and the other concerns' caches), the one transaction every
 * change makes (`mutate`), the move row and the snapshot row an answer writes, creating the room and deleting it
 * when it expires.
 *
 * Per answer, one transaction writes the move row (the answer: with the seed, the move log replays the game),
 * the answer's log rows (log.ts), the snapshot row (the rules' state, replaced) and the meta row (replaced when
 * it changed). A load reads the meta row and the snapshot row; nothing is rebuilt from the moves, so a deploy
 * that changes a rule cannot change a running game's state.
 */
import { apply, cloneJson, getGame, type Answer, type GameDef, type GameState } from '../engine';
import { expiresAt } from './retention';
import { hasSchema, migrate } from './schema';
import { hashToken, newToken } from './tokens';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { iso, type CreateParams, type Meta, type Room } from './types';
import type { Change } from './core';

const SAVE_META = 'INSERT INTO meta (id, json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json';
const SAVE_SNAPSHOT = 'INSERT INTO snapshot (id, step, state) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET step = excluded.step, state = excluded.state';

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
    const snap = this.sql.exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1').toArray()[0];
    if (!snap) return null;
    let s = JSON.parse(snap.state) as GameState<any>;
    for (const mv of this.sql.exec<{ seat: number; answer: string }>('SELECT seat, answer FROM moves WHERE n > ? ORDER BY n', snap.step)) {
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
    this.r.chat.load();
    this.r.outbox.load();
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
      if (c.move) this.sql.exec('INSERT INTO moves (n, seat, answer, by, at) VALUES (?, ?, ?, ?, ?)', c.state!.step, c.move.seat, JSON.stringify(c.move.answer), c.move.by, c.move.at);
      if (c.state) this.saveSnapshot(c.state);
      this.r.log.append(c.lines);
      if (c.seat) this.sql.exec('UPDATE seats SET expiries = ?, stand_in = ? WHERE seat = ?', c.seat.expiries, c.seat.standIn ? 1 : 0, c.seat.seat);
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
    return expiresAt({ status: m.status, paused: m.paused, changedAt: m.changedAt ?? Date.parse(m.createdAt), joined: this.r.seats.joined() });
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

  rejected(code: ErrorCode, message: string, ctx: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Reply {
    return reject(code, message, { game: this.meta?.id, ...ctx }, extra);
  }

  /**
   * `GET /record`: what the replay page needs to replay a finished game — the creation parameters, the seed, the
   * seat names and every move in order. A running game has no record yet (404, as an unknown game).
   */
  record(): Reply {
    if (!this.load() || this.m.status !== 'finished' || this.m.seed === null) return reject('not_found', 'no such finished game');
    const m = this.m;
    const moves = this.sql
      .exec<{ seat: number; answer: string }>('SELECT seat, answer FROM moves ORDER BY n')
      .toArray()
      .map((x) => ({ seat: x.seat, answer: JSON.parse(x.answer) as Answer }));
    return ok({ game: m.game, seats: m.seats, options: m.options, seed: m.seed, names: this.r.seats.names(), moves });
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
