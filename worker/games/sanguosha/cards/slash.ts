import { attackRange, distance, slashLimit, skillList } from '../core';
import type { CardDef } from '../types';
import { why } from './rules';

/** 杀 (and its fire and thunder kinds): once per play phase, a target in attack range; the 杀 frames are in flow/slash.ts. */
const slashLike = (key: string): CardDef => ({
  key,
  harmful: true,
  value: 5,
  usable: (g, seat) => g.slashes < slashLimit(g, seat),
  pick: {
    min: 1,
    max: (g, seat, cards) => 1 + Math.max(0, ...skillList(g, seat).map((s) => s.extraSlashTargets?.(g, seat, cards) ?? 0)),
    why: (g, user, t) => (distance(g, user, t) <= attackRange(g, user) ? null : why('sgs.ui.outOfRange')),
  },
});
export const slash = slashLike('slash');
export const fire_slash = slashLike('fire_slash');
export const thunder_slash = slashLike('thunder_slash');
