/** Target reasons shared by card files: prohibitions (空城, 谦逊) and the trick distance limit (奇才). */
import type { Msg } from '../../../engine';
import { banningSkillIdsRead, distance, hasCards, judgeName, P, skillListRead, skillById } from '../core';
import type { G } from '../types';

export const why = (key: string): Msg => ({ key });

/** A skill of `t` that forbids `user` from choosing it as a target of `name`, as a reason; null if none. */
export function prohibited(g: G, user: number, t: number, name: string): Msg | null {
  // Only the skills that have a `prohibit` (the memo keeps them apart): a seat without one costs no loop over its skills.
  for (const id of banningSkillIdsRead(g, t)) if (skillById(id)?.prohibit?.(g, t, user, name)) return { key: 'sgs.why.skill', params: { skill: { key: `sgs.skill.${id}` } } };
  return null;
}

/** Distance 1 for a trick, unless the user ignores trick distance (奇才). */
export const trickNear = (g: G, user: number, t: number): Msg | null =>
  skillListRead(g, user).some((s) => s.trickNoDistance) || distance(g, user, t) <= 1 ? null : why('sgs.ui.tooFar');

export const needsCards = (g: G, t: number): Msg | null => (hasCards(P(g, t)) ? null : why('sgs.ui.noCards'));

export const hasDelayed = (g: G, t: number, key: string): Msg | null => (P(g, t).judge.some((c) => judgeName(g, c) === key) ? why('sgs.ui.hasOne') : null);
