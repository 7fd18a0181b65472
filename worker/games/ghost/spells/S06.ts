import type { SpellRule } from '../catalogue';

/** ⚡ before the haunting: until your next turn no imp possesses you (possession.ts `eligibleSeats`). */
export const S06: SpellRule = {
  id: 'S06',
  pick: () => ({}),
  play(ctx, s) {
    ctx.g.players[s]!.warded = true;
  },
};
