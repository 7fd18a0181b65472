import { alive, recover, sgs } from '../core';
import type { SgsSkill } from '../types';

/** 白银狮子: damage above 1 to you becomes 1 (锁定技); when it leaves your equipment you recover 1 HP. */
export const silver_lion: SgsSkill = {
  id: 'silver_lion',
  effects: [
    {
      on: 'damageInflicted',
      can: (_ctx, seat, ev) => ev.target === seat && !ev.ignoreArmor && (ev.amount as number) > 1,
      use: (ctx, seat, ev) => {
        ev.amount = 1;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.silver_lion' } });
      },
    },
  ],
  onLose(ctx, seat) {
    if (alive(ctx.g, seat)) recover(ctx, seat, 1);
  },
  equip: { value: 4 },
};
