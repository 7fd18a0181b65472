import type { GameState, Json } from '../../engine/types';
import { addViewPart, addViewPartKept, joinViewText, type KeptPart, type ViewText } from '../../engine/game';
import { sameItems } from '../../engine/clone';
import { condition, handLimit, readFacts, voteOrder, type G, type Player } from './state';

/** What every viewer of one state shares, worked out once: the vote's asking order and position, the turn's facts. */
interface Shared {
  g: G;
  all: boolean;
  voteSeats: number[];
  voteAt: number;
}

function shared(s: GameState<G>): Shared {
  const g = s.g;
  const vt = g.vote;
  // The running exorcism frame says whose vote is awaited; its order is public (host, then counter-clockwise).
  const ex = vt ? s.stack.find((f) => f.t === 'exorcism') : undefined;
  const voteSeats = ex && Array.isArray(ex.order) ? (ex.order as number[]).slice() : vt ? (vt.summon ? [vt.host] : voteOrder(g, vt.host)) : [];
  const voteAt = ex && ex.stage === 'vote' ? (ex.i as number) : voteSeats.length;
  return { g, all: s.outcome !== null, voteSeats, voteAt };
}

const imps = (list: { id: string; at: number }[]) => list.map((i) => ({ id: i.id, at: i.at }));

/** The view's fields before `turnState`, the same for every viewer. */
function head({ g, all }: Shared): Record<string, Json> {
  return {
    P: g.P,
    turn: g.turn,
    current: g.current,
    first: g.first,
    phase: g.phase,
    kingCard: g.kingCard,
    gk: g.gk,
    killer: g.killer,
    deck: g.deck.length,
    discard: [...g.discard],
    ghost: all ? [...g.ghost] : g.ghost.length,
    eventPile: [...g.eventPile],
    removed: [...g.removed],
    limbo: [...g.limbo],
    lastHost: g.lastHost,
    k04: g.k04,
    shownCard: g.shownCard,
  } as unknown as Record<string, Json>;
}

function turnState({ g, all }: Shared, seat: number | null): Json {
  return {
    exorcised: g.ts.exorcised,
    swapped: g.ts.swapped,
    ghostWall: g.ts.ghostWall,
    breaking: { ...g.ts.breaking },
    bound: [...g.ts.bound],
    insight: seat === g.current || all ? g.ts.insight : 0,
    /** GK emergence facts of this turn (R8), public like the imps they follow from: whose 3rd imp arrived,
     * whose imps were exorcised, whether the 7th table imp arrived. */
    thirdImp: [...readFacts(g).thirdImp],
    exorcisedFrom: [...readFacts(g).exorcisedFrom],
    seventh: readFacts(g).seventh,
  } as unknown as Json;
}

function player({ g, all }: Shared, i: number, seat: number | null): Json {
  const p = g.players[i]!;
  const mine = all || i === seat;
  return {
    handCount: p.hand.length,
    hand: mine ? [...p.hand] : null,
    identity: mine || p.revealed ? p.identity : null,
    revealed: p.revealed,
    spirit: p.spirit,
    imps: imps(p.imps),
    points: imps(p.points),
    artifact: p.artifact,
    warded: p.warded,
    clearMind: p.clearMind,
    hereticUsed: p.hereticUsed,
    handLimit: g.gk === i ? null : handLimit(g, i),
    autoPass: mine ? p.autoPass : false,
  } as unknown as Json;
}

function vote({ g, all, voteSeats, voteAt }: Shared, seat: number | null): Json {
  const vt = g.vote;
  if (!vt) return null;
  return {
    host: vt.host,
    imp: vt.imp,
    holder: vt.holder,
    summon: vt.summon,
    condition: condition(g, vt.imp),
    counts: Object.fromEntries(Object.entries(vt.votes).map(([v, c]) => [v, c.length])),
    /** Face-up votes (长舌鬼), your own votes, and votes shown by a challenge. */
    open: Object.fromEntries(Object.entries(vt.votes).filter(([v]) => all || vt.faceUp.includes(Number(v)) || Number(v) === seat).map(([v, c]) => [v, [...c]])),
    shown: Object.fromEntries(Object.entries(vt.shown).map(([v, c]) => [v, [...c]])),
    challenged: [...vt.challenged],
    /** Voters whose cards lie face up (长舌鬼): public, the log says so and `open` shows them to all. */
    faceUp: [...vt.faceUp],
    /** Who is asked to vote, in order, and how far the asking has got (`order.length` once voting is over).
     * Public: the order follows from the host, and the seat asked now is the one the table waits on. */
    order: voteSeats,
    at: voteAt,
  } as unknown as Json;
}

const lastReveal = (g: G): Json => (g.lastReveal ? (JSON.parse(JSON.stringify(g.lastReveal)) as Json) : null);
const seen = (g: G, seat: number | null): Json => (seat === null ? [] : g.seen[seat]!.map((e) => ({ ...e, what: [...e.what] }))) as unknown as Json;

/**
 * What `seat` may see (DESIGN §3). Hidden: other hands (counts only), unrevealed identities, face-down
 * votes (counts only), the order of both decks, what a look/peek showed someone else. The engine never
 * puts the RNG into a view. After the game ends everything is public.
 */
export function viewGhost(s: GameState<G>, seat: number | null): Json {
  const sh = shared(s);
  const g = s.g;
  // Fields added to the head's literal one by one, in the view's order: a spread into a new literal made a
  // record that JSON.stringify serialised markedly slower.
  const v = head(sh);
  v.turnState = turnState(sh, seat);
  v.players = g.players.map((_, i) => player(sh, i, seat));
  v.vote = vote(sh, seat);
  v.lastReveal = lastReveal(g);
  v.seen = seen(g, seat);
  v.result = g.result as unknown as Json;
  return v;
}

/**
 * The texts of one player last built, per seat number, with a copy of every value they show: most answers change
 * one or two players, and the others' texts are then the same strings as before (which the room also compares by
 * identity first). A lookup compares the copy with the player by value and rebuilds on any difference, so a text is
 * never stale, whatever changed in place and whichever game the player belongs to. A hand or an imp list holding
 * anything but plain values is never kept.
 */
interface PlayerTexts {
  /** identity, revealed, spirit, artifact, warded, clearMind, hereticUsed, autoPass, the hand limit shown (null for the GK). */
  vals: unknown[];
  hand: unknown[];
  /** Each imp's `id` and `at`, in order (what `imps` shows of them); then the points' the same way. */
  imps: unknown[];
  points: unknown[];
  /** As the others see the player while the game runs, and as its own seat does (and everyone after the end). */
  others: string | undefined;
  own: string | undefined;
}
/**
 * What the texts were last built from, per game: keyed by the state's creation options, one object shared by every
 * state of a game (the draft never copies it), so games viewed in turn in one isolate keep their own texts instead
 * of overwriting each other's. A state without an options object uses one shared entry (correct, only colder).
 */
interface Kept {
  players: (PlayerTexts | undefined)[];
  head: Map<string, KeptPart>;
  /** Per seat number, per place in its `seen` list: the record's text and what it was built from (`seenText`). */
  seen: (SeenText | undefined)[][];
}
const KEPT = new WeakMap<object, Kept>();
const ANY_GAME: Kept = { players: [], head: new Map(), seen: [] };
function keptFor(s: GameState<G>): Kept {
  const key = s.options;
  if (typeof key !== 'object' || key === null) return ANY_GAME;
  let k = KEPT.get(key);
  if (!k) KEPT.set(key, (k = { players: [], head: new Map(), seen: [] }));
  return k;
}

const valsOf = (g: G, p: Player, i: number): unknown[] => [p.identity, p.revealed, p.spirit, p.artifact, p.warded, p.clearMind, p.hereticUsed, p.autoPass, g.gk === i ? null : handLimit(g, i)];

/** The items of `list` when all are plain values (else null). */
function plainItems(list: unknown): unknown[] | null {
  if (!Array.isArray(list)) return null;
  const out: unknown[] = new Array(list.length);
  for (let k = 0; k < list.length; k++) {
    const v = list[k];
    if (typeof v === 'object' && v !== null) return null;
    out[k] = v;
  }
  return out;
}

/** Each card's `id` and `at` in order, when every card is a record and those are plain values (else null). */
function impItems(list: unknown): unknown[] | null {
  if (!Array.isArray(list)) return null;
  const out: unknown[] = new Array(list.length * 2);
  for (let k = 0; k < list.length; k++) {
    const c = list[k] as ImpLike;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) return null;
    const { id, at } = c;
    if ((typeof id === 'object' && id !== null) || (typeof at === 'object' && at !== null)) return null;
    out[2 * k] = id;
    out[2 * k + 1] = at;
  }
  return out;
}
type ImpLike = { id?: unknown; at?: unknown };


/** The kept texts of player `i` when they were built from exactly what it shows now, else new (kept when comparable). */
function playerTexts(kept: Kept, g: G, i: number): PlayerTexts {
  const PLAYER_TEXTS = kept.players;
  const p = g.players[i]!;
  const vals = valsOf(g, p, i);
  const hand = plainItems(p.hand), imps = impItems(p.imps), points = impItems(p.points);
  const m = PLAYER_TEXTS[i];
  if (m && sameItems(m.vals, vals) && sameItems(m.hand, hand) && sameItems(m.imps, imps) && sameItems(m.points, points)) return m;
  const t: PlayerTexts = { vals, hand: hand ?? [], imps: imps ?? [], points: points ?? [], others: undefined, own: undefined };
  PLAYER_TEXTS[i] = hand && imps && points ? t : undefined;
  return t;
}

/**
 * A `seen` record's text with what it was built from: its keys in order, each with its value, a list's length and
 * items after a marker (`LIST`). Only records of plain values and lists of plain values are kept.
 */
interface SeenText {
  src: unknown[];
  json: string;
}
const LIST = {};

/** Does record `e` hold exactly what `src` was copied from (the same keys in the same order, the same values)? */
function sameSeen(src: unknown[], e: Record<string, unknown>): boolean {
  let i = 0;
  for (const k in e) {
    if (src[i++] !== k) return false;
    const v = e[k];
    if (Array.isArray(v)) {
      if (src[i++] !== LIST || src[i++] !== v.length) return false;
      for (let j = 0; j < v.length; j++) if (src[i++] !== v[j]) return false;
    } else if (src[i++] !== v) return false;
  }
  return i === src.length;
}

/** `sameSeen`'s copy of `e`, or null when it holds an object other than a list of plain values. */
function seenSource(e: Record<string, unknown>): unknown[] | null {
  const src: unknown[] = [];
  for (const k in e) {
    src.push(k);
    const v = e[k];
    if (Array.isArray(v)) {
      src.push(LIST, v.length);
      for (const x of v) {
        if (typeof x === 'object' && x !== null) return null;
        src.push(x);
      }
    } else if (typeof v === 'object' && v !== null) return null;
    else src.push(v);
  }
  return src;
}

/** The text of record `k` of `seat`'s `seen` list: the one built before while the record holds the same values. */
function seenText(kept: Kept, seat: number, k: number, e: Record<string, unknown>): string {
  const mine = (kept.seen[seat] ??= []);
  const was = mine[k];
  if (was && sameSeen(was.src, e)) return was.json;
  const json = (JSON.stringify(e) as string | undefined) ?? 'null';
  const src = seenSource(e);
  mine[k] = src ? { src, json } : undefined;
  return json;
}

/**
 * `seen(g, seat)` as a view part: the records as they are (the copy `seen` makes serialises the same), each
 * record's text kept from the last state viewed (the list only grows, one record a look, and every answer would
 * serialise all of them again for every viewer).
 */
function addSeen(t: ViewText, g: G, seat: number | null, kept: Kept): void {
  const list = seat === null ? [] : g.seen[seat];
  if (!Array.isArray(list) || !list.every((e) => e && Array.isArray(e.what))) return addViewPart(t, 'seen', seen(g, seat));
  const items: string[] = new Array(list.length);
  for (let k = 0; k < list.length; k++) items[k] = seenText(kept, seat!, k, list[k] as unknown as Record<string, unknown>);
  t.keys.push('seen');
  t.parts.push(items);
}

/**
 * `viewGhost(s, seat)` for every seat in `seats` as the text of its parts (`ViewText`), serialising what they
 * share once (the same strings for every viewer): the table, every player as the others see them (and once more
 * as their own seat does, when it is asked for), the vote as a bystander sees it; only the parts that differ by
 * viewer (own player, own votes, insight, what one saw) are built per viewer.
 */
export function viewTextsGhost(s: GameState<G>, seats: (number | null)[]): ViewText[] {
  const sh = shared(s);
  const g = s.g;
  const top: ViewText = { keys: [], parts: [] };
  const h = head(sh);
  // The table's piles change a card or two an answer: their item texts are kept from the last state viewed.
  const kept = keptFor(s);
  for (const k in h) addViewPartKept(top, k, h[k], kept.head);
  const tsOf = new Map<boolean, string | undefined>();
  const turn = (seat: number | null) => {
    const key = seat === g.current || sh.all;
    if (!tsOf.has(key)) tsOf.set(key, JSON.stringify(turnState(sh, key ? g.current : null)));
    return tsOf.get(key);
  };
  const texts = g.players.map((_, i) => playerTexts(kept, g, i));
  // After the end every viewer sees every player whole: the text its own seat sees.
  const others = sh.all
    ? texts.map((t, i) => (t.own ??= JSON.stringify(player(sh, i, i)) as string))
    : texts.map((t, i) => (t.others ??= JSON.stringify(player(sh, i, null)) as string));
  const pub = JSON.stringify(vote(sh, null));
  // The round trip `lastReveal` makes serialises to the same text as the record itself.
  const reveal = g.lastReveal ? JSON.stringify(g.lastReveal) : 'null';
  const result = JSON.stringify(g.result) as string | undefined;
  // Seats with their own votes down (read once: the vote's keys are seat numbers).
  const voters = !sh.all && g.vote ? Object.keys(g.vote.votes).map(Number) : [];
  return seats.map((seat) => {
    let players = others;
    if (seat !== null && !sh.all && g.players[seat]) {
      players = others.slice();
      players[seat] = texts[seat]!.own ??= JSON.stringify(player(sh, seat, seat)) as string;
    }
    // Only a seat with its own votes down, before the end, sees more of the vote than a bystander.
    const v = seat !== null && voters.includes(seat) ? JSON.stringify(vote(sh, seat)) : pub;
    const t: ViewText = { keys: top.keys.slice(), parts: top.parts.slice() };
    const ts = turn(seat);
    if (ts !== undefined) (t.keys.push('turnState'), t.parts.push(ts));
    t.keys.push('players');
    t.parts.push(players);
    if (v !== undefined) (t.keys.push('vote'), t.parts.push(v));
    t.keys.push('lastReveal');
    t.parts.push(reveal);
    addSeen(t, g, seat, kept);
    if (result !== undefined) (t.keys.push('result'), t.parts.push(result));
    return t;
  });
}

/** `JSON.stringify(viewGhost(s, seat))` for every seat in `seats`, from `viewTextsGhost`. */
export function viewsJsonGhost(s: GameState<G>, seats: (number | null)[]): string[] {
  return viewTextsGhost(s, seats).map(joinViewText);
}
