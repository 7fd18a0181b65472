/**
 * SHA-256 (FIPS 180-4), synchronous and dependency-free. The engine is pure and runs outside workerd too
 * (tests, bots, the browser), where WebCrypto's digest is asynchronous or not allowed; it hashes short
 * strings (prompt ids), so a small loop is enough.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

// Reused between calls: a prompt id is hashed on every question asked, and allocating the message schedule and
// a TextEncoder each time cost more than the rounds themselves. The engine runs single-threaded and never
// re-enters here.
const W = new Uint32Array(64);
const H = new Uint32Array(8);
let bytes = new Uint8Array(128);

/** The UTF-8 bytes of `text` into `bytes` (grown when needed); returns their number. ASCII is copied as is. */
function utf8(text: string): number {
  if (bytes.length < text.length * 3 + 72) bytes = new Uint8Array(text.length * 3 + 72);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) bytes[n++] = c;
    else if (c < 0x800) {
      bytes[n++] = 0xc0 | (c >> 6);
      bytes[n++] = 0x80 | (c & 63);
    } else {
      // A surrogate pair is one code point; a lone surrogate becomes U+FFFD, as TextEncoder does.
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          bytes[n++] = 0xf0 | (c >> 18);
          bytes[n++] = 0x80 | ((c >> 12) & 63);
          bytes[n++] = 0x80 | ((c >> 6) & 63);
          bytes[n++] = 0x80 | (c & 63);
          continue;
        }
        c = 0xfffd;
      }
      bytes[n++] = 0xe0 | (c >> 12);
      bytes[n++] = 0x80 | ((c >> 6) & 63);
      bytes[n++] = 0x80 | (c & 63);
    }
  }
  return n;
}

/**
 * The SHA-256 digest of the UTF-8 bytes of `text`, as 64 lowercase hex digits; with `words` (1–8), only the first
 * `8 × words` digits (a prompt id keeps 16: formatting the rest cost as much as the rounds).
 * @example sha256Hex('abc') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 * @example sha256Hex('abc', 2) // 'ba7816bf8f01cfea'
 */
export function sha256Hex(text: string, words = 8): string {
  return digest(utf8(text), words);
}

/** Writes the decimal digits of the non-negative integer `x` into `bytes` at `n`; returns the new end. */
function digits(x: number, n: number): number {
  const start = n;
  do {
    bytes[n++] = 48 + (x % 10);
    x = Math.floor(x / 10);
  } while (x > 0);
  // Written lowest digit first: reverse them in place.
  for (let i = start, j = n - 1; i < j; i++, j--) {
    const t = bytes[i]!;
    bytes[i] = bytes[j]!;
    bytes[j] = t;
  }
  return n;
}

const isCount = (x: number) => Number.isSafeInteger(x) && x >= 0;

/**
 * `sha256Hex(`${prefix}${nums.join(',')}|${last}`, words)` for an ASCII `prefix` and non-negative integers, with the
 * text written straight into the byte buffer (a prompt id hashes the RNG words and a counter on every question
 * asked: no joined string, template or encoding pass). Other numbers take the string path.
 * @example sha256HexOfNumbers('prompt|', [1, 2, 3, 4], 7, 2) === sha256Hex('prompt|1,2,3,4|7', 2)
 */
export function sha256HexOfNumbers(prefix: string, nums: readonly number[], last: number, words = 8): string {
  let ok = isCount(last);
  for (let i = 0; ok && i < nums.length; i++) ok = isCount(nums[i]!);
  for (let i = 0; ok && i < prefix.length; i++) ok = prefix.charCodeAt(i) < 0x80;
  if (!ok) return sha256Hex(`${prefix}${nums.join(',')}|${last}`, words);
  // At most 16 digits a number, a separator each, the prefix, and the padding `digest` writes.
  const need = prefix.length + (nums.length + 1) * 17 + 72;
  if (bytes.length < need) bytes = new Uint8Array(need);
  let n = 0;
  for (let i = 0; i < prefix.length; i++) bytes[n++] = prefix.charCodeAt(i);
  for (let i = 0; i < nums.length; i++) {
    if (i) bytes[n++] = 44; // ','
    n = digits(nums[i]!, n);
  }
  bytes[n++] = 124; // '|'
  n = digits(last, n);
  return digest(n, words);
}

/** The digest of the first `len` bytes of `bytes` (padded in place), as hex: see `sha256Hex`. */
function digest(len: number, words: number): string {
  const blocks = Math.ceil((len + 9) / 64);
  const end = blocks * 64;
  bytes.fill(0, len, end);
  bytes[len] = 0x80;
  // The bit length as a 64-bit big-endian number; strings here are far below 2^32 bits.
  const bits = len * 8;
  const hi = Math.floor(bits / 2 ** 32);
  bytes[end - 8] = hi >>> 24;
  bytes[end - 7] = (hi >>> 16) & 255;
  bytes[end - 6] = (hi >>> 8) & 255;
  bytes[end - 5] = hi & 255;
  bytes[end - 4] = (bits >>> 24) & 255;
  bytes[end - 3] = (bits >>> 16) & 255;
  bytes[end - 2] = (bits >>> 8) & 255;
  bytes[end - 1] = bits & 255;
  const h = H;
  h[0] = 0x6a09e667;
  h[1] = 0xbb67ae85;
  h[2] = 0x3c6ef372;
  h[3] = 0xa54ff53a;
  h[4] = 0x510e527f;
  h[5] = 0x9b05688c;
  h[6] = 0x1f83d9ab;
  h[7] = 0x5be0cd19;
  const w = W;
  for (let b = 0; b < blocks; b++) {
    for (let i = 0, o = b * 64; i < 16; i++, o += 4)
      w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
    let a = h[0]!,
      bb = h[1]!,
      c = h[2]!,
      d = h[3]!,
      e = h[4]!,
      f = h[5]!,
      g = h[6]!,
      hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & bb) ^ (a & c) ^ (bb & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) >>> 0;
    }
    h[0]! += a;
    h[1]! += bb;
    h[2]! += c;
    h[3]! += d;
    h[4]! += e;
    h[5]! += f;
    h[6]! += g;
    h[7]! += hh;
  }
  return hexOf(h, Math.max(0, Math.min(8, words)));
}

/** Two hex digits per byte value. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** The first `words` 32-bit words of `h` as hex, big-endian (a table lookup per byte: no number formatting). */
function hexOf(h: Uint32Array, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) {
    const x = h[i]!;
    out += HEX[x >>> 24]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
  }
  return out;
}
