import type { SgsSkill } from '../types';

/** 谦逊 (陆逊, 锁定技): you cannot be chosen as the target of 顺手牵羊 or 乐不思蜀 (国色's virtual one included). */
export const qianxun: SgsSkill = {
  id: 'qianxun',
  locked: true,
  prohibit: (k, _owner, _user, name) => name === 'snatch' || name === 'indulgence',
  effects: [],
};
