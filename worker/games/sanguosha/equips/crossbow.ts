import type { SgsSkill } from '../types';

/** 诸葛连弩: range 1; any number of 杀 in the play phase. */
export const crossbow: SgsSkill = { id: 'crossbow', range: 1, unlimitedSlash: true, effects: [] };
