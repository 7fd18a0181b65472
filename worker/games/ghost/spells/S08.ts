import type { SpellRule } from '../catalogue';
import { lookIdentity } from '../rules';
import { oneSeat, others, target } from './common';
import { ally, known } from '../bot/seat';

/** Look at another player's identity card. */
export const S08: SpellRule = {
  id: 'S08',
  pick: (_cat, g, s) => oneSeat(others(g, s)),
  play: (ctx, s, a) => lookIdentity(ctx, s, target(a)),
  bot: {
    keep: 0.8,
    rank: 60,
    // Look at a seat this one does not know; good: the one it is least sure about.
    use(b, o) {
      const unknown = o.seats!.from.filter((t) => known(b, t) === null);
      if (!unknown.length) return null;
      if (b.level === 'easy') return { seats: [unknown[0]!] };
      const doubt = (t: number) => Math.abs(ally(b, t) - 0.5);
      return { seats: [[...unknown].sort((x, y) => doubt(x) - doubt(y) || x - y)[0]!] };
    },
  },
};
