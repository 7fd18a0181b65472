import { drawCards, P, card, sgs } from '../core';
import { T } from '../timings';
import type { SgsSkill } from '../types';

/**
 * 连营 (陆逊): after you lose your last hand card, by any means (use, play, discard, 过河拆桥, 顺手牵羊 …), you may draw
 * one card. Still empty-handed when the trigger comes, as FreeKill checks.
 */
export const lianying: SgsSkill = {
  id: 'lianying',
  effects: [
    {
      on: T.cardsLost,
      can: (ctx, seat, ev) => ev.seat === seat && !!ev.handEmpty && P(ctx.g, seat).hand.length === 0,
      optional: true,
      ask: () => ({ key: 'sgs.ask.lianying' }),
      use(ctx, seat) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.lianying' } });
        drawCards(ctx, seat, 1);
      },
    },
  ],
};
