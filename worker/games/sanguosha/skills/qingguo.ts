import { isBlack } from '../core';
import type { SgsSkill } from '../types';

/** 倾国 (甄姬): you may use or play a black hand card as a 闪. */
export const qingguo: SgsSkill = {
  id: 'qingguo',
  viewAs: [{ as: 'jink', n: 1, zones: 'h', card: (_g, _seat, id) => isBlack(id) }],
  effects: [],
};
