import { P, sgs } from '../core';
import { T } from '../timings';
import type { SgsSkill } from '../types';

/**
 * 救援 (孙权, 主公技, 锁定技): while you are dying, a 桃 another 吴 character uses on you recovers 1 HP more
 * (the original text; ruling S14).
 */
export const jiuyuan: SgsSkill = {
  id: 'jiuyuan',
  lord: true,
  locked: true,
  effects: [
    {
      on: T.recovering,
      can: (ctx, seat, ev) =>
        ev.seat === seat &&
        !!ev.dying &&
        ev.name === 'peach' &&
        typeof ev.by === 'number' &&
        ev.by !== seat &&
        P(ctx.g, ev.by).kingdom === 'wu',
      use(ctx, seat, ev) {
        ev.n = (ev.n as number) + 1;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.skill.jiuyuan' } });
      },
    },
  ],
};
