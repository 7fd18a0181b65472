import type { SpellRule } from '../catalogue';
import { gain } from '../state';

/** Gain 1 spirit; as a vote it counts 2 (its card's `weight`, read by the reveal). */
export const S04: SpellRule = {
  id: 'S04',
  pick: () => ({}),
  play: (ctx, s) => gain(ctx.g, s, 1),
  // Kept to vote with (it counts 2), never played for its 1 spirit.
  bot: { keep: 1 },
};
