/**
 * The room's pure core: what follows an event, decided from what the table is now and returned as data. No
 * SQLite, socket, alarm or clock in here (the time comes in `Table.now`), so all of it runs in plain Node.
 *
 * An answer goes through `checkAnswer` (steps 3–5 of the fixed order: running? → asked? → version?) and then
 * `decideMove` (step 6, `apply`, and everything that follows from it: the log lines, the move row, the seat's
 * expiry count, the meta row with its clocks, whom to notify). The adapters carry the returned `Change` out:
 * store.ts writes it in one transaction (persist), sockets.ts then sends each socket its seat's view, and
 * clocks.ts points the alarm at the next work. The clocks' arithmetic (open, pause, resume, extend, re-plan)
 * lives here too, since every change of a clock is a change of the meta row a `Change` carries.
 */
import {
  apply,
  waitingSeats,
  type Answer,
  type GameDef,
  type GameState,
  type LogEntry,
  type Msg,
  type OpenPrompt,
} from '../engine';
import type { NotifyKind } from './notifier';
import { deadlineFor } from './quiet';
import type { ErrorCode } from './reply';
import type { SeatSettings } from './settings';
import { LIMITS } from './limits';
import { iso, type Clock, type Meta, type MoveBy } from './types';

/** What the core knows of one seat. */
export interface SeatFacts {
  seat: number;
  bot: boolean;
  standIn: boolean;
  expiries: number;
  settings: SeatSettings;
}

/** Everything the core decides from: the table at one moment. */
export interface Table {
  def: GameDef;
  meta: Meta;
  /** The rules' state (null: not started). */
  state: GameState<any> | null;
  seats: readonly SeatFacts[];
  /** Seats with a visible live socket: they see a prompt without being notified. */
  looking: ReadonlySet<number>;
  now: number;
}

/** A notification to queue (the outbox writes one row per target of the seat; a seat without one gets none). */
export interface Notice {
  seat: number;
  kind: NotifyKind;
  about: { id?: string; message: Msg; deadlineAt?: number } | null;
  /** The open prompt it is about: dropped unsent if that prompt closes first. */
  prompt: string | null;
}

/** What an event changes, as the adapters carry it out (persist first, then sockets, then the alarm). */
export interface Change {
  /** The meta row after the change (a copy; the one held is replaced once the change is stored). */
  meta: Meta;
  /** The rules' state after it (absent: unchanged). */
  state?: GameState<any>;
  /** The move row (the answer), when a move was made. */
  move?: { seat: number; answer: Answer; by: MoveBy; at: string };
  /** New log lines, in order (the log gives them their indices). */
  lines: Line[];
  /** A seat row's new expiry count and stand-in flag. */
  seat?: { seat: number; expiries: number; standIn: boolean };
  /** Prompts that closed: their unsent notifications are noise now. */
  closed: string[];
  notices: Notice[];
}

/** A log line before the log gives it its index. */
export type Line = Pick<LogEntry, 'at' | 'to' | 'msg'>;

export type Refusal = { code: ErrorCode; message: string; stale?: true };

const HOUR = 3_600_000;

/** The public line the room writes before a move it made for an absent seat (strings in the shell's i18n). */
const ROOM_LINE: Partial<Record<MoveBy, string>> = {
  expired: 'room.log.timedOut',
  'absent-bot': 'room.log.botPlayed',
  'stand-in': 'room.log.botPlayed',
};

const ENGINE_CODE: Record<string, ErrorCode> = {
  not_your_prompt: 'not_your_prompt',
  illegal: 'illegal',
  finished: 'conflict',
};

/**
 * Steps 3–5 of the fixed order for an answer of `seat` made at `version`: is the game running, is this seat
 * asked this prompt, is the answer not stale? Null when it may be applied.
 */
export function checkAnswer(t: Table, seat: number, version: number, answer: Answer): Refusal | null {
  const m = t.meta;
  // 3. is the game running?
  if (m.status === 'lobby') return { code: 'conflict', message: 'the game has not started' };
  if (m.status === 'finished') return { code: 'conflict', message: 'the game is over' };
  if (m.paused) return { code: 'conflict', message: 'the game is paused' };
  const stale = version < m.gameVersion || version > m.version;
  const movedOn: Refusal = { code: 'stale', message: 'the game moved on; here is the current state', stale: true };
  // 4. is this seat asked this prompt? Another seat's open prompt is answered exactly like one that does not
  // exist (a difference would tell who else is asked, e.g. who holds 无懈可击).
  const p = t.state?.prompts.find((x) => x.id === answer.prompt && x.seat === seat);
  if (!p)
    return stale ? movedOn : { code: 'not_your_prompt', message: 'no open prompt with this id is addressed to you' };
  // 5. does the version match? Chat and joins never make an answer stale. A game change does, except for a
  // prompt that was already open at the client's version and still is: prompts never change once asked, so the
  // client answered exactly this question (simultaneous picks and votes must not bounce off each other).
  const opened = m.clocks.find((c) => c.prompt === p.id)?.openedVersion;
  const stillAsked = opened !== undefined && opened <= version && version <= m.version;
  return stale && !stillAsked ? movedOn : null;
}

/**
 * Step 6 and what follows from it: `seat` answers `answer` (`by` says who chose it). Returns the change to persist,
 * or why the rules refused. Tells an absent player what was decided for them, and everyone absent how the game
 * ended.
 */
export function decideMove(t: Table, seat: number, answer: Answer, by: MoveBy): Change | Refusal {
  const before = t.state!;
  let r: ReturnType<typeof apply>;
  try {
    r = apply(t.def, before, seat, answer);
  } catch (e) {
    console.error(`game=[${t.meta.id}] seat=[${seat}] rules error: ${String(e)}`);
    return { code: 'internal', message: 'the rules failed on this answer' };
  }
  if (!r.ok) return { code: ENGINE_CODE[r.error.code] ?? 'illegal', message: r.error.reason };
  const s = r.value.state;
  // In a window (`windowSeats`) a clock that ran out writes no room line and does not count towards the stand-in:
  // the room passes for a seat with nothing to answer with before its clock runs out, so "time ran out for X" (or
  // X's stand-in after three) would say that X held something. The stand-in's line stays: whose seat a stand-in
  // plays is public (away), and it answers every prompt at once.
  const quiet = by !== 'stand-in' && windowSeats(t.def, before).includes(seat);
  const roomLine = quiet ? undefined : ROOM_LINE[by];
  const lines: Line[] = roomLine
    ? [{ at: before.step, to: 'public', msg: { key: roomLine, params: { seat } } }, ...r.value.events]
    : r.value.events;
  // A player's answer hands a stand-in seat back; an expiry counts towards the stand-in.
  const row = t.seats[seat];
  let seatChange: Change['seat'];
  if (row && by === 'player' && (row.expiries || row.standIn)) seatChange = { seat, expiries: 0, standIn: false };
  else if (row && (by === 'expired' || by === 'absent-bot') && !row.bot && !quiet)
    seatChange = {
      seat,
      expiries: row.expiries + 1,
      standIn: row.expiries + 1 >= LIMITS.expiriesToStandIn || row.standIn,
    };
  const seats = seatChange
    ? t.seats.map((x) => (x.seat === seat ? { ...x, standIn: seatChange.standIn, expiries: seatChange.expiries } : x))
    : t.seats;
  const m = structuredClone(t.meta);
  m.version++;
  m.gameVersion = m.version;
  if (s.outcome) m.status = 'finished';
  const table = { ...t, seats };
  const { closed, notices } = syncClocks(table, s, m);
  if (by === 'expired' || by === 'absent-bot') {
    const asked = before.prompts.find((x) => x.id === answer.prompt);
    if (asked && !t.looking.has(seat))
      notices.push({ seat, kind: 'expired', about: { message: asked.message }, prompt: null });
  }
  if (s.outcome && !before.outcome)
    for (const x of seats)
      if (!x.bot && !t.looking.has(x.seat))
        notices.push({ seat: x.seat, kind: 'ended', about: { message: s.outcome.reason }, prompt: null });
  return {
    meta: m,
    state: s,
    move: { seat, answer, by, at: iso(t.now) },
    lines,
    ...(seatChange ? { seat: seatChange } : {}),
    closed,
    notices,
  };
}

/** Reminders, as "ms before the deadline": at half time, and with an hour left when that is a different moment. */
export function reminderOffsets(lengthMs: number): number[] {
  const out: number[] = [];
  if (lengthMs >= 10 * 60_000) out.push(Math.floor(lengthMs / 2));
  if (lengthMs > 2 * HOUR) out.push(HOUR);
  return out;
}

/** How long a prompt's clock runs: the game's deadline, or the stand-in's short grace. */
const clockLength = (m: Meta, standIn: boolean): number =>
  standIn ? Math.min(LIMITS.standInGraceMs, m.deadlineMinutes * 60_000) : m.deadlineMinutes * 60_000;

/**
 * When a clock of `seat` that starts at `start` runs out: its length counted outside the seat's quiet hours
 * (each night cut to the host's cap) and, unless the host lets a stand-in answer for away seats, not before the
 * seat is back (quiet.ts).
 */
export function deadlineAt(t: Pick<Table, 'seats'>, m: Meta, seat: number, start: number, lengthMs: number): number {
  const x = t.seats[seat]?.settings;
  const cap = m.host?.quietCapMinutes;
  return deadlineFor({
    start,
    lengthMs,
    quiet: x?.quiet ?? null,
    quietCapMs: cap === null || cap === undefined ? null : cap * 60_000,
    awayUntil: m.host?.awayStandIn ? null : (x?.awayUntil ?? null),
  });
}

/**
 * The seats of an open window: several seats the table is publicly waiting on (`waitingSeats`) when the game says
 * whom it waits on itself (`GameDef.waitingOn`) — then that list may hold seats that were not asked, and who was
 * asked is hidden. 三国杀's 无懈可击 window is one (ruling S7: everyone alive is considering; with autoPass only the
 * seats that could answer are asked). Empty otherwise: where the waiting list is the asked seats, each seat's
 * clock is its own and tells nothing. Issue 26 point 1.
 */
export function windowSeats(def: GameDef, s: GameState<any> | null): number[] {
  if (!s || !def.waitingOn || s.outcome) return [];
  const w = waitingSeats(def, s);
  return w.length > 1 ? w : [];
}

/**
 * The one clock of a window (`windowSeats`), started at `now` with `left` to run (default: a whole clock): the
 * latest of the clocks each of its seats would have, whether it was asked or not. A deadline that followed the asked
 * seats' quiet hours, away time or stand-in grace would tell who holds a 无懈可击; with one clock, everything public
 * about time (the bodies' `deadline`, the list of games, the table channel's "… min left", the moment the prompts
 * expire) reads the same whoever was asked. Bot seats have no clock. `at` is -Infinity for no seat.
 */
export function windowClock(
  t: Pick<Table, 'seats'>,
  m: Meta,
  window: readonly number[],
  now: number,
  left?: number,
): { at: number; len: number } {
  let at = -Infinity;
  let len = 0;
  for (const w of window) {
    const x = t.seats[w];
    if (!x || x.bot) continue;
    const full = clockLength(m, x.standIn);
    const run = left === undefined ? full : Math.min(left, full);
    at = Math.max(at, x.standIn ? now + run : deadlineAt(t, m, w, now, run));
    len = Math.max(len, run);
  }
  return { at, len };
}

/**
 * The table's public deadline: the earliest running clock (null: none runs, or the game is paused). A window's
 * clocks are one (`windowClock`), so it is the window's whoever was asked. The bodies, the list of games and the
 * table channel all show this one.
 */
export function publicDeadline(clocks: readonly Clock[]): number | null {
  let min = Infinity;
  for (const c of clocks) if (typeof c.deadlineAt === 'number' && c.deadlineAt < min) min = c.deadlineAt;
  return min === Infinity ? null : min;
}

/**
 * Make `m.clocks` match the open prompts of human seats in `s`: a new prompt gets a clock (and its seat a
 * notification when it is not looking), a closed prompt loses its clock (and its unsent notifications), a seat
 * that became (or stopped being) a stand-in has its clocks shortened to the grace (or restored) — except in a
 * window of several seats, whose one clock (`windowClock`, fixed when it opened) nothing about one seat moves.
 * Changes `m`.
 */
export function syncClocks(
  t: Pick<Table, 'def' | 'seats' | 'looking' | 'now'>,
  s: GameState<any>,
  m: Meta,
): { closed: string[]; notices: Notice[] } {
  const now = t.now;
  const isBot = (seat: number) => !!t.seats[seat]?.bot;
  const prompts: readonly OpenPrompt[] = s.outcome || m.status !== 'playing' ? [] : s.prompts;
  const open = new Set(prompts.filter((p) => !isBot(p.seat)).map((p) => p.id));
  const closed = m.clocks.filter((c) => !open.has(c.prompt)).map((c) => c.prompt);
  const kept = m.clocks.filter((c) => open.has(c.prompt));
  let window: number[] | null = null;
  const windowNow = () => (window ??= windowSeats(t.def, s));
  for (const c of kept) {
    const standIn = !!t.seats[c.seat]?.standIn;
    if (standIn === c.standIn) continue;
    const len = clockLength(m, standIn);
    c.reminders = standIn ? [] : reminderOffsets(len);
    c.standIn = standIn;
    if (windowNow().includes(c.seat)) continue;
    if (c.deadlineAt === null) c.remainingMs = standIn ? Math.min(len, c.remainingMs) : len;
    else {
      c.deadlineAt = standIn ? Math.min(c.deadlineAt, now + len) : now + len;
      c.remainingMs = len;
    }
  }
  const had = new Set(kept.map((c) => c.prompt));
  const notices: Notice[] = [];
  const told = new Set<number>();
  // The one clock of the prompts opening now (worked out at the first of them).
  let one: { at: number; len: number } | null = null;
  for (const p of prompts) {
    if (isBot(p.seat) || had.has(p.id)) continue;
    const standIn = !!t.seats[p.seat]?.standIn;
    const len = clockLength(m, standIn);
    one ??= windowClock(t, m, windowNow(), now);
    const own = standIn ? now + len : deadlineAt(t, m, p.seat, now, len);
    const c: Clock = {
      prompt: p.id,
      seat: p.seat,
      deadlineAt: m.paused ? null : Math.max(own, one.at),
      remainingMs: Math.max(len, one.len),
      reminders: standIn ? [] : reminderOffsets(len),
      standIn,
      openedVersion: m.version,
    };
    kept.push(c);
    // Each seat's first new prompt without a stand-in, in the prompts' order, is the one its notification is about.
    if (standIn || told.has(p.seat)) continue;
    told.add(p.seat);
    if (!t.looking.has(p.seat))
      notices.push({
        seat: p.seat,
        kind: 'prompt',
        about: { id: p.id, message: p.message, ...(c.deadlineAt ? { deadlineAt: c.deadlineAt } : {}) },
        prompt: p.id,
      });
  }
  m.clocks = kept;
  return { closed, notices };
}

/**
 * Settings changed (a seat's quiet hours or absence, the host's cap): re-plan the running clocks of `seats` (null:
 * every seat). An open window (`windowSeats`) is re-planned whole, to one clock again, whenever a seat of it
 * changed — asked or not, so the change of a seat that was not asked moves the same clock.
 */
export function replanClocks(
  t: Pick<Table, 'seats'>,
  m: Meta,
  now: number,
  window: readonly number[],
  seats: number[] | null = null,
): void {
  if (m.paused) return;
  // What is left of a clock, counted as it ran so far (ignoring quiet time already slept).
  const leftOf = (c: Clock) => Math.max(0, Math.min(c.remainingMs, c.deadlineAt! - now));
  if (!seats || seats.some((x) => window.includes(x))) {
    const running = m.clocks.filter((c) => c.deadlineAt !== null && window.includes(c.seat));
    if (running.length) {
      const { at } = windowClock(t, m, window, now, Math.max(...running.map(leftOf)));
      for (const c of running) c.deadlineAt = at;
    }
  }
  for (const c of m.clocks) {
    if (c.deadlineAt === null || c.standIn || (seats && !seats.includes(c.seat)) || window.includes(c.seat)) continue;
    c.deadlineAt = deadlineAt(t, m, c.seat, now, leftOf(c));
  }
}

/** Pause: every clock keeps what is left and forgets the absolute time. */
export function freezeClocks(m: Meta, now: number): void {
  for (const c of m.clocks) {
    if (c.deadlineAt !== null) [c.remainingMs, c.deadlineAt] = [Math.max(0, c.deadlineAt - now), null];
    // A human-timed order's moment keeps what is left of its pause too (relative while paused; bots.ts).
    if (c.orderAt !== undefined) c.orderAt = Math.max(0, c.orderAt - now);
  }
}

/** Resume: every clock runs again from now with what it had left. */
export function thawClocks(m: Meta, now: number): void {
  for (const c of m.clocks) {
    if (c.deadlineAt === null) c.deadlineAt = now + c.remainingMs;
    if (c.orderAt !== undefined) c.orderAt += now;
  }
}

/**
 * The host gives `ms` more to every clock (of `seat`, when named). A seat of an open window (`windowSeats`) moves
 * the window's one clock, whether or not it was asked.
 */
export function extendClocks(m: Meta, ms: number, seat: number | null, window: readonly number[]): void {
  const whole = seat !== null && window.includes(seat);
  for (const c of m.clocks) {
    if (seat !== null && c.seat !== seat && !(whole && window.includes(c.seat))) continue;
    if (c.deadlineAt !== null) c.deadlineAt += ms;
    else c.remainingMs += ms;
  }
}

/**
 * Reminders that are due: struck from their clocks, and queued for seats that are not looking. Null when none is
 * due (nothing changes).
 */
export function dueReminders(t: Table): Change | null {
  const m0 = t.meta;
  if (m0.status !== 'playing' || m0.paused) return null;
  const now = t.now;
  if (!m0.clocks.some((c) => c.deadlineAt !== null && c.reminders.some((o) => c.deadlineAt! - o <= now))) return null;
  const m = structuredClone(m0);
  const notices: Notice[] = [];
  for (const c of m.clocks) {
    if (c.deadlineAt === null || !c.reminders.some((o) => c.deadlineAt! - o <= now)) continue;
    c.reminders = c.reminders.filter((o) => c.deadlineAt! - o > now);
    const p = t.state?.prompts.find((x) => x.id === c.prompt);
    if (p && !t.looking.has(c.seat))
      notices.push({
        seat: c.seat,
        kind: 'reminder',
        about: { id: p.id, message: p.message, deadlineAt: c.deadlineAt },
        prompt: p.id,
      });
  }
  return { meta: m, lines: [], closed: [], notices };
}

/** The clock that ran out first (its deadline passed by `now`), if any: the alarm closes its prompt. */
export function expiredClock(m: Meta, now: number): Clock | null {
  if (m.status !== 'playing' || m.paused) return null;
  let due: Clock | null = null;
  for (const c of m.clocks)
    if (c.deadlineAt !== null && c.deadlineAt <= now && (!due || c.deadlineAt < due.deadlineAt!)) due = c;
  return due;
}
