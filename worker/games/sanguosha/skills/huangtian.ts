import { keyOf, move, othersFrom, P, skillIds, card, sgs } from '../core';
import { attitude } from '../bot';
import type { SgsSkill, K } from '../types';

/** The lord holding 黄天 whom `seat` may give to (another seat; lord skills count only for the lord). */
const lordOf = (k: K, seat: number) => othersFrom(k.g, seat).find((s) => skillIds(k, s).includes('huangtian'));
/** `seat`'s 闪 and 闪电 in hand. */
const gifts = (k: K, seat: number) =>
  P(k.g, seat).hand.filter((c) => keyOf(k, c) === 'jink' || keyOf(k, c) === 'lightning');

/**
 * 黄天 (张角, 主公技): each other 群 character may, once in each of their own play phases, give you a 闪 or a 闪电
 * from their hand, face up. The option is the giver's (`lentTo`), so it appears in their play phase.
 */
export const huangtian: SgsSkill = {
  id: 'huangtian',
  lord: true,
  active: {
    perPhase: 1,
    lentTo: (k, owner, seat) => owner !== seat && P(k.g, seat).kingdom === 'qun',
    option(k, seat) {
      const g = k.g;
      const lord = lordOf(k, seat);
      const cards = gifts(k, seat);
      if (lord === undefined || !cards.length) return null;
      return {
        cards: { from: cards.map(String), min: 1, max: 1 },
        message: { key: 'sgs.opt.huangtian', params: { lordSeat: lord } },
      };
    },
    /** A friend of the lord hands over a spare 闪 (keeping one for itself) or a 闪电 it does not want to play. */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      const lord = lordOf(k, seat);
      if (lord === undefined || attitude(k, seat, lord) <= 0 || P(g, seat).role === 'traitor') return null;
      const from = (o.cards?.from ?? []).map(Number);
      const jinks = from.filter((c) => keyOf(k, c) === 'jink');
      const give =
        from.find((c) => keyOf(k, c) === 'lightning') ??
        (jinks.length >= 2 || P(g, lord).hp <= 2 ? jinks[0] : undefined);
      return give === undefined ? null : { score: 33, answer: { prompt, option: o.id, cards: [String(give)] } };
    },
    use(ctx, seat, cards) {
      const g = ctx.g;
      const lord = lordOf(ctx, seat);
      const card = cards[0];
      if (lord === undefined) return 'huangtian: there is no lord with 黄天';
      if (cards.length !== 1 || card === undefined || !gifts(ctx, seat).includes(card))
        return 'huangtian: give one 闪 or 闪电 from your hand';
      ctx.log('sgs.log.huangtian', { seat, lordSeat: lord, card });
      move(ctx, [card], 'hand', { seat: lord });
    },
  },
  effects: [],
};
