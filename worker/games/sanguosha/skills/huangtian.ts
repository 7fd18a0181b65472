import { keyOf, move, othersFrom, P, skillIds } from '../core';
import { attitude } from '../bot';
import type { G, SgsSkill } from '../types';

/** The lord holding 黄天 whom `seat` may give to (another seat; lord skills count only for the lord). */
const lordOf = (g: G, seat: number) => othersFrom(g, seat).find((s) => skillIds(g, s).includes('huangtian'));
/** `seat`'s 闪 and 闪电 in hand. */
const gifts = (g: G, seat: number) => P(g, seat).hand.filter((c) => keyOf(c) === 'jink' || keyOf(c) === 'lightning');

/**
 * 黄天 (张角, 主公技): each other 群 character may, once in each of their own play phases, give you a 闪 or a 闪电
 * from their hand, face up. The option is the giver's (`lentTo`), so it appears in their play phase.
 */
export const huangtian: SgsSkill = {
  id: 'huangtian',
  lord: true,
  active: {
    perPhase: 1,
    lentTo: (g, owner, seat) => owner !== seat && P(g, seat).kingdom === 'qun',
    option(g, seat) {
      const lord = lordOf(g, seat);
      const cards = gifts(g, seat);
      if (lord === undefined || !cards.length) return null;
      return { cards: { from: cards.map(String), min: 1, max: 1 }, message: { key: 'sgs.opt.huangtian', params: { lordSeat: lord } } };
    },
    /** A friend of the lord hands over a spare 闪 (keeping one for itself) or a 闪电 it does not want to play. */
    bot(s, seat, o, prompt) {
      const g = s.g;
      const lord = lordOf(g, seat);
      if (lord === undefined || attitude(g, seat, lord) <= 0 || P(g, seat).role === 'traitor') return null;
      const from = (o.cards?.from ?? []).map(Number);
      const jinks = from.filter((c) => keyOf(c) === 'jink');
      const give = from.find((c) => keyOf(c) === 'lightning') ?? (jinks.length >= 2 || P(g, lord).hp <= 2 ? jinks[0] : undefined);
      return give === undefined ? null : { score: 33, answer: { prompt, option: o.id, cards: [String(give)] } };
    },
    use(ctx, seat, cards) {
      const g = ctx.g;
      const lord = lordOf(g, seat);
      const card = cards[0];
      if (lord === undefined) return 'huangtian: there is no lord with 黄天';
      if (cards.length !== 1 || card === undefined || !gifts(g, seat).includes(card)) return 'huangtian: give one 闪 or 闪电 from your hand';
      ctx.log('sgs.log.huangtian', { seat, lordSeat: lord, card });
      move(ctx, [card], 'hand', { seat: lord });
    },
  },
  effects: [],
};
