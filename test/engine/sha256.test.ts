import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../../worker/engine/sha256';

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 example for "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto around every padding boundary and for non-ASCII text', () => {
    const texts = ['', '茶馆\u200b', ...[1, 55, 56, 63, 64, 65, 119, 120, 1000].map((n) => 'a'.repeat(n))];
    for (const t of texts) expect(sha256Hex(t), `length ${t.length}`).toBe(createHash('sha256').update(t).digest('hex'));
  });
});

describe('sha256Hex on any text', () => {
  it('equals node:crypto on the UTF-8 bytes of any string, lone surrogates included (the reused buffers never leak between calls)', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 300 })), (t) => {
        const want = createHash('sha256').update(new TextEncoder().encode(t)).digest('hex');
        expect(sha256Hex(t)).toBe(want);
        // A prefix of the digest (what a prompt id keeps) is the digest's own first digits.
        const words = 1 + (t.length % 8);
        expect(sha256Hex(t, words)).toBe(want.slice(0, 8 * words));
      }),
      { numRuns: 2000 },
    );
  });
});
