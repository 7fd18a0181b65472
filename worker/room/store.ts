import { apply, cloneJson, getGame, type Answer, type GameDef, type GameState } from '../engine';
import { expiresAt } from './retention';
import { applyDelta, diffState, sameWhere, type Op } from './delta';
import { hasSchema, migrate } from './schema';
import { hashToken, newToken } from './tokens';
import { ok, reject, type ErrorCode, type Reply } from './reply';
import { iso, type CreateParams, type Meta, type Room } from './types';

/**
 * Every `FULL_EVERY` answers (and whenever the delta would not be smaller) a move row carries the full state in
 * its `delta` column (a JSON object) instead of its exact state delta (delta.ts, a JSON array); the snapshot row
 * is written at the start and at the end. A load starts from the newest full state (the snapshot row or a move
 * row after it) and applies at most `FULL_EVERY - 1` deltas to it, as data.
 */
export const FULL_EVERY = 32;

/**
 * A state whose JSON is shorter than this is written whole: a delta could save a few hundred bytes at most, and
 * making and checking it costs more CPU than writing the state (on the 600-byte hidden-hand fixture the delta of
 * an answer is nearly the whole state: prompts are replaced, not edited).
 */
export const SMALL_STATE = 1024;

/**
 * The meta fields (nearly) every change writes: serialised at each write, after the settled rest (`metaJson`). A
 * move writes them into its own row (`live`) and leaves the meta row alone unless the settled rest changed too.
 */
const LIVE = new Set(['version', 'gameVersion', 'clocks', 'changedAt']);

/** Meta's live part as a move row carries it (column `live`). */
type Live = Pick<Meta, 'version' | 'gameVersion' | 'clocks' | 'changedAt'>;

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
  /**
   * The state exactly as a load would rebuild it from storage (the last full snapshot parsed, or its JSON until a
   * delta needs it as data; the deltas since
   * applied to it): every delta is checked on it before it is written. Never shared with `game`.
   */
  private stored: GameState<any> | string | null = null;
  /** Answers since the last full snapshot. */
  private sinceFull = 0;
  /** What the current transaction wrote, taken over when it commits. */
  private staged: { stored: GameState<any> | string; sinceFull: number } | null = null;
  /** A delta was applied to `stored` in the current transaction. */
  private touched = false;
  /**
   * The length of the last full snapshot's JSON (written or loaded): the state's size as far as `saveState`
   * needs it. A state changes size slowly, and at most `FULL_EVERY` answers separate two full writes.
   */
  private fullLen = 0;
  private stagedLen: number | null = null;
  /** The move row of the current transaction (`addMove`), written when its function returns. */
  private move: MoveRow | null = null;
  /** The live part of meta in the last move row, as the last read of the moves found it (JSON), or null. */
  private lastLive: string | null = null;

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
    const meta = row ? (JSON.parse(row.json) as Meta) : null;
    this.meta = meta;
    const stored = this.readStored();
    this.stored = stored;
    this.game = stored && cloneJson(stored);
    // The last move wrote meta's live part into its own row; the meta row is newer only if a later change (chat,
    // join, pause, the alarm's work...) wrote it whole, at the same version or a higher one.
    const live = this.lastLive === null ? null : (JSON.parse(this.lastLive) as Live);
    if (meta && live && live.version > meta.version) {
      meta.version = live.version;
      meta.gameVersion = live.gameVersion;
      meta.clocks = live.clocks;
      if (live.changedAt !== undefined) meta.changedAt = live.changedAt;
    }
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

  /** The settled part of meta as last serialised: its fields (by reference) and their JSON. */
  private settled: { of: Record<string, unknown>; json: string } | null = null;

  /**
   * The meta row's JSON: the settled fields (settings, channel memo, ...: kept as JSON while none of them is
   * replaced) followed by the ones every answer changes (`LIVE`). Meta's parts are replaced, never edited in
   * place (`mutate`), so a field that is the same reference serialises as before.
   */
  metaJson(m: Meta): string {
    const o = m as unknown as Record<string, unknown>;
    let st = this.settled;
    if (st) {
      let n = 0;
      for (const k in o) {
        if (LIVE.has(k) || o[k] === undefined) continue;
        n++;
        if (o[k] !== st.of[k]) {
          st = null;
          break;
        }
      }
      if (st && n !== Object.keys(st.of).length) st = null;
    }
    if (!st) {
      const of: Record<string, unknown> = {};
      for (const k in o) if (!LIVE.has(k) && o[k] !== undefined) of[k] = o[k];
      st = this.settled = { of, json: JSON.stringify(of) };
    }
    const live = liveJson(m);
    return st.json.length > 2 ? `${st.json.slice(0, -1)},${live.slice(1)}` : live;
  }

  /**
   * The state as storage holds it (null: the game has not started): the newest full state — the snapshot row, or
   * a move row after it whose `delta` is a whole state — with the moves after it applied. The moves are read
   * from the last one back, only as far as that full state (at most `FULL_EVERY` rows); the last one's live part
   * of meta is kept for `load`.
   */
  private readStored(): GameState<any> | null {
    const sql = this.r.sql;
    const snap = sql.exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1').toArray()[0];
    this.lastLive = null;
    if (!snap) return (this.fullLen = 0), null;
    let base = snap.state;
    const later: { seat: number; answer: string; delta: string | null }[] = [];
    let last = true;
    for (const mv of sql.exec<{ n: number; seat: number; answer: string; delta: string | null; live: string | null }>('SELECT n, seat, answer, delta, live FROM moves ORDER BY n DESC')) {
      if (last) [this.lastLive, last] = [mv.live, false];
      // The snapshot row at a move's step was written with it or after it (the end, the host ending the game).
      if (mv.n <= snap.step) break;
      if (mv.delta !== null && mv.delta.charCodeAt(0) === 123 /* { */) {
        base = mv.delta;
        break;
      }
      later.push(mv);
    }
    this.fullLen = base.length;
    return this.catchUp(JSON.parse(base) as GameState, later.reverse());
  }

  /**
   * A full state plus the moves written after it: the state after the last move. A move's delta is applied as
   * data; only a move written without one (by a deploy before deltas that wrote the snapshot every few answers)
   * is replayed through the rules.
   */
  private catchUp(full: GameState, later: { seat: number; answer: string; delta: string | null }[]): GameState {
    let s = full;
    this.sinceFull = later.length;
    for (const mv of later) {
      if (mv.delta !== null) {
        s = applyDelta(s, JSON.parse(mv.delta) as Op[]);
        continue;
      }
      const r = apply(this.def(), s, mv.seat, JSON.parse(mv.answer) as Answer);
      if (!r.ok) throw new Error(`catching up the snapshot: move ${s.step + 1} rejected: ${r.error.reason}`);
      s = cloneJson(r.value.state);
    }
    return s;
  }

  /** Write the full snapshot `json` of `s` (inside a transaction). */
  private writeFull(s: GameState<any>, json: string): void {
    this.r.sql.exec('INSERT OR REPLACE INTO snapshot (id, step, state) VALUES (1, ?, ?)', s.step, json);
    // Kept as the JSON until a delta needs it as data (a small state never does).
    this.staged = { stored: json, sinceFull: 0 };
    this.stagedLen = json.length;
  }

  /** Write the full snapshot of `s` (the start, the host ending the game), inside a transaction. */
  saveSnapshot(s: GameState<any>): void {
    this.writeFull(s, JSON.stringify(s));
  }

  /** The full state `json` goes into the move row (returned for its `delta` column): a load may start from it. */
  private fullInMove(json: string): string {
    this.staged = { stored: json, sinceFull: 0 };
    this.stagedLen = json.length;
    return json;
  }

  /**
   * Add the move that made `s` (call inside `mutate`): its row is written when the transaction's function
   * returns, with meta's live part (version, clocks...) as the function left it, and the state as `saveState`
   * decides. The meta row is then written only if something else in meta changed.
   */
  addMove(s: GameState<any>, seat: number, answer: string, by: string, at: string): void {
    this.move = { n: s.step, seat, answer, by, at, delta: this.saveState(s) };
  }

  /**
   * Persist the state `s` that one answer made (call inside the move's transaction): returns what the move row's
   * `delta` column holds — the exact delta (a JSON array), or the full state (a JSON object) when one is due,
   * when the state is small (`SMALL_STATE`), when the delta is not clearly smaller, or when the delta applied to
   * the stored state does not serialise to exactly `s` — or null after writing the snapshot row (the game is over).
   */
  saveState(s: GameState<any>): string | null {
    const kept = this.staged?.stored ?? this.stored;
    const since = (this.staged?.sinceFull ?? this.sinceFull) + 1;
    if (!kept || s.outcome) return this.writeFull(s, JSON.stringify(s)), null;
    if (since >= FULL_EVERY) return this.fullInMove(JSON.stringify(s));
    // The whole state is serialised only when its size decides something: a state that may be small, or a delta
    // not clearly smaller than the last full snapshot. Otherwise the delta is written without it (a delta is
    // exact whatever its size; the size only decides which of two exact forms is cheaper to store).
    const size = this.stagedLen ?? this.fullLen;
    let json = size < 2 * SMALL_STATE ? JSON.stringify(s) : null;
    if (json !== null && json.length < SMALL_STATE) return this.fullInMove(json);
    // Diffed against the stored state itself, not `before`: the walk compares every part of the stored state
    // with `s` exactly as `sameJson` would (a part it does not replace is proven equal to `s`'s), so what is
    // left to check after applying the delta is only the containers it wrote (`sameWhere`).
    this.touched = true;
    const base = typeof kept === 'string' ? (JSON.parse(kept) as GameState<any>) : kept;
    const ops = diffState(base, s);
    const delta = JSON.stringify(ops);
    if (json === null && 2 * delta.length >= size) json = JSON.stringify(s);
    if (json !== null && delta.length >= json.length) return this.fullInMove(json);
    // The check, on what a load would rebuild: the delta as it will be read back (`cloneJson` is the JSON round
    // trip without the text: the stored state shares nothing with `s`), applied to the stored state (in place:
    // if the check fails, the stored state is the full snapshot's from now on; if the transaction fails, it is
    // read again from storage), compared with `s` as JSON values (same keys in the same order, same values:
    // equal ones serialise to the same bytes) wherever the delta wrote.
    const next = applyDelta(base, cloneJson(ops));
    if (!sameWhere(next, s, ops)) return this.fullInMove(json ?? JSON.stringify(s));
    this.staged = { stored: next, sinceFull: since };
    return delta;
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
      this.staged = null;
      this.stagedLen = null;
      if (this.touched) this.stored = this.readStored();
      this.touched = false;
      this.reloadCaches();
      throw e;
    }
    this.meta = m;
    this.move = null;
    this.touched = false;
    if (this.staged) [this.stored, this.sinceFull, this.staged] = [this.staged.stored, this.staged.sinceFull, null];
    if (this.stagedLen !== null) [this.fullLen, this.stagedLen] = [this.stagedLen, null];
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
    this.stored = null;
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

/** Meta's live part as JSON (the tail of the meta row, and a move row's `live`). */
function liveJson(m: Meta): string {
  return JSON.stringify({ version: m.version, gameVersion: m.gameVersion, clocks: m.clocks, changedAt: m.changedAt });
}

/**
 * Whether `b` (the transaction's copy of `a`) has the same settled part as `a`: the same value, by reference, for
 * every field but the live ones. Parts of meta are replaced when they change, never edited in place (types.ts).
 */
function sameSettled(a: Meta, b: Meta): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const k in y) if (!LIVE.has(k) && y[k] !== x[k]) return false;
  for (const k in x) if (!LIVE.has(k) && !(k in y) && x[k] !== undefined) return false;
  return true;
}
