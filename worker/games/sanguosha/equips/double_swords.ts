import { confirm, drawCards, discard, P, card, sgs } from '../core';
import type { SgsSkill } from '../types';
import { cheapest } from '../bot';

/**
 * 雌雄双股剑: range 2; when your 杀 targets a character of the other sex, you may make them choose: discard a
 * hand card, or let you draw one. (Skill-less generals have no sex, so only tests and generals use it.)
 */
export const double_swords: SgsSkill = {
  id: 'double_swords',
  range: 2,
  effects: [
    {
      on: 'slashTargeted',
      can: (ctx, seat, ev) => {
        if (ev.src !== seat) return false;
        const a = P(ctx.g, seat).gender,
          b = P(ctx.g, ev.target as number).gender;
        return !!a && !!b && a !== b;
      },
      optional: true,
      ask: (_ctx, _seat, ev) => ({ key: 'sgs.ask.double_swords', params: { target: ev.target! } }),
      use: (ctx, seat, ev) => {
        const target = ev.target as number;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.card.double_swords' }, target });
        const hand = P(ctx.g, target).hand;
        if (hand.length === 0) drawCards(ctx, seat, 1);
        else
          confirm(ctx, {
            seat: target,
            skill: 'double_swords',
            ev,
            cards: hand,
            msg: { key: 'sgs.ask.double_swords_target', params: { source: seat } },
            useMsg: { key: 'sgs.opt.dsDiscard' },
            passMsg: { key: 'sgs.opt.dsLetDraw' },
          });
      },
    },
  ],
  /** The target chose to discard (its `confirm` prompt); passing lets the wielder draw. */
  resolve(ctx, seat, _ev, picked) {
    ctx.log('sgs.log.discard', { seat, cards: picked });
    discard(ctx, picked);
  },
  decline(ctx, _seat, ev) {
    drawCards(ctx, ev.src as number, 1);
  },
  /** Its target discards the cheapest card when it has more than two, else lets the wielder draw. */
  bot(k, p) {
    if (p.message.key !== 'sgs.ask.double_swords_target') return null;
    const from = p.options.find((o) => o.id === 'use')?.cards?.from ?? [];
    return from.length > 2
      ? { prompt: p.id, option: 'use', cards: cheapest(k, from, 1) }
      : { prompt: p.id, option: 'pass' };
  },
  equip: { value: 3 },
};
