import { drawCards, card, sgs } from '../core';
import { T } from '../timings';
import type { SgsSkill } from '../types';

/** 闭月 (貂蝉): at the start of your end phase you may draw one card. */
export const biyue: SgsSkill = {
  id: 'biyue',
  effects: [
    {
      on: T.phaseEnd,
      can: (_ctx, seat, ev) => ev.seat === seat,
      optional: true,
      ask: () => ({ key: 'sgs.ask.biyue' }),
      use(ctx, seat) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.biyue' } });
        drawCards(ctx, seat, 1);
      },
    },
  ],
  // Drawing a card never hurts.
  bot: (_s, p) => ({ prompt: p.id, option: 'use' }),
};
