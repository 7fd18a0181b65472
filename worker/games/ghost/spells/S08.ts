import type { SpellRule } from '../catalogue';
import { lookIdentity } from '../rules';
import { oneSeat, others, target } from './common';

/** Look at another player's identity card. */
export const S08: SpellRule = { id: 'S08', pick: (_cat, g, s) => oneSeat(others(g, s)), play: (ctx, s, a) => lookIdentity(ctx, s, target(a)) };
