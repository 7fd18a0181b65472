import type { SpellRule } from '../catalogue';
import { gain } from '../state';
import { oneSeat, others, target } from './common';
import { ally } from '../bot/seat';

/** Another player loses 2 spirit. */
export const S16: SpellRule = {
  id: 'S16',
  pick: (_cat, g, s) => oneSeat(others(g, s)),
  play: (ctx, _s, a) => gain(ctx.g, target(a), -2),
  bot: {
    keep: 0.6,
    rank: 55,
    // Good: the likeliest rival with the most spirit.
    use(b, o) {
      if (b.level !== 'good') return null;
      const from = o.seats!.from.filter((t) => ally(b, t) < 0.5 && b.v.players[t]!.spirit > 0);
      return from.length
        ? {
            seats: [
              from.sort(
                (x, y) => ally(b, x) - ally(b, y) || b.v.players[y]!.spirit - b.v.players[x]!.spirit || x - y,
              )[0]!,
            ],
          }
        : null;
    },
  },
};
