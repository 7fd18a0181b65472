import type { SpellRule } from '../catalogue';
import { gain } from '../state';

/** Gain 2 spirit. */
export const S01: SpellRule = {
  id: 'S01',
  pick: () => ({}),
  play: (ctx, s) => gain(ctx.g, s, 2),
  bot: { keep: 0.5, rank: 80, use: () => ({}) },
};
