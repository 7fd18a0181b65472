import type { SgsSkill } from '../types';

/**
 * 无双 (吕布, 锁定技): a 杀 you use needs two 闪 to be cancelled; in a 决斗 with you (as user or target) your
 * opponent plays two 杀 each time. The flow asks `needs` where it sets the count (slashTargeted's `jinks`, the duel).
 */
export const wushuang: SgsSkill = {
  id: 'wushuang',
  locked: true,
  needs: () => 2,
  effects: [],
};
