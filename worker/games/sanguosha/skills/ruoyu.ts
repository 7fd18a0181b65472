import { addMark, markOf, P, recover, seatsFrom, sgs } from '../core';
import { T } from '../timings';
import type { SgsSkill } from '../types';

/**
 * 若愚 (刘禅, 主公技, 觉醒技): at the start of your start phase, if no living character has less HP than you, your max
 * HP +1, you recover 1 HP and you gain 激将 for good. Once per game (the `ruoyu` mark says it has awakened).
 */
export const ruoyu: SgsSkill = {
  id: 'ruoyu',
  lord: true,
  locked: true,
  effects: [
    {
      on: T.phaseStart,
      can: (ctx, seat, ev) =>
        ev.seat === seat &&
        markOf(ctx.g, seat, 'ruoyu') === 0 &&
        seatsFrom(ctx.g, 0).every((s) => P(ctx.g, s).hp >= P(ctx.g, seat).hp),
      use(ctx, seat) {
        const p = P(ctx.g, seat);
        addMark(ctx.g, seat, 'ruoyu');
        p.maxHp += 1;
        // A new list, not a push: the answer draft shares each character's skill list with the state before it.
        if (!p.skills.includes('jijiang')) p.skills = [...p.skills, 'jijiang'];
        ctx.log('sgs.log.ruoyu', { seat });
        recover(ctx, seat, 1, { by: seat });
      },
    },
  ],
};
