import type { SpellRule } from '../catalogue';
import { draw } from '../state';
import { oneSeat, others, target } from './common';

/** Choose another non-GK player: you draw 1, then they draw 1. */
export const S15: SpellRule = {
  id: 'S15',
  pick: (_cat, g, s) => oneSeat(others(g, s).filter((t) => t !== g.gk)),
  play(ctx, s, a) {
    draw(ctx, s);
    draw(ctx, target(a));
  },
};
