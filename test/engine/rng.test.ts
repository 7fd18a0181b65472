import { describe, expect, it } from 'vitest';
import { nextU32, rngOf, seedRng, type RngState } from '../../worker/engine';

describe('xoshiro128**', () => {
  it('matches the reference implementation from state {1,2,3,4}', () => {
    const s: RngState = [1, 2, 3, 4];
    expect([nextU32(s), nextU32(s), nextU32(s)]).toEqual([11520, 0, 5927040]);
  });

  it('the same seed gives the same sequence and another seed another', () => {
    const a = rngOf(seedRng('tea'));
    const b = rngOf(seedRng('tea'));
    const c = rngOf(seedRng('coffee'));
    const xs = [...Array(8)].map(() => a.int(1000));
    expect([...Array(8)].map(() => b.int(1000))).toEqual(xs);
    expect([...Array(8)].map(() => c.int(1000))).not.toEqual(xs);
  });

  it('the state is plain JSON and resumes after a round trip', () => {
    const s = seedRng('x');
    const r = rngOf(s);
    r.next();
    const copy = JSON.parse(JSON.stringify(s)) as RngState;
    expect(rngOf(copy).int(1 << 30)).toBe(r.int(1 << 30));
  });

  it('shuffle is a permutation and int stays in range', () => {
    const r = rngOf(seedRng('perm'));
    const a = r.shuffle([...Array(50).keys()]);
    expect([...a].sort((x, y) => x - y)).toEqual([...Array(50).keys()]);
    for (let i = 0; i < 1000; i++) {
      const k = r.int(7);
      expect(k >= 0 && k < 7 && Number.isInteger(k)).toBe(true);
    }
  });
});
