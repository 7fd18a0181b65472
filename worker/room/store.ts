/**
 * The room's storage, its entry point: loading meta and state (and the other concerns' caches), the one atomic
 * write every change makes (`mutate`: one statement, or one transaction), creating the room and deleting it when
 * it expires. The state's rows are `snapshot.ts`'s, the meta row's text `metarow.ts`'s.
 */
import { getGame, type GameDef, type GameState } from '../engine';
import { expiresAt } from './retention';
import { hasSchema, migrate } from './schema';
import { applyLive, liveJson, MetaRow, sameSettled } from './metarow';
import { Snapshot } from './snapshot';
import { hashToken, newToken } from './tokens';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { iso, type CreateParams, type Meta, type Room } from './types';
import { Writes, type Statement } from './writes';
import { linesStatement, moveStatement, SAVE_META, type LineRow, type MoveRow } from './movewrite';

/** The copy of meta a change may edit: its own object and clocks (see `mutate`). */
const copyMeta = (cur: Meta): Meta => ({ ...cur, clocks: cur.clocks.map((c) => ({ ...c })) });


/**
 * Storage of one room: meta (the meta row, with the live part of the last move row when that is newer) and the
 * engine state after the last move (the newest full state, from the snapshot row or a move row, with the deltas
 * after it), both cached in memory once loaded. Every change goes through `mutate`: its writes stored together
 * (one statement, or one SQLite transaction) from a copy of meta, which replaces the cached meta only if they are.
 */
export class Store {
  meta: Meta | null | undefined;
  private held: GameState<any> | null = null;
  /** The engine state's rows: what a load rebuilds, and what each answer writes. */
  private readonly snapshot: Snapshot;
  /** The meta row's text. */
  private readonly row = new MetaRow();
  /** The move row of the current change (`addMove`), written when its function returns. */
  private move: MoveRow | null = null;
  /** The current change's log lines not written yet (`appendLines`). */
  private lines: LineRow[] | null = null;
  /** The room's SQL handle (`Room.sql`): it keeps a change's writes for its end (writes.ts). */
  private readonly writes: Writes;
  constructor(private readonly r: Room) {
    this.snapshot = new Snapshot(r);
    this.writes = new Writes(
      () => r.state.storage.sql,
      () => this.lines !== null,
    );
  }

  /**
   * The engine state after the last move (null: not started). Never edited in place, nor any part of it: a change
   * makes a new state (the engine's `apply` does) sharing the parts it leaves alone, and the next answer's state
   * diff skips those shared parts (snapshot.ts). Where `FREEZE_STATES` is "1" (the tests' Worker) every state set
   * here is deep-frozen (its new parts only), so a write through it throws.
   */
  get game(): GameState<any> | null {
    return this.held;
  }

  set game(s: GameState<any> | null) {
    if (s) this.snapshot.hold(s);
    this.held = s;
  }

  /** The room's SQL handle: statements run at once, except the writes of a change, which run at its end. */
  get sql(): SqlStorage {
    return this.writes.asSql();
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

  private saveMeta(m: Meta): void {
    this.r.sql.exec(SAVE_META, this.metaJson(m));
  }

  /** The meta row's JSON (metarow.ts): its settled part, then its live part. */
  metaJson(m: Meta): string {
    return this.row.json(m);
  }

  /** Write the full snapshot of `s` (the start, the host ending the game), inside a change. */
  saveSnapshot(s: GameState<any>): void {
    this.snapshot.saveFull(s);
  }

  /**
   * Add the move that made `s` (call inside `mutate`): its row is written when the change's function
   * returns, with meta's live part (version, clocks...) as the function left it, and the state as `saveState`
   * decides. The meta row is then written only if something else in meta changed.
   */
  addMove(s: GameState<any>, seat: number, answer: string, by: string, at: string): void {
    this.move = { n: s.step, seat, answer, by, at, delta: this.snapshot.save(s) };
  }

  /**
   * Append log lines (log.ts, inside a change): kept for the change's end (in the move's statement when it has
   * one), or written at once when the change runs in a transaction.
   */
  appendLines(rows: LineRow[]): void {
    if (this.writes.collecting) this.lines = this.lines === null ? rows : this.lines.concat(rows);
    else {
      const [query, bindings] = linesStatement(rows);
      this.r.state.storage.sql.exec(query, ...bindings);
    }
  }

  /**
   * Run `fn` as one change on a copy of meta; the copy replaces meta only if every write of it is stored. Its
   * writes are kept (writes.ts) and run when it returns: the move row with its log lines and meta as ONE
   * statement (movewrite.ts `moveStatement`), no transaction, when that is all it wrote — an ordinary answer — else all of them
   * in one transaction. A change that reads after one of its writes is run again from its start inside a
   * transaction, every statement running as it is issued (so `fn` must do nothing before such a read that a
   * rollback of storage, meta and the caches would not undo). A change that throws, or whose statement fails,
   * writes nothing, and the caches are read again.
   */
  mutate<T>(fn: (m: Meta) => T): T {
    // The copy `fn` may change: its own object and clocks (the one part edited in place: clocks.ts, away.ts);
    // every other part of meta is replaced when it changes, never edited, so it is shared with the cached meta.
    const cur = this.m;
    if (this.writes.collecting) throw new Error('a change inside a change');
    let m = copyMeta(cur);
    let out!: T;
    try {
      let done = false;
      let kept: Statement[];
      this.writes.collect();
      try {
        out = fn(m);
        done = !this.writes.refused;
      } catch (e) {
        if (!this.writes.refused) throw e;
      } finally {
        kept = this.writes.stop();
      }
      if (done) {
        const all = kept.concat(this.ownWrites(cur, m));
        const sql = this.r.state.storage.sql;
        if (all.length === 1) sql.exec(all[0]![0], ...all[0]![1]);
        else if (all.length) this.r.state.storage.transactionSync(() => all.forEach(([q, b]) => sql.exec(q, ...b)));
      } else {
        // It read what it had written: again from the start, inside a transaction, each statement at once.
        this.undo();
        m = copyMeta(cur);
        out = this.r.state.storage.transactionSync(() => {
          const r = fn(m);
          const sql = this.r.state.storage.sql;
          for (const [q, b] of this.ownWrites(cur, m)) sql.exec(q, ...b);
          return r;
        });
      }
    } catch (e) {
      this.undo();
      throw e;
    }
    this.meta = m;
    this.move = null;
    this.snapshot.commit();
    return out;
  }

  /**
   * What the store itself writes at the end of a change that made `m` of `cur`: the move row (with the log lines
   * kept and the meta row if more of meta changed) in one statement; without a move, the lines and the meta row.
   */
  private ownWrites(cur: Meta, m: Meta): Statement[] {
    if (m.version !== cur.version) m.changedAt = this.r.now();
    const lines = this.lines;
    this.lines = null;
    const mv = this.move;
    if (mv) return [moveStatement(mv, liveJson(m), sameSettled(cur, m) ? null : this.metaJson(m), lines)];
    const meta: Statement = [SAVE_META, [this.metaJson(m)]];
    return lines === null ? [meta] : [linesStatement(lines), meta];
  }

  /** A change failed or runs again: what it wrote is dropped, and the caches (which may hold it) read again. */
  private undo(): void {
    this.move = null;
    this.lines = null;
    this.snapshot.rollback();
    this.reloadCaches();
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
    this.snapshot.clear();
  }

  rejected(code: ErrorCode, message: string, ctx: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Reply {
    return reject(code, message, { game: this.meta?.id, ...ctx }, extra);
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
