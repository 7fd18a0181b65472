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

/** A log line as the store writes it: index, step, audience bits (null: public), the message's JSON text. */
export type LineRow = [i: number, at: number, aud: number | null, msg: string];

/** Lines that ride in the move's statement as columns of their own (migration 7); the rest go as JSON. */
const INLINE_LINES = 4;

/**
 * A move as one answer writes it (migration 7): the view's INSTEAD OF INSERT trigger writes the move row, its log
 * lines (the first `INLINE_LINES` as columns, the message text bound as it is stored; the rest as `more`, a JSON
 * array of `[i, at, aud, msg]` with each message as the JSON string of its text) and the meta row (`meta`, when
 * more of meta than its live part changed) — one statement, atomic as any single statement is.
 */
const INSERT_MOVE = `INSERT INTO move_writes (n, seat, answer, by, at, delta, live, meta, ${Array.from({ length: INLINE_LINES }, (_, k) => `i${k}, at${k}, aud${k}, msg${k}`).join(', ')}, more) VALUES (${Array.from({ length: 9 + 4 * INLINE_LINES }, () => '?').join(', ')})`;
/** Log lines as one JSON array (`more`'s form): lines beyond the inline ones, and lines without a move. */
const INSERT_LINES = "INSERT INTO log (i, at, aud, msg) SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', value ->> '$[3]' FROM json_each(?)";
/** `rows` as `INSERT_LINES` and `more` take them. */
const linesJson = (rows: LineRow[], from: number): string => {
  let json = '';
  for (let k = from; k < rows.length; k++) {
    const [i, at, aud, msg] = rows[k]!;
    json += `${k > from ? ',' : ''}[${i},${at},${aud},${JSON.stringify(msg)}]`;
  }
  return `[${json}]`;
};
const SAVE_META = 'INSERT OR REPLACE INTO meta (id, json) VALUES (1, ?)';

/** The copy of meta a change may edit: its own object and clocks (see `mutate`). */
const copyMeta = (cur: Meta): Meta => ({ ...cur, clocks: cur.clocks.map((c) => ({ ...c })) });

/** A move row the current change adds: written at its end, with meta's live part as the change left it. */
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
 * after it), both cached in memory once loaded. Every change goes through `mutate`: its writes stored together
 * (one statement, or one SQLite transaction) from a copy of meta, which replaces the cached meta only if they are.
 */
export class Store {
  meta: Meta | null | undefined;
  game: GameState<any> | null = null;
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
    else this.r.state.storage.sql.exec(INSERT_LINES, linesJson(rows, 0));
  }

  /**
   * Run `fn` as one change on a copy of meta; the copy replaces meta only if every write of it is stored. Its
   * writes are kept (writes.ts) and run when it returns: the move row with its log lines and meta as ONE
   * statement (`INSERT_MOVE`), no transaction, when that is all it wrote — an ordinary answer — else all of them
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
    if (mv) {
      const b: unknown[] = [mv.n, mv.seat, mv.answer, mv.by, mv.at, mv.delta, liveJson(m), sameSettled(cur, m) ? null : this.metaJson(m)];
      for (let k = 0; k < INLINE_LINES; k++) {
        const x = lines?.[k];
        if (x) b.push(x[0], x[1], x[2], x[3]);
        else b.push(null, null, null, null);
      }
      b.push(lines && lines.length > INLINE_LINES ? linesJson(lines, INLINE_LINES) : null);
      return [[INSERT_MOVE, b]];
    }
    const meta: Statement = [SAVE_META, [this.metaJson(m)]];
    return lines === null ? [meta] : [[INSERT_LINES, [linesJson(lines, 0)]], meta];
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
