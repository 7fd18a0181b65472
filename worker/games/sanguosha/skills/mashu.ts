import type { SgsSkill } from '../types';

/** 马术 (马超, 锁定技): your distance to every other character is 1 less (it stacks with a −1 horse). */
export const mashu: SgsSkill = {
  id: 'mashu',
  locked: true,
  distanceFrom: 1,
  effects: [],
};
