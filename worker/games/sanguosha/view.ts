/** What a seat of 三国杀 may see (DESIGN §3), built per viewer (`view`) or for every viewer at once (`viewsJson`). */
import { addViewPart, joinViewText, type Json, type ViewText } from '../../engine';
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
 * `view(s, seat)` for every seat in `seats` as the text of its parts (`ViewText`), building what they share once:
 * each character is serialised as the others see it, and once more as its own seat sees it (its hand, its
 * identity) when that seat is asked for, from the same pieces; the public table's fields once for all; only the
 * small per-seat remainder (`me`, the selection) is built per viewer, its distances from one table of what every
 * distance reads. The texts of the parts every viewer shares are the same strings.
 */
export function viewTexts(s: S, seats: (number | null)[]): ViewText[] {
  const g = s.g;
  const over = !!s.outcome;
  const parts = g.players.map(playerParts);
  const others = g.players.map((p, k) => playerJson(p, parts[k]!, over, null));
  const pub: ViewText = { keys: [], parts: [] };
  addViewPart(pub, 'deck', g.deckKind);
  const at = pub.keys.length;
  const tab = table(s, {});
  for (const k in tab) addViewPart(pub, k, tab[k]);
  const dt = distanceTable(g);
  return seats.map((seat) => {
    let players = others;
    if (seat !== null && !over && g.players[seat]) {
      players = others.slice();
      players[seat] = playerJson(g.players[seat]!, parts[seat]!, over, seat);
    }
    const t: ViewText = { keys: pub.keys.slice(0, at), parts: pub.parts.slice(0, at) };
    t.keys.push('players', ...pub.keys.slice(at));
    t.parts.push(players, ...pub.parts.slice(at));
    if (seat !== null && g.players[seat]) {
      t.keys.push('me');
      t.parts.push(meJson(g, seat, dt));
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
 * `String`, and a record serialised per viewer per answer was the largest part of a view's cost.
 */
function meJson(g: G, seat: number, dt: DistanceTable): string {
  const range = attackRange(g, seat);
  const limit = slashLimit(g, seat);
  const me = alive(g, seat);
  const ps = g.players;
  const dist: string[] = new Array(ps.length);
  const inr: string[] = new Array(ps.length);
  for (let k = 0; k < ps.length; k++) {
    const t = ps[k]!.seat;
    const d = t === seat || !alive(g, t) || !me ? null : dt.distance(seat, t);
    dist[k] = d === null ? 'null' : J(d);
    inr[k] = d !== null && d <= range ? 'true' : 'false';
  }
  return `{"seat":${J(seat)},"attackRange":${J(range)},"slashLimit":${Number.isFinite(limit) ? J(limit) : '-1'},"distance":[${dist.join(',')}],"inRange":[${inr.join(',')}]}`;
}
