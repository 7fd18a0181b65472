import { catOf } from '../catalogue';
import { handLimit, has } from '../state';
import { askDiscard, discarded, type F } from './common';

/** End of turn: 冒失鬼's discard, then down to the hand limit (seed; the GK has none). */
export const endDiscard: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = f.seat as number;
    const h = g.players[s]!.hand.length;
    const cat = catOf(ctx);
    if (g.gk === s) return 'done';
    if (f.stage === 0) {
      f.stage = 1;
      if (has(cat, g, s, 'END_TURN_DISCARD') && h > 0) {
        askDiscard(ctx, s, 1, 'reckless');
        return 'wait';
      }
    }
    if (f.stage === 1) {
      f.stage = 2;
      const over = h - handLimit(cat, g, s);
      if (over > 0) {
        askDiscard(ctx, s, over, 'handLimit');
        return 'wait';
      }
    }
    return 'done';
  },
  answer: discarded,
};
