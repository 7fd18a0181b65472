/** Small helpers every frame file uses: frame data access, events, answer checks. */
import type { Answer, Frame, Json } from '../../../engine';
import { isBlack, isRed, P, card, sgs } from '../core';
import type { C, Ev, G, K } from '../types';

export const autoPass = (ctx: C) => ctx.s.options.autoPass !== false;
export const num = (x: Json | undefined) => x as number;
export const nums = (x: Json | undefined) => x as number[];
/** Write a child's result into its parent frame (`parent`, `key`). */
export const parentSet = (ctx: C, f: Frame, v: Json) => {
  const p = ctx.frame(num(f.parent));
  if (p) p[f.key as string] = v;
};

/**
 * Store an event in the frame and fire its timing point (the trigger frame runs next). `ev` must be a new record
 * (every caller passes a literal): it is stored as it is, its frame id added, instead of copied — a spread of the
 * many event shapes was the hottest line of an answer. An existing `frame` key keeps its place, as in a spread.
 */
export function emit(ctx: C, f: Frame, timing: string, ev: Ev, seats?: number[]): void {
  ev.frame = f.id;
  f.ev = ev;
  ctx.trigger(timing, f, 'ev', seats);
}
export const evOf = (f: Frame) => f.ev as Ev;

export const colorOf = (k: K, cards: number[]): 'red' | 'black' | 'none' =>
  cards.length && cards.every((c) => isRed(k, c))
    ? 'red'
    : cards.length && cards.every((c) => isBlack(k, c))
      ? 'black'
      : 'none';

export const cardIdsOf = (a: Answer) => (a.cards ?? []).map(Number);

export function checkInHand(g: G, seat: number, ids: number[]): string | void {
  for (const id of ids) if (!P(g, seat).hand.includes(id)) return `card ${id} is not in your hand`;
}

export const noAnswer = () => 'this frame asks nothing';

/** A frame that starts a damage (the fields every damage frame carries). */
export const damageFrame = (
  src: number | null,
  target: number,
  amount: number,
  nature: string,
  cards: number[],
  bySlash = false,
) => ({ t: 'damage', src, target, amount, nature, cards, bySlash, ignoreArmor: false, transmitted: false, st: 0 });

/** The display name of a reason: a card key ('indulgence'), or 'skill:<id>' for a skill's own judgement or pick. */
export const reasonMsg = (reason: string) =>
  reason.startsWith('skill:') ? { key: `sgs.skill.${reason.slice(6)}` } : { key: `sgs.card.${reason}` };
