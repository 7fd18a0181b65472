/**
 * The across-time-zones settings as the room stores them (issue 11), pure: what a seat sets for itself
 * (standing orders, quiet hours, away-until, its mention in the table channel) and what the host sets for the
 * game (its title, the cap on quiet time, whether a stand-in answers for away seats, the table channel). Each
 * body is checked whole before anything is stored; a rejected body changes nothing.
 *
 * What leaves the room: a seat's own settings only in its own state body (`mine`); for everyone, only
 * `publicSeat` — asleep until when (its local clock) and away or not. Standing orders, the quiet-hours zone and
 * the mention never appear in another seat's body (the mention goes only to the channel, which the seat chose
 * to be named in).
 */
import type { GameDef, SeatOrder } from '../engine';
import type { TargetScope } from '../notify/validate';
import { parseMention, validateChannel, type ChannelFormat, type ChannelTarget } from '../notify/channel';
import { asleep, isAway, parseAwayUntil, parseQuietHours, type QuietHours } from './quiet';
import { parseSeatOrders } from './standing';

/** One seat's settings (stored with the seat). */
export interface SeatSettings {
  orders: SeatOrder[];
  quiet: QuietHours | null;
  /** ms since the epoch, or null. */
  awayUntil: number | null;
  mention: string | null;
  /** The log index when the seat last went away (the hand-back starts there); kept by the room, never sent. */
  awayFrom?: number | null;
  /** Log ranges [from, to) of the moves a stand-in made for the seat since `awayFrom`: its hand-back. */
  playedFor?: [number, number][];
  /**
   * Identity marks (标记身份, issue 28): what this seat suspects of other seats, seat → mark. The seat's own notes:
   * like the rest of its settings they leave the room only in its own `GET`/`PUT /me`.
   */
  marks?: Record<string, IdentityMark>;
}

/** A suspicion one seat notes about another: 三国杀 lord-side / rebel / renegade; 驱鬼 red / blue / heretic. */
export type IdentityMark = 'loyal' | 'rebel' | 'traitor' | 'red' | 'blue' | 'heretic';
const MARKS: Record<string, readonly IdentityMark[]> = { ghost: ['red', 'blue', 'heretic'] };
const SGS_MARKS: readonly IdentityMark[] = ['loyal', 'rebel', 'traitor'];

/** A whole `marks` map (seat → mark; the body replaces the old map), or the reason it is refused. */
function parseMarks(gameId: string, raw: unknown): Record<string, IdentityMark> | string {
  const allowed = MARKS[gameId] ?? SGS_MARKS;
  if (!isObj(raw)) return `marks must be an object {seat: ${allowed.join('|')}}`;
  const out: Record<string, IdentityMark> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!/^(?:[0-9]|[1-5][0-9]|6[0-3])$/.test(k)) return `marks: ${k.slice(0, 8)} is not a seat number`;
    if (!allowed.includes(v as IdentityMark)) return `marks: a mark is one of ${allowed.join(', ')}`;
    out[k] = v as IdentityMark;
  }
  return out;
}

export const NO_SEAT_SETTINGS: SeatSettings = { orders: [], quiet: null, awayUntil: null, mention: null };

/** The host's settings for the game (stored with the game). */
export interface HostSettings {
  title: string | null;
  /** Quiet time that may stop a clock per day; null = no cap. */
  quietCapMinutes: number | null;
  /** Whether a stand-in (the bot, if the host chose bots for absent players, else the default) answers for away seats. */
  awayStandIn: boolean;
  channel: ChannelTarget | null;
}

export const DEFAULT_HOST_SETTINGS: HostSettings = {
  title: null,
  quietCapMinutes: null,
  awayStandIn: false,
  channel: null,
};

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Apply a seat's settings body (`PUT /api/games/:id/me`: any of `orders`, `quiet`, `awayUntil`, `mention`, and
 * `handback: null` to dismiss the hand-back; a field left out is kept) to what it had. Returns the new settings, or a reason for the 400.
 * @example patchSeatSettings(def, old, { quiet: { start: '23:00', end: '08:00', zone: 'Europe/Berlin' } }, { now, channel })
 */
export function patchSeatSettings(
  def: GameDef,
  old: SeatSettings,
  raw: unknown,
  o: { now: number; channelFormat: ChannelFormat | null },
): SeatSettings | string {
  if (!isObj(raw)) return 'body must be a JSON object {orders?, quiet?, awayUntil?, mention?, marks?, handback?}';
  for (const k of Object.keys(raw))
    if (!['orders', 'quiet', 'awayUntil', 'mention', 'marks', 'handback'].includes(k))
      return `unknown field ${k.slice(0, 32)}`;
  // `handback: null` dismisses what was played while away (the room clears it, bots.ts); nothing else is a value.
  if ('handback' in raw && raw.handback !== null) return 'handback can only be null (dismiss it)';
  const next: SeatSettings = { ...old, orders: [...old.orders] };
  if ('orders' in raw) {
    const v = parseSeatOrders(def, raw.orders);
    if (typeof v === 'string') return v;
    next.orders = v;
  }
  if ('quiet' in raw) {
    const v = parseQuietHours(raw.quiet);
    if (typeof v === 'string') return v;
    next.quiet = v;
  }
  if ('awayUntil' in raw) {
    const v = parseAwayUntil(raw.awayUntil, o.now);
    if (typeof v === 'string') return v;
    next.awayUntil = v;
  }
  if ('mention' in raw) {
    // Without a channel any short text is kept; it is checked against the format when one is registered.
    const v = parseMention(o.channelFormat ?? 'json', raw.mention);
    if (v !== null && typeof v === 'object') return v.error;
    next.mention = v;
  }
  if ('marks' in raw) {
    const v = parseMarks(def.id, raw.marks);
    if (typeof v === 'string') return v;
    next.marks = v;
  }
  return next;
}

/**
 * Apply the host's settings body (`POST /api/games/:id/admin/settings`: any of `title`, `quietCapMinutes`,
 * `awayStandIn`, `channel`; `channel: null` removes it). Returns the new settings, or a reason for the 400.
 */
export function patchHostSettings(
  old: HostSettings,
  raw: unknown,
  scope: TargetScope = 'public',
): HostSettings | string {
  if (!isObj(raw)) return 'body must be a JSON object {title?, quietCapMinutes?, awayStandIn?, channel?}';
  for (const k of Object.keys(raw))
    if (!['title', 'quietCapMinutes', 'awayStandIn', 'channel'].includes(k)) return `unknown field ${k.slice(0, 32)}`;
  const next: HostSettings = { ...old };
  if ('title' in raw) {
    const t = raw.title;
    if (t === null || t === '') next.title = null;
    else if (typeof t !== 'string') return 'title must be a text';
    else {
      const clean = t.trim().replace(/\s+/g, ' ');
      if ([...clean].length > 40 || /[\u0000-\u001f\u007f]/.test(clean))
        return 'title has at most 40 characters on one line';
      next.title = clean || null;
    }
  }
  if ('quietCapMinutes' in raw) {
    const c = raw.quietCapMinutes;
    if (c !== null && !(Number.isInteger(c) && (c as number) >= 0 && (c as number) <= 24 * 60))
      return 'quietCapMinutes must be null or a whole number of minutes from 0 to 1440';
    next.quietCapMinutes = c as number | null;
  }
  if ('awayStandIn' in raw) {
    if (typeof raw.awayStandIn !== 'boolean') return 'awayStandIn must be true or false';
    next.awayStandIn = raw.awayStandIn;
  }
  if ('channel' in raw) {
    if (raw.channel === null) next.channel = null;
    else {
      const c = validateChannel(raw.channel, scope);
      if (typeof c === 'string') return c;
      next.channel = c;
    }
  }
  return next;
}

/** What every viewer may know of a seat's settings: asleep until (its own wall clock) and away or not. */
export function publicSeat(x: SeatSettings, now: number): { asleepUntil: string | null; away: boolean } {
  return { asleepUntil: asleep(x.quiet, now)?.local ?? null, away: isAway(x.awayUntil, now) };
}

/** A seat's own settings, for its own `GET`/`PUT /me` only (its identity marks when it has any). */
export function mine(x: SeatSettings): {
  orders: SeatOrder[];
  quiet: QuietHours | null;
  awayUntil: string | null;
  mention: string | null;
  marks?: Record<string, IdentityMark>;
} {
  return {
    orders: x.orders,
    quiet: x.quiet,
    awayUntil: x.awayUntil === null ? null : new Date(x.awayUntil).toISOString(),
    mention: x.mention,
    ...(x.marks && Object.keys(x.marks).length ? { marks: x.marks } : {}),
  };
}
