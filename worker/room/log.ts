import type { Audience, LogLine, Msg } from '../engine';
import { audienceBits } from './schema';
import type { Room } from './types';

/** A log line as stored: its index, the step it was written at, its audience bits (null: public), the message. */
interface Row {
  i: number;
  at: number;
  aud: number | null;
  /** The message; for a row read back from the table, parsed from `text` only when a line object is asked for. */
  msg?: Msg;
  /** The message's JSON as the table stores it. */
  text: string;
  /** `JSON.stringify` of the line a body carries (`{i, at, msg}`), made from the message's text with the row. */
  json: string;
  /** The line as a compact patch carries it (`[i,at,msg]`, protocol.ts `PatchMessage.lines`), made when first sent. */
  compact?: string;
}

/** May `seat` (null: a spectator) read a line with audience bits `aud`? Everything is public once the game is over. */
export const mayRead = (aud: number | null, seat: number | null, over: boolean): boolean => over || aud === null || (seat !== null && ((aud >> seat) & 1) === 1);

const NONE: Row[] = [];

const line = (r: Row): LogLine => ({ i: r.i, at: r.at, msg: (r.msg ??= JSON.parse(r.text!) as Msg) });

/**
 * The JSON of the line a body carries, exactly `JSON.stringify(line(r))` (the same keys in the same order), from
 * the message's stored text: that is `JSON.stringify` of the message, and parsing and serialising it again gives
 * the same text.
 */
const lineText = (i: number, at: number, text: string): string => `{"i":${i},"at":${at},"msg":${text}}`;

/**
 * A row as the table holds it, given its message's JSON `text` (what the `msg` column stores): the text a body
 * carries is made from it here, so a line's message is serialised once, for the INSERT and the bodies alike.
 */
export const storedRow = (i: number, at: number, aud: number | null, msg: Msg, text: string): Row => ({ i, at, aud, msg, text, json: lineText(i, at, text) });

/**
 * The lines of one change as their one row stores them (column `lines`): a JSON array of `[at, aud, msg]`, line k
 * having the row's index plus k. One row per answer, however many lines it wrote: the platform bills rows.
 */
const batchJson = (rows: Row[]): string => `[${rows.map((x) => `[${x.at},${x.aud ?? 'null'},${x.text}]`).join(',')}]`;

/** A stored row's lines (the message's text is `JSON.stringify` of it again: the text it was stored from). */
const batchRows = (b: { i: number; lines: string }): Row[] =>
  (JSON.parse(b.lines) as [number, number | null, Msg][]).map(([at, aud, msg], k) => storedRow(b.i + k, at, aud, msg, JSON.stringify(msg)));

/**
 * The game log, append-only in its own table: the engine hands each answer's entries back, the room appends them
 * as one row in the move's own transaction and reads them by index range, filtered by audience — a view never
 * walks the whole log, and no snapshot carries it. The lines of the latest change stay in memory too, so the
 * broadcast after a move reads no SQL. Indices are the room's (the engine's own lines and the room's, like
 * "timed out", in one sequence).
 */
export class LogTable {
  /** The index the next line gets (the number of lines). */
  end = 0;
  /** The lines of the latest append, for the broadcast that follows it. */
  private recent: { from: number; rows: Row[] } = { from: 0, rows: [] };

  constructor(private readonly r: Room) {}

  load(): void {
    if (!this.hasTable()) return;
    const last = this.r.sql.exec<{ i: number; n: number }>('SELECT i, json_array_length(lines) AS n FROM log ORDER BY i DESC LIMIT 1').toArray()[0];
    this.end = last ? last.i + last.n : 0;
    this.recent = { from: this.end, rows: [] };
    this.read = null;
  }

  private hasTable(): boolean {
    return this.r.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log'").toArray().length > 0;
  }

  /**
   * Append lines (call inside the move's change, whose transaction writes them with the move): ONE row, keyed by
   * the index of its first line (`batchJson`). Each message is serialised once, for the row and the bodies.
   */
  append(entries: { at: number; to: Audience; msg: Msg }[]): void {
    if (!entries.length) return;
    const rows: Row[] = new Array(entries.length);
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k]!;
      const text = JSON.stringify(e.msg);
      const aud = e.to === 'public' ? null : audienceBits(e.to);
      const i = this.end + k;
      rows[k] = storedRow(i, e.at, aud, e.msg, text);
    }
    this.r.sql.exec('INSERT INTO log (i, lines) VALUES (?, ?)', this.end, batchJson(rows));
    this.recent = !this.settled && this.recent.from + this.recent.rows.length === this.end ? { from: this.recent.from, rows: this.recent.rows.concat(rows) } : { from: this.end, rows };
    this.settled = false;
    this.end += rows.length;
    this.read = null;
  }

  /** The latest batch was broadcast. */
  private settled = false;

  /**
   * After a broadcast: the next append starts a new batch. The last one stays in memory until then, for the
   * reply that follows the broadcast (an answer by POST carries the lines its client lacks: these).
   */
  settle(): void {
    this.settled = true;
    this.read = null;
  }

  /** Lines read from the table during this change (before the latest batch), for the readers after the first. */
  private read: { from: number; rows: Row[] } | null = null;

  /**
   * Rows with index ≥ `from` (and < end) as a list and the place in it where they start: from memory when the
   * latest batch covers them, else read once per change (from the earliest start asked for, see `prefetch`).
   */
  private rowsAt(from: number): { rows: Row[]; at: number } {
    if (from >= this.end) return { rows: NONE, at: 0 };
    if (from >= this.recent.from) return { rows: this.recent.rows, at: from - this.recent.from };
    if (!this.read || this.read.from > from) this.read = { from, rows: this.rowsFrom(from) };
    return { rows: this.read.rows, at: from - this.read.from };
  }

  /** Rows with index ≥ `from` (and < end), from memory when the latest batch covers them. */
  private rowsFrom(from: number): Row[] {
    if (from >= this.end) return [];
    if (from >= this.recent.from) return this.recent.rows.slice(from - this.recent.from);
    // From the row holding line `from` (the last one starting at or before it) on.
    const rows = this.r.sql
      .exec<{ i: number; lines: string }>('SELECT i, lines FROM log WHERE i >= (SELECT COALESCE(MAX(i), 0) FROM log WHERE i <= ?) ORDER BY i', from)
      .toArray()
      .flatMap(batchRows);
    return rows.filter((x) => x.i >= from);
  }

  /** Before several `jsonOf` calls of one change: lines from `from` on are read in one statement if they must be. */
  prefetch(from: number): void {
    this.rowsAt(from);
  }

  /**
   * The lines from `from` on, for several readers at once: one read, filtered per reader. `readers` are
   * `[seat, from]` pairs; the result is keyed the same way (`${seat}|${from}`).
   */
  linesFor(readers: [number | null, number][], over: boolean): Map<string, LogLine[]> {
    const out = new Map<string, LogLine[]>();
    if (!readers.length) return out;
    const rows = this.rowsFrom(Math.min(...readers.map(([, f]) => f)));
    for (const [seat, from] of readers) {
      const key = `${seat}|${from}`;
      if (!out.has(key)) out.set(key, rows.filter((x) => x.i >= from && mayRead(x.aud, seat, over)).map(line));
    }
    return out;
  }

  /**
   * `JSON.stringify` of the lines from `from` on that `seat` may read, each line serialised once however many
   * readers carry it (until the next `settle`, the lines come from memory or from one read).
   */
  jsonOf(seat: number | null, from: number, over: boolean, compact = false): string {
    const { rows, at } = this.rowsAt(from);
    let json = '';
    for (let k = at; k < rows.length; k++) {
      const x = rows[k]!;
      if (!mayRead(x.aud, seat, over)) continue;
      const t = compact ? (x.compact ??= `[${x.i},${x.at},${x.text}]`) : x.json;
      json += json ? `,${t}` : t;
    }
    return `[${json}]`;
  }

  /** `jsonOf` for several readers, keyed as `linesFor` is. */
  jsonFor(readers: [number | null, number][], over: boolean): Map<string, string> {
    const out = new Map<string, string>();
    if (!readers.length) return out;
    let min = readers[0]![1];
    for (const [, f] of readers) if (f < min) min = f;
    this.prefetch(min);
    for (const [seat, from] of readers) {
      const key = `${seat}|${from}`;
      if (!out.has(key)) out.set(key, this.jsonOf(seat, from, over));
    }
    return out;
  }

  /** The last `n` lines `seat` may read, oldest first: rows read from the newest back until they hold `n`. */
  tail(seat: number | null, over: boolean, n: number): LogLine[] {
    const out: LogLine[] = [];
    if (n <= 0) return out;
    for (const b of this.r.sql.exec<{ i: number; lines: string }>('SELECT i, lines FROM log ORDER BY i DESC')) {
      const rows = batchRows(b);
      for (let k = rows.length - 1; k >= 0; k--) if (mayRead(rows[k]!.aud, seat, over)) out.push(line(rows[k]!));
      if (out.length >= n) break;
    }
    return out.slice(0, n).reverse();
  }
}
