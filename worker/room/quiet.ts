/**
 * Quiet hours and away mode as pure time math (issue 11). A seat may set quiet hours in its own time zone
 * (23:00–08:00 Europe/Berlin): while they last its deadline clock stops and it gets no push or webhook. The
 * host may cap the quiet time that stops a clock per day, so a game cannot stall. A seat may also be away until
 * a date: its clock does not run out while it is away (or, if the host allows, a stand-in answers for it).
 *
 * All times are milliseconds since the epoch (UTC); local wall times are converted with `Intl.DateTimeFormat`,
 * which workerd ships with full time-zone data, so daylight-saving changes fall where they really do: the night
 * the clocks go back lasts an hour longer (zones.ts). Nothing here reads the clock; the room passes `now`.
 */
import { instantOf, isTimeZone, localClock, wallAt, DAY, HOUR, MINUTE } from './zones';

export { instantOf, localClock, offsetAt } from './zones';

/** Quiet hours of one seat: local wall times 'HH:MM' in an IANA zone. `end` ≤ `start` means "the next day". */
export interface QuietHours {
  start: string;
  end: string;
  zone: string;
}

/** A stretch of real time, [from, to). */
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
 * Check quiet hours a seat sends: `null` turns them off; else `{start, end, zone}` with 'HH:MM' times, a known
 * IANA zone, and start ≠ end. Returns the value to store, or a reason for the 400.
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

/**
 * The real intervals of quiet time that overlap [from, to), in order, each cut to its first `capMs` when the host
 * set a cap (the cap counts per quiet night, i.e. per local day: a seat has one quiet stretch a day).
 */
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

/**
 * The first moment at or after `t` when the seat may be notified: `t` itself, or the end of the quiet stretch
 * it falls in. Pushes and webhooks held in quiet hours are sent then (one digest, see digest.ts).
 */
export function notifyAt(q: QuietHours | null | undefined, t: number): number {
  if (!q) return t;
  const i = quietIntervals(q, t, t + 1).find((x) => x.from <= t && t < x.to);
  return i ? i.to : t;
}

/**
 * "张三 is asleep until 08:00 their time": when the seat's quiet stretch ends, as an instant and as its own wall
 * clock; null when it is awake. Public: quiet hours say nothing about the game.
 */
export function asleep(
  q: QuietHours | null | undefined,
  t: number,
): { until: number; local: string; zone: string } | null {
  if (!q || !isQuiet(q, t)) return null;
  const until = notifyAt(q, t);
  return { until, local: localClock(q.zone, until), zone: q.zone };
}

export interface ClockInput {
  /** When the prompt opened. */
  start: number;
  /** Its clock: how long the seat has, counting only time outside quiet hours and absence. */
  lengthMs: number;
  quiet?: QuietHours | null;
  /** The host's cap on quiet time that stops a clock, per day; null = no cap. */
  quietCapMs?: number | null;
  /** The seat is away until then (the clock does not run before it). */
  awayUntil?: number | null;
  /** The host's cap on how long absence may hold a clock, from the prompt's start; null = no cap. */
  awayCapMs?: number | null;
}

/**
 * When a prompt's deadline really falls for this seat: its clock runs only outside quiet time (each night cut to
 * the host's cap) and not while the seat is away (up to the host's away cap).
 * @example deadlineFor({ start, lengthMs: 12 * HOUR, quiet: { start: '23:00', end: '08:00', zone: 'Europe/Berlin' } })
 * // a 12-hour clock opened at 22:00 in Berlin runs 1 h, sleeps until 08:00, and ends at 19:00 the next day
 */
export function deadlineFor(o: ClockInput): number {
  let t = o.start;
  if (o.awayUntil && o.awayUntil > t)
    t = o.awayCapMs === null || o.awayCapMs === undefined ? o.awayUntil : Math.min(o.awayUntil, o.start + o.awayCapMs);
  let left = Math.max(0, o.lengthMs);
  if (!o.quiet) return t + left;
  const cap = o.quietCapMs ?? null;
  // Walk the nights in windows of what is left of the clock and a day more (at most a month): a day's clock looks
  // at two or three nights, not thirty, and a long one does not compute a year of nights at once.
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

/**
 * How much of a prompt's clock is left at `now`: its length minus the time it has run (outside quiet time and
 * absence). When a seat changes its quiet hours or comes back early, the room re-plans the deadline as
 * `deadlineFor({ ...newSettings, start: now, lengthMs: remainingMs(oldSettings, now) })`.
 */
export function remainingMs(o: ClockInput, now: number): number {
  if (now <= o.start) return Math.max(0, o.lengthMs);
  const deadline = deadlineFor(o);
  if (now >= deadline) return 0;
  let runFrom = o.start;
  if (o.awayUntil && o.awayUntil > o.start)
    runFrom =
      o.awayCapMs === null || o.awayCapMs === undefined ? o.awayUntil : Math.min(o.awayUntil, o.start + o.awayCapMs);
  if (now <= runFrom) return Math.max(0, o.lengthMs);
  const ran = now - runFrom - quietWithin(o.quiet, runFrom, now, o.quietCapMs ?? null);
  return Math.max(0, o.lengthMs - ran);
}

/** The quiet time (ms) that stopped this seat's clock in [from, to): what the cap limits, for the host's page. */
export function quietWithin(
  q: QuietHours | null | undefined,
  from: number,
  to: number,
  capMs: number | null = null,
): number {
  if (!q) return 0;
  return quietIntervals(q, from, to, capMs).reduce(
    (n, i) => n + Math.max(0, Math.min(i.to, to) - Math.max(i.from, from)),
    0,
  );
}

/**
 * Check "away until" a seat sends: null (back), or an ISO date-time in the future and at most `maxDays` ahead.
 * Returns the instant to store, or a reason for the 400.
 */
export function parseAwayUntil(raw: unknown, now: number, maxDays = 60): number | null | string {
  if (raw === null) return null;
  if (typeof raw !== 'string' || raw.length > 40) return 'awayUntil must be null or an ISO date-time';
  const t = Date.parse(raw);
  if (!Number.isFinite(t)) return 'awayUntil must be an ISO date-time such as 2026-12-24T08:00:00+01:00';
  if (t <= now) return 'awayUntil must be in the future';
  if (t > now + maxDays * DAY) return `awayUntil must be within ${maxDays} days`;
  return t;
}

/** Is the seat away at `t`? */
export const isAway = (awayUntil: number | null | undefined, t: number): boolean => !!awayUntil && t < awayUntil;

/**
 * What the room does with a prompt of a seat that is away: `standIn` — the host allows a stand-in, so the bot
 * (if the host chose bots for absent players) or the default answers at once, logged `room.log.botPlayed`;
 * `hold` — the clock waits for the seat's return (`deadlineFor` with `awayUntil`); `present` — not away.
 * On return the seat's page shows the lines of the stand-in's moves since `awayFrom` until it dismisses them
 * (bots.ts).
 */
export function awayDecision(o: {
  awayUntil: number | null | undefined;
  now: number;
  hostAllowsStandIn: boolean;
}): 'present' | 'standIn' | 'hold' {
  if (!isAway(o.awayUntil, o.now)) return 'present';
  return o.hostAllowsStandIn ? 'standIn' : 'hold';
}

export { MINUTE, HOUR, DAY };
