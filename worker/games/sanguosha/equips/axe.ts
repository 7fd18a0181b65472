import { confirm, discard, equipIds, P, sgs } from '../core';
import type { G, SgsSkill } from '../types';

const payable = (g: G, seat: number) => {
  const p = P(g, seat);
  return [...p.hand, ...equipIds(p).filter((id) => id !== p.equip.weapon)];
};

/** 贯石斧: range 3; when your 杀 is dodged you may discard two cards (not the axe) to make it hit anyway. */
export const axe: SgsSkill = {
  id: 'axe',
  range: 3,
  effects: [
    {
      on: 'slashDodged',
      can: (ctx, seat, ev) => ev.src === seat && !ev.hit && payable(ctx.g, seat).length >= 2,
      use: (ctx, seat, ev) =>
        confirm(ctx, {
          seat,
          skill: 'axe',
          ev,
          cards: payable(ctx.g, seat),
          min: 2,
          max: 2,
          msg: { key: 'sgs.ask.axe', params: { target: ev.target! } },
        }),
    },
  ],
  resolve(ctx, seat, ev, picked) {
    ctx.log('sgs.log.skillCards', { seat, skill: { key: 'sgs.card.axe' }, cards: picked });
    discard(ctx, picked);
    ev.hit = true;
  },
  equip: { value: 3 },
};
