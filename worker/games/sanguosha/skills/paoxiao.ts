import type { SgsSkill } from '../types';

/** 咆哮 (张飞, 锁定技): in your play phase there is no limit on the number of 杀 you may use. */
export const paoxiao: SgsSkill = {
  id: 'paoxiao',
  locked: true,
  unlimitedSlash: true,
  effects: [],
};
