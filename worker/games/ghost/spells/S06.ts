import type { SpellRule } from '../catalogue';

/** ⚡ before the haunting: until your next turn no imp possesses you (possession.ts `eligibleSeats`). */
export const S06: SpellRule = {
  id: 'S06',
  pick: () => ({}),
  play(ctx, s) {
    ctx.g.players[s]!.warded = true;
  },
  // Warded when the next imp would make a third.
  bot: { keep: 1, use: (b) => (b.v.players[b.me]!.imps.length >= 2 ? {} : null) },
};
