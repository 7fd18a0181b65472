import { isSlash, natureOf, P } from '../core';
import type { SgsSkill } from '../types';

/** 藤甲: normal 杀, 南蛮入侵 and 万箭齐发 have no effect on you; fire damage to you is +1 (锁定技). */
export const vine: SgsSkill = {
  id: 'vine',
  effects: [
    {
      on: 'slashEffect',
      can: (_ctx, seat, ev) => ev.target === seat && !ev.ignoreArmor && !ev.cancelled && ev.nature === 'normal',
      use: (ctx, seat, ev) => {
        ev.cancelled = true;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.vine' } });
      },
    },
    {
      on: 'trickEffect',
      can: (_ctx, seat, ev) =>
        ev.target === seat && !ev.cancelled && (ev.name === 'savage_assault' || ev.name === 'archery_attack'),
      use: (ctx, seat, ev) => {
        ev.cancelled = true;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.vine' } });
      },
    },
    {
      on: 'damageInflicted',
      can: (_ctx, seat, ev) => ev.target === seat && !ev.ignoreArmor && ev.nature === 'fire',
      use: (ctx, seat, ev) => {
        ev.amount = (ev.amount as number) + 1;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.vine' } });
      },
    },
  ],
  equip: {
    value: 4,
    // Not when chained (fire spreads), and never over another armour.
    play: (b, _o, a) => {
      const me = P(b.k.g, b.me);
      return { score: me.equip.armor === null && !me.chained ? 45 : 0, answer: a };
    },
    // Only a fire or thunder 杀 gets through.
    guard: (k, cards) => (cards.length === 1 && natureOf(k, cards[0]!) !== 'normal' && isSlash(k, cards[0]!) ? 0 : 1),
  },
};
