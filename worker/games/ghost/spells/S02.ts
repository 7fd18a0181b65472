import type { SpellRule } from '../catalogue';
import { draw, gain } from '../state';

/** Draw 1 card, then gain 1 spirit. */
export const S02: SpellRule = {
  id: 'S02',
  pick: () => ({}),
  play(ctx, s) {
    draw(ctx, s);
    gain(ctx.g, s, 1);
  },
  bot: { keep: 0.5, rank: 79, use: () => ({}) },
};
