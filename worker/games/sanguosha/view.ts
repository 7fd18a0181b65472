/** What a seat of 三国杀 may see (DESIGN §3), built per viewer (`view`) or for every viewer at once (`viewsJson`). */
import { addViewPart, addViewPartKept, joinViewText, sameItems, type Json, type KeptPart, type ViewText } from '../../engine';
import { alive, attackRange, distance, distanceTable, slashLimit, type DistanceTable } from './core';
import type { G, Player, S } from './types';

/** One character as `seat` sees it: its identity once revealed, its own or at the end; its hand only its own or at the end. */
function playerView(p: Player, over: boolean, seat: number | null): Record<string, Json> {
  const v: Record<string, Json> = {
    seat: p.seat,
    hp: p.hp,
    maxHp: p.maxHp,
    alive: p.alive,
    role: over || p.revealed || p.seat === seat ? p.role : null,
    handCount: p.hand.length,
    equip: { ...p.equip },
    judge: [...p.judge],
    chained: p.chained,
    gender: p.gender,
    general: p.general,
    kingdom: p.kingdom,
    skills: p.general ? [...p.skills] : [],
    turnedOver: p.turnedOver,
  };
  if (Object.keys(p.marks).length) v.marks = { ...p.marks };
  if (over || p.seat === seat) v.hand = [...p.hand];
  return v;
}

/**
 * Everything in the view after `players`, in the view's key order, added to `out`: the public table, then `seat`'s
 * own parts. (Added field by field: a spread of these into the view's literal made a record JSON.stringify
 * serialised markedly slower.)
 */
function rest(s: S, seat: number | null, out: Record<string, Json> = {}): Record<string, Json> {
  return own(s, seat, table(s, out));
}

/** The public table after `players`, the same for every viewer. */
function table(s: S, out: Record<string, Json>): Record<string, Json> {
  const g = s.g;
  out.current = g.current;
  out.phase = g.phase;
  out.round = g.round;
  out.drawCount = g.draw.length;
  out.discardCount = g.discard.length;
  out.discardTop = g.discard.slice(-8);
  out.table = [...g.table];
  out.grace = [...g.grace];
  out.slashesUsed = g.slashes;
  out.drunk = g.drunk;
  return out;
}

/** `seat`'s own parts after the table: its distances and range, its general offer; the whole record at the end. */
function own(s: S, seat: number | null, out: Record<string, Json>): Record<string, Json> {
  const g = s.g;
  if (seat !== null && g.players[seat]) {
    // Each distance once: "in range" is `inRange`'s own test (another living seat, distance ≤ range) on it.
    const range = attackRange(g, seat);
    const limit = slashLimit(g, seat);
    const dist = g.players.map((p) => (p.seat === seat || !alive(g, p.seat) || !alive(g, seat) ? null : distance(g, seat, p.seat)));
    out.me = {
      seat,
      attackRange: range,
      slashLimit: Number.isFinite(limit) ? limit : -1,
      distance: dist,
      inRange: dist.map((d) => d !== null && d <= range),
    };
  }
  return ownRest(s, seat, out);
}

/** What follows `me` in `seat`'s own parts: its general offer while the picks are secret; the whole record at the end. */
function ownRest(s: S, seat: number | null, out: Record<string, Json>): Record<string, Json> {
  const g = s.g;
  const over = !!s.outcome;
  if (g.selection && seat !== null && (over || !g.selection.revealed)) out.selection = { offer: [...(g.selection.offers[seat] ?? [])], pick: g.selection.picks[seat] ?? null };
  if (over) {
    out.draw = [...g.draw];
    if (g.selection) out.selection = { offers: g.selection.offers, picks: g.selection.picks };
  }
  return out;
}

/** The game data `seat` (null: a spectator) may see. */
export function view(s: S, seat: number | null): Json {
  const g: G = s.g;
  const over = !!s.outcome;
  return rest(s, seat, { deck: g.deckKind, players: g.players.map((p) => playerView(p, over, seat)) });
}

const J = JSON.stringify;

/**
 * A character's view serialised in two pieces around its identity, `head` + role + `tail` (+ `,"hand":[…]`) + `}`,
 * so the text others see and the text its own seat sees share everything but those two fields: the same bytes
 * `JSON.stringify(playerView(…))` writes, without building the record or copying its lists. Null when a field is
 * missing or not plain (`playerView` would drop or convert it): the caller then serialises `playerView` itself.
 */
function playerParts(p: Player): { head: string; tail: string } | null {
  const { seat, hp, maxHp } = p;
  if (typeof seat !== 'number' || typeof hp !== 'number' || typeof maxHp !== 'number' || typeof p.alive !== 'boolean' || typeof p.chained !== 'boolean' || typeof p.turnedOver !== 'boolean') return null;
  if (p.gender === undefined || p.general === undefined || p.kingdom === undefined || p.role === undefined || !p.equip || !p.judge || !p.skills || !p.marks || !p.hand) return null;
  let marks = '';
  for (const _ in p.marks) {
    marks = `,"marks":${J(p.marks)}`;
    break;
  }
  return {
    head: `{"seat":${J(seat)},"hp":${J(hp)},"maxHp":${J(maxHp)},"alive":${p.alive},"role":`,
    tail: `,"handCount":${p.hand.length},"equip":${J(p.equip)},"judge":${J(p.judge)},"chained":${p.chained},"gender":${J(p.gender)},"general":${J(p.general)},"kingdom":${J(p.kingdom)},"skills":${p.general ? J(p.skills) : '[]'},"turnedOver":${p.turnedOver}${marks}`,
  };
}

/**
 * `s`, flattened: V8 keeps a string built by concatenation as a tree of its pieces, and a text used in nine views
 * would be walked nine times when they are sent. Reading one character makes it one flat string, once.
 */
const flat = (s: string): string => (s.charCodeAt(0), s);

/** `JSON.stringify(playerView(p, over, seat))`, from its pieces when it has them (one flat string). */
function playerJson(p: Player, parts: { head: string; tail: string } | null, over: boolean, seat: number | null): string {
  if (!parts) return J(playerView(p, over, seat));
  const mine = over || p.seat === seat;
  return flat(`${parts.head}${over || p.revealed || mine ? J(p.role) : 'null'}${parts.tail}${mine ? `,"hand":${J(p.hand)}` : ''}}`);
}

/**
 * The texts of one character last built, per seat number, with a copy of every value they were built from: most
 * answers change one or two characters, and the others' texts are then the same strings as before (which the room
 * also compares by identity first). A lookup compares the copy with the character by value, field by field and item
 * by item, and rebuilds on any difference, so a text can never be stale whatever changed in place, whichever game
 * or state the character belongs to. Only plain values are compared: a list or record holding an object is never
 * kept (its text is built every time).
 */
interface PlayerTexts {
  /** seat, hp, maxHp, alive, chained, turnedOver, gender, general, kingdom, role, revealed, in `same`'s order. */
  vals: unknown[];
  equip: unknown[];
  judge: unknown[];
  skills: unknown[];
  marks: unknown[];
  hand: unknown[];
  parts: { head: string; tail: string } | null;
  /** The character as the others see it while the game runs, and as its own seat sees it; built on first use. */
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
  /**
   * Each seat's `me` text, built from the distance table's `inputs` kept beside them (`meInputs`): while they are
   * the same, so is every seat's `me` (a death or a horse changes them, rarely between two answers).
   */
  me: (string | undefined)[];
  meInputs: readonly number[];
  table: Map<string, KeptPart>;
}
const KEPT = new WeakMap<object, Kept>();
const ANY_GAME: Kept = { players: [], me: [], meInputs: [], table: new Map() };
function keptFor(s: S): Kept {
  const key = s.options;
  if (typeof key !== 'object' || key === null) return ANY_GAME;
  let k = KEPT.get(key);
  if (!k) KEPT.set(key, (k = { players: [], me: [], meInputs: [], table: new Map() }));
  return k;
}

/** The plain values of `p` a character's texts are built from, but its lists and records. */
const valsOf = (p: Player): unknown[] => [p.seat, p.hp, p.maxHp, p.alive, p.chained, p.turnedOver, p.gender, p.general, p.kingdom, p.role, p.revealed];

/** Does `p` have exactly the plain values `v` (as `valsOf` lists them)? */
function sameVals(v: unknown[], p: Player): boolean {
  return v[0] === p.seat && v[1] === p.hp && v[2] === p.maxHp && v[3] === p.alive && v[4] === p.chained && v[5] === p.turnedOver && v[6] === p.gender && v[7] === p.general && v[8] === p.kingdom && v[9] === p.role && v[10] === p.revealed;
}

/** A list's items, or a record's keys then values, when all are plain values (else null: not kept). */
function plainCopy(x: unknown): unknown[] | null {
  if (typeof x !== 'object' || x === null) return null;
  const out: unknown[] = [];
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (typeof v === 'object' && v !== null) return null;
      out.push(v);
    }
    return out;
  }
  const vals: unknown[] = [];
  for (const k in x) {
    const v = (x as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null) return null;
    out.push(k);
    vals.push(v);
  }
  for (const v of vals) out.push(v);
  return out;
}

/** Does `x` (a list when `list`, else a record) hold exactly what `plainCopy` copied into `c`? */
function samePlain(c: unknown[], x: unknown, list: boolean): boolean {
  if (typeof x !== 'object' || x === null || Array.isArray(x) !== list) return false;
  if (list) {
    const a = x as unknown[];
    if (a.length !== c.length) return false;
    for (let i = 0; i < c.length; i++) if (c[i] !== a[i]) return false;
    return true;
  }
  const half = c.length >> 1;
  let i = 0;
  for (const k in x) {
    if (i >= half || c[i] !== k || c[half + i] !== (x as Record<string, unknown>)[k]) return false;
    i++;
  }
  return i === half;
}

/** The kept texts of `p` (its seat number's entry) when they were built from exactly its values, else new ones. */
function playerTexts(kept: Kept, p: Player, k: number): PlayerTexts {
  const PLAYER_TEXTS = kept.players;
  const m = PLAYER_TEXTS[k];
  if (m && sameVals(m.vals, p) && samePlain(m.equip, p.equip, false) && samePlain(m.judge, p.judge, true) && samePlain(m.skills, p.skills, true) && samePlain(m.marks, p.marks, false) && samePlain(m.hand, p.hand, true)) return m;
  const equip = plainCopy(p.equip), judge = plainCopy(p.judge), skills = plainCopy(p.skills), marks = plainCopy(p.marks), hand = plainCopy(p.hand);
  const t: PlayerTexts = { vals: valsOf(p), equip: equip ?? [], judge: judge ?? [], skills: skills ?? [], marks: marks ?? [], hand: hand ?? [], parts: playerParts(p), others: undefined, own: undefined };
  // Kept only when every list and record could be compared (and is one: an array where a record belongs is not).
  if (equip && judge && skills && marks && hand && !Array.isArray(p.equip) && Array.isArray(p.judge) && Array.isArray(p.skills) && !Array.isArray(p.marks) && Array.isArray(p.hand)) PLAYER_TEXTS[k] = t;
  else PLAYER_TEXTS[k] = undefined;
  return t;
}

/**
 * `view(s, seat)` for every seat in `seats` as the text of its parts (`ViewText`), building what they share once:
 * each character is serialised as the others see it, and once more as its own seat sees it (its hand, its
 * identity) when that seat is asked for, from the same pieces; the public table's fields once for all; only the
 * small per-seat remainder (`me`, the selection) is built per viewer, its distances from one table of what every
 * distance reads. The texts of the parts every viewer shares are the same strings.
 */
export function viewTexts(s: S, seats: (number | null)[]): ViewText[] {
  const g = s.g;
  const over = !!s.outcome;
  const kept = keptFor(s);
  const texts = g.players.map((p, k) => playerTexts(kept, p, k));
  // After the end every viewer sees every character whole (its hand, its identity): the text its own seat sees.
  const others = over ? g.players.map((p, k) => (p.seat === k ? (texts[k]!.own ??= playerJson(p, texts[k]!.parts, true, null)) : playerJson(p, texts[k]!.parts, true, null))) : g.players.map((p, k) => (texts[k]!.others ??= playerJson(p, texts[k]!.parts, false, null)));
  const pub: ViewText = { keys: [], parts: [] };
  addViewPart(pub, 'deck', g.deckKind);
  pub.keys.push('players');
  pub.parts.push(others);
  const at = pub.parts.length - 1;
  const tab = table(s, {});
  // The table's lists change a card or two an answer: their item texts are kept from the last state viewed.
  for (const k in tab) addViewPartKept(pub, k, tab[k], kept.table);
  const dt = distanceTable(g);
  if (!sameItems(kept.meInputs, dt.inputs)) {
    kept.meInputs = dt.inputs;
    kept.me = [];
  }
  return seats.map((seat) => {
    const t: ViewText = { keys: pub.keys.slice(), parts: pub.parts.slice() };
    const p = seat === null ? undefined : g.players[seat];
    if (p) {
      if (!over) {
        const players = others.slice();
        const own = texts[seat!]!;
        // Its own seat's text of a character (`own`, as after the end) is the one its seat number shows it to.
        players[seat!] = p.seat === seat ? (own.own ??= playerJson(p, own.parts, false, seat)) : playerJson(p, own.parts, false, seat);
        t.parts[at] = players;
      }
      t.keys.push('me');
      t.parts.push((kept.me[seat!] ??= meJson(g, seat!, dt)));
    }
    const rest = ownRest(s, seat, {});
    for (const k in rest) addViewPart(t, k, rest[k]);
    return t;
  });
}

/** `JSON.stringify(view(s, seat))` for every seat in `seats`, from `viewTexts`. */
export function viewsJson(s: S, seats: (number | null)[]): string[] {
  return viewTexts(s, seats).map(joinViewText);
}

/**
 * The JSON of `me` of `seat` (a seat of the table) as `own` writes it, each distance from the table (see `distanceTable`).
 * Written by hand: the numbers are small integers (a distance, a range, a limit) or null, whose JSON is their
 * `String`. Built only when the table's inputs change (`Kept.me`).
 */
function meJson(g: G, seat: number, dt: DistanceTable): string {
  const range = attackRange(g, seat);
  const limit = slashLimit(g, seat);
  const me = alive(g, seat);
  const ps = g.players;
  const n = ps.length;
  const dist: string[] = new Array(n);
  const inr: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const t = ps[k]!.seat;
    const d = t === seat || !alive(g, t) || !me ? null : dt.distance(seat, t);
    dist[k] = d === null ? 'null' : J(d);
    inr[k] = d !== null && d <= range ? 'true' : 'false';
  }
  return `{"seat":${J(seat)},"attackRange":${J(range)},"slashLimit":${Number.isFinite(limit) ? J(limit) : '-1'},"distance":[${dist.join(',')}],"inRange":[${inr.join(',')}]}`;
}

