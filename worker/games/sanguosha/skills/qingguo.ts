import { isBlack, card } from '../core';
import type { SgsSkill } from '../types';

/** 倾国 (甄姬): you may use or play a black hand card as a 闪. */
export const qingguo: SgsSkill = {
  id: 'qingguo',
  viewAs: [{ as: 'jink', n: 1, zones: 'h', card: (k, _seat, id) => isBlack(k, id) }],
  effects: [],
};
