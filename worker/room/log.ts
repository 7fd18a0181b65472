import type { Audience, LogLine, Msg } from '../engine';
import { audienceBits } from './schema';
import type { Room } from './types';

/** A log line as stored: its index, the step it was written at, its audience bits (null: public), the message. */
interface Row {
  i: number;
  at: number;
  aud: number | null;
  msg: Msg;
}

/** May `seat` (null: a spectator) read a line with audience bits `aud`? Everything is public once the game is over. */
export const mayRead = (aud: number | null, seat: number | null, over: boolean): boolean => over || aud === null || (seat !== null && ((aud >> seat) & 1) === 1);

/**
 * A stored row's lines. One row holds the lines of one change (column `lines`: a JSON array of `[at, aud, msg]`,
 * line k having the row's index plus k): one row per answer, however many lines it wrote — the platform bills rows.
 */
const rowsOf = (b: { i: number; lines: string }): Row[] => (JSON.parse(b.lines) as [number, number | null, Msg][]).map(([at, aud, msg], k) => ({ i: b.i + k, at, aud, msg }));

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
    const last = this.r.sql.exec<{ i: number; n: number }>('SELECT i, json_array_length(lines) AS n FROM log ORDER BY i DESC LIMIT 1').toArray()[0];
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
      .exec<{ i: number; lines: string }>('SELECT i, lines FROM log WHERE i >= (SELECT COALESCE(MAX(i), 0) FROM log WHERE i <= ?) ORDER BY i', from)
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
