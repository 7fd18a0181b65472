import type { SpellRule } from '../catalogue';

/** Until your next turn, the effects of your imps do not apply to you (state.ts `effectCount`). */
export const S17: SpellRule = {
  id: 'S17',
  pick: () => ({}),
  play(ctx, s) {
    ctx.g.players[s]!.clearMind = true;
  },
};
