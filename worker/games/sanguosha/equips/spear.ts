import type { SgsSkill } from '../types';

/** 丈八蛇矛: range 3; two hand cards may be used or played as a 杀 (handled where 杀 is used or asked for). */
export const spear: SgsSkill = { id: 'spear', range: 3, twoAsSlash: true, effects: [] };
