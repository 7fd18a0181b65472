import { isSlash, keyOf, card } from '../core';
import type { SgsSkill } from '../types';

/** 龙胆 (赵云): you may use or play a 杀 as a 闪, or a 闪 as a normal 杀 (both are hand cards). */
export const longdan: SgsSkill = {
  id: 'longdan',
  viewAs: [
    { as: 'jink', n: 1, zones: 'h', card: (k, _seat, id) => isSlash(k, id) },
    { as: 'slash', n: 1, zones: 'h', card: (k, _seat, id) => keyOf(k, id) === 'jink' },
  ],
  effects: [],
};
