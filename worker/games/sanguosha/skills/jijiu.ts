import { isRed } from '../core';
import type { SgsSkill } from '../types';

/** 急救 (华佗): outside your own turn you may use any red card (hand or equipped) as 桃. */
export const jijiu: SgsSkill = {
  id: 'jijiu',
  viewAs: [{ as: 'peach', n: 1, zones: 'he', card: (_g, _seat, id) => isRed(id), when: (g, seat) => g.current !== seat }],
  effects: [],
};
