import type { SgsSkill } from '../types';

/** 朱雀羽扇: range 4; as you use a normal 杀 you may make it a fire 杀. */
export const fan: SgsSkill = {
  id: 'fan',
  range: 4,
  effects: [
    {
      on: 'cardUsed',
      can: (_ctx, seat, ev) => ev.user === seat && ev.name === 'slash' && ev.nature === 'normal',
      optional: true,
      ask: () => ({ key: 'sgs.ask.fan' }),
      use: (ctx, seat, ev) => {
        ev.nature = 'fire';
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.fan' } });
      },
    },
  ],
  equip: { value: 3 },
};
