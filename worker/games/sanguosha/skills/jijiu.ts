import { isRed, card } from '../core';
import type { SgsSkill } from '../types';

/** 急救 (华佗): outside your own turn you may use any red card (hand or equipped) as 桃. */
export const jijiu: SgsSkill = {
  id: 'jijiu',
  viewAs: [
    { as: 'peach', n: 1, zones: 'he', card: (k, _seat, id) => isRed(k, id), when: (k, seat) => k.g.current !== seat },
  ],
  effects: [],
};
