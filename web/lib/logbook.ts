import type { LogLine, StateBody } from '../../worker/protocol';

/**
 * The part of the log this client holds: every line visible to it with `from <= i < end`, oldest first.
 * State bodies carry only a slice of the log (`logFrom`..`logEnd`, DESIGN §4); the book stitches slices
 * together. `whole` says the complete record of a finished game (public then) has been received.
 */
export interface LogBook {
  lines: LogLine[];
  from: number;
  end: number;
  whole: boolean;
}

/** The log fields of a state body. */
export type LogSlice = Pick<StateBody, 'log' | 'outcome' | 'logFrom' | 'logEnd'>;

export interface Merged {
  book: LogBook;
  /**
   * Where the book needs lines from before it is complete up to the newest body, or null: a body that starts
   * beyond what the book holds (a missed change, e.g. across a reconnect), or the end of a game whose whole
   * record the book has not had yet (lines private until then are now public).
   */
  missing: number | null;
}

/** Union of two runs of lines by engine index, in order, without duplicates (the newer copy wins). */
export function unionByIndex(a: LogLine[], b: LogLine[]): LogLine[] {
  if (!a.length) return b;
  if (!b.length) return a;
  // The common case: `b` continues `a`.
  if (b[0]!.i > a[a.length - 1]!.i) return [...a, ...b];
  const byI = new Map<number, LogLine>();
  for (const l of a) byI.set(l.i, l);
  for (const l of b) byI.set(l.i, l);
  return [...byI.values()].sort((x, y) => x.i - y.i);
}

/**
 * Merge a state body's log slice into the book. The book's range only grows over contiguous slices: a slice
 * starting after `book.end` leaves a hole, so its lines are kept but `end` stays where the hole begins and
 * `missing` says to fetch `?log=<end>`.
 */
export function mergeLog(book: LogBook | null, s: LogSlice): Merged {
  const sl = { from: s.logFrom, end: s.logEnd };
  const whole = sl.from === 0 && !!s.outcome;
  if (!book) {
    const b = { lines: s.log, from: sl.from, end: sl.end, whole };
    return { book: b, missing: s.outcome && !whole ? 0 : null };
  }
  const lines = unionByIndex(book.lines, s.log);
  const gap = sl.from > book.end;
  const next: LogBook = {
    lines,
    from: gap ? book.from : Math.min(book.from, sl.from),
    end: gap ? book.end : Math.max(book.end, sl.end),
    whole: book.whole || whole,
  };
  const missing = gap ? book.end : s.outcome && !next.whole ? 0 : null;
  return { book: next, missing };
}

/** Log lines after the last index seen on this device ("since you were last here"). */
export function linesSince(lines: LogLine[], seen: number | undefined): LogLine[] {
  return seen === undefined ? [] : lines.filter((l) => l.i > seen);
}
