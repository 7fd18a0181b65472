/**
 * Standing orders (预设应对), the room's side, pure: check what a seat asks to store, and answer open prompts
 * with the seats' orders through the one path every answer takes (`apply`), so the state, the log and every
 * other seat's view are exactly those of the same answer sent by hand. The room stores each seat's orders with
 * the seat (never in the game state, never in any view but the seat's own) and calls `runOrders` after every
 * accepted answer and whenever a seat changes its orders.
 *
 * The room (bots.ts) answers with `standingAnswer` one prompt at a time through `Room.commit`, as
 * `by: 'order'` with no room line (the table must not tell); answers a `human`-timed order's prompt only at a
 * moment drawn with `humanDelayMs` (the prompt stays open to the seat until then); and drops the notification
 * of a prompt its orders answer. `runOrders` is the same loop over a bare state, for tests and measurements.
 */
import {
  apply,
  type Answer,
  type GameDef,
  type GameState,
  type Json,
  type LogEntry,
  type OrderDef,
  type Prompt,
  type SeatOrder,
} from '../engine';

/** How much of an unknown name goes back in an error message. */
const MAX_PARAM_LENGTH = 64;

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Check and normalise the orders a seat sends (`PUT /api/games/:id/orders`, body `{orders: [...]}`): known ids,
 * once each, one per group, parameters from their lists. Returns them in the game's order, or a reason for
 * the 400.
 * @example parseSeatOrders(sanguosha, [{ id: 'jinkSlash' }, { id: 'wuxieOnlyMe' }]) // [{id:'jinkSlash'}, {id:'wuxieOnlyMe'}]
 */
export function parseSeatOrders(def: GameDef, raw: unknown): SeatOrder[] | string {
  const offered = def.orders?.offered ?? [];
  if (!Array.isArray(raw)) return 'orders must be a list of {id, params?}';
  if (raw.length > offered.length) return `at most ${offered.length} orders`;
  const seen = new Map<string, SeatOrder>();
  const groups = new Map<string, string>();
  for (const item of raw) {
    if (!isObj(item) || typeof item.id !== 'string') return 'each order is an object {id, params?}';
    for (const k of Object.keys(item)) if (k !== 'id' && k !== 'params') return `unknown field ${k} in an order`;
    const d = offered.find((o) => o.id === item.id);
    if (!d)
      return `unknown order ${item.id.slice(0, MAX_PARAM_LENGTH)}${offered.length ? ` (known: ${offered.map((o) => o.id).join(', ')})` : ''}`;
    if (seen.has(d.id)) return `order ${d.id} is listed twice`;
    if (d.group) {
      const other = groups.get(d.group);
      if (other) return `orders ${other} and ${d.id} cannot both be on`;
      groups.set(d.group, d.id);
    }
    const params = parseParams(d, item.params);
    if (typeof params === 'string') return params;
    seen.set(d.id, params ? { id: d.id, params } : { id: d.id });
  }
  return offered.filter((o) => seen.has(o.id)).map((o) => seen.get(o.id)!);
}

function parseParams(d: OrderDef, raw: unknown): Record<string, Json> | null | string {
  if (raw === undefined) return null;
  if (!isObj(raw)) return `params of ${d.id} must be an object`;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(raw)) {
    const p = d.params?.find((x) => x.id === k);
    if (!p) return `order ${d.id} has no parameter ${k.slice(0, MAX_PARAM_LENGTH)}`;
    if (!p.choices.some((c) => JSON.stringify(c) === JSON.stringify(v)))
      return `parameter ${k} of ${d.id} must be one of ${JSON.stringify(p.choices)}`;
    out[k] = v as Json;
  }
  return Object.keys(out).length ? out : null;
}

export interface StandingAnswer {
  answer: Answer;
  /** The order that gave it. */
  order: OrderDef;
}

/**
 * The answer a seat's orders give to its open prompt `p`, checked by the rules; null when no order applies or
 * the rules would refuse it (then the player is asked, as without orders).
 */
export function standingAnswer<G>(
  def: GameDef<G>,
  s: GameState<G>,
  p: Prompt,
  orders: SeatOrder[],
): StandingAnswer | null {
  const go = def.orders;
  if (!go || !orders.length || s.outcome || !s.prompts.some((x) => x.id === p.id && x.seat === p.seat)) return null;
  // One order at a time, in the game's order, so the room learns which order answered (for its timing).
  for (const d of go.offered) {
    const mine = orders.find((o) => o.id === d.id);
    if (!mine) continue;
    const a = go.answer(s, p, [mine]);
    if (a && a.prompt === p.id && apply(def, s, p.seat, a).ok) return { answer: a, order: d };
  }
  return null;
}

export interface OrderMove {
  seat: number;
  answer: Answer;
  order: string;
}

export interface OrdersRun<G> {
  state: GameState<G>;
  /** Answers given by orders, in the order they were applied; the room logs them as moves. */
  moves: OrderMove[];
  /** Log entries those answers wrote. */
  events: LogEntry[];
  /**
   * Open prompts a `human`-timed order will answer, but not yet: the room answers them (`standingAnswer` again,
   * then `apply`) once `humanDelayMs` has passed since the prompt opened.
   */
  delayed: { seat: number; prompt: string; order: string }[];
}

/**
 * Answer every open prompt that the seats' orders answer at once (`timing` instant), repeatedly, since an
 * answer may open new prompts. Prompts are taken in the order the state lists them, which the rules fix, so
 * the result depends on the game alone. `ordersOf(seat)` gives a seat's stored orders; `skip(p)` lets the room
 * leave some prompts alone (a paused seat, a prompt whose delay it is still waiting out).
 * @example const r = runOrders(def, s, (seat) => seats[seat].orders); persist(r.moves); s = r.state;
 */
export function runOrders<G>(
  def: GameDef<G>,
  state: GameState<G>,
  ordersOf: (seat: number) => SeatOrder[],
  o: { skip?: (p: Prompt) => boolean; limit?: number } = {},
): OrdersRun<G> {
  let s = state;
  const moves: OrderMove[] = [];
  const events: LogEntry[] = [];
  const limit = o.limit ?? 1000;
  for (;;) {
    if (moves.length >= limit) break;
    let found: { p: Prompt; sa: StandingAnswer } | null = null;
    for (const p of s.prompts) {
      if (o.skip?.(p)) continue;
      const sa = standingAnswer(def, s, p, ordersOf(p.seat));
      if (sa && sa.order.timing !== 'human') {
        found = { p, sa };
        break;
      }
    }
    if (!found) break;
    const r = apply(def, s, found.p.seat, found.sa.answer);
    if (!r.ok) break; // checked by standingAnswer; kept as a guard
    s = r.value.state;
    events.push(...r.value.events);
    moves.push({ seat: found.p.seat, answer: found.sa.answer, order: found.sa.order.id });
  }
  const delayed: OrdersRun<G>['delayed'] = [];
  for (const p of s.prompts) {
    if (o.skip?.(p)) continue;
    const sa = standingAnswer(def, s, p, ordersOf(p.seat));
    if (sa && sa.order.timing === 'human') delayed.push({ seat: p.seat, prompt: p.id, order: sa.order.id });
  }
  return { state: s, moves, events, delayed };
}

/** The longest person-like pause, whatever the clock: a slow game waits minutes for it, never hours. */
const PAUSE_MAX_MS = 15 * 60_000;

/**
 * When a `human`-timed order (or the room's autoPass, bots.ts) answers, after its prompt opened: a uniform draw over
 * the span a person at the table takes to answer, scaled to the game's clock — from a minute (or a sixtieth of the
 * clock, when that is shorter) to a twelfth of the clock, at most a quarter of an hour: 2–10 s in a live game of
 * 2-minute clocks, 10–50 s with 10-minute clocks, 1–15 min in a slow one. Its answer then cannot be told by its
 * speed from a quick hand answer, it never eats the deadline, and a 无懈可击 window, which waits for the longest of
 * its seats' pauses, holds a live game seconds and a slow one minutes, never hours. `rand` is in [0, 1) from the
 * room's own randomness (never the game's RNG: drawing from it would change the game).
 * @example humanDelayMs(12 * 3_600_000, 0.5) // 8 min
 */
export function humanDelayMs(clockMs: number, rand: number): number {
  const lo = Math.min(60_000, clockMs / 60);
  const hi = Math.max(lo, Math.min(clockMs / 12, PAUSE_MAX_MS));
  return Math.round(lo + (hi - lo) * Math.min(Math.max(rand, 0), 0.999999));
}
