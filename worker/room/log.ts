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
 * the same text. (`wholeJson` builds the same text in SQL.)
 */
const lineText = (i: number, at: number, text: string): string => `{"i":${i},"at":${at},"msg":${text}}`;

/**
 * A row as the table holds it, given its message's JSON `text` (what the `msg` column stores): the text a body
 * carries is made from it here, so a line's message is serialised once, for the INSERT and the bodies alike.
 */
export const storedRow = (i: number, at: number, aud: number | null, msg: Msg, text: string): Row => ({ i, at, aud, msg, text, json: lineText(i, at, text) });

/**
 * The game log, append-only in its own table: the engine hands each answer's entries back, the room appends them
 * in the move's own transaction and reads them by index range, filtered by audience — a view never walks the whole
 * log, and no snapshot carries it. The lines of the latest change stay in memory too, so the broadcast after a
 * move reads no SQL. Indices are the room's (the engine's own lines and the room's, like "timed out", in one
 * sequence).
 */
export class LogTable {
  /** The index the next line gets (the number of lines). */
  end = 0;
  /** The lines of the latest append, for the broadcast that follows it. */
  private recent: { from: number; rows: Row[] } = { from: 0, rows: [] };

  constructor(private readonly r: Room) {}

  load(): void {
    if (!this.hasTable()) return;
    this.end = this.r.sql.exec<{ n: number }>('SELECT COALESCE(MAX(i) + 1, 0) AS n FROM log').toArray()[0]!.n;
    this.recent = { from: this.end, rows: [] };
    this.read = null;
  }

  private hasTable(): boolean {
    return this.r.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log'").toArray().length > 0;
  }

  /**
   * Append lines (call inside the move's change, whose transaction writes them with the move). Each message is
   * serialised once, for its row (the text the `msg` column stores) and the bodies.
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
      this.r.sql.exec('INSERT INTO log (i, at, aud, msg) VALUES (?, ?, ?, ?)', i, e.at, aud, text);
    }
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
    return this.r.sql
      .exec<{ i: number; at: number; aud: number | null; msg: string }>('SELECT i, at, aud, msg FROM log WHERE i >= ? ORDER BY i', from)
      .toArray()
      .map((x) => ({ i: x.i, at: x.at, aud: x.aud, text: x.msg, json: lineText(x.i, x.at, x.msg) }));
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
    // Once the game is over every line is everybody's, and a socket is sent the whole record once: SQLite
    // joins the stored texts into the one string, with no row made in JavaScript (a 10,000-answer game's
    // record is some 20,000 lines).
    if (over && from < this.recent.from) return this.wholeJson(from, compact);
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

  /** The JSON of every line from `from` on, as `lineText` makes each (`compact`: as `[i,at,msg]`), joined by SQLite. */
  private wholeJson(from: number, compact: boolean): string {
    const line = compact ? `'[' || i || ',' || at || ',' || msg || ']'` : `'{"i":' || i || ',"at":' || at || ',"msg":' || msg || '}'`;
    const row = this.r.sql.exec<{ json: string | null }>(`SELECT group_concat(${line}, ',' ORDER BY i) AS json FROM log WHERE i >= ?`, from).toArray()[0];
    return `[${row?.json ?? ''}]`;
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

  /** The last `n` lines `seat` may read, oldest first. */
  tail(seat: number | null, over: boolean, n: number): LogLine[] {
    const q = over
      ? this.r.sql.exec<{ i: number; at: number; msg: string }>('SELECT i, at, msg FROM log ORDER BY i DESC LIMIT ?', n)
      : seat === null
        ? this.r.sql.exec<{ i: number; at: number; msg: string }>('SELECT i, at, msg FROM log WHERE aud IS NULL ORDER BY i DESC LIMIT ?', n)
        : this.r.sql.exec<{ i: number; at: number; msg: string }>('SELECT i, at, msg FROM log WHERE aud IS NULL OR (aud >> ?) & 1 = 1 ORDER BY i DESC LIMIT ?', seat, n);
    return q
      .toArray()
      .reverse()
      .map((x) => ({ i: x.i, at: x.at, msg: JSON.parse(x.msg) as Msg }));
  }
}
