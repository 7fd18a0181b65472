import type { SpellRule } from '../catalogue';
import { gain } from '../state';
import { oneSeat, others, target } from './common';

/** Another player loses 2 spirit. */
export const S16: SpellRule = { id: 'S16', pick: (_cat, g, s) => oneSeat(others(g, s)), play: (ctx, _s, a) => gain(ctx.g, target(a), -2) };
