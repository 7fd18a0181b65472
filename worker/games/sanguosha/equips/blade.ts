import { alive, confirm, isSlash, keyOf, P } from '../core';
import type { SgsSkill } from '../types';

/** 青龙偃月刀: range 3; when your 杀 is dodged you may use another 杀 on the same target. */
export const blade: SgsSkill = {
  id: 'blade',
  range: 3,
  effects: [
    {
      on: 'slashDodged',
      can: (ctx, seat, ev) => ev.src === seat && alive(ctx.g, ev.target as number) && P(ctx.g, seat).hand.some(isSlash),
      use: (ctx, seat, ev) =>
        confirm(ctx, { seat, skill: 'blade', ev, cards: P(ctx.g, seat).hand.filter(isSlash), msg: { key: 'sgs.ask.blade', params: { target: ev.target! } } }),
    },
  ],
  resolve(ctx, seat, ev, picked) {
    const card = picked[0]!;
    ctx.push({ t: 'use', user: seat, cards: [card], name: keyOf(card), targets: [ev.target as number], counted: false, st: 0 });
  },
};
