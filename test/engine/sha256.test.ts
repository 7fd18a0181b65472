import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../../worker/engine/sha256';

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 example for "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto around every padding boundary and for non-ASCII text', () => {
    const texts = ['', '茶馆\u200b', ...[1, 55, 56, 63, 64, 65, 119, 120, 1000].map((n) => 'a'.repeat(n))];
    for (const t of texts)
      expect(sha256Hex(t), `length ${t.length}`).toBe(createHash('sha256').update(t).digest('hex'));
  });
});

describe('sha256Hex on any text', () => {
  it('equals node:crypto on the UTF-8 bytes of any string, lone surrogates included (the reused buffers never leak between calls)', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.string({ maxLength: 300 }),
        ),
        (t) => {
          const want = createHash('sha256').update(new TextEncoder().encode(t)).digest('hex');
          expect(sha256Hex(t)).toBe(want);
          // A prefix of the digest (what a prompt id keeps) is the digest's own first digits.
          const words = 1 + (t.length % 8);
          expect(sha256Hex(t, words)).toBe(want.slice(0, 8 * words));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('sha256HexOfNumbers: a prompt id hashed from the RNG words without building the text', () => {
  it('equals sha256Hex of the joined text for any words and counter, odd numbers included (negative, fractional, huge), interleaved with other hashes', async () => {
    const { sha256HexOfNumbers } = await import('../../worker/engine/sha256');
    const fc = (await import('fast-check')).default;
    const num = fc.oneof(
      fc.nat(),
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      fc.constant(0),
      fc.maxSafeNat(),
      fc.double(),
      fc.integer(),
    );
    fc.assert(
      fc.property(
        fc.array(num, { maxLength: 12 }),
        num,
        fc.oneof(fc.constant('prompt|'), fc.string({ maxLength: 90 })),
        fc.integer({ min: 1, max: 8 }),
        fc.string({ maxLength: 150 }),
        (nums, last, prefix, words, other) => {
          const want = sha256Hex(`${prefix}${nums.join(',')}|${last}`, words);
          expect(sha256HexOfNumbers(prefix, nums, last, words)).toBe(want);
          // A long text hashed between two ids leaves nothing behind in the shared buffer.
          sha256Hex(other.repeat(5));
          expect(sha256HexOfNumbers(prefix, nums, last, words)).toBe(want);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
