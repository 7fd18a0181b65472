import { handLimit, isSlashKey, markUsed, P, usedCount, sgs } from '../core';
import { T } from '../timings';
import type { C, Ev, SgsSkill } from '../types';

/** The per-phase counter of 杀 the owner used or played in its own play phase (in `g.used`, reset with it). */
const SLASHES = 'keji_slash';
const inOwnPlay = (ctx: C, seat: number) => ctx.g.current === seat && ctx.g.phase === 'play';
const count = (ctx: C, seat: number) => markUsed(ctx.g, seat, SLASHES);

/**
 * 克己 (吕蒙): if you used or played no 杀 during your play phase this turn, you may skip your discard phase. It is
 * offered only when the hand is over the limit, since skipping an empty discard phase changes nothing.
 */
export const keji: SgsSkill = {
  id: 'keji',
  effects: [
    {
      on: T.cardUsed,
      can: (ctx, seat, ev) => ev.user === seat && isSlashKey(ev.name as string) && inOwnPlay(ctx, seat),
      use: (ctx, seat) => count(ctx, seat),
    },
    {
      on: T.cardResponded,
      can: (ctx, seat, ev) => ev.seat === seat && isSlashKey(ev.name as string) && inOwnPlay(ctx, seat),
      use: (ctx, seat) => count(ctx, seat),
    },
    {
      on: T.phaseBegin,
      can: (ctx, seat, ev: Ev) =>
        ev.seat === seat &&
        ev.phase === 'discard' &&
        !ev.skip &&
        usedCount(ctx.g, seat, SLASHES) === 0 &&
        P(ctx.g, seat).hand.length > handLimit(ctx, seat),
      optional: true,
      ask: () => ({ key: 'sgs.ask.keji' }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.keji' } });
        ev.skip = true;
      },
    },
  ],
};
