import { isBlack, card } from '../core';
import type { SgsSkill } from '../types';

/** 奇袭 (甘宁): you may use any black card (hand or equipped) as 过河拆桥. */
export const qixi: SgsSkill = {
  id: 'qixi',
  viewAs: [{ as: 'dismantlement', n: 1, zones: 'he', card: (k, _seat, id) => isBlack(k, id) }],
  effects: [],
};
