/**
 * Local wall time in IANA zones, for quiet hours (quiet.ts): the wall clock at an instant, the instant of a wall
 * time (through daylight-saving changes, both ways), a zone's offset. Intl.DateTimeFormat knows the zones (workerd
 * ships full time-zone data); asking it is slow, so offsets are kept by quarter hour.
 */

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

/** Is `zone` an IANA time zone this runtime knows? */
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

/** The wall clock in `zone` at instant `t` (to the second), as Intl formats it: the slow path, see `offsetAt`. */
function wallFromIntl(zone: string, t: number): Wall & { ss: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(t))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year!, m: parts.month!, d: parts.day!, hh: parts.hour! % 24, mm: parts.minute!, ss: parts.second! };
}

const offsetFromIntl = (zone: string, t: number): number => {
  const w = wallFromIntl(zone, t);
  return Date.UTC(w.y, w.m - 1, w.d, w.hh, w.mm, w.ss) - Math.floor(t / 1000) * 1000;
};

/**
 * Offsets by quarter hour of real time, per zone. UTC offsets are whole quarter hours and clocks change at a whole
 * local minute, so a change falls on a quarter-hour boundary in every zone's current rules; a quarter hour whose
 * start and end differ (an older rule changing at 00:01) is marked NaN and asked of Intl at every instant. One
 * seat's quiet hours ask for a dozen offsets around the same few nights at every broadcast and every deadline:
 * asked of Intl each time, `publicSeat` cost about 170 µs per seat with quiet hours, per broadcast.
 */
const QUARTER = 15 * MINUTE;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at instant `t`, in ms (Berlin in summer: +2 h). */
export function offsetAt(zone: string, t: number): number {
  let z = offsets.get(zone);
  if (!z) offsets.set(zone, (z = new Map()));
  const q = Math.floor(t / QUARTER);
  let o = z.get(q);
  if (o === undefined) {
    const first = offsetFromIntl(zone, q * QUARTER);
    o = first === offsetFromIntl(zone, (q + 1) * QUARTER - 1000) ? first : NaN;
    // A seat's nights are a few quarters a day: the map stays small, and is started over if it ever grows.
    if (z.size >= 4096) z.clear();
    z.set(q, o);
  }
  return Number.isNaN(o) ? offsetFromIntl(zone, t) : o;
}

/** The wall clock in `zone` at instant `t` (to the second): the UTC fields of `t` moved by the zone's offset. */
export function wallAt(zone: string, t: number): Wall & { ss: number } {
  const w = new Date(Math.floor(t / 1000) * 1000 + offsetAt(zone, t));
  return {
    y: w.getUTCFullYear(),
    m: w.getUTCMonth() + 1,
    d: w.getUTCDate(),
    hh: w.getUTCHours(),
    mm: w.getUTCMinutes(),
    ss: w.getUTCSeconds(),
  };
}

/**
 * The instant a local wall time happens in `zone`. A time that happens twice (the hour the clocks go back) is
 * taken at its first occurrence; a time that does not exist (the hour skipped in spring) at the moment the
 * clocks jump, i.e. the first instant whose wall time is later.
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
