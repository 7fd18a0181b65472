import type { SpellRule } from '../catalogue';

/** Take a card of your choice from the discard pile (once per turn). */
export const S10: SpellRule = {
  id: 'S10',
  pick: (_cat, g) => (g.ts.recall ? null : { cards: { from: [...g.discard], min: g.discard.length ? 1 : 0, max: 1 } }),
  play(ctx, s, a) {
    ctx.g.ts.recall = true;
    const c = a.cards?.[0];
    if (!c) return;
    ctx.g.discard.splice(ctx.g.discard.indexOf(c), 1);
    ctx.g.players[s]!.hand.push(c);
    ctx.log('ghost.log.recalled', { seat: s, cards: [c] });
  },
};
