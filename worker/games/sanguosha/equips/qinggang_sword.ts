import type { SgsSkill } from '../types';

/** 青釭剑: range 2; the wielder's 杀 ignores the target's armour (锁定技). */
export const qinggang_sword: SgsSkill = {
  id: 'qinggang_sword',
  range: 2,
  effects: [
    {
      on: 'slashTargeted',
      can: (_ctx, seat, ev) => ev.src === seat && !ev.ignoreArmor,
      use: (_ctx, _seat, ev) => {
        ev.ignoreArmor = true;
      },
    },
  ],
  equip: { value: 3 },
};
