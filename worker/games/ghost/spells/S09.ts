import type { SpellRule } from '../catalogue';
import { oneSeat, others, target } from './common';

/** Take a random card from another player's hand (only the two of them learn which). */
export const S09: SpellRule = {
  id: 'S09',
  pick: (_cat, g, s) => oneSeat(others(g, s)),
  play(ctx, s, a) {
    const h = ctx.g.players[target(a)]!.hand;
    if (!h.length) return;
    const c = h.splice(ctx.rng.int(h.length), 1)[0]!;
    ctx.g.players[s]!.hand.push(c);
    ctx.log('ghost.log.borrowed', { seat: s, from: target(a) });
    ctx.log('ghost.log.borrowedCard', { seat: s, from: target(a), cards: [c] }, [s, target(a)]);
  },
};
