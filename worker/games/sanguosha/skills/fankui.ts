import { confirm, equipIds, move, P, card, sgs } from '../core';
import { attitude } from '../bot';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

const srcOf = (ev: Record<string, unknown>) => (typeof ev.src === 'number' ? ev.src : null);
const hasHeCards = (g: G, seat: number) => P(g, seat).hand.length + equipIds(P(g, seat)).length > 0;

/**
 * 反馈 (司马懿): after you take damage that has a living source, you may take one card (hand or equipped, hand cards
 * blind) from the source, once per damage. If you damaged yourself only your own equipment qualifies.
 */
export const fankui: SgsSkill = {
  id: 'fankui',
  effects: [
    {
      on: T.damaged,
      can: (ctx, seat, ev) => {
        const src = srcOf(ev);
        return ev.target === seat && src !== null && src !== seat && !!P(ctx.g, src).alive && hasHeCards(ctx.g, src);
      },
      optional: true,
      ask: (_ctx, _seat, ev) => ({ key: 'sgs.ask.fankui', params: { target: ev.src as number } }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.fankui' } });
        ctx.push({
          t: 'pick',
          by: seat,
          from: ev.src as number,
          mode: 'take',
          zones: 'he',
          n: 1,
          reason: 'skill:fankui',
        });
      },
    },
    {
      // Self-inflicted (火攻 on yourself, a chain): the only cards to take are your own equipment.
      on: T.damaged,
      can: (ctx, seat, ev) => ev.target === seat && srcOf(ev) === seat && equipIds(P(ctx.g, seat)).length > 0,
      use(ctx, seat, ev) {
        confirm(ctx, {
          seat,
          skill: 'fankui',
          ev,
          cards: equipIds(P(ctx.g, seat)),
          msg: { key: 'sgs.ask.fankuiSelf' },
        });
      },
    },
  ],
  resolve(ctx, seat, _ev, picked) {
    const card = picked[0];
    if (card === undefined || !equipIds(P(ctx.g, seat)).includes(card)) return 'pick one of your equipped cards';
    ctx.log('sgs.log.fankuiSelf', { seat, card });
    move(ctx, [card], 'hand', { seat });
  },
  /** Take from anyone who is not a friend. */
  bot(k, p) {
    const s = k.s;
    if (p.message.key === 'sgs.ask.fankuiSelf') return { prompt: p.id, option: 'pass' };
    const src = (p.message.params as { target: number }).target;
    return { prompt: p.id, option: attitude(k, p.seat, src) > 0 ? 'pass' : 'use' };
  },
};
