/**
 * Who answers a seat's prompt when its person does not: bot seats, standing orders and the stand-ins of away
 * seats. Each answer goes through the room's one path (`GameRoom.commit`) like the player's own, right after every
 * change and from the alarm.
 *
 * - An away seat whose host allows a stand-in is answered at once, every prompt whatever its hand, so the timing
 *   says nothing the public "away" flag does not. The stand-in follows the seat's own orders, else plays the bot
 *   (host chose bots for absent players) or the default, with the public `room.log.botPlayed` line. The log
 *   ranges it played (`playedFor`, from `awayFrom`) are shown to the seat alone on its return, until dismissed.
 * - A `human`-timed order (its answer depends on what only the seat knows: its identity, an empty hand) answers
 *   after a pause drawn per prompt from the room's own randomness (`humanDelayMs`), kept on the clock as
 *   `orderAt`; until then the prompt is open like any other.
 * - The game's `autoPass` is the room's (issue 26 point 2): the rules run with it off (core.ts `rulesOptions`), so
 *   every seat that could be asked is asked, and a seat offered nothing but a pass is passed for after the same
 *   pause — never at once, which would tell the table what is not in that hand.
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
  type LogLine,
  type OpenPrompt,
  type OrderDef,
  type Prompt,
  type SeatOrder,
} from '../engine';
import { logValue } from '../log';
import { deadlineFor, isAway } from './clocks';
import { LIMITS, type Meta, type MoveBy } from './core';
import type { SeatSettings } from './seats';
import type { GameRoom } from './GameRoom';

/** The ways of passing a prompt may offer: a pass, and 驱鬼's "always pass" in a ⚡ window. */
const PASSES = ['pass', 'passAlways'];

/**
 * The room's pass for `p` when it offers nothing but a pass and is not the seat's own turn (`play`, which a
 * person ends). It passes once, never "always".
 */
function roomPass(p: Prompt): Answer | null {
  return p.kind !== 'play' && p.options.some((o) => o.id === 'pass') && p.options.every((o) => PASSES.includes(o.id))
    ? { prompt: p.id, option: 'pass' }
    : null;
}

/**
 * What answers `p` when the person does not: the seat's standing orders, else the room's autoPass; `human` when it
 * waits for a person-like pause first (a `human`-timed order, every autoPass).
 */
function orderFor(r: GameRoom, def: GameDef, s: GameState<any>, p: Prompt): { answer: Answer; human: boolean } | null {
  const orders = r.seats.settingsOf(p.seat).orders;
  const sa = orders.length ? standingAnswer(def, s, p, orders) : null;
  if (sa) return { answer: sa.answer, human: sa.order.timing === 'human' };
  const pass = r.store.m.options.autoPass === true ? roomPass(p) : null;
  return pass ? { answer: pass, human: true } : null;
}

/** The running game, when something may be answered in it. */
function running(r: GameRoom): { m: Meta; s: GameState<any> } | null {
  const m = r.store.meta;
  const s = r.store.game;
  return m && s && m.status === 'playing' && !m.paused && !s.outcome ? { m, s } : null;
}

/** The first of `tries` the rules accept, committed as `by`; else the last refusal's message. */
function commitFirst(r: GameRoom, seat: number, tries: (() => Answer)[], by: MoveBy): true | string {
  let last = '';
  for (const pick of tries) {
    try {
      const res = r.commit(seat, pick(), by);
      if (res.ok) return true;
      last = res.message;
    } catch (e) {
      last = String(e);
    }
  }
  return last;
}

/**
 * Bot seats, standing orders and stand-ins, with the prompts they could not answer (a rules bug) parked so
 * the alarm does not spin on them; the host can still end the game.
 */
export class Bots {
  private readonly stuck = new Set<string>();

  constructor(private readonly r: GameRoom) {}

  /**
   * Stand-ins, standing orders and bot seats answer, up to `cap` moves (orders are not capped like bots: each is
   * an off-turn answer); returns how many were made. An order answers as `by: 'order'`, with no room line, so the
   * table cannot tell it from a quick hand answer. Then the moments of `human`-timed answers are planned.
   */
  runBots(cap: number): number {
    let n = 0;
    let byOrders = 0;
    const st = this.r.store;
    while (n < cap) {
      const away = standInMove(this.r, this.stuck);
      if (away) {
        const from = this.r.log.end;
        const res = commitFirst(this.r, away.seat, away.tries, 'stand-in');
        if (res !== true) {
          console.error(
            `game=[${st.m.id}] stand-in for seat=[${away.seat}] prompt=[${away.prompt}] has no playable answer: ${logValue(res)}`,
          );
          this.stuck.add(away.prompt);
          break;
        }
        recordPlayedFor(this.r, away.seat, from, this.r.log.end);
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
        // The rules accepted it a moment ago (standingAnswer checks).
        console.error(`game=[${st.m.id}] seat=[${ordered.seat}] standing order refused: ${r.message}`);
        this.stuck.add(ordered.answer.prompt);
      }
      const s = st.game;
      const p = this.botPrompt();
      if (!s || !p) break;
      const def = st.def();
      const res = commitFirst(
        this.r,
        p.seat,
        [() => botAnswer(def, s, p, botRng(s, p)), () => defaultAnswer(def, s, p)],
        'bot',
      );
      if (res !== true) {
        console.error(
          `game=[${st.m.id}] bot seat=[${p.seat}] prompt=[${p.id}] has no playable answer: ${logValue(res)}`,
        );
        this.stuck.add(p.id);
        break;
      }
      n++;
    }
    planHumanOrders(this.r);
    return n + byOrders;
  }

  /**
   * A standing order's answer to an open prompt of a human seat: an instant order's at once, a `human`-timed
   * one's once its planned moment has passed. Away seats with a stand-in are the stand-in's.
   */
  orderMove(): { seat: number; answer: Answer } | null {
    const g = running(this.r);
    if (!g) return null;
    const def = this.r.store.def();
    const now = this.r.now();
    for (const p of g.s.prompts) {
      if (this.stuck.has(p.id) || this.r.seats.rows[p.seat]?.bot || standsIn(this.r, p.seat, now)) continue;
      const o = orderFor(this.r, def, g.s, p);
      if (o && !o.human) return { seat: p.seat, answer: o.answer };
    }
    for (const c of g.m.clocks) {
      if (c.orderAt === undefined || c.orderAt > now || this.stuck.has(c.prompt)) continue;
      const p = g.s.prompts.find((x) => x.id === c.prompt);
      if (!p || this.r.seats.rows[p.seat]?.bot || standsIn(this.r, p.seat, now)) continue;
      const o = orderFor(this.r, def, g.s, p);
      if (o?.human) return { seat: p.seat, answer: o.answer };
    }
    return null;
  }

  /** When bots, orders or stand-ins next have work (the alarm wakes then): now, a planned order's moment, or null. */
  nextWork(now: number): number | null {
    const m = this.r.store.m;
    if (m.status !== 'playing' || m.paused) return null;
    if (this.botPrompt() || this.orderMove() || standInMove(this.r, this.stuck)) return now;
    let t = Infinity;
    for (const c of m.clocks) if (c.orderAt !== undefined && !this.stuck.has(c.prompt)) t = Math.min(t, c.orderAt);
    return Number.isFinite(t) ? t : null;
  }

  /** An open prompt of a bot seat, if any. */
  botPrompt(): OpenPrompt | undefined {
    return running(this.r)?.s.prompts.find((p) => this.r.seats.rows[p.seat]?.bot && !this.stuck.has(p.id));
  }
}

/** How many stand-in log ranges a seat keeps for its hand-back (adjacent ranges merge; the oldest go first). */
const MAX_PLAYED_FOR = 400;
/** How many hand-back lines `GET /me` carries at most (the latest). */
const MAX_HANDBACK_LINES = 200;

/** Does a stand-in answer for `seat` now (away, and the host allows it)? Bot seats have their bot instead. */
function standsIn(r: GameRoom, seat: number, now: number): boolean {
  const row = r.seats.rows[seat];
  if (!row || row.bot) return false;
  return !!r.store.m.host?.awayStandIn && isAway(r.seats.settingsOf(seat).awayUntil, now);
}

/** The stand-in's move for the first open prompt of an away seat: the answers to try in turn. */
function standInMove(
  r: GameRoom,
  skip: ReadonlySet<string>,
): { seat: number; prompt: string; tries: (() => Answer)[] } | null {
  const g = running(r);
  if (!g || !g.m.host?.awayStandIn) return null;
  const now = r.now();
  const def = r.store.def();
  const s = g.s;
  for (const p of s.prompts) {
    if (skip.has(p.id) || !standsIn(r, p.seat, now)) continue;
    const orders = r.seats.settingsOf(p.seat).orders;
    const tries: (() => Answer)[] = [];
    // The seat's own orders first, whatever their timing: an away seat is answered at once anyway.
    const sa = orders.length ? standingAnswer(def, s, p, orders) : null;
    if (sa) tries.push(() => sa.answer);
    if (g.m.options.botsForAbsent === true) tries.push(() => botAnswer(def, s, p, botRng(s, p)));
    tries.push(() => defaultAnswer(def, s, p));
    return { seat: p.seat, prompt: p.id, tries };
  }
  return null;
}

/**
 * Keep log lines [from, to) as played for `seat` by its stand-in. Written after the move's transaction but in the
 * same event, before any await, so the Durable Object commits both together.
 */
function recordPlayedFor(r: GameRoom, seat: number, from: number, to: number): void {
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
 * What a returned seat is shown of its absence, to it alone: its own view of the stand-in's lines since it went
 * away (the latest `MAX_HANDBACK_LINES`, and how many), or null (still away, nothing played, or dismissed).
 */
export function handbackFor(r: GameRoom, seat: number, now: number): { lines: LogLine[]; total: number } | null {
  const x = r.seats.settingsOf(seat);
  if (x.awayFrom === null || x.awayFrom === undefined || isAway(x.awayUntil, now)) return null;
  const ranges = (x.playedFor ?? []).filter(([, to]) => to > x.awayFrom!);
  if (!ranges.length || !r.store.game) return null;
  const from = Math.max(x.awayFrom, ranges[0]![0]);
  const all = r.log.from(seat, from, !!r.store.game.outcome);
  const lines = all.filter((l) => ranges.some(([a, b]) => a <= l.i && l.i < b));
  return lines.length ? { lines: lines.slice(-MAX_HANDBACK_LINES), total: lines.length } : null;
}

/**
 * A seat's settings after a `PUT /me` from `old` to `next`: going away notes where the log stands (`awayFrom`; an
 * absence not yet dismissed keeps its own); `dismiss` forgets the hand-back.
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
 * Give every open prompt a `human`-timed order or the room's autoPass will answer its moment (`orderAt`), and
 * forget the moment of one no such order answers any more. Its pending notification is dropped: the order answers.
 * Nobody sees these moments (no version bump): they only decide when the alarm answers.
 */
function planHumanOrders(r: GameRoom): void {
  const st = r.store;
  // While paused the moments are kept relative (clocks.ts freeze/thaw): nothing is planned then.
  const g = running(r);
  if (!g) return;
  const { m, s } = g;
  const plan: string[] = [];
  const forget: string[] = [];
  const def = st.def();
  const now = r.now();
  for (const c of m.clocks) {
    const p = s.prompts.find((x) => x.id === c.prompt);
    if (!p) continue;
    const human = !standsIn(r, p.seat, now) && orderFor(r, def, s, p)?.human === true;
    if (human && c.orderAt === undefined) plan.push(c.prompt);
    else if (!human && c.orderAt !== undefined) forget.push(c.prompt);
  }
  if (!plan.length && !forget.length) return;
  const clockMs = m.deadlineMinutes * 60_000;
  st.mutate((mm) => {
    for (const c of mm.clocks) {
      if (plan.includes(c.prompt)) c.orderAt = humanMoment(r, c.seat, now, humanDelayMs(clockMs, roomRandom()));
      else if (forget.includes(c.prompt)) delete c.orderAt;
    }
    if (plan.length) r.outbox.dropPrompts(plan);
  });
}

/**
 * When a person would answer after `delayMs`: the pause counts only while the seat is awake and here, so an order
 * does not answer at 03:00 for a seat everyone sees asleep. The host's cap on quiet time is left out on purpose:
 * the seat is still shown asleep after it.
 */
function humanMoment(r: GameRoom, seat: number, now: number, delayMs: number): number {
  const x = r.seats.settingsOf(seat);
  return deadlineFor({ start: now, lengthMs: delayMs, quiet: x.quiet, awayUntil: x.awayUntil });
}

// ---------------------------------------------------------------- standing orders

/**
 * Standing orders (预设应对), pure: check what a seat asks to store, and find the answer its orders give to an open
 * prompt, checked by the rules (`apply`), so the state, the log and every view are exactly those of the same
 * answer sent by hand. Orders are stored with the seat, never in the game state or any view but the seat's own.
 */
/** How much of an unknown name goes back in an error message. */
const MAX_PARAM_LENGTH = 64;

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Check the orders a seat sends: known ids, once each, one per group, parameters from their lists. Returns them
 * in the game's order, or a reason for the 400.
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

interface StandingAnswer {
  answer: Answer;
  /** The order that gave it. */
  order: OrderDef;
}

/** The answer a seat's orders give to its open prompt `p`, checked by the rules; null when none applies. */
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

/** The longest person-like pause, whatever the clock: a slow game waits minutes for it, never hours. */
const PAUSE_MAX_MS = 15 * 60_000;

/**
 * How long after its prompt opened a `human`-timed order (or the room's autoPass) answers: a uniform draw over the
 * span a person takes, scaled to the game's clock — from a minute (or a sixtieth of the clock) to a twelfth of it,
 * at most a quarter of an hour: 2–10 s with 2-minute clocks, 1–15 min in a slow game. Its speed then cannot tell it
 * from a hand answer, it never eats the deadline, and a 无懈可击 window never waits hours. `rand` is in [0, 1).
 * @example humanDelayMs(12 * 3_600_000, 0.5) // 8 min
 */
export function humanDelayMs(clockMs: number, rand: number): number {
  const lo = Math.min(60_000, clockMs / 60);
  const hi = Math.max(lo, Math.min(clockMs / 12, PAUSE_MAX_MS));
  return Math.round(lo + (hi - lo) * Math.min(Math.max(rand, 0), 0.999999));
}
