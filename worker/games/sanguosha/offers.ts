/**
 * The one card-offer layer (转化, "view as"): wherever a card is asked for — the play phase, 闪/杀 answers, the
 * dying 桃 round, 无懈可击 windows, 借刀杀人 — the rules ask here which of a seat's cards may serve, real cards and
 * every view-as rule of its skills (武圣, 丈八蛇矛 …) alike, and check an answer with `resolveAnswer`.
 */
import type { Answer, Msg, Option } from '../../engine';
import { equipIds, isSlashKey, keyOf, P, skillById, skillList, card, sgs, skillIds } from './core';
import type { K, How, ViewAs } from './types';

/** Does a real card of `key` answer a request for `name`? Any 杀 answers "杀". */
export const fits = (name: string, key: string) => name === key || (name === 'slash' && isSlashKey(key));

export interface Offer {
  /** Option id `as:<skill>:<name>`. */
  id: string;
  as: string;
  skill: string;
  rule: ViewAs;
  /** The cards the rule may take from. */
  pool: number[];
}

/** The view-as offers of `seat` for any of `names` now. */
export function viewAsOffers(k: K, seat: number, names: string[], how: How): Offer[] {
  const out: Offer[] = [];
  const p = P(k.g, seat);
  for (const sid of skillIds(k, seat)) {
    for (const rule of skillById(k, sid)?.viewAs ?? []) {
      if (!names.some((n) => fits(n, rule.as)) || (rule.when && !rule.when(k, seat, how))) continue;
      const pool = (rule.zones === 'he' ? [...p.hand, ...equipIds(p)] : p.hand).filter((id) => rule.card(k, seat, id));
      if (pool.length >= rule.n) out.push({ id: `as:${sid}:${rule.as}`, as: rule.as, skill: sid, rule, pool });
    }
  }
  return out;
}

/**
 * The message of a view-as option (contracts §4): `sgs.opt.useAs` where the card is used (使用), `sgs.opt.playAs`
 * where it is played (打出: 杀 in a 决斗 or against 南蛮入侵, 闪 against 万箭齐发), so the plain sentence says which.
 */
export const useAsMsg = (as: string, skill: string, how: How = 'play'): Msg => ({
  key: how === 'respond' ? 'sgs.opt.playAs' : 'sgs.opt.useAs',
  params: { as: { key: `sgs.card.${as}` }, skill: { key: `sgs.skill.${skill}` } },
});

/**
 * The answer options for a request of `names`: `real` (its id and message) picking from the fitting hand cards, then
 * one option per view-as offer. Empty when the seat has nothing that could answer. `real` must be a new record
 * (every caller passes a literal): it becomes the option itself, its picks added, rather than spread into a copy.
 */
export function answerOptions(
  k: K,
  seat: number,
  names: string[],
  how: How,
  real: { id: string; message: Msg },
): Option[] {
  const out: Option[] = [];
  const own = P(k.g, seat).hand.filter((c) => names.some((n) => fits(n, keyOf(k, c))));
  if (own.length) {
    const o = real as Option;
    o.cards = { from: own.map(String), min: 1, max: 1 };
    out.push(o);
  }
  for (const o of viewAsOffers(k, seat, names, how))
    out.push({
      id: o.id,
      message: useAsMsg(o.as, o.skill, how),
      cards: { from: o.pool.map(String), min: o.rule.n, max: o.rule.n },
    });
  return out;
}

/** A checked answer: the physical cards, the card they count as, and the skill that turned them (null: a real card). */
export interface Served {
  cards: number[];
  name: string;
  skill: string | null;
}

/** Check an answer given to `answerOptions` (or a play-phase `as:` option); a string is the reason to reject it. */
export function resolveAnswer(
  k: K,
  seat: number,
  a: Answer,
  names: string[],
  how: How,
  realId: string,
): Served | string {
  const cards = (a.cards ?? []).map(Number);
  if (a.option === realId) {
    const c = cards[0];
    if (cards.length !== 1 || c === undefined || !P(k.g, seat).hand.includes(c)) return 'pick one card from your hand';
    if (!names.some((n) => fits(n, keyOf(k, c)))) return 'that card does not fit';
    return { cards, name: keyOf(k, c), skill: null };
  }
  const o = viewAsOffers(k, seat, names, how).find((x) => x.id === a.option);
  if (!o) return `no option ${a.option} now`;
  if (cards.length !== o.rule.n || cards.some((c) => !o.pool.includes(c)))
    return `${o.skill}: pick ${o.rule.n} fitting card(s)`;
  if (o.rule.group && !o.rule.group(k, seat, cards)) return `${o.skill}: these cards do not go together`;
  return { cards, name: o.as, skill: o.skill };
}

/** 无双 and its kind: how many 闪 (or 决斗 杀) `opponent` must give against `owner`. */
export const needed = (k: K, owner: number, opponent: number, what: 'jink' | 'duel') =>
  Math.max(1, ...skillList(k, owner).map((s) => s.needs?.(k, owner, opponent, what) ?? 1));
