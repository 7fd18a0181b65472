import { isSlashKey, P } from '../core';
import type { SgsSkill } from '../types';

/** 空城 (诸葛亮, 锁定技): while you have no hand cards you cannot be chosen as a target of 杀 or 决斗. */
export const kongcheng: SgsSkill = {
  id: 'kongcheng',
  locked: true,
  prohibit: (k, owner, _user, name) => P(k.g, owner).hand.length === 0 && (isSlashKey(name) || name === 'duel'),
  effects: [],
};
