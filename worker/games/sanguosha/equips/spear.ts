import type { SgsSkill } from '../types';

/** 丈八蛇矛: range 3; two hand cards may be used or played as a 杀 (a view-as rule the offer layer reads). */
export const spear: SgsSkill = {
  id: 'spear',
  range: 3,
  viewAs: [{ as: 'slash', n: 2, zones: 'h', card: () => true }],
  effects: [],
  equip: { value: 3 },
};
