import type { Ctx } from '../../engine/ctx';
import type { Json } from '../../engine/types';
import { RULES, type Identity } from './basics';
import type { ImpEffect } from './cards';
import type { Catalogue } from './catalogue';
import { colourOf, type Colour } from './ids';

/** An imp on a player or in an exorcised pile; `at` is its arrival stamp (cards.md §2.4, R27). */
export interface ImpCard {
  id: string;
  at: number;
  [k: string]: Json;
}

export interface Player {
  identity: Identity;
  /** Identity card turned face up (heretic reveal, heretic-king GK). */
  revealed: boolean;
  hand: string[];
  spirit: number;
  imps: ImpCard[];
  /** Exorcised pile: each card is one point. */
  points: ImpCard[];
  artifact: string | null;
  warded: boolean;
  clearMind: boolean;
  hereticUsed: boolean;
  /** "Always pass reaction windows". */
  autoPass: boolean;
  [k: string]: Json;
}

/** What a look / peek showed this seat (private to it). */
export interface Seen {
  kind: 'identity' | 'cards' | 'ghostTop';
  seat: number | null;
  what: string[];
  turn: number;
  [k: string]: Json;
}

/** Facts that last until the end of the current turn. */
export interface TurnState {
  exorcised: boolean;
  swapped: boolean;
  ghostWall: boolean;
  /** 破煞符: imp id → reduction. */
  breaking: Record<string, number>;
  /** 定身符 targets. */
  bound: number[];
  /** Spells played this turn, per seat (ONE_SPELL_PER_TURN). */
  spells: number[];
  recall: boolean;
  equipped: boolean;
  purchases: number;
  /** 明察令: 0 none, 1 active, 2 used. */
  insight: number;
  /**
   * Seats an imp arrived on this turn that left them with ≥3 imps (seed 鬼王的产生 a; R8 v1.1). A turn saved
   * by an older build lacks the three fields below: read them through `turnFacts`.
   */
  thirdImp: number[];
  /** Seats that lost an imp to a successful exorcism this turn (a player is saved only by his own). */
  exorcisedFrom: number[];
  /** An imp arrived this turn that brought the table to ≥7 imps (seed 鬼王的产生 b). */
  seventh: boolean;
  [k: string]: Json;
}

/** The exorcism (or summon) in progress; cards in `votes` are out of every hand. */
interface Vote {
  host: number;
  imp: string;
  holder: number;
  summon: boolean;
  votes: Record<string, string[]>;
  faceUp: number[];
  challenged: number[];
  /** Voters whose cards were shown by a challenge: seat → cards. */
  shown: Record<string, string[]>;
  [k: string]: Json;
}

/** The last reveal, public. */
interface Reveal {
  imp: string;
  pool: string[];
  red: number;
  blue: number;
  need: number;
  colour: string;
  success: boolean;
  summon: boolean;
  host: number;
  [k: string]: Json;
}

export interface G {
  P: number;
  players: Player[];
  deck: string[];
  discard: string[];
  /** Ghost deck, top = last element. */
  ghost: string[];
  eventPile: string[];
  /** Imps removed from the game (天雷, 斩鬼符, a new GK's points). */
  removed: string[];
  /** A flipped imp waiting for its receiver's half-hand discard. */
  limbo: string[];
  kingCard: string;
  gk: number | null;
  gkTurn: number;
  killer: number | null;
  first: number;
  current: number;
  turn: number;
  phase: string;
  clock: number;
  lastHost: number | null;
  k04: number;
  ts: TurnState;
  vote: Vote | null;
  lastReveal: Reveal | null;
  seen: Seen[][];
  /** Cards shown to all by 画皮 this turn. */
  shownCard: string | null;
  result: Json;
  [k: string]: Json;
}

export type C = Ctx<G>;

export const freshTurn = (P: number): TurnState => ({
  exorcised: false,
  swapped: false,
  ghostWall: false,
  breaking: {},
  bound: [],
  spells: Array(P).fill(0),
  recall: false,
  equipped: false,
  purchases: 0,
  insight: 0,
  thirdImp: [],
  exorcisedFrom: [],
  seventh: false,
});

/** Seats in turn order starting at `from` (the TBO when `from` is the current player, cards.md §2.2). */
export const orderFrom = (g: G, from: number): number[] => Array.from({ length: g.P }, (_, i) => (from + i) % g.P);
/** Voting order: the host, then his 上家, and so on (counter-clockwise, seed). */
export const voteOrder = (g: G, host: number): number[] =>
  Array.from({ length: g.P }, (_, i) => (host - i + g.P * 2) % g.P);

/** Copies of an imp ongoing effect that apply to `s` (never to the GK; 七星灯 and 清心咒 switch them off). */
export function effectCount(cat: Catalogue, g: G, s: number, e: ImpEffect): number {
  const p = g.players[s]!;
  if (g.gk === s || p.clearMind) return 0;
  // 七星灯 beats 山魈's suppression: the lamp switches off the imp effects, suppression included.
  if (p.artifact && p.artifact.startsWith('A07')) return 0;
  let n = 0;
  for (const i of p.imps) if (cat.imp[i.id]!.effect === e) n++;
  return n;
}
export const has = (cat: Catalogue, g: G, s: number, e: ImpEffect) => effectCount(cat, g, s, e) > 0;

/** Is `s`'s equipped artifact of type `typeId` working? */
export function artifactOn(cat: Catalogue, g: G, s: number, typeId: string): boolean {
  const p = g.players[s]!;
  return !!p.artifact && p.artifact.startsWith(typeId) && g.gk !== s && !has(cat, g, s, 'ARTIFACT_SUPPRESSED');
}

export const stamp = (g: G) => ++g.clock;

type Facts = Pick<TurnState, 'thirdImp' | 'exorcisedFrom' | 'seventh'>;

/** This turn's arrival and exorcism facts, to write to: filled in when a turn saved by an older build lacks them. */
export function turnFacts(g: G): Facts {
  g.ts.thirdImp ??= [];
  g.ts.exorcisedFrom ??= [];
  g.ts.seventh ??= false;
  return g.ts;
}

/** The same facts, read only (views must not change the state). */
export const readFacts = (g: G): Facts => ({
  thirdImp: g.ts.thirdImp ?? [],
  exorcisedFrom: g.ts.exorcisedFrom ?? [],
  seventh: g.ts.seventh ?? false,
});

/** The hand deck is rebuilt from the shuffled discard pile the moment it runs out (seed; cards.md §2.5 v1.1). */
function rebuild(ctx: C): void {
  const g = ctx.g;
  if (g.deck.length > 0 || g.discard.length === 0) return;
  g.deck = ctx.rng.shuffle(g.discard.splice(0));
  ctx.log('ghost.log.reshuffle', { n: g.deck.length });
}

/**
 * Draw `n` cards. The deck is rebuilt right after the draw that empties it; if the discard pile was empty
 * then, it is rebuilt at the next draw instead, and a draw from two empty piles does nothing (§2.5).
 */
export function draw(ctx: C, s: number, n = 1): number {
  const g = ctx.g;
  let got = 0;
  for (let i = 0; i < n; i++) {
    rebuild(ctx);
    if (g.deck.length === 0) break;
    g.players[s]!.hand.push(g.deck.pop()!);
    got++;
    rebuild(ctx);
  }
  return got;
}
const canDraw = (g: G) => g.deck.length + g.discard.length > 0;

/**
 * Cards that leave together go to the discard pile in an order set by the game RNG alone: sorted first, so the
 * order says nothing about who held which card or in what order (a hand's order is its draw order), then
 * shuffled. Returns them in their new order, for the log.
 */
export function discardGroup(ctx: C, cards: string[]): string[] {
  const out = cards.length > 1 ? ctx.rng.shuffle([...cards].sort()) : [...cards];
  ctx.g.discard.push(...out);
  return out;
}

/** `s` discards `cards` from his hand, as one group; returns them in the order they were put down. */
export function discardFromHand(ctx: C, s: number, cards: string[]): string[] {
  const h = ctx.g.players[s]!.hand;
  for (const c of cards) {
    const i = h.indexOf(c);
    if (i < 0) throw new Error(`card ${c} is not in seat ${s}'s hand`);
    h.splice(i, 1);
  }
  return discardGroup(ctx, cards);
}

export function gain(g: G, s: number, n: number): void {
  g.players[s]!.spirit = Math.max(0, g.players[s]!.spirit + n);
}

/** Imps on all non-GK players. */
export const tableImps = (g: G): number => g.players.reduce((n, p, s) => n + (s === g.gk ? 0 : p.imps.length), 0);

/** Where an imp is attached, or null. */
export function holderOf(g: G, imp: string): number | null {
  for (let s = 0; s < g.P; s++) if (g.players[s]!.imps.some((i) => i.id === imp)) return s;
  return null;
}

export function takeImp(g: G, s: number, imp: string): ImpCard {
  const imps = g.players[s]!.imps;
  const i = imps.findIndex((x) => x.id === imp);
  if (i < 0) throw new Error(`imp ${imp} is not on seat ${s}`);
  return imps.splice(i, 1)[0]!;
}

/** The imp with the latest arrival stamp in a list. */
export const latest = (list: ImpCard[]): ImpCard | undefined =>
  list.reduce<ImpCard | undefined>((a, b) => (!a || b.at > a.at ? b : a), undefined);

/** The dispel condition of an imp right now: 阴阳颠倒 swaps colours, 破煞符 lowers N (min 1). */
export function condition(cat: Catalogue, g: G, imp: string): { colour: Colour | 'any'; n: number } {
  const d = cat.imp[imp]!.dispel;
  let colour = d.colour;
  if (g.ts.swapped && colour !== 'any') colour = colour === 'red' ? 'blue' : 'red';
  return { colour, n: Math.max(1, d.n - (g.ts.breaking[imp] ?? 0)) };
}

export const isPositive = (card: string, colour: Colour | 'any') => colour === 'any' || colourOf(card) === colour;

export function handLimit(cat: Catalogue, g: G, s: number): number {
  const n =
    RULES.handLimit -
    effectCount(cat, g, s, 'HAND_LIMIT_MINUS_1') +
    effectCount(cat, g, s, 'PERK_HAND_LIMIT_PLUS_1') +
    (artifactOn(cat, g, s, 'A02') ? 1 : 0);
  return Math.max(RULES.minHandLimit, n);
}

/** Cost of the next purchase, or null when `s` cannot buy now. */
export function buyCost(cat: Catalogue, g: G, s: number): number | null {
  if (has(cat, g, s, 'NO_BUY') || !canDraw(g)) return null;
  let c = RULES.buyCost + effectCount(cat, g, s, 'BUY_COST_PLUS_1');
  if (g.ts.purchases === 0 && artifactOn(cat, g, s, 'A05')) c = Math.max(1, c - 1);
  return c;
}

/** Record what a look / peek showed `s` (shown only in his view). */
export function see(g: G, s: number, kind: Seen['kind'], seat: number | null, what: string[]): void {
  g.seen[s]!.push({ kind, seat, what: [...what], turn: g.turn });
}
