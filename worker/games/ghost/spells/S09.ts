import type { SpellRule } from '../catalogue';
import { oneSeat, others, target } from './common';
import { ally } from '../bot/seat';

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
  bot: {
    keep: 0.8,
    rank: 65,
    // Good: take from the likeliest rival holding cards.
    use(b, o) {
      if (b.level !== 'good') return null;
      const from = o.seats!.from.filter((t) => b.v.players[t]!.handCount > 0 && ally(b, t) < 0.5);
      return from.length
        ? {
            seats: [
              from.sort(
                (x, y) => ally(b, x) - ally(b, y) || b.v.players[y]!.handCount - b.v.players[x]!.handCount || x - y,
              )[0]!,
            ],
          }
        : null;
    },
  },
};
