/** Target reasons shared by card files: prohibitions (空城, 谦逊) and the trick distance limit (奇才). */
import type { Msg } from '../../../engine';
import { distance, hasCards, judgeName, P, skillById, skillIds, skillList, card, sgs } from '../core';
import type { CardBot, G, K } from '../types';

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

/** The bot of a trick that removes one card of a seat (过河拆桥, 顺手牵羊): a friend's 乐不思蜀 or 兵粮寸断 first, else a foe's card. */
export const oneCardBot: CardBot = {
  play(b, o, a) {
    const from = o.seats?.from ?? [];
    const friend = from.find((t) => b.att(t) > 0 && P(b.k.g, t).judge.length > 0);
    if (friend !== undefined) return { score: 47, answer: { ...a, seats: [friend] } };
    const foes = b.foes(from);
    return foes.length ? { score: 45, answer: { ...a, seats: [foes[0]!] } } : null;
  },
};
