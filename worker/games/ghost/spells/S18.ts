import type { SpellRule } from '../catalogue';
import { oneSeat, others, target } from './common';
import { ally, oneShort } from '../bot/seat';

/** ⚡ after the haunting: another player cannot vote this turn. */
export const S18: SpellRule = {
  id: 'S18',
  pick: (_cat, g, s) => oneSeat(others(g, s)),
  play(ctx, _s, a) {
    if (!ctx.g.ts.bound.includes(target(a))) ctx.g.ts.bound.push(target(a));
  },
  bot: {
    keep: 0.6,
    // Bind a GK with imps (he would vote against their exorcism); good: else the likeliest rival of a friendly host,
    // and a heretic the host himself when he is one exorcism short of the threshold (a bound host votes no card for
    // his own exorcism; the threshold ends the game, and a heretic wins by reaching it first), never a voter at his own.
    use(b, o) {
      const gk = b.v.gk;
      const from = o.seats!.from;
      if (gk !== null && gk !== b.me && from.includes(gk) && b.v.players[gk]!.imps.length > 0) return { seats: [gk] };
      if (b.level !== 'good' || gk !== null) return null;
      const cur = b.v.current;
      if (b.team === 'heretic')
        return cur !== b.me && from.includes(cur) && b.v.players[cur]!.handCount > 0 && oneShort(b, cur)
          ? { seats: [cur] }
          : null;
      if (ally(b, cur) < 0.7) return null;
      const foes = from.filter((t) => t !== b.v.current && b.v.players[t]!.handCount > 0 && ally(b, t) < 0.35);
      return foes.length ? { seats: [foes.sort((x, y) => ally(b, x) - ally(b, y) || x - y)[0]!] } : null;
    },
  },
};
