import type { SpellRule } from '../catalogue';
import { draw } from '../state';

/** Draw 2 cards. */
export const S03: SpellRule = {
  id: 'S03',
  pick: () => ({}),
  play: (ctx, s) => void draw(ctx, s, 2),
  bot: { keep: 0.5, rank: 78, use: () => ({}) },
};
