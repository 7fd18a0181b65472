/**
 * Card facts, zones, distance and the small state operations every rule uses. The catalogue (cards, skills, kinds)
 * is the game's own (`SgsDef`), reached through `k.def`: a rule passes its ctx, a view or bot `{ g, def }`.
 */
import type { Json, Msg } from '../../engine';
import { listenersOn } from '../../engine';
import type { Suit } from './deck';
import type { Kind, Nature, Slot } from './kinds';
import type { C, CardInfo, G, K, Player, SgsDef, SgsSkill } from './types';
import { T } from './timings';

export type { CardInfo } from './types';

/** The game's catalogue, as its own def type. */
export const sgs = (k: K): SgsDef => k.def as SgsDef;
/** A physical card's facts (id, key, suit, rank, kind). */
export const card = (k: K, id: number): CardInfo => sgs(k).card[id]!;
export const keyOf = (k: K, id: number) => card(k, id).key;
export const kindOf = (k: K, key: string): Kind | undefined => sgs(k).kinds[key];
export const suitOf = (k: K, id: number): Suit => card(k, id).suit;
export const isSlashKey = (key: string) => key === 'slash' || key === 'fire_slash' || key === 'thunder_slash';
export const isSlash = (k: K, id: number) => isSlashKey(keyOf(k, id));
export const isRed = (k: K, id: number) => {
  const s = suitOf(k, id);
  return s === 'heart' || s === 'diamond';
};
export const isBlack = (k: K, id: number) => !isRed(k, id);
export const natureOf = (k: K, id: number): Nature => card(k, id).kind.nature ?? 'normal';
export const SLOTS: Slot[] = ['weapon', 'armor', 'plus', 'minus'];

/** The skill an equipment card gives: its own key, or the horse kind. */
export function skillOfCard(k: K, key: string): string {
  const slot = kindOf(k, key)?.slot;
  return slot === 'plus' ? 'plus_horse' : slot === 'minus' ? 'minus_horse' : key;
}

export const P = (g: G, seat: number): Player => g.players[seat]!;
export const alive = (g: G, seat: number) => !!g.players[seat]?.alive;
export const equipIds = (p: Player) => SLOTS.map((s) => p.equip[s]).filter((x): x is number => x !== null);
/** Does `p` hold any card (hand, equipment, judgement area)? */
export const hasCards = (p: Player) => {
  const e = p.equip;
  return (
    p.hand.length > 0 ||
    p.judge.length > 0 ||
    e.weapon !== null ||
    e.armor !== null ||
    e.plus !== null ||
    e.minus !== null
  );
};
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

/**
 * Skills a seat has now: its general's (lord skills only while it is the lord; ids without an implementation are
 * skipped), then its equipment's. A dead character has none.
 */
export function skillIds(k: K, seat: number): string[] {
  const p = k.g.players[seat];
  if (!p || !p.alive) return [];
  const skills = sgs(k).skills;
  const ids: string[] = [];
  for (const id of p.skills) {
    const sk = skills[id];
    if (sk && (!sk.lord || p.role === 'lord')) ids.push(id);
  }
  for (const s of SLOTS) {
    const id = p.equip[s];
    if (id !== null) ids.push(skillOfCard(k, keyOf(k, id)));
  }
  return ids;
}
/** A skill by id from the game's catalogue. */
export const skillById = (k: K, id: string): SgsSkill | undefined => sgs(k).skills[id];
const hasSkill = (k: K, seat: number, id: string) => skillIds(k, seat).includes(id);
/** The skill objects of a seat, for their static modifiers (range, distance, 杀 limit...). */
export const skillList = (k: K, seat: number): SgsSkill[] => {
  const skills = sgs(k).skills;
  return skillIds(k, seat)
    .map((id) => skills[id]!)
    .filter(Boolean);
};
/** The seat's skills whose play-phase option is not lent to others, and those whose option is (黄天). */
export function activeSkillIds(k: K, seat: number): { own: string[]; lent: string[] } {
  const ids = skillIds(k, seat);
  const lent = (id: string) => !!skillById(k, id)?.active?.lentTo;
  return { own: ids.filter((id) => !lent(id)), lent: ids.filter(lent) };
}

const NONE: readonly number[] = [];

/** What a seat's skills add to distances: others' distance to it (+1 horse), its own to others (−1 horse, 马术). */
function horses(k: K, seat: number, except: readonly number[] = NONE): { to: number; from: number } {
  let to = 0,
    from = 0;
  for (const sk of skillList(k, seat)) {
    to += sk.distanceTo ?? 0;
    from += sk.distanceFrom ?? 0;
  }
  // A card being used no longer counts (rules-facts §3): 武圣 turning the −1 horse into 杀.
  const minus = P(k.g, seat).equip.minus;
  if (minus !== null && except.includes(minus)) from -= skillById(k, 'minus_horse')?.distanceFrom ?? 0;
  return { to, from };
}

/**
 * Seat distance (rules-facts §3): fewest steps either way over living seats, then horses; at least 1.
 * @example distance(g, 0, 3) // 2 at a 5-seat table with nobody dead and no horses
 */
export function distance(k: K, a: number, b: number, except: readonly number[] = NONE): number {
  if (a === b) return 0;
  const ps = k.g.players;
  const pa = ps[a],
    pb = ps[b];
  if (!pa?.alive || !pb?.alive) return Infinity;
  // Steps clockwise from a to b over the living, and the living in all.
  const n = ps.length;
  let cw = 0,
    living = 0;
  for (let k = 0; k < n; k++) if (ps[k]!.alive) living++;
  for (let s = a; s !== b; ) {
    s = (s + 1) % n;
    if (ps[s]!.alive) cw++;
  }
  const d = Math.min(cw, living - cw) + horses(k, b).to - horses(k, a, except).from;
  return Math.max(1, d);
}
/**
 * Attack range (rules-facts §3): 1, or the weapon's. `except`: the cards being used, which no longer count: 武圣
 * turning the equipped weapon into 杀 leaves range 1.
 */
export function attackRange(k: K, seat: number, except: readonly number[] = NONE): number {
  const p = k.g.players[seat];
  if (!p || !p.alive) return 1;
  let range = 1;
  for (const sk of skillList(k, seat)) if (sk.range) range = sk.range;
  return p.equip.weapon !== null && except.includes(p.equip.weapon) ? 1 : range;
}
/** Is `b` within `a`'s attack range? `except`: the cards being used, which no longer count (see `attackRange`). */
export const inRange = (k: K, a: number, b: number, except: readonly number[] = NONE) =>
  a !== b && alive(k.g, b) && distance(k, a, b, except) <= attackRange(k, a, except);
export const slashLimit = (k: K, seat: number) => (skillList(k, seat).some((s) => s.unlimitedSlash) ? Infinity : 1);
/** Hand limit in the discard phase: HP plus skills' changes (血裔). */
export const handLimit = (k: K, seat: number) =>
  Math.max(0, P(k.g, seat).hp) + skillList(k, seat).reduce((n, s) => n + (s.handLimit?.(k, seat) ?? 0), 0);
/** What the card in a judgement area counts as (国色 places a ♦ card as 乐不思蜀). */
export const judgeName = (k: K, id: number) => k.g.asName[id] ?? keyOf(k, id);
/**
 * Set a public counter on a character to `n`, or remove it (`undefined`). The character gets a new record, as for its
 * zones: the answer draft shares the old one with the state before (a set keeps an existing key's place, as an
 * assignment in place would).
 */
export function setMark(g: G, seat: number, id: string, n: number | undefined): void {
  const p = P(g, seat);
  if (n !== undefined) p.marks = { ...p.marks, [id]: n };
  else {
    const { [id]: _gone, ...rest } = p.marks;
    p.marks = rest;
  }
}
/** A public counter on a character (若愚's awakening, marks of later generals): `addMark(g, seat, 'ruoyu')`. */
export const addMark = (g: G, seat: number, id: string, n = 1) => setMark(g, seat, id, (P(g, seat).marks[id] ?? 0) + n);
export const markOf = (g: G, seat: number, id: string) => P(g, seat).marks[id] ?? 0;
/** Uses of a once-per-phase skill by `seat` this play phase. */
export const usedCount = (g: G, seat: number, skill: string) => g.used[`${seat}:${skill}`] ?? 0;
export const markUsed = (g: G, seat: number, skill: string) =>
  void (g.used[`${seat}:${skill}`] = usedCount(g, seat, skill) + 1);

/** `list` without its item at `i`, as a new list. */
function without<T>(list: T[], i: number): T[] {
  const out = list.slice();
  out.splice(i, 1);
  return out;
}

/**
 * Remove a card from wherever it is (hand, equipment, judgement area, table, piles). A character's zones and the
 * four piles (draw, discard, table, grace) are replaced by new lists, never changed in place — here, in `move`,
 * `takeTop` and `drawCards`, and the few rules that deal from or put back onto a pile — so the answer draft
 * shares them with the state before instead of copying them on every answer.
 */
export function takeOut(g: G, id: number): { owner: number | null; zone: string } {
  for (const p of g.players) {
    let i = p.hand.indexOf(id);
    if (i >= 0) return ((p.hand = without(p.hand, i)), { owner: p.seat, zone: 'hand' });
    for (const s of SLOTS)
      if (p.equip[s] === id) {
        p.equip = { ...p.equip, [s]: null };
        return { owner: p.seat, zone: 'equip' };
      }
    i = p.judge.indexOf(id);
    if (i >= 0) return ((p.judge = without(p.judge, i)), { owner: p.seat, zone: 'judge' });
  }
  for (const z of ['table', 'grace', 'draw', 'discard'] as const) {
    const i = g[z].indexOf(id);
    if (i >= 0) return ((g[z] = without(g[z], i)), { owner: null, zone: z });
  }
  throw new Error(`card ${id} is nowhere`);
}

/**
 * A frame that asks `seat` whether to use `skill` now (and which cards, or which seat); the skill's `resolve` acts
 * on "use", `decline` on "pass". The question is `msg` (`useMsg`/`passMsg` relabel the two answers: the target of
 * 雌雄双股剑 is asked "discard a card" / "let them draw"); the event `ev` (its `frame`) is handed back to both.
 */
export function confirm(
  ctx: C,
  o: {
    seat: number;
    skill: string;
    ev: Record<string, Json>;
    msg: Msg;
    cards?: number[];
    min?: number;
    max?: number;
    seats?: number[];
    useMsg?: Msg;
    passMsg?: Msg;
  },
): void {
  ctx.push({
    t: 'confirm',
    seat: o.seat,
    skill: o.skill,
    owner: o.ev.frame as number,
    msg: o.msg as unknown as Json,
    cards: o.cards ?? null,
    min: o.min ?? 1,
    max: o.max ?? 1,
    seats: o.seats ?? null,
    useMsg: (o.useMsg ?? null) as unknown as Json,
    passMsg: (o.passMsg ?? null) as unknown as Json,
    asked: false,
  });
}

export type Zone = 'hand' | 'equip' | 'judge' | 'draw' | 'bottom' | 'discard' | 'table' | 'grace';

/** Does any living seat have an effect on `timing`? (Saves a trigger frame per card move when nobody listens.) */
function listened(ctx: C, timing: string): boolean {
  const listening = listenersOn(sgs(ctx).skills, timing);
  if (!listening.size || !ctx.def.skillsOf) return false;
  for (const p of ctx.g.players) {
    if (!p.alive) continue;
    for (const id of ctx.def.skillsOf(ctx.s, p.seat)) if (listening.has(id)) return true;
  }
  return false;
}

/** Fire a timing point on an event held by a fresh `event` frame (for rules that have no frame of their own). */
export function fire(ctx: C, timing: string, ev: Record<string, Json>, seats?: number[]): void {
  const f = ctx.push({ t: 'event', ev: ev as Json });
  (f.ev as Record<string, Json>).frame = f.id;
  ctx.trigger(timing, f, 'ev', seats);
}

/**
 * The one card move (FreeKill `moveCards`): takes `ids` from wherever they are and puts them in `to` (a seat's
 * `hand`/`equip`/`judge` with `o.seat`; the top of the `draw` pile in order, its `bottom`, the `discard` pile,
 * the processing `table`, or `grace`). Several cards entering the discard pile together are shuffled by the game's
 * RNG, so the pile's order never tells a hand's order. Every seat that lost cards from its hand, equipment or
 * judgement area gets a `cardsLost` event {seat, cards, hand, equip, judge, handEmpty, to}; a seat gaining hand cards
 * gets `cardsGained` {seat, cards}. `o.as` names what a card placed in a judgement area counts as.
 * @example move(ctx, [id], 'hand', { seat: 2 }) // 顺手牵羊 takes a card to seat 2's hand
 */
export function move(ctx: C, ids: number[], to: Zone, o: { seat?: number; as?: string } = {}): void {
  if (!ids.length) return;
  const g = ctx.g;
  // Made on the first card taken from a seat: most moves take none (draws, the table to the discard pile).
  let lost: Map<number, { hand: number[]; equip: number[]; judge: number[] }> | undefined;
  // This move's own copy of the pile it puts cards on (piles are replaced, not changed in place: see `takeOut`),
  // made on the first card put there and dropped when a card taken out replaced the pile meanwhile.
  let pile: number[] | undefined;
  const order = to === 'discard' && ids.length > 1 ? ctx.rng.shuffle([...ids]) : ids;
  for (const id of order) {
    const from = takeOut(g, id);
    if (
      from.owner !== null &&
      (from.owner !== o.seat || from.zone !== to) &&
      (from.zone === 'hand' || from.zone === 'equip' || from.zone === 'judge')
    ) {
      lost ??= new Map();
      const l = lost.get(from.owner) ?? { hand: [], equip: [], judge: [] };
      l[from.zone].push(id);
      lost.set(from.owner, l);
      if (from.zone === 'judge') delete g.asName[id];
    }
    // A character's zones are new lists and records (see `takeOut`).
    switch (to) {
      case 'hand': {
        const p = P(g, o.seat!);
        p.hand = [...p.hand, id];
        break;
      }
      case 'equip': {
        const p = P(g, o.seat!);
        p.equip = { ...p.equip, [kindOf(ctx, keyOf(ctx, id))!.slot!]: id };
        break;
      }
      case 'judge': {
        const p = P(g, o.seat!);
        p.judge = [...p.judge, id];
        if (o.as && o.as !== keyOf(ctx, id)) g.asName[id] = o.as;
        break;
      }
      case 'draw':
        break;
      case 'bottom':
        if (pile !== g.draw) g.draw = pile = g.draw.slice();
        pile.push(id);
        break;
      default:
        if (pile !== g[to]) g[to] = pile = g[to].slice();
        pile.push(id);
    }
  }
  if (to === 'draw') g.draw = [...ids, ...g.draw];
  // Pushed last-first, so the events fire in seat order from the current player.
  if (to === 'hand' && listened(ctx, T.cardsGained)) fire(ctx, T.cardsGained, { seat: o.seat!, cards: ids });
  // Nobody lost a card (a draw, a card put into play from the table): no seat list to build.
  if (!lost) return;
  // Every seat is once in the living-from-the-current-player list or the dead one, so a single loser is its own order.
  const losers =
    lost.size === 1
      ? [...lost.keys()]
      : seatsFrom(g, g.current)
          .concat(g.players.filter((p) => !p.alive).map((p) => p.seat))
          .filter((s) => lost!.has(s))
          .reverse();
  for (const seat of losers) {
    const l = lost.get(seat)!;
    for (const id of l.equip) skillById(ctx, skillOfCard(ctx, keyOf(ctx, id)))?.onLose?.(ctx, seat);
    if (listened(ctx, T.cardsLost))
      fire(
        ctx,
        T.cardsLost,
        {
          seat,
          cards: [...l.hand, ...l.equip, ...l.judge],
          hand: l.hand,
          equip: l.equip,
          judge: l.judge,
          handEmpty: l.hand.length > 0 && P(g, seat).hand.length === 0,
          to,
        },
        [seat],
      );
  }
}

/** Move cards to the discard pile (see `move`). */
export const discard = (ctx: C, ids: number[]) => move(ctx, ids, 'discard');
/** Move a card into a seat's hand (see `move`). */
export const toHand = (ctx: C, seat: number, id: number) => move(ctx, [id], 'hand', { seat });

/**
 * The discard pile shuffled in under the draw pile (a draw or 观星 that finds the draw pile short). New piles (see
 * `takeOut`): the shuffle works on a copy of the discard pile.
 */
export function reshuffle(ctx: C): void {
  const g = ctx.g;
  g.draw = g.draw.concat(ctx.rng.shuffle(g.discard.slice()));
  g.discard = [];
  ctx.log('sgs.log.reshuffle');
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
  if (g.draw.length < n) reshuffle(ctx);
  // A new pile (see `takeOut`).
  const top = g.draw.slice(0, n);
  g.draw = g.draw.slice(n);
  return top;
}

/** Draw into a hand: the drawer reads the cards, the table only the number. */
export function drawCards(ctx: C, seat: number, n: number): boolean {
  const ids = takeTop(ctx, n);
  if (!ids) return false;
  // A new hand (see `takeOut`).
  const p = P(ctx.g, seat);
  p.hand = p.hand.concat(ids);
  if (listened(ctx, T.cardsGained)) fire(ctx, T.cardsGained, { seat, cards: ids });
  ctx.log('sgs.log.draw', { seat, n });
  ctx.log('sgs.log.drawSecret', { seat, cards: ids }, [seat]);
  return true;
}

/**
 * Recover HP: pushes a `recover` frame that fires `recovering` {seat, n, by, card, name, dying} (救援 adds to `n`), then
 * heals (never above max HP) and fires `recovered`.
 */
export function recover(
  ctx: C,
  seat: number,
  n = 1,
  o: { by?: number | null; card?: number | null; name?: string | null; dying?: boolean } = {},
): void {
  ctx.push({
    t: 'recover',
    seat,
    n,
    by: o.by ?? null,
    card: o.card ?? null,
    name: o.name ?? null,
    dying: !!o.dying,
    st: 0,
  });
}

/**
 * The bots' public memory: acting against the lord's side moves a seat towards "rebel" (+); `acts` keeps who did
 * what to whom (weight −1: a help).
 */
export function noteHostility(g: G, actor: number, victim: number, weight = 1): void {
  if (actor === victim || actor < 0) return;
  const v = g.players[victim]!;
  // Only what the table has seen: a revealed identity, else the victim's own reputation.
  const side = v.revealed
    ? v.role === 'lord'
      ? 2
      : v.role === 'loyalist'
        ? 1
        : v.role === 'rebel'
          ? -1
          : 0
    : -Math.sign(g.stance[victim] ?? 0);
  g.stance[actor] = (g.stance[actor] ?? 0) + side * weight;
  g.acts ??= g.players.map(() => g.players.map(() => 0));
  g.acts[actor]![victim] = (g.acts[actor]![victim] ?? 0) + weight;
}
