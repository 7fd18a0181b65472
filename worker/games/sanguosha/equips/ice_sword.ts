import { alive, P, equipIds, sgs } from '../core';
import type { SgsSkill } from '../types';
import { attitude } from '../bot';

/** 寒冰剑: range 2; when your 杀 would damage, you may prevent it and discard two of the target's cards instead. */
export const ice_sword: SgsSkill = {
  id: 'ice_sword',
  range: 2,
  effects: [
    {
      on: 'damageCaused',
      can: (ctx, seat, ev) => {
        const t = ev.target as number;
        return (
          ev.src === seat &&
          !!ev.bySlash &&
          !ev.transmitted &&
          !ev.prevented &&
          alive(ctx.g, t) &&
          P(ctx.g, t).hand.length + equipIds(P(ctx.g, t)).length > 0
        );
      },
      optional: true,
      ask: (_ctx, _seat, ev) => ({ key: 'sgs.ask.ice_sword', params: { target: ev.target! } }),
      use: (ctx, seat, ev) => {
        ev.prevented = true;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.ice_sword' }, target: ev.target! });
        ctx.push({
          t: 'pick',
          by: seat,
          from: ev.target as number,
          mode: 'discard',
          zones: 'he',
          n: 2,
          reason: 'ice_sword',
        });
      },
    },
  ],
  /** A friend's cards are spared (the damage is prevented only for a friend); an enemy takes the damage. */
  bot: (k, p) => ({
    prompt: p.id,
    option: attitude(k, p.seat, (p.message.params as { target: number }).target) > 0 ? 'use' : 'pass',
  }),
  equip: { value: 3 },
};
