import { T } from '../timings';
import type { SgsSkill } from '../types';

/** 英姿 (周瑜): in your draw phase you may draw one extra card. */
export const yingzi: SgsSkill = {
  id: 'yingzi',
  effects: [
    {
      on: T.drawPhase,
      can: (_ctx, seat, ev) => ev.seat === seat,
      optional: true,
      ask: () => ({ key: 'sgs.ask.yingzi' }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.yingzi' } });
        ev.n = (ev.n as number) + 1;
      },
    },
  ],
};
