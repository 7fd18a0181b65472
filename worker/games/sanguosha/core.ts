/** Card facts, zones, distance and the small state operations every rule uses. */
import type { Json } from '../../engine';
import { DECK, type Suit } from './deck';
import { KINDS, type Kind, type Nature, type Slot } from './kinds';
import type { C, G, Player, SgsSkill } from './types';
import { EQUIP_SKILLS, skillOfCard } from './equips';
import { SKILLS } from './skills';

export interface CardInfo {
  id: number;
  key: string;
  suit: Suit;
  rank: number;
  kind: Kind;
}
export const CARD: Record<number, CardInfo> = {};
for (const [id, , key, suit, rank] of DECK) CARD[id] = { id, key, suit, rank, kind: KINDS[key]! };

export const keyOf = (id: number) => CARD[id]!.key;
export const isSlashKey = (k: string) => k === 'slash' || k === 'fire_slash' || k === 'thunder_slash';
export const isSlash = (id: number) => isSlashKey(keyOf(id));
export const isRed = (id: number) => CARD[id]!.suit === 'heart' || CARD[id]!.suit === 'diamond';
export const isBlack = (id: number) => !isRed(id);
export const natureOf = (id: number): Nature => CARD[id]!.kind.nature ?? 'normal';
export const SLOTS: Slot[] = ['weapon', 'armor', 'plus', 'minus'];

export const P = (g: G, seat: number): Player => g.players[seat]!;
export const alive = (g: G, seat: number) => !!g.players[seat]?.alive;
export const equipIds = (p: Player) => SLOTS.map((s) => p.equip[s]).filter((x): x is number => x !== null);
export const hasCards = (p: Player) => p.hand.length + equipIds(p).length + p.judge.length > 0;
export const wounded = (p: Player) => p.hp < p.maxHp;

/** Living seats in seat order, starting with `from` (included when alive). */
export function seatsFrom(g: G, from: number): number[] {
  const n = g.players.length;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const s = (from + k) % n;
    if (g.players[s]!.alive) out.push(s);
  }
  return out;
}
export const othersFrom = (g: G, seat: number) => seatsFrom(g, seat + 1).filter((s) => s !== seat);

/** Skills a seat has now: its general's, then its equipment's. A dead character has none. */
export function skillIds(g: G, seat: number): string[] {
  const p = g.players[seat];
  if (!p || !p.alive) return [];
  const out: string[] = [...p.skills];
  for (const s of SLOTS) {
    const id = p.equip[s];
    if (id !== null) out.push(skillOfCard(keyOf(id)));
  }
  return out;
}
export const hasSkill = (g: G, seat: number, id: string) => skillIds(g, seat).includes(id);
/** The skill objects of a seat, for their static modifiers (range, distance, 杀 limit...). */
export const skillList = (g: G, seat: number): SgsSkill[] => skillIds(g, seat).map((id) => SKILLS[id]!).filter(Boolean);

/**
 * Seat distance (rules-facts §3): fewest steps either way over living seats, then horses; at least 1.
 * @example distance(g, 0, 3) // 2 at a 5-seat table with nobody dead and no horses
 */
export function distance(g: G, a: number, b: number): number {
  if (a === b) return 0;
  const ring = seatsFrom(g, 0);
  const n = ring.length;
  const ia = ring.indexOf(a), ib = ring.indexOf(b);
  if (ia < 0 || ib < 0) return Infinity;
  const cw = (ib - ia + n) % n;
  let d = Math.min(cw, n - cw);
  for (const sk of skillList(g, b)) d += sk.distanceTo ?? 0;
  for (const sk of skillList(g, a)) d -= sk.distanceFrom ?? 0;
  return Math.max(1, d);
}
export function attackRange(g: G, seat: number): number {
  let r = 1;
  for (const sk of skillList(g, seat)) if (sk.range) r = sk.range;
  return r;
}
export const inRange = (g: G, a: number, b: number) => a !== b && alive(g, b) && distance(g, a, b) <= attackRange(g, a);
export const slashLimit = (g: G, seat: number) => (skillList(g, seat).some((s) => s.unlimitedSlash) ? Infinity : 1);

/** Remove a card from wherever it is (hand, equipment, judgement area, table, piles). */
export function takeOut(g: G, id: number): { owner: number | null; zone: string } {
  for (const p of g.players) {
    let i = p.hand.indexOf(id);
    if (i >= 0) return p.hand.splice(i, 1), { owner: p.seat, zone: 'hand' };
    for (const s of SLOTS)
      if (p.equip[s] === id) {
        p.equip[s] = null;
        return { owner: p.seat, zone: 'equip' };
      }
    i = p.judge.indexOf(id);
    if (i >= 0) return p.judge.splice(i, 1), { owner: p.seat, zone: 'judge' };
  }
  for (const z of ['table', 'grace', 'draw', 'discard'] as const) {
    const i = g[z].indexOf(id);
    if (i >= 0) return g[z].splice(i, 1), { owner: null, zone: z };
  }
  throw new Error(`card ${id} is nowhere`);
}

/** A frame that asks `seat` whether to use `skill` now (and which cards); the skill's `resolve` acts on "use". */
export function confirm(ctx: C, o: { seat: number; skill: string; ev: Record<string, Json>; msg: { key: string; params?: Record<string, Json> }; cards?: number[]; min?: number; max?: number }): void {
  ctx.push({ t: 'confirm', seat: o.seat, skill: o.skill, owner: o.ev.frame as number, msg: o.msg as Json, cards: o.cards ?? null, min: o.min ?? 1, max: o.max ?? 1, asked: false });
}

/** Move cards to the discard pile; equipment leaving its area fires `equipLost` (白银狮子). */
export function discard(ctx: C, ids: number[]): void {
  for (const id of ids) {
    const from = takeOut(ctx.g, id);
    ctx.g.discard.push(id);
    if (from.zone === 'equip' && from.owner !== null) lostEquip(ctx, from.owner, id);
  }
}
export function toHand(ctx: C, seat: number, id: number): void {
  const from = takeOut(ctx.g, id);
  P(ctx.g, seat).hand.push(id);
  if (from.zone === 'equip' && from.owner !== null) lostEquip(ctx, from.owner, id);
}
function lostEquip(ctx: C, seat: number, id: number): void {
  EQUIP_SKILLS[skillOfCard(keyOf(id))]?.onLose?.(ctx, seat);
  const f = ctx.push({ t: 'event', ev: { seat, card: id } as Json });
  ctx.trigger('equipLost', f, 'ev', [seat]);
}

/**
 * Take `n` cards from the top of the draw pile, shuffling the discard pile in when it runs out. If both piles
 * together cannot supply them the game ends in a draw (ruling S9) and null is returned.
 * @example const ids = takeTop(ctx, 2); if (!ids) return 'done'; // the game has just ended in a draw
 */
export function takeTop(ctx: C, n: number): number[] | null {
  const g = ctx.g;
  if (g.draw.length + g.discard.length < n) {
    ctx.log('sgs.log.exhausted');
    ctx.end({ winners: [], reason: { key: 'sgs.end.exhausted' } });
    return null;
  }
  if (g.draw.length < n) {
    g.draw.push(...ctx.rng.shuffle(g.discard.splice(0)));
    ctx.log('sgs.log.reshuffle');
  }
  return g.draw.splice(0, n);
}

/** Draw into a hand: the drawer reads the cards, the table only the number. */
export function drawCards(ctx: C, seat: number, n: number): boolean {
  const ids = takeTop(ctx, n);
  if (!ids) return false;
  P(ctx.g, seat).hand.push(...ids);
  ctx.log('sgs.log.draw', { seat, n });
  ctx.log('sgs.log.drawSecret', { seat, cards: ids }, [seat]);
  return true;
}

export function recover(ctx: C, seat: number, n = 1): void {
  const p = P(ctx.g, seat);
  const before = p.hp;
  p.hp = Math.min(p.maxHp, p.hp + n);
  if (p.hp > before) ctx.log('sgs.log.recover', { seat, n: p.hp - before, hp: p.hp });
}

/** The bots' public memory: acting against the lord's side moves a seat towards "rebel" (+). */
export function noteHostility(g: G, actor: number, victim: number, weight = 1): void {
  if (actor === victim || actor < 0) return;
  const v = g.players[victim]!;
  // Only what the table has seen: a revealed identity, else the victim's own reputation.
  const side = v.revealed ? (v.role === 'lord' ? 2 : v.role === 'loyalist' ? 1 : v.role === 'rebel' ? -1 : 0) : -Math.sign(g.stance[victim] ?? 0);
  g.stance[actor] = (g.stance[actor] ?? 0) + side * weight;
}
