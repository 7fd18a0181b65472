import { alive, confirm, discard, P, sgs } from '../core';
import type { G, SgsSkill } from '../types';

const horses = (g: G, seat: number) =>
  [P(g, seat).equip.plus, P(g, seat).equip.minus].filter((x): x is number => x !== null);

/** 麒麟弓: range 5; when your 杀 damages a character you may discard one of their horses. */
export const kylin_bow: SgsSkill = {
  id: 'kylin_bow',
  range: 5,
  effects: [
    {
      on: 'damageCaused',
      can: (ctx, seat, ev) =>
        ev.src === seat &&
        !!ev.bySlash &&
        !ev.transmitted &&
        !ev.prevented &&
        alive(ctx.g, ev.target as number) &&
        horses(ctx.g, ev.target as number).length > 0,
      use: (ctx, seat, ev) =>
        confirm(ctx, {
          seat,
          skill: 'kylin_bow',
          ev,
          cards: horses(ctx.g, ev.target as number),
          msg: { key: 'sgs.ask.kylin_bow', params: { target: ev.target! } },
        }),
    },
  ],
  resolve(ctx, seat, ev, picked) {
    ctx.log('sgs.log.skillCards', { seat, skill: { key: 'sgs.card.kylin_bow' }, target: ev.target!, cards: picked });
    discard(ctx, picked);
  },
  equip: { value: 3 },
};
