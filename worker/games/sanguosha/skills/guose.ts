import { suitOf, card } from '../core';
import type { SgsSkill } from '../types';

/** 国色 (大乔): you may use any ♦ card (hand or equipped) as 乐不思蜀. */
export const guose: SgsSkill = {
  id: 'guose',
  viewAs: [{ as: 'indulgence', n: 1, zones: 'he', card: (k, _seat, id) => suitOf(k, id) === 'diamond' }],
  effects: [],
};
