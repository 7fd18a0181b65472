import { getGame, type GameDef, type GameState } from '../engine';
import { expiresAt } from './retention';
import { hasSchema, migrate } from './schema';
import { hashToken, newToken } from './tokens';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { iso, type CreateParams, type Meta, type Room } from './types';

/**
 * Storage of one room: the meta row (settings, lifecycle, clocks) and the snapshot (the engine state after the
 * last move), both cached in memory once loaded. Every change goes through `mutate`: one SQLite transaction
 * on a copy of meta, which replaces the cached meta only if it commits.
 */
export class Store {
  meta: Meta | null | undefined;
  game: GameState<any> | null = null;

  constructor(private readonly r: Room) {}

  /**
   * Load meta and snapshot (and the other concerns' caches). An object that was never created has no schema and
   * is left untouched, so a lookup of a made-up id creates nothing.
   */
  load(): Meta | null {
    if (this.meta !== undefined) return this.meta;
    const sql = this.r.sql;
    if (!hasSchema(sql)) return null;
    this.r.state.storage.transactionSync(() => migrate(sql));
    const row = sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
    this.meta = row ? (JSON.parse(row.json) as Meta) : null;
    const snap = sql.exec<{ state: string }>('SELECT state FROM snapshot WHERE id = 1').toArray()[0];
    this.game = snap ? (JSON.parse(snap.state) as GameState) : null;
    this.reloadCaches();
    return this.meta;
  }

  /** Re-read what the concerns cache from their tables (after load, or after a transaction that failed). */
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

  private saveMeta(m: Meta): void {
    this.r.sql.exec('INSERT OR REPLACE INTO meta (id, json) VALUES (1, ?)', JSON.stringify(m));
  }

  saveSnapshot(s: GameState<any>): void {
    this.r.sql.exec('INSERT OR REPLACE INTO snapshot (id, step, state) VALUES (1, ?, ?)', s.step, JSON.stringify(s));
  }

  /** Run `fn` in one SQLite transaction with a copy of meta; the copy replaces meta only if it commits. */
  mutate<T>(fn: (m: Meta) => T): T {
    // Meta is plain JSON: a JSON round trip is the cheapest deep copy of it.
    const m = JSON.parse(JSON.stringify(this.m)) as Meta;
    let out: T;
    try {
      out = this.r.state.storage.transactionSync(() => {
        const r = fn(m);
        if (m.version !== this.m.version) m.changedAt = this.r.now();
        this.saveMeta(m);
        return r;
      });
    } catch (e) {
      // The caches may hold what the rolled-back transaction wrote.
      this.reloadCaches();
      throw e;
    }
    this.meta = m;
    return out;
  }

  /** When this game is deleted unless something changes first (retention.ts), or null while it runs. */
  expiry(): number | null {
    const m = this.m;
    const joined = this.r.seats.rows.filter((x) => x.name !== null && !x.bot).length;
    return expiresAt({ status: m.status, paused: m.paused, changedAt: m.changedAt ?? Date.parse(m.createdAt), joined });
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

  /** Create the room. Called once by `POST /api/games` with options already checked by the game. */
  async create(p: CreateParams): Promise<Reply> {
    const adminToken = newToken();
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
    const sql = this.r.sql;
    this.r.state.storage.transactionSync(() => {
      migrate(sql);
      this.saveMeta(m);
      for (let s = 0; s < p.seats; s++) sql.exec('INSERT INTO seats (seat) VALUES (?)', s);
    });
    this.meta = m;
    this.reloadCaches();
    // A lobby nobody joins expires (retention.ts): the alarm is what deletes it.
    await this.r.clocks.schedule(true);
    return ok({ id: p.id, adminToken, inviteUrl: `${p.origin}/g/${p.id}` }, 201);
  }
}
