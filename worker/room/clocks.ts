/**
 * Time, pure: wall time in IANA zones, quiet hours and away (issue 11), and each prompt's clock with its
 * arithmetic. Nothing here reads the clock or touches storage: the room passes `now` and stores what comes back.
 *
 * While a seat's quiet hours last (in its own zone) its clock stops and it gets no push; the host may cap that per
 * day so a game cannot stall. An away seat's clock does not run out (or, if the host allows, a stand-in answers).
 * `Intl.DateTimeFormat` (workerd ships full zone data) puts daylight-saving changes where they really fall.
 */
import type { GameDef, GameState, OpenPrompt } from '../engine';
import { waitingSeats } from '../engine';
import type { Clock, Meta, Notice, Table } from './core';

// ---------------------------------------------------------------- wall time in zones

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

export interface Wall {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
}

/** The wall clock in `zone` at instant `t` (to the second). */
export function wallAt(zone: string, t: number): Wall & { ss: number } {
  const p: Record<string, number> = {};
  for (const x of formatter(zone).formatToParts(new Date(t))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return { y: p.year!, m: p.month!, d: p.day!, hh: p.hour! % 24, mm: p.minute!, ss: p.second! };
}

/** The zone's offset from UTC at instant `t`, in ms (Berlin in summer: +2 h). */
export function offsetAt(zone: string, t: number): number {
  const w = wallAt(zone, t);
  return Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a local wall time happens in `zone`: a time that happens twice at its first occurrence, one that
 * does not exist (skipped in spring) at the moment the clocks jump.
 */
export function instantOf(zone: string, w: Wall): number {
  const wall = Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm);
  // Offsets change at most a few times a year, so the offsets a day either side cover both sides of a change.
  const cands = new Set([wall - DAY, wall, wall + DAY].map((probe) => wall - offsetAt(zone, probe)));
  const exact = [...cands].filter((t) => t + offsetAt(zone, t) === wall).sort((a, b) => a - b);
  if (exact.length) return exact[0]!;
  // In a gap: the jump happens between the instants of the two offsets; find it by bisection to the minute.
  let lo = Math.min(...cands);
  let hi = Math.max(...cands);
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (mid + offsetAt(zone, mid) < wall) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Local wall time 'HH:MM' of instant `t` in `zone`, for "asleep until 08:00 their time". */
export function localClock(zone: string, t: number): string {
  const w = wallAt(zone, t);
  return `${String(w.hh).padStart(2, '0')}:${String(w.mm).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- quiet hours and away

/** Quiet hours of one seat: local wall times 'HH:MM' in an IANA zone. `end` ≤ `start` means "the next day". */
export interface QuietHours {
  start: string;
  end: string;
  zone: string;
}

export interface Interval {
  from: number;
  to: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Quiet hours a seat may set per day. */
export const MAX_QUIET_MINUTES = 16 * 60;
/** How far ahead a deadline is searched for: a year of nights is far beyond any clock the site offers. */
const HORIZON_DAYS = 400;

const hm = (s: string): [number, number] => {
  const m = HHMM.exec(s)!;
  return [Number(m[1]), Number(m[2])];
};

/** What the page proposes: 23:00–08:00 in the browser's zone. */
export const proposedQuiet = (zone: string): QuietHours => ({ start: '23:00', end: '08:00', zone });

/**
 * Check quiet hours a seat sends: null, or `{start, end, zone}` ('HH:MM', a known zone, start ≠ end).
 * @example parseQuietHours({ start: '23:00', end: '08:00', zone: 'Asia/Shanghai' })
 */
export function parseQuietHours(raw: unknown): QuietHours | null | string {
  if (raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'quiet must be null or {start, end, zone}';
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!['start', 'end', 'zone'].includes(k)) return `unknown field ${k.slice(0, 32)} in quiet`;
  if (typeof o.start !== 'string' || !HHMM.test(o.start)) return "quiet.start must be a time 'HH:MM' (00:00–23:59)";
  if (typeof o.end !== 'string' || !HHMM.test(o.end)) return "quiet.end must be a time 'HH:MM' (00:00–23:59)";
  if (o.start === o.end) return 'quiet.start and quiet.end must differ';
  if (!isTimeZone(o.zone)) return 'quiet.zone must be an IANA time zone such as Europe/Berlin';
  const q = { start: o.start, end: o.end, zone: o.zone };
  // A day needs waking hours for the game to move at all (and for the deadline search to stay short).
  if (quietMinutes(q) > MAX_QUIET_MINUTES) return `quiet hours last at most ${MAX_QUIET_MINUTES / 60} hours a day`;
  return q;
}

/** The quiet length in wall minutes (an ordinary day; a DST night is an hour longer or shorter in real time). */
export function quietMinutes(q: QuietHours): number {
  const [sh, sm] = hm(q.start);
  const [eh, em] = hm(q.end);
  const d = eh * 60 + em - (sh * 60 + sm);
  return d > 0 ? d : d + 24 * 60;
}

/** The quiet intervals overlapping [from, to), in order, each cut to its first `capMs` (the host's cap per night). */
export function quietIntervals(q: QuietHours, from: number, to: number, capMs: number | null = null): Interval[] {
  const [sh, sm] = hm(q.start);
  const [eh, em] = hm(q.end);
  const overnight = eh * 60 + em <= sh * 60 + sm;
  const first = wallAt(q.zone, from);
  const out: Interval[] = [];
  // Start a day early: last night's quiet stretch may still be running at `from`.
  for (let k = -1; ; k++) {
    const day = new Date(Date.UTC(first.y, first.m - 1, first.d + k));
    const y = day.getUTCFullYear(),
      m = day.getUTCMonth() + 1,
      d = day.getUTCDate();
    const s = instantOf(q.zone, { y, m, d, hh: sh, mm: sm });
    if (s >= to) break;
    const endDay = new Date(Date.UTC(y, m - 1, d + (overnight ? 1 : 0)));
    let e = instantOf(q.zone, {
      y: endDay.getUTCFullYear(),
      m: endDay.getUTCMonth() + 1,
      d: endDay.getUTCDate(),
      hh: eh,
      mm: em,
    });
    if (capMs !== null) e = Math.min(e, s + Math.max(0, capMs));
    if (e > from && e > s) out.push({ from: s, to: e });
    if (k > HORIZON_DAYS + (to - from) / DAY) break;
  }
  return out;
}

/** Is `t` inside the seat's quiet hours (no push, no webhook)? */
export function isQuiet(q: QuietHours | null | undefined, t: number): boolean {
  return !!q && quietIntervals(q, t, t + 1).some((i) => i.from <= t && t < i.to);
}

/** The first moment at or after `t` when the seat may be notified: `t`, or the end of the quiet stretch it is in. */
export function notifyAt(q: QuietHours | null | undefined, t: number): number {
  if (!q) return t;
  const i = quietIntervals(q, t, t + 1).find((x) => x.from <= t && t < x.to);
  return i ? i.to : t;
}

/** "张三 is asleep until 08:00 their time", or null when awake. Public: quiet hours say nothing about the game. */
export function asleep(
  q: QuietHours | null | undefined,
  t: number,
): { until: number; local: string; zone: string } | null {
  const until = notifyAt(q, t);
  return q && until > t ? { until, local: localClock(q.zone, until), zone: q.zone } : null;
}

export interface ClockInput {
  start: number;
  /** Its clock: how long the seat has, counting only time outside quiet hours and absence. */
  lengthMs: number;
  quiet?: QuietHours | null;
  /** The host's cap on quiet time that stops a clock, per day; null = no cap. */
  quietCapMs?: number | null;
  awayUntil?: number | null;
}

/**
 * When a prompt's deadline really falls for this seat: its clock runs only outside quiet time (each night cut to
 * the host's cap) and not while the seat is away.
 * @example deadlineFor({ start, lengthMs: 12 * HOUR, quiet: { start: '23:00', end: '08:00', zone: 'Europe/Berlin' } })
 * // a 12-hour clock opened at 22:00 in Berlin runs 1 h, sleeps until 08:00, and ends at 19:00 the next day
 */
export function deadlineFor(o: ClockInput): number {
  let t = Math.max(o.start, o.awayUntil ?? 0);
  let left = Math.max(0, o.lengthMs);
  if (!o.quiet) return t + left;
  const cap = o.quietCapMs ?? null;
  // Walk the nights in windows of what is left and a day more (at most a month), not a year of nights at once.
  for (let from = t; from < o.start + left + (HORIZON_DAYS + 1) * DAY; ) {
    const end = from + Math.min(30 * DAY, left + DAY);
    for (const i of quietIntervals(o.quiet, from, end, cap)) {
      if (i.to <= t) continue;
      if (i.from > t) {
        const run = i.from - t;
        if (run >= left) return t + left;
        left -= run;
      }
      t = Math.max(t, i.to);
    }
    if (t < end) {
      // No quiet stretch starts before the window ends: the clock runs to the window's end.
      const run = end - t;
      if (run >= left) return t + left;
      left -= run;
      t = end;
    }
    from = end;
  }
  return t + left;
}

/** Check "away until" a seat sends: null (back), or an ISO date-time in the future, at most `maxDays` ahead. */
export function parseAwayUntil(raw: unknown, now: number, maxDays = 60): number | null | string {
  if (raw === null) return null;
  if (typeof raw !== 'string' || raw.length > 40) return 'awayUntil must be null or an ISO date-time';
  const t = Date.parse(raw);
  if (!Number.isFinite(t)) return 'awayUntil must be an ISO date-time such as 2026-12-24T08:00:00+01:00';
  if (t <= now) return 'awayUntil must be in the future';
  if (t > now + maxDays * DAY) return `awayUntil must be within ${maxDays} days`;
  return t;
}

export const isAway = (awayUntil: number | null | undefined, t: number): boolean => !!awayUntil && t < awayUntil;

// ---------------------------------------------------------------- the clocks of open prompts

/** Reminders, as "ms before the deadline": at half time, and with an hour left when that is a different moment. */
export function reminderOffsets(lengthMs: number): number[] {
  const out: number[] = [];
  if (lengthMs >= 10 * 60_000) out.push(Math.floor(lengthMs / 2));
  if (lengthMs > 2 * HOUR) out.push(HOUR);
  return out;
}

/** How long a stand-in waits for its player before the bot answers. */
export const STAND_IN_GRACE_MS = 2 * 60_000;

/** How long a prompt's clock runs: the game's deadline, or the stand-in's short grace. */
const clockLength = (m: Meta, standIn: boolean): number =>
  standIn ? Math.min(STAND_IN_GRACE_MS, m.deadlineMinutes * 60_000) : m.deadlineMinutes * 60_000;

/**
 * When a clock of `seat` starting at `start` runs out: counted outside its quiet hours and, unless the host lets a
 * stand-in answer for away seats, not before the seat is back.
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
 * The seats of an open window (issue 26 point 1): several seats the table publicly waits on when the game says
 * whom it waits on (`GameDef.waitingOn`), which may hold seats that were not asked — 三国杀's 无懈可击 window (ruling
 * S7). Empty otherwise: where the waiting list is the asked seats, each seat's clock tells nothing.
 */
export function windowSeats(def: GameDef, s: GameState<any> | null): number[] {
  if (!s || !def.waitingOn || s.outcome) return [];
  const w = waitingSeats(def, s);
  return w.length > 1 ? w : [];
}

/**
 * The one clock of a window, started at `now` with `left` to run (default: a whole clock): the latest of the clocks
 * each of its seats would have, asked or not. A deadline that followed the asked seats' quiet hours, away time or
 * grace would tell who holds a 无懈可击; with one clock everything public about time reads the same whoever was
 * asked. Bot seats have no clock; `at` is -Infinity for no seat.
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

/** The table's public deadline: the earliest running clock (null: none runs, or the game is paused). */
export function publicDeadline(clocks: readonly Clock[]): number | null {
  let min = Infinity;
  for (const c of clocks) if (typeof c.deadlineAt === 'number' && c.deadlineAt < min) min = c.deadlineAt;
  return min === Infinity ? null : min;
}

/**
 * Make `m.clocks` match the open prompts of human seats in `s` (changes `m`): a new prompt gets a clock (and its
 * seat a notification when not looking), a closed one loses its clock, a seat that became or stopped being a
 * stand-in has its clocks cut to the grace or restored — except in a window, whose one clock no seat moves.
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
 * Settings changed: re-plan the running clocks of `seats` (null: every seat). An open window is re-planned whole,
 * to one clock again, when any seat of it changed, asked or not.
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

/** The host gives `ms` more to every clock (of `seat`, when named; a seat of an open window moves the window's). */
export function extendClocks(m: Meta, ms: number, seat: number | null, window: readonly number[]): void {
  const whole = seat !== null && window.includes(seat);
  for (const c of m.clocks) {
    if (seat !== null && c.seat !== seat && !(whole && window.includes(c.seat))) continue;
    if (c.deadlineAt !== null) c.deadlineAt += ms;
    else c.remainingMs += ms;
  }
}

/** The clock that ran out first (its deadline passed by `now`), if any: the alarm closes its prompt. */
export function expiredClock(m: Meta, now: number): Clock | null {
  if (m.status !== 'playing' || m.paused) return null;
  let due: Clock | null = null;
  for (const c of m.clocks)
    if (c.deadlineAt !== null && c.deadlineAt <= now && (!due || c.deadlineAt < due.deadlineAt!)) due = c;
  return due;
}
