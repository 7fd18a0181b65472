import type { RngState } from './types';

/**
 * xoshiro128** (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), seeded from a string
 * through cyrb128 + splitmix32. The state is four uint32 numbers kept inside the game state, so a game is
 * replayable from its seed and its answers.
 */
export function seedRng(seed: string): RngState {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const s: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  if (s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0) s[0] = 1; // the all-zero state is a fixed point
  return s;
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** Next uint32; advances `s` in place. */
export function nextU32(s: RngState): number {
  const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
  const t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  for (let i = 0; i < 4; i++) s[i] = s[i]! >>> 0;
  return result;
}

/** A random source over a state that lives in JSON. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Fisher–Yates, in place; returns the same array. */
  shuffle<T>(a: T[]): T[];
  pick<T>(a: readonly T[]): T;
}

export function rngOf(s: RngState): Rng {
  const next = () => nextU32(s) / 4294967296;
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    shuffle<T>(a: T[]) {
      for (let i = a.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [a[i], a[j]] = [a[j]!, a[i]!];
      }
      return a;
    },
    pick<T>(a: readonly T[]) {
      if (a.length === 0) throw new Error('pick from empty list');
      return a[int(a.length)]!;
    },
  };
}
