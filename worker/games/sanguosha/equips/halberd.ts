import type { SgsSkill } from '../types';

/** 方天画戟: range 4; a 杀 that is your last hand card may take up to two extra targets. */
export const halberd: SgsSkill = {
  id: 'halberd',
  range: 4,
  effects: [],
  extraSlashTargets: (k, seat, cards) => {
    const hand = k.g.players[seat]!.hand;
    return hand.length === cards.length && cards.every((c) => hand.includes(c)) ? 2 : 0;
  },
  equip: { value: 3 },
};
