import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix } from '../../web/lib/qr';

// lean-qr ships no decoder, so this file carries a small reader for the versions a seat link needs, and also
// checks what a scanner locks on to first: the finder and timing patterns and the format information.
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
  return (((bits >> 10) << 10) | (rem & 0x3ff)) === bits;
}

function hasFinder(rows: boolean[][], x0: number, y0: number): boolean {
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      if (rows[y0 + y]![x0 + x] !== (ring !== 2)) return false;
    }
  return true;
}

/** A module the standard reserves (finders, separators, format, timing, the one alignment pattern of versions 2–6). */
function isFunction(size: number, x: number, y: number): boolean {
  if (x === 6 || y === 6) return true;
  if ((x <= 8 && y <= 8) || (x >= size - 8 && y <= 8) || (x <= 8 && y >= size - 8)) return true;
  return size > 21 && Math.abs(x - (size - 7)) <= 2 && Math.abs(y - (size - 7)) <= 2;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];
// Error correction codewords per block and number of blocks, versions 1–6, by the format's level bits (M=0, L=1, H=2, Q=3).
const EC_PER_BLOCK = [
  [10, 16, 26, 18, 24, 16],
  [7, 10, 15, 20, 26, 18],
  [17, 28, 22, 16, 22, 28],
  [13, 22, 18, 26, 18, 24],
];
const BLOCKS = [
  [1, 1, 1, 2, 2, 4],
  [1, 1, 1, 1, 1, 2],
  [1, 1, 2, 4, 4, 4],
  [1, 1, 2, 2, 4, 4],
];

/**
 * Reads the text back out of a module grid the way a scanner does (ISO 18004): unmask, walk the zigzag, undo the
 * block interleaving, parse numeric / alphanumeric / byte segments. Versions 1–6 only (no version block, one
 * alignment pattern), which covers every seat link; it does not correct errors, it needs none on a clean grid.
 */
function decode(rows: boolean[][]): string {
  const size = rows.length;
  const version = (size - 17) / 4;
  if (version < 1 || version > 6) throw new Error(`decoder handles versions 1–6, got ${version}`);
  const format = formatBits(rows).first ^ 0x5412;
  const level = (format >> 13) & 3;
  const mask = MASKS[(format >> 10) & 7]!;
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!isFunction(size, x, y)) bits.push(rows[y]![x]! !== mask(x, y) ? 1 : 0);
      }
  }
  const raw = Math.floor(bits.length / 8);
  const words = Array.from({ length: raw }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));
  const blocks = BLOCKS[level]![version - 1]!;
  const ec = EC_PER_BLOCK[level]![version - 1]!;
  const shortLen = Math.floor(raw / blocks);
  const shortBlocks = blocks - (raw % blocks);
  const data: number[][] = Array.from({ length: blocks }, () => []);
  let k = 0;
  for (let i = 0; i < shortLen - ec + 1; i++)
    for (let b = 0; b < blocks; b++) if (i < shortLen - ec || b >= shortBlocks) data[b]!.push(words[k++]!);
  const stream = data.flat().flatMap((w) => Array.from({ length: 8 }, (_, i) => (w >> (7 - i)) & 1));
  let at = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | (stream[at++] ?? 0);
    return v;
  };
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  const bytes: number[] = [];
  for (;;) {
    if (at + 4 > stream.length) break;
    const modeBits = read(4);
    if (modeBits === 0) break;
    if (modeBits === 7)
      read(8); // ECI designator: the text stays UTF-8 / ASCII here
    else if (modeBits === 4) for (let n = read(8); n > 0; n--) bytes.push(read(8));
    else if (modeBits === 2)
      for (let n = read(9); n > 0; n -= 2) {
        if (n === 1) bytes.push(ALNUM.charCodeAt(read(6)));
        else {
          const v = read(11);
          bytes.push(ALNUM.charCodeAt(Math.floor(v / 45)), ALNUM.charCodeAt(v % 45));
        }
      }
    else if (modeBits === 1)
      for (let n = read(10); n > 0; n -= 3) {
        const d = Math.min(n, 3);
        for (const c of String(read(d === 3 ? 10 : d === 2 ? 7 : 4)).padStart(d, '0')) bytes.push(c.charCodeAt(0));
      }
    else throw new Error(`unexpected segment mode ${modeBits}`);
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

describe('the seat link QR code', () => {
  it('decodes back to exactly the seat link, token and all', () => {
    expect(decode(qrMatrix(link).rows)).toBe(link);
    const local = 'http://127.0.0.1:8787/g/mdbgrqm8qhsi8w#seat=_2_C2VoVP4Ax9Ke71qNYNA';
    expect(decode(qrMatrix(local).rows)).toBe(local);
    expect(decode(qrMatrix('https://a.b/g/x#seat=y').rows)).toBe('https://a.b/g/x#seat=y');
  });

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
