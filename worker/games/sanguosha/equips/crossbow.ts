import { isSlash, P } from '../core';
import type { SgsSkill } from '../types';

/** 诸葛连弩: range 1; any number of 杀 in the play phase. */
export const crossbow: SgsSkill = {
  id: 'crossbow',
  range: 1,
  unlimitedSlash: true,
  effects: [],
  equip: {
    value: 4,
    // With two 杀 or more in hand, worth swapping any weapon for.
    play(b, _o, a) {
      const g = b.k.g;
      const slashes = P(g, b.me).hand.filter((c) => isSlash(b.k, c)).length;
      return { score: P(g, b.me).equip.weapon === null || slashes >= 2 ? 50 : 0, answer: a };
    },
  },
};
