import { P, sgs } from '../core';
import type { SgsSkill } from '../types';

/** 古锭刀: range 2; your 杀 deals +1 damage to a target with no hand cards (锁定技). */
export const guding_blade: SgsSkill = {
  id: 'guding_blade',
  range: 2,
  effects: [
    {
      on: 'damageCaused',
      can: (ctx, seat, ev) =>
        ev.src === seat &&
        !!ev.bySlash &&
        !ev.transmitted &&
        !ev.prevented &&
        P(ctx.g, ev.target as number).hand.length === 0,
      use: (ctx, seat, ev) => {
        ev.amount = (ev.amount as number) + 1;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.guding_blade' }, target: ev.target! });
      },
    },
  ],
  equip: { value: 3 },
};
