import { isBlack } from '../core';
import type { SgsSkill } from '../types';

/** 仁王盾: black 杀 have no effect on you (锁定技). */
export const nioh_shield: SgsSkill = {
  id: 'nioh_shield',
  effects: [
    {
      on: 'slashEffect',
      can: (_ctx, seat, ev) => ev.target === seat && !ev.ignoreArmor && !ev.cancelled && ev.color === 'black',
      use: (ctx, seat, ev) => {
        ev.cancelled = true;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.nioh_shield' } });
      },
    },
  ],
  equip: {
    value: 4,
    // A 杀 made of black cards only does nothing.
    guard: (k, cards) => (cards.length > 0 && cards.every((c) => isBlack(k, c)) ? 1 : 0),
  },
};
