import { isRed, card } from '../core';
import type { SgsSkill } from '../types';

/** 武圣 (关羽): you may use or play any red card (hand or equipped) as a normal 杀. */
export const wusheng: SgsSkill = {
  id: 'wusheng',
  viewAs: [{ as: 'slash', n: 1, zones: 'he', card: (k, _seat, id) => isRed(k, id) }],
  effects: [],
};
