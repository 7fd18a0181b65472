/**
 * A bot's seat: the game as its seat's view shows it, and nothing else. `seatGame` rebuilds a `G` from the view —
 * other hands and the draw pile are lists of placeholders (-1) of the right length, unrevealed identities null —
 * so the rule helpers (distance, range, skills) work on it while what the seat cannot see is simply not there.
 */
import type { Answer, Prompt, Rng } from '../../../engine';
import { keyOf, P, seatsFrom, sgs, skillOfCard } from '../core';
import { DOUBLE_TRAITOR_COUNTS, ROLE_COUNTS } from '../kinds';
import type { BotLevel, BotSeat, G, K, KS, Player, Role, S, SgsDef } from '../types';
import { beliefs, easyAttitude } from './beliefs';

/** The part of a seat's view (view.ts) a bot reads. */
export interface SeatView {
  deck: 'full' | 'standard';
  players: (Omit<Player, 'role' | 'hand' | 'revealed'> & { role: Role | null; handCount: number; hand?: number[] })[];
  current: number;
  phase: G['phase'];
  round: number;
  drawCount: number;
  discardCount: number;
  discardTop: number[];
  table: number[];
  grace: number[];
  slashesUsed: number;
  drunk: boolean;
  wineUsed: boolean;
  used: Record<string, number>;
  asName: Record<string, string>;
  stance: number[];
  acts: number[][];
}

/** A bot's `K`: the rebuilt game, and the bot deciding in it (so `attitude` asks its level's beliefs). */
export interface BotK extends KS {
  readonly bot: BotSeat;
}

/** How much a bot wants to keep a card (low = discard first): each card file's `value`, equipment's own. */
export const cardValue = (k: K, id: number) => {
  const key = keyOf(k, id);
  return sgs(k).cards[key]?.value ?? sgs(k).skills[skillOfCard(k, key)]?.equip?.value ?? 3;
};

/** The id of the 青釭剑 in this deck (it ignores armour), or -2 without one. */
const qinggang = (k: K) => sgs(k).deck.find((c) => c[2] === 'qinggang_sword')?.[0] ?? -2;

/** The cheapest `n` of `ids` (ties by id). */
export const cheapest = (k: K, ids: readonly (number | string)[], n: number): string[] =>
  ids
    .map(Number)
    .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)
    .slice(0, n)
    .map(String);

/**
 * Which side a seat seems to be on, from `me`'s point of view: +1 friend, −1 enemy, 0 unknown. A bot's own `K`
 * answers from its level's beliefs; any other `K` (a test's) with the first bot's rule of thumb.
 */
export function attitude(k: K, me: number, t: number): number {
  const b = (k as Partial<BotK>).bot;
  return b && b.me === me ? b.att(t) : easyAttitude(k.g, me, t);
}

/** The game as `me`'s view shows it: hidden cards are -1 placeholders, unrevealed identities null. */
export function seatGame(v: SeatView, me: number): G {
  const hidden = (n: number) => Array<number>(n).fill(-1);
  return {
    deckKind: v.deck,
    draw: hidden(v.drawCount),
    discard: [...hidden(v.discardCount - v.discardTop.length), ...v.discardTop],
    table: v.table,
    grace: v.grace,
    players: v.players.map((p) => ({
      seat: p.seat,
      role: p.role as Role,
      revealed: p.role !== null && (p.seat !== me || p.role === 'lord' || !p.alive),
      hp: p.hp,
      maxHp: p.maxHp,
      alive: p.alive,
      gender: p.gender,
      hand: p.hand ?? hidden(p.handCount),
      equip: p.equip,
      judge: p.judge,
      chained: p.chained,
      skills: p.skills,
      general: p.general,
      kingdom: p.kingdom,
      marks: p.marks ?? {},
      turnedOver: p.turnedOver,
    })),
    current: v.current,
    phase: v.phase,
    round: v.round,
    slashes: v.slashesUsed,
    wineUsed: v.wineUsed,
    drunk: v.drunk,
    skipDraw: false,
    skipPlay: false,
    asName: v.asName,
    used: v.used,
    extraTurns: [],
    selection: null,
    stance: v.stance,
    acts: v.acts,
  };
}

/** Identity counts at the start: [lord, loyalist, rebel, traitor] (public: the table knows how many of each). */
export const roleCounts = (n: number, doubleTraitor: boolean) =>
  (doubleTraitor && DOUBLE_TRAITOR_COUNTS[n]) || ROLE_COUNTS[n]!;

/** A bot's seat from its view alone: the rebuilt game, its prompt, its level's beliefs. */
export function botSeat(
  def: SgsDef,
  v: SeatView,
  p: Prompt,
  rng: Rng,
  level: BotLevel,
  counts: readonly number[],
): BotSeat {
  const g = seatGame(v, p.seat);
  const me = p.seat;
  const s = { g, stack: [], prompts: [p], options: {} } as unknown as S;
  const k: { s: S; g: G; def: SgsDef; bot: BotSeat } = { s, g, def, bot: null as unknown as BotSeat };
  const believe = level === 'easy' ? null : beliefs(g, me, counts);
  const att = believe ? (t: number) => believe.att(t) : (t: number) => easyAttitude(g, me, t);
  const others = seatsFrom(g, 0).filter((t) => t !== me);
  const seat: BotSeat = {
    k,
    p,
    me,
    level,
    rng,
    att,
    foes: believe
      ? (from) => believe.order(from.filter((t) => att(t) < 0))
      : (from) => from.filter((t) => att(t) < 0).sort((a, b) => P(g, a).hp - P(g, b).hp),
    saves: believe ? (t) => believe.saves(t) : (t) => t === me || att(t) > 0,
    nFoes: others.filter((t) => att(t) < 0).length,
    nFriends: others.filter((t) => att(t) > 0).length,
    cheapest: (ids, n) => cheapest(k, ids, n),
    guard(t, cards) {
      const armour = P(g, t).equip.armor;
      if (armour === null || P(g, me).equip.weapon === qinggang(k)) return 0;
      return sgs(k).skills[skillOfCard(k, keyOf(k, armour))]?.equip?.guard?.(k, cards) ?? 0;
    },
    withCards: (option: string, cards: string[]): Answer => ({ prompt: p.id, option, cards }),
    pass: p.options.some((o) => o.id === 'pass') ? { prompt: p.id, option: 'pass' } : null,
  };
  k.bot = seat;
  return seat;
}
