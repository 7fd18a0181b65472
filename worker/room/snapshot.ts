/**
 * The engine state as storage holds it: the snapshot row, and per move row its exact state delta (delta.ts) or,
 * now and then, the whole state. Reads the state back on a load (the newest full state with the deltas after it
 * applied, as data), and decides and checks what one answer writes, so a load always rebuilds exactly the state
 * the room had.
 */
import { apply, cloneJson, type Answer, type GameState } from '../engine';
import { applyDelta, diffPlain, freezeNew, sameWhere, type Op } from './delta';
import type { Room } from './types';

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

/** What a load reads: the state (null: the game has not started) and the last move row's live part of meta. */
export interface Read {
  state: GameState<any> | null;
  lastLive: string | null;
}

/**
 * One room's state in storage, as the store's transactions change it: what is written is staged, and taken over
 * (`commit`) or dropped (`rollback`) with the transaction.
 *
 * The state diff starts from the state before the answer itself and skips every part the new state shares with
 * it, so it costs what the answer changed. That rests on the engine's contract that a state never changes once
 * made (`apply` copies what it changes; test/engine/draft.test.ts runs the rules on frozen states): a rule that
 * wrote through a shared part would change the stored state with the new one, and the delta would miss it. Where
 * `FREEZE_STATES` is "1" (the tests' Worker), every state the room holds is deep-frozen as it is made (`hold`), so
 * such a write throws and the answer fails, changing nothing; production does not freeze, because a frozen array
 * or object is many times slower to copy (`slice`, `filter`) and to serialise, in workerd as in Node.
 */
export class Snapshot {
  /**
   * The state exactly as a load would rebuild it from storage, as plain JSON (delta.ts `plainJson`): the next
   * state is diffed against it. Normally the very state the room holds (the next state shares its unchanged
   * parts); after a state that is not plain JSON, a copy that shares nothing with the room's states (the delta
   * applied to the stored state, or the last full snapshot's JSON, parsed when a delta needs it), so the next diff
   * compares all of it, as it did before the diff started from the previous state.
   */
  private stored: GameState<any> | string | null = null;
  /** Answers since the last full snapshot. */
  private sinceFull = 0;
  /** What the current transaction wrote, taken over when it commits. */
  private staged: { stored: GameState<any> | string; sinceFull: number } | null = null;
  /**
   * The length of the last full snapshot's JSON (written or loaded): the state's size as far as `save` needs
   * it. A state changes size slowly, and at most `FULL_EVERY` answers separate two full writes.
   */
  private fullLen = 0;
  private stagedLen: number | null = null;
  /** Whether states are frozen as the room takes them (`FREEZE_STATES`; read at the first state held). */
  private freeze: boolean | undefined;

  constructor(private readonly r: Room) {}

  /**
   * `s` is a state the room holds from now on (the store's `game` setter, the one place a state is taken): where
   * states are frozen (`FREEZE_STATES`), freeze it — its new parts only (those it shares with states held before
   * are frozen already).
   */
  hold(s: GameState<any>): void {
    if ((this.freeze ??= this.r.bindings.FREEZE_STATES === '1')) freezeNew(s);
  }

  /**
   * Read the state as storage holds it, and keep it as the stored state: the newest full state — the snapshot
   * row, or a move row after it whose `delta` is a whole state — with the moves after it applied. The moves are
   * read from the last one back, only as far as that full state (at most `FULL_EVERY` rows); the last one's live
   * part of meta is returned with it. The state returned is the stored one itself (parsed JSON: plain), which the
   * room then holds.
   */
  read(): Read {
    const r = this.readStored();
    this.stored = r.state;
    return r;
  }

  private readStored(): Read {
    const sql = this.r.sql;
    const snap = sql.exec<{ step: number; state: string }>('SELECT step, state FROM snapshot WHERE id = 1').toArray()[0];
    let lastLive: string | null = null;
    if (!snap) return (this.fullLen = 0), { state: null, lastLive };
    let base = snap.state;
    const later: { seat: number; answer: string; delta: string | null }[] = [];
    let last = true;
    for (const mv of sql.exec<{ n: number; seat: number; answer: string; delta: string | null; live: string | null }>('SELECT n, seat, answer, delta, live FROM moves ORDER BY n DESC')) {
      if (last) [lastLive, last] = [mv.live, false];
      // The snapshot row at a move's step was written with it or after it (the end, the host ending the game).
      if (mv.n <= snap.step) break;
      if (mv.delta !== null && mv.delta.charCodeAt(0) === 123 /* { */) {
        base = mv.delta;
        break;
      }
      later.push(mv);
    }
    this.fullLen = base.length;
    return { state: this.catchUp(JSON.parse(base) as GameState, later.reverse()), lastLive };
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
      const r = apply(this.r.store.def(), s, mv.seat, JSON.parse(mv.answer) as Answer);
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

  /** Write the full snapshot row of `s` (the start, the host ending the game), inside a transaction. */
  saveFull(s: GameState<any>): void {
    this.writeFull(s, JSON.stringify(s));
  }

  /**
   * The full state `json` goes into the move row (returned for its `delta` column): a load may start from it.
   * The stored state is then `s` itself when it is known to be plain JSON (`plain`), else the JSON.
   */
  private fullInMove(s: GameState<any>, json: string, plain = false): string {
    this.staged = { stored: plain ? s : json, sinceFull: 0 };
    this.stagedLen = json.length;
    return json;
  }

  /**
   * Persist the state `s` that one answer made (call inside the move's transaction; the room holds `s` from here
   * on): returns what the move row's `delta` column holds — the exact delta (a JSON array), or the full state (a
   * JSON object) when one is due, when the state is small (`SMALL_STATE`), when the delta is not clearly smaller,
   * or when the delta applied to the stored state does not serialise to exactly `s` — or null after writing the
   * snapshot row (the game is over).
   */
  save(s: GameState<any>): string | null {
    const kept = this.staged?.stored ?? this.stored;
    const since = (this.staged?.sinceFull ?? this.sinceFull) + 1;
    if (!kept || s.outcome) return this.writeFull(s, JSON.stringify(s)), null;
    // The whole state is serialised only when its size decides something: a state that may be small, or a delta
    // not clearly smaller than the last full snapshot. Otherwise the delta is written without it (a delta is
    // exact whatever its size; the size only decides which of two exact forms is cheaper to store).
    const size = this.stagedLen ?? this.fullLen;
    let json = size < 2 * SMALL_STATE ? JSON.stringify(s) : null;
    if (json !== null && json.length < SMALL_STATE) return this.fullInMove(s, json);
    // Diffed against the stored state: normally the state before this answer, whose parts `s` shares are skipped
    // as equal by identity (states never change once made; the stored state is, by induction, plain JSON equal to
    // what a load rebuilds); every other part is compared as `sameJson` would. The walk also tells whether `s` is
    // plain JSON, and so whether the delta needs checking.
    const base = typeof kept === 'string' ? (JSON.parse(kept) as GameState<any>) : kept;
    const { ops, plain } = diffPlain(base, s);
    if (since >= FULL_EVERY) return this.fullInMove(s, json ?? JSON.stringify(s), plain);
    const delta = JSON.stringify(ops);
    if (json === null && 2 * delta.length >= size) json = JSON.stringify(s);
    if (json !== null && delta.length >= json.length) return this.fullInMove(s, json, plain);
    // When `s` is plain JSON (`plain`: every value the delta writes, every container the walk went through), the
    // walk itself is the proof that the delta is exact (delta.ts `diffPlain`): it wrote `s`'s own values, which
    // read back as themselves, and kept every other part of the stored state only where it compared equal, keys
    // in order. `s` is then what a load rebuilds, value for value, and the stored state from now on.
    if (plain) {
      this.staged = { stored: s, sinceFull: since };
      return delta;
    }
    // Otherwise (a value JSON does not keep: undefined, NaN, -0, a class instance) the check, on what a load would
    // rebuild: the delta as it is read back, applied to the stored state with copy-on-write (the stored state
    // stays as it was, whatever becomes of the transaction), compared with `s` as JSON values (same keys in the
    // same order, same values: equal ones serialise to the same bytes) wherever the delta wrote.
    const next = applyDelta(base, JSON.parse(delta) as Op[], true);
    if (!sameWhere(next, s, ops)) return this.fullInMove(s, json ?? JSON.stringify(s));
    // `next` is what a load rebuilds, as plain JSON: the stored state from now on.
    this.staged = { stored: next, sinceFull: since };
    return delta;
  }

  /** The transaction committed: what it wrote is what storage holds. */
  commit(): void {
    if (this.staged) [this.stored, this.sinceFull, this.staged] = [this.staged.stored, this.staged.sinceFull, null];
    if (this.stagedLen !== null) [this.fullLen, this.stagedLen] = [this.stagedLen, null];
  }

  /** The transaction rolled back: drop what it wrote (the stored state itself is never changed). */
  rollback(): void {
    this.staged = null;
    this.stagedLen = null;
  }

  /** The room's storage is gone (deleted). */
  clear(): void {
    this.stored = null;
  }
}
