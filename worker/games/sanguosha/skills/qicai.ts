import type { SgsSkill } from '../types';

/** 奇才 (黄月英, 锁定技): trick cards you use have no distance limit (顺手牵羊, 兵粮寸断). */
export const qicai: SgsSkill = {
  id: 'qicai',
  locked: true,
  trickNoDistance: true,
  effects: [],
};
