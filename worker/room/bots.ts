/**
 * Who answers a prompt of a seat when its person does not: bot seats, standing orders (below) and the
 * stand-ins of away seats. Each of their answers goes through the room's one path (`Room.commit`: the core
 * decides, the store persists) like the player's own, right after every change and from the alarm.
 *
 * - A seat that is away, in a game whose host allows a stand-in, is answered for at once — every prompt,
 *   whatever its hand, so the timing says nothing the public "away" flag does not already say. The stand-in
 *   follows the seat's own standing orders where one applies (what the player asked for), else plays the bot
 *   (host chose bots for absent players) or the default, like the deadline path (GameRoom `expire`). The move goes
 *   through `Room.commit` as `by: 'stand-in'`, with the public `room.log.botPlayed` line before its own.
 * - Each stand-in move's log range is kept with the seat (`playedFor`), from `awayFrom` (the log index when the
 *   seat went away), so on its return the seat's own page shows exactly what was played for it — its own view
 *   of those lines, to it alone (`GET /me`), until it dismisses them.
 * - A `human`-timed order (its answer depends on what only the seat knows: its identity, an empty hand) answers
 *   after a pause drawn per prompt from the room's own randomness (`humanDelayMs`), stored on the prompt's clock
 *   as `orderAt`; until then the prompt is open and answerable by hand like any other.
 * - The game's `autoPass` option is the room's (issue 26 point 2): the rules run with it off (`rulesOptions`), so
 *   every seat that could be asked is asked, and a seat offered nothing but a pass is passed for by the room after
 *   the same pause, like a `human`-timed order — never at once, which would tell the table what is not in that
 *   hand (no 闪 against the 杀, no 无懈可击 in the window). Until then the table shows the seat as asked.
 */

import {
  apply,
  botAnswer,
  botRng,
  defaultAnswer,
  type Answer,
  type GameDef,
  type GameState,
  type Json,
  type LogEntry,
  type LogLine,
  type OpenPrompt,
  type OrderDef,
  type Prompt,
  type SeatOrder,
} from '../engine';
import { logValue } from '../log';
import { awayDecision, deadlineFor, isAway } from './clocks';
import type { SeatSettings } from './seats';
import { LIMITS, type Failure, type Meta, type Room } from './core';
/** Whether the room passes for seats offered nothing but a pass (the game's `autoPass`, `rulesOptions`). */
const autoPasses = (m: Meta): boolean => m.options.autoPass === true;

/** The ways of passing a prompt may offer: a pass, and 驱鬼's "always pass" in a ⚡ window. */
const PASSES = ['pass', 'passAlways'];

/**
 * The room's pass for `p` when it offers nothing but a pass — a response, a 无懈可击 or ⚡ window, a rescue — and is
 * not the seat's own turn (`play`, which a person ends). It passes once, never "always".
 */
function roomPass(p: Prompt): Answer | null {
  return p.kind !== 'play' && p.options.some((o) => o.id === 'pass') && p.options.every((o) => PASSES.includes(o.id))
    ? { prompt: p.id, option: 'pass' }
    : null;
}

/**
 * What answers `p` for its seat when the person does not: the seat's standing orders (`standingAnswer`), else the
 * room's autoPass; `human` when it waits for a person-like pause first (a `human`-timed order, every autoPass).
 */
function orderFor(r: Room, def: GameDef, s: GameState<any>, p: Prompt): { answer: Answer; human: boolean } | null {
  const orders = r.seats.settingsOf(p.seat).orders;
  const sa = orders.length ? standingAnswer(def, s, p, orders) : null;
  if (sa) return { answer: sa.answer, human: sa.order.timing === 'human' };
  const pass = autoPasses(r.store.m) ? roomPass(p) : null;
  return pass ? { answer: pass, human: true } : null;
}

/** Whether anything but the person may answer a human seat's prompt: some seat's orders, or the room's autoPass. */
const anyOrders = (r: Room): boolean => autoPasses(r.store.m) || r.seats.anyOrders();

/** Bot seats, standing orders and stand-ins, with the prompts each could not answer (a rules bug) parked. */
export class Bots {
  /** A bot prompt no answer could satisfy (a rules bug): skipped so the alarm does not spin. */
  private stuckBotPrompt: string | null = null;
  /** Likewise for a standing order the rules refused (a bug in a game's matcher). */
  private stuckOrderPrompt: string | null = null;
  /** Likewise for an away seat's prompt its stand-in could not answer. */
  private stuckStandInPrompt: string | null = null;

  constructor(private readonly r: Room) {}

  /**
   * Bot seats, stand-ins of away seats, and standing orders of human seats answer at once, up to `cap` moves;
   * returns how many were made. An order's answer goes through `commit` like the player's own (`by: 'order'`: no
   * room line, so the table cannot tell it from a quick hand answer; the seat's stand-in count is left alone); a
   * `human`-timed order's only once its moment has come, and that moment is planned here for every
   * prompt that newly has one. A stand-in's goes through `commit` too (`by: 'stand-in'`, with its public line).
   */
  runBots(cap: number): number {
    // No bot seat, no orders, no stand-in (most answers of most games): nobody answers but people.
    if (!this.mayAnswerAlone()) {
      planHumanOrders(this.r);
      return 0;
    }
    let n = 0;
    // Orders are not capped like bots: each one is an off-turn answer, and a person's next decision comes soon.
    let byOrders = 0;
    const st = this.r.store;
    while (n < cap) {
      const away = standInMove(this.r, this.stuckStandInPrompt);
      if (away) {
        // A prompt no answer satisfies (a rules bug) is parked; stop here rather than spin between such prompts.
        if (!playStandIn(this.r, away)) {
          this.stuckStandInPrompt = away.prompt;
          break;
        }
        n++;
        continue;
      }
      const ordered = byOrders < LIMITS.botMovesPerAlarm ? this.orderMove() : null;
      if (ordered) {
        const r = this.r.commit(ordered.seat, ordered.answer, 'order');
        if (r.ok) {
          byOrders++;
          continue;
        }
        // The rules accepted it a moment ago (standingAnswer checks); park the prompt rather than spin.
        console.error(`game=[${st.m.id}] seat=[${ordered.seat}] standing order refused: ${r.message}`);
        this.stuckOrderPrompt = ordered.answer.prompt;
      }
      const s = st.game;
      const p = this.botPrompt();
      if (!s || !p || s.outcome) break;
      const def = st.def();
      const attempt = (pick: () => Answer): { ok: true } | ({ ok: false } & Failure) => {
        try {
          return this.r.commit(p.seat, pick(), 'bot');
        } catch (e) {
          return { ok: false, code: 'internal', message: String(e) };
        }
      };
      let r = attempt(() => botAnswer(def, s, p, botRng(s, p)));
      if (!r.ok) r = attempt(() => defaultAnswer(def, s, p));
      if (!r.ok) {
        // A rules bug: park this prompt so the alarm does not spin on it; the host can still end the game.
        console.error(
          `game=[${st.m.id}] bot seat=[${p.seat}] prompt=[${p.id}] has no playable answer: ${logValue(r.message)}`,
        );
        this.stuckBotPrompt = p.id;
        break;
      }
      n++;
    }
    planHumanOrders(this.r);
    return n + byOrders;
  }

  /**
   * A standing order's answer to an open prompt of a human seat, if any: an instant order's at once, a
   * `human`-timed one's once its planned moment has passed. Away seats with a stand-in are the stand-in's.
   */
  orderMove(): { seat: number; answer: Answer } | null {
    const st = this.r.store;
    const m = st.meta;
    const s = st.game;
    // No seat has orders and the room does not pass: none answers, at once or later (`dueHumanOrder` asks the same).
    if (!m || !s || m.status !== 'playing' || m.paused || s.outcome || !anyOrders(this.r)) return null;
    const def = st.def();
    const now = this.r.now();
    for (const p of s.prompts) {
      if (p.id === this.stuckOrderPrompt || this.r.seats.rows[p.seat]?.bot || standsIn(this.r, p.seat, now)) continue;
      const o = orderFor(this.r, def, s, p);
      if (o && !o.human) return { seat: p.seat, answer: o.answer };
    }
    return dueHumanOrder(this.r, now, this.stuckOrderPrompt);
  }

  /**
   * Whether anything but a person may answer a prompt now: a bot seat, a seat's standing orders, or a stand-in
   * (the host allows one and a seat has an away time). False lets `runBots` and the alarm's planning skip the
   * per-prompt checks; each of them is false then anyway (`botPrompt`, `orderMove`, `standInMove`).
   */
  mayAnswerAlone(): boolean {
    const seats = this.r.seats;
    const m = this.r.store.meta;
    return seats.bots().size > 0 || (!!m && anyOrders(this.r)) || (!!m?.host?.awayStandIn && seats.anyAway());
  }

  /** When bots, orders or stand-ins next have work (the alarm wakes then): now, a planned order's moment, or null. */
  nextWork(now: number): number | null {
    const m = this.r.store.m;
    if (m.status !== 'playing' || m.paused) return null;
    if (this.mayAnswerAlone() && (this.botPrompt() || this.orderMove() || standInMove(this.r, this.stuckStandInPrompt)))
      return now;
    let t = Infinity;
    for (const c of m.clocks)
      if (c.orderAt !== undefined && c.prompt !== this.stuckOrderPrompt) t = Math.min(t, c.orderAt);
    return Number.isFinite(t) ? t : null;
  }

  /** An open prompt of a bot seat, if any (except one that no answer could satisfy). */
  botPrompt(): OpenPrompt | undefined {
    const st = this.r.store;
    const m = st.meta;
    const s = st.game;
    if (!m || !s || m.status !== 'playing' || m.paused) return undefined;
    const bots = this.r.seats.bots();
    if (!bots.size) return undefined;
    return s.prompts.find((p) => bots.has(p.seat) && p.id !== this.stuckBotPrompt);
  }
}

/** How many stand-in log ranges a seat keeps for its hand-back (adjacent ranges merge; the oldest go first). */
const MAX_PLAYED_FOR = 400;

/** How many hand-back lines `GET /me` carries at most (the latest). */
const MAX_HANDBACK_LINES = 200;

/** A stand-in's move: the seat, the prompt, and the answers to try in turn (the first the rules accept is played). */
export interface StandInMove {
  seat: number;
  prompt: string;
  tries: (() => Answer)[];
}

/** Does a stand-in answer for `seat` now (away, and the host allows it)? Bot seats have their bot instead. */
export function standsIn(r: Room, seat: number, now: number): boolean {
  const row = r.seats.rows[seat];
  if (!row || row.bot || !r.seats.anyAway()) return false;
  return (
    awayDecision({
      awayUntil: r.seats.settingsOf(seat).awayUntil,
      now,
      hostAllowsStandIn: !!r.store.m.host?.awayStandIn,
    }) === 'standIn'
  );
}

/** The stand-in's move for the first open prompt (in the state's order) of an away seat, if any. */
export function standInMove(r: Room, skip: string | null): StandInMove | null {
  const st = r.store;
  const m = st.meta;
  const s = st.game;
  // Nobody has an away time (most games): no seat stands in.
  if (!m || !s || m.status !== 'playing' || m.paused || s.outcome || !m.host?.awayStandIn || !r.seats.anyAway())
    return null;
  const now = r.now();
  const def = st.def();
  for (const p of s.prompts) {
    if (p.id === skip || !standsIn(r, p.seat, now)) continue;
    const orders = r.seats.settingsOf(p.seat).orders;
    const tries: (() => Answer)[] = [];
    // The seat's own orders first, whatever their timing: an away seat is answered at once anyway.
    const sa = orders.length ? standingAnswer(def, s, p, orders) : null;
    if (sa) tries.push(() => sa.answer);
    if (m.options.botsForAbsent === true) tries.push(() => botAnswer(def, s, p, botRng(s, p)));
    tries.push(() => defaultAnswer(def, s, p));
    return { seat: p.seat, prompt: p.id, tries };
  }
  return null;
}

/**
 * Play a stand-in's move through `Room.commit` (`by: 'stand-in'`): the first of its answers the rules accept,
 * its log lines kept for the hand-back. False when none is accepted (a rules bug: the room parks the prompt).
 */
export function playStandIn(r: Room, mv: StandInMove): boolean {
  const from = r.log.end;
  let last = '';
  for (const pick of mv.tries) {
    let res: ReturnType<Room['commit']>;
    try {
      res = r.commit(mv.seat, pick(), 'stand-in');
    } catch (e) {
      res = { ok: false, code: 'internal', message: String(e) };
    }
    if (res.ok) {
      recordPlayedFor(r, mv.seat, from, r.log.end);
      return true;
    }
    last = res.message;
  }
  console.error(
    `game=[${r.store.m.id}] stand-in for seat=[${mv.seat}] prompt=[${mv.prompt}] has no playable answer: ${logValue(last)}`,
  );
  return false;
}

/**
 * Keep log lines [from, to) as played for `seat` by its stand-in. Written outside the move's transaction but in
 * the same event, before any await, so the Durable Object commits both together.
 */
export function recordPlayedFor(r: Room, seat: number, from: number, to: number): void {
  if (to <= from) return;
  const x = r.seats.settingsOf(seat);
  const list = (x.playedFor ?? []).map((g) => [g[0], g[1]] as [number, number]);
  const last = list[list.length - 1];
  if (last && last[1] === from) last[1] = to;
  else list.push([from, to]);
  const next: SeatSettings = { ...x, awayFrom: x.awayFrom ?? from, playedFor: list.slice(-MAX_PLAYED_FOR) };
  r.sql.exec('UPDATE seats SET settings = ? WHERE seat = ?', JSON.stringify(next), seat);
  r.seats.reload();
}

/**
 * What a returned seat is shown of its absence: its own view of the lines of the stand-in's moves since it went
 * away (the latest `MAX_HANDBACK_LINES` of them, and how many there are), or null (still away, nothing was played
 * for it, or dismissed). Only ever for the seat itself.
 */
export function handbackFor(r: Room, seat: number, now: number): { lines: LogLine[]; total: number } | null {
  const x = r.seats.settingsOf(seat);
  if (x.awayFrom === null || x.awayFrom === undefined || isAway(x.awayUntil, now)) return null;
  const ranges = (x.playedFor ?? []).filter(([, to]) => to > x.awayFrom!);
  if (!ranges.length || !r.store.game) return null;
  const from = Math.max(x.awayFrom, ranges[0]![0]);
  const over = !!r.store.game.outcome;
  const all = r.log.from(seat, from, over);
  const lines = all.filter((l) => ranges.some(([a, b]) => a <= l.i && l.i < b));
  // A long absence (a whole game played for the seat) sends its latest lines; the full log has the rest.
  return lines.length ? { lines: lines.slice(-MAX_HANDBACK_LINES), total: lines.length } : null;
}

/**
 * A seat's settings after a `PUT /me` that went from `old` to `next`: going away notes where the log stands
 * (`awayFrom`; an earlier absence not yet dismissed keeps its own); `dismiss` forgets the hand-back.
 */
export function withAwayFrom(
  old: SeatSettings,
  next: SeatSettings,
  o: { now: number; logEnd: number; dismiss: boolean },
): SeatSettings {
  const out: SeatSettings = { ...next };
  const away = isAway(next.awayUntil, o.now);
  if (o.dismiss) {
    out.playedFor = [];
    out.awayFrom = away ? o.logEnd : null;
  } else if (away && !isAway(old.awayUntil, o.now) && (old.awayFrom === null || old.awayFrom === undefined))
    out.awayFrom = o.logEnd;
  return out;
}

/** The room's own randomness in [0, 1) (never the game's RNG: drawing from it would change the game). */
const roomRandom = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

/**
 * Give every open prompt that a `human`-timed order or the room's autoPass will answer its moment (`orderAt` on
 * its clock), and forget the moment of a prompt no such order answers any more. Such a prompt's pending
 * notification is dropped: the seat's order (or the room) answers it. Call after every change (`runBots` does).
 */
export function planHumanOrders(r: Room, rand: () => number = roomRandom): void {
  const st = r.store;
  const m = st.meta;
  const s = st.game;
  // While paused the moments are kept relative (clocks.ts freeze/thaw): nothing is planned then.
  if (!m || !s || m.status !== 'playing' || m.paused || s.outcome) return;
  const plan: string[] = [];
  const forget: string[] = [];
  const none = !anyOrders(r);
  // No seat has orders and the room does not pass: nothing to plan, only moments left from orders since removed.
  if (none && !m.clocks.some((c) => c.orderAt !== undefined)) return;
  const def = st.def();
  const now = r.now();
  if (none) {
    for (const c of m.clocks)
      if (c.orderAt !== undefined && s.prompts.some((x) => x.id === c.prompt)) forget.push(c.prompt);
  } else
    for (const c of m.clocks) {
      const p = s.prompts.find((x) => x.id === c.prompt);
      if (!p) continue;
      const human = !standsIn(r, p.seat, now) && orderFor(r, def, s, p)?.human === true;
      if (human && c.orderAt === undefined) plan.push(c.prompt);
      else if (!human && c.orderAt !== undefined) forget.push(c.prompt);
    }
  if (!plan.length && !forget.length) return;
  const clockMs = m.deadlineMinutes * 60_000;
  // Nobody sees these moments (no version bump): they only decide when the alarm answers.
  st.mutate((mm) => {
    for (const c of mm.clocks) {
      if (plan.includes(c.prompt)) c.orderAt = humanMoment(r, c.seat, now, humanDelayMs(clockMs, rand()));
      else if (forget.includes(c.prompt)) delete c.orderAt;
    }
    if (plan.length) r.outbox.dropPrompts(plan);
  });
}

/**
 * When a person would answer after `delayMs`: the pause counts only while the seat is awake and here — a seat
 * everyone sees asleep until 08:00 (or away) does not answer at 03:00, so neither does its order. The host's
 * cap on quiet time is left out on purpose: the seat is still shown asleep after it.
 */
function humanMoment(r: Room, seat: number, now: number, delayMs: number): number {
  const x = r.seats.settingsOf(seat);
  return deadlineFor({ start: now, lengthMs: delayMs, quiet: x.quiet, awayUntil: x.awayUntil });
}

/** A `human`-timed order's answer whose moment has come, if any (`skip`: a prompt the rules refused). */
export function dueHumanOrder(r: Room, now: number, skip: string | null): { seat: number; answer: Answer } | null {
  const st = r.store;
  const m = st.meta;
  const s = st.game;
  if (!m || !s || m.status !== 'playing' || m.paused || s.outcome || !anyOrders(r)) return null;
  const def = st.def();
  for (const c of m.clocks) {
    if (c.orderAt === undefined || c.orderAt > now || c.prompt === skip) continue;
    const p = s.prompts.find((x) => x.id === c.prompt);
    if (!p || r.seats.rows[p.seat]?.bot || standsIn(r, p.seat, now)) continue;
    const o = orderFor(r, def, s, p);
    if (o?.human) return { seat: p.seat, answer: o.answer };
  }
  return null;
}

// ---------------------------------------------------------------- standing orders

/**
 * Standing orders (预设应对), the room's side, pure: check what a seat asks to store, and answer open prompts
 * with the seats' orders through the one path every answer takes (`apply`), so the state, the log and every
 * other seat's view are exactly those of the same answer sent by hand. The room stores each seat's orders with
 * the seat (never in the game state, never in any view but the seat's own) and calls `runOrders` after every
 * accepted answer and whenever a seat changes its orders.
 *
 * The room (above) answers with `standingAnswer` one prompt at a time through `Room.commit`, as
 * `by: 'order'` with no room line (the table must not tell); answers a `human`-timed order's prompt only at a
 * moment drawn with `humanDelayMs` (the prompt stays open to the seat until then); and drops the notification
 * of a prompt its orders answer. `runOrders` is the same loop over a bare state, for tests and measurements.
 */

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
 * When a `human`-timed order (or the room's autoPass, above) answers, after its prompt opened: a uniform draw over
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
