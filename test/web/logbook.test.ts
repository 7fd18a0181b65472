import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LogLine } from '../../worker/protocol';
import { linesSince, mergeLog, unionByIndex, type LogBook, type LogSlice } from '../../web/lib/logbook';

const line = (i: number): LogLine => ({ i, at: i, msg: { key: 'x', params: { i } } });
const lines = (...is: number[]) => is.map(line);
const slice = (from: number, end: number, is: number[], outcome: LogSlice['outcome'] = null): LogSlice => ({
  log: lines(...is),
  logFrom: from,
  logEnd: end,
  outcome,
});
const over = { winners: [0], reason: { key: 'done' } } as unknown as LogSlice['outcome'];

describe('merging log slices by engine index', () => {
  it('the first body becomes the book as it is', () => {
    const { book, missing } = mergeLog(null, slice(5, 9, [5, 7, 8]));
    expect(book).toEqual({ lines: lines(5, 7, 8), from: 5, end: 9, whole: false });
    expect(missing).toBeNull();
  });

  it('a delta continuing the book is appended and moves its end', () => {
    const b = mergeLog(null, slice(0, 3, [0, 1, 2])).book;
    const { book, missing } = mergeLog(b, slice(3, 6, [3, 5]));
    expect(book.lines.map((l) => l.i)).toEqual([0, 1, 2, 3, 5]);
    expect([book.from, book.end, missing]).toEqual([0, 6, null]);
  });

  it('overlapping slices keep each line once, in order', () => {
    let b = mergeLog(null, slice(4, 8, [4, 6, 7])).book;
    b = mergeLog(b, slice(0, 8, [0, 2, 4, 6, 7])).book;
    b = mergeLog(b, slice(6, 8, [6, 7])).book;
    expect(b.lines.map((l) => l.i)).toEqual([0, 2, 4, 6, 7]);
    expect([b.from, b.end]).toEqual([0, 8]);
  });

  it('an empty delta at the end (a chat, a presence change) changes nothing', () => {
    const b = mergeLog(null, slice(0, 3, [0, 1, 2])).book;
    const r = mergeLog(b, slice(3, 3, []));
    expect(r.book).toEqual(b);
    expect(r.missing).toBeNull();
  });

  it('a slice starting beyond the book is a gap: fetch from the book’s end, which does not move past the hole', () => {
    const b = mergeLog(null, slice(0, 3, [0, 1, 2])).book;
    const r = mergeLog(b, slice(7, 9, [7, 8]));
    expect(r.missing).toBe(3);
    expect([r.book.from, r.book.end]).toEqual([0, 3]);
    // Filling the gap (lines from 3 on, up to the newest end) closes it.
    const filled = mergeLog(r.book, slice(3, 9, [3, 4, 5, 6, 7, 8]));
    expect(filled.missing).toBeNull();
    expect(filled.book.lines.map((l) => l.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(filled.book.end).toBe(9);
  });

  it('a finished game’s slice not starting at 0 asks for the whole record, which then completes the book', () => {
    const b = mergeLog(null, slice(0, 4, [0, 2, 3])).book;
    const r = mergeLog(b, slice(4, 6, [4, 5], over));
    expect(r.missing).toBe(0);
    const whole = mergeLog(r.book, slice(0, 6, [0, 1, 2, 3, 4, 5], over));
    expect(whole.missing).toBeNull();
    expect(whole.book.whole).toBe(true);
    expect(whole.book.lines.map((l) => l.i)).toEqual([0, 1, 2, 3, 4, 5]);
    // Later bodies (chat after the end) ask for nothing more.
    expect(mergeLog(whole.book, slice(6, 6, [], over)).missing).toBeNull();
  });

  it('any order of contiguous-or-overlapping slices of a log gives the same book: sorted, unique, all lines', () => {
    // A log of n lines where the viewer sees those marked visible; slices are [a, b) windows of it.
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(40), { minLength: 1, maxLength: 8 }),
        (vis, windows) => {
          const n = vis.length;
          const seen = (a: number, b: number) => [...Array(n).keys()].filter((i) => i >= a && i < b && vis[i]);
          // Start from the tail [n-k, n), then merge windows that end at n (like "show earlier" and re-fetches).
          let book: LogBook | null = null;
          const starts = windows.map((a) => a % (n + 1));
          for (const a of starts) book = mergeLog(book, slice(a, n, seen(a, n))).book;
          const lo = Math.min(...starts);
          expect(book!.lines.map((l) => l.i)).toEqual(seen(lo, n));
          expect([book!.from, book!.end]).toEqual([lo, n]);
        },
      ),
    );
  });

  it('unionByIndex keeps the order and drops duplicates whichever side they come from', () => {
    expect(unionByIndex(lines(1, 3, 5), lines(2, 3, 6)).map((l) => l.i)).toEqual([1, 2, 3, 5, 6]);
    expect(unionByIndex([], lines(1))).toEqual(lines(1));
    expect(unionByIndex(lines(1), [])).toEqual(lines(1));
  });
});

describe('since you were last here', () => {
  it('lists the lines after the last index seen, and nothing on a first visit', () => {
    expect(linesSince(lines(3, 5, 8), 5).map((l) => l.i)).toEqual([8]);
    expect(linesSince(lines(3, 5, 8), undefined)).toEqual([]);
    expect(linesSince(lines(3, 5, 8), 1).map((l) => l.i)).toEqual([3, 5, 8]);
  });
});
