/** Target reasons shared by card files: prohibitions (空城, 谦逊) and the trick distance limit (奇才). */
import type { Msg } from '../../../engine';
import { distance, hasCards, judgeName, P, skillById, skillIds, skillList, card, sgs } from '../core';
import type { G, K } from '../types';

export const why = (key: string): Msg => ({ key });

/** A skill of `t` that forbids `user` from choosing it as a target of `name`, as a reason; null if none. */
export function prohibited(k: K, user: number, t: number, name: string): Msg | null {
  for (const id of skillIds(k, t))
    if (skillById(k, id)?.prohibit?.(k, t, user, name))
      return { key: 'sgs.why.skill', params: { skill: { key: `sgs.skill.${id}` } } };
  return null;
}

/** Distance 1 for a trick, unless the user ignores trick distance (奇才). */
export const trickNear = (k: K, user: number, t: number): Msg | null =>
  skillList(k, user).some((s) => s.trickNoDistance) || distance(k, user, t) <= 1 ? null : why('sgs.ui.tooFar');

export const needsCards = (g: G, t: number): Msg | null => (hasCards(P(g, t)) ? null : why('sgs.ui.noCards'));

export const hasDelayed = (k: K, t: number, key: string): Msg | null =>
  P(k.g, t).judge.some((c) => judgeName(k, c) === key) ? why('sgs.ui.hasOne') : null;
