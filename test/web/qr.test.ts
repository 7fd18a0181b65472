import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix } from '../../web/lib/qr';

// lean-qr ships no decoder, so these tests read back what a scanner locks on to first: the finder and timing
// patterns, and the format information (error correction level + mask, BCH-protected and stored twice).
const link = 'https://teahouse.example/g/Ab3dEf9hJk#seat=Zq8xW2vY7uT5sR4pO1nM0lK6jI3hG9fE';

function formatBits(rows: boolean[][]): { first: number; second: number } {
  const n = rows.length;
  const at = (x: number, y: number) => (rows[y]![x] ? 1 : 0);
  let first = 0;
  let second = 0;
  const put1 = (i: number, x: number, y: number) => (first |= at(x, y) << i);
  const put2 = (i: number, x: number, y: number) => (second |= at(x, y) << i);
  for (let i = 0; i <= 5; i++) put1(i, 8, i);
  put1(6, 8, 7);
  put1(7, 8, 8);
  put1(8, 7, 8);
  for (let i = 9; i < 15; i++) put1(i, 14 - i, 8);
  for (let i = 0; i < 8; i++) put2(i, n - 1 - i, 8);
  for (let i = 8; i < 15; i++) put2(i, 8, n - 15 + i);
  return { first, second };
}

function bchValid(raw: number): boolean {
  const bits = raw ^ 0x5412;
  let rem = bits >> 10;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >> 9) * 0x537);
  return ((bits >> 10) << 10 | (rem & 0x3ff)) === bits;
}

function hasFinder(rows: boolean[][], x0: number, y0: number): boolean {
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      if (rows[y0 + y]![x0 + x] !== (ring !== 2)) return false;
    }
  return true;
}

describe('the seat link QR code', () => {
  it('has a standard size (17 + 4 × version) and a square module grid', () => {
    const m = qrMatrix(link);
    expect((m.size - 17) % 4).toBe(0);
    const version = (m.size - 17) / 4;
    expect(version).toBeGreaterThanOrEqual(1);
    expect(version).toBeLessThanOrEqual(40);
    expect(m.rows).toHaveLength(m.size);
    for (const r of m.rows) expect(r).toHaveLength(m.size);
    expect(m.side).toBe(m.size + 2 * QUIET_ZONE);
  });

  it('carries the three finder patterns and alternating timing patterns a scanner locks on to', () => {
    const { rows, size } = qrMatrix(link);
    expect(hasFinder(rows, 0, 0)).toBe(true);
    expect(hasFinder(rows, size - 7, 0)).toBe(true);
    expect(hasFinder(rows, 0, size - 7)).toBe(true);
    for (let i = 8; i < size - 8; i++) {
      expect(rows[6]![i]).toBe(i % 2 === 0);
      expect(rows[i]![6]).toBe(i % 2 === 0);
    }
    expect(rows[size - 8]![8]).toBe(true); // the always-dark module
  });

  it('stores valid format information twice, with error correction M or better against screen glare', () => {
    const { first, second } = formatBits(qrMatrix(link).rows);
    expect(second).toBe(first);
    expect(bchValid(first)).toBe(true);
    const level = ((first ^ 0x5412) >> 13) & 3; // L=1, M=0, Q=3, H=2
    expect(level).not.toBe(1);
  });

  it('grows with the link: a longer link never gets a smaller code, and a too-short code cannot hold it', () => {
    const short = qrMatrix('https://a.b/g/x#seat=y');
    const long = qrMatrix(link);
    expect(long.size).toBeGreaterThan(short.size);
    // Version 1 at level M holds at most 14 bytes; our link is far longer, so it must not fit version 1.
    expect(long.size).toBeGreaterThan(21);
  });

  it('draws one square per dark module, inside the quiet zone', () => {
    const m = qrMatrix(link);
    const squares = [...m.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((p) => [Number(p[1]), Number(p[2])] as const);
    const dark = m.rows.flat().filter(Boolean).length;
    expect(squares).toHaveLength(dark);
    for (const [x, y] of squares) {
      expect(x).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(y).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(x).toBeLessThan(QUIET_ZONE + m.size);
      expect(y).toBeLessThan(QUIET_ZONE + m.size);
      expect(m.rows[y - QUIET_ZONE]![x - QUIET_ZONE]).toBe(true);
    }
  });

  it('gives the same link the same code and a different seat token a different code', () => {
    expect(qrMatrix(link).rows).toEqual(qrMatrix(link).rows);
    const other = qrMatrix(link.replace('Zq8', 'Zq9'));
    expect(other.rows).not.toEqual(qrMatrix(link).rows);
  });
});
