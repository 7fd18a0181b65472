import type { SpellRule } from '../catalogue';
import { draw } from '../state';
import { oneSeat, others, target } from './common';
import { ally } from '../bot/seat';

/** Choose another non-GK player: you draw 1, then they draw 1. */
export const S15: SpellRule = {
  id: 'S15',
  pick: (_cat, g, s) => oneSeat(others(g, s).filter((t) => t !== g.gk)),
  play(ctx, s, a) {
    draw(ctx, s);
    draw(ctx, target(a));
  },
  bot: {
    keep: 0.5,
    rank: 70,
    // Both draw: easy gives the other card to the first seat offered, good to the likeliest friend; a heretic, to
    // whom every seat not known is as likely a rival, to the one with the fewest exorcised imps (furthest from the
    // threshold that ends the game).
    use(b, o) {
      const from = o.seats!.from;
      if (b.level === 'easy') return { seats: [from[0]!] };
      const pts = (t: number) => (b.team === 'heretic' ? b.v.players[t]!.points.length : 0);
      return { seats: [[...from].sort((x, y) => ally(b, y) - ally(b, x) || pts(x) - pts(y) || x - y)[0]!] };
    },
  },
};
