import type { SpellRule } from '../catalogue';
import { discardFromHand, gain } from '../state';

/** Discard up to 3 other cards; gain 1 spirit for each. */
export const S14: SpellRule = {
  id: 'S14',
  pick: (_cat, g, s, card) => ({ cards: { from: g.players[s]!.hand.filter((c) => c !== card), min: 0, max: 3 } }),
  play(ctx, s, a) {
    const cards = discardFromHand(ctx, s, a.cards ?? []);
    gain(ctx.g, s, cards.length);
    if (cards.length) ctx.log('ghost.log.discarded', { seat: s, cards });
  },
  bot: { keep: 0.2 },
};
