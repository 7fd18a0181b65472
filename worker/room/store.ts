/**
 * The room's storage, its entry point: loading meta and state (and the other concerns' caches), the one
 * transaction every change runs in (`mutate`), creating the room and deleting it when it expires. The state's rows
 * are `snapshot.ts`'s, the meta row's text `metarow.ts`'s.
 */
import { getGame, type GameDef, type GameState } from '../engine';
import { expiresAt } from './retention';
import { hasSchema, migrate } from './schema';
import { applyLive, liveJson, MetaRow, sameSettled } from './metarow';
import { Snapshot } from './snapshot';
import { hashToken, newToken } from './tokens';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { iso, type CreateParams, type Meta, type Room } from './types';

/** A move row the current transaction adds: written at its end, with meta's live part as the transaction left it. */
interface MoveRow {
  n: number;
  seat: number;
  answer: string;
  by: string;
  at: string;
  delta: string | null;
}

/**
 * Storage of one room: meta (the meta row, with the live part of the last move row when that is newer) and the
 * engine state after the last move (the newest full state, from the snapshot row or a move row, with the deltas
 * after it), both cached in memory once loaded. Every change goes through `mutate`: one SQLite transaction
 * on a copy of meta, which replaces the cached meta only if it commits.
 */
export class Store {
  meta: Meta | null | undefined;
  game: GameState<any> | null = null;
  /** The engine state's rows: what a load rebuilds, and what each answer writes. */
  private readonly snapshot: Snapshot;
  /** The meta row's text. */
  private readonly row = new MetaRow();
  /** The move row of the current transaction (`addMove`), written when its function returns. */
  private move: MoveRow | null = null;
  constructor(private readonly r: Room) {
    this.snapshot = new Snapshot(r);
  }

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
    const meta = row ? (JSON.parse(row.json) as Meta) : null;
    this.meta = meta;
    const { state, lastLive } = this.snapshot.read();
    this.game = state;
    if (meta) applyLive(meta, lastLive);
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
    this.r.sql.exec('INSERT OR REPLACE INTO meta (id, json) VALUES (1, ?)', this.metaJson(m));
  }

  /** The meta row's JSON (metarow.ts): its settled part, then its live part. */
  metaJson(m: Meta): string {
    return this.row.json(m);
  }

  /** Write the full snapshot of `s` (the start, the host ending the game), inside a transaction. */
  saveSnapshot(s: GameState<any>): void {
    this.snapshot.saveFull(s);
  }

  /**
   * Add the move that made `s` (call inside `mutate`): its row is written when the transaction's function
   * returns, with meta's live part (version, clocks...) as the function left it, and the state as `saveState`
   * decides. The meta row is then written only if something else in meta changed.
   */
  addMove(s: GameState<any>, seat: number, answer: string, by: string, at: string): void {
    this.move = { n: s.step, seat, answer, by, at, delta: this.snapshot.save(s) };
  }

  /** Run `fn` in one SQLite transaction with a copy of meta; the copy replaces meta only if it commits. */
  mutate<T>(fn: (m: Meta) => T): T {
    // The copy `fn` may change: its own object and clocks (the one part edited in place: clocks.ts, away.ts);
    // every other part of meta is replaced when it changes, never edited, so it is shared with the cached meta.
    const cur = this.m;
    const m: Meta = { ...cur, clocks: cur.clocks.map((c) => ({ ...c })) };
    let out: T;
    try {
      out = this.r.state.storage.transactionSync(() => {
        const r = fn(m);
        if (m.version !== this.m.version) m.changedAt = this.r.now();
        const mv = this.move;
        if (mv) {
          this.r.sql.exec('INSERT INTO moves (n, seat, answer, by, at, delta, live) VALUES (?, ?, ?, ?, ?, ?, ?)', mv.n, mv.seat, mv.answer, mv.by, mv.at, mv.delta, liveJson(m));
          if (!sameSettled(cur, m)) this.saveMeta(m);
        } else this.saveMeta(m);
        return r;
      });
    } catch (e) {
      // The caches may hold what the rolled-back transaction wrote.
      this.move = null;
      this.snapshot.rollback();
      this.reloadCaches();
      throw e;
    }
    this.meta = m;
    this.move = null;
    this.snapshot.commit();
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
    this.snapshot.clear();
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
