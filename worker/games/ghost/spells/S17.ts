import type { SpellRule } from '../catalogue';

/** Until your next turn, the effects of your imps do not apply to you (state.ts `effectCount`). */
export const S17: SpellRule = {
  id: 'S17',
  pick: () => ({}),
  play(ctx, s) {
    ctx.g.players[s]!.clearMind = true;
  },
  bot: {
    keep: 0.5,
    rank: 40,
    // Good: when an imp on this seat has an effect that hurts it.
    use: (b) =>
      b.level === 'good' &&
      b.v.players[b.me]!.imps.some(
        (i) => !['NONE', 'PERK_HAND_LIMIT_PLUS_1', 'PERK_EXTRA_SPIRIT'].includes(b.cat.imp[i.id]!.effect),
      )
        ? {}
        : null,
  },
};
