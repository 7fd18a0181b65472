/** What a seat of 三国杀 may see (DESIGN §3), built per viewer (`view`) or for every viewer at once (`viewsJson`). */
import type { Json } from '../../engine';
import { alive, attackRange, distance, slashLimit } from './core';
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
  const over = !!s.outcome;
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

/**
 * `JSON.stringify(view(s, seat))` for every seat in `seats`, building what they share once: each character is
 * serialised as the others see it, and once more as its own seat sees it (its hand, its identity) when that seat
 * is asked for; only the small per-seat remainder (`me`, the selection) is built per viewer.
 */
export function viewsJson(s: S, seats: (number | null)[]): string[] {
  const g = s.g;
  const over = !!s.outcome;
  const others = g.players.map((p) => JSON.stringify(playerView(p, over, null)));
  const head = `{"deck":${JSON.stringify(g.deckKind)},"players":[`;
  const pub = JSON.stringify(table(s, {})).slice(1, -1);
  // The others' characters before and after each seat, joined once: a seat's list is `before[k] + own + after[k]`
  // (concatenation, not one more join of the whole list per seat).
  const n = others.length;
  const before: string[] = new Array(n + 1);
  const after: string[] = new Array(n + 1);
  before[0] = '';
  for (let k = 0; k < n; k++) before[k + 1] = `${before[k]!}${others[k]!},`;
  after[n] = '';
  for (let k = n - 1; k >= 0; k--) after[k] = `,${others[k]!}${after[k + 1]!}`;
  const everyone = n ? others[0]! + after[1]! : '';
  return seats.map((seat) => {
    const players = seat === null || over || !g.players[seat] ? everyone : before[seat]! + JSON.stringify(playerView(g.players[seat]!, over, seat)) + after[seat + 1]!;
    const mine = JSON.stringify(own(s, seat, {}));
    return `${head}${players}],${pub}${mine.length > 2 ? `,${mine.slice(1)}` : '}'}`;
  });
}
