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

export const DEFAULT_HOST_SETTINGS: HostSettings = { title: null, quietCapMinutes: null, awayStandIn: false, channel: null };

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Apply a seat's settings body (`PUT /api/games/:id/me`: any of `orders`, `quiet`, `awayUntil`, `mention`, and
 * `handback: null` to dismiss the hand-back; a field left out is kept) to what it had. Returns the new settings, or a reason for the 400.
 * @example patchSeatSettings(def, old, { quiet: { start: '23:00', end: '08:00', zone: 'Europe/Berlin' } }, { now, channel })
 */
export function patchSeatSettings(def: GameDef, old: SeatSettings, raw: unknown, o: { now: number; channelFormat: ChannelFormat | null }): SeatSettings | string {
  if (!isObj(raw)) return 'body must be a JSON object {orders?, quiet?, awayUntil?, mention?, handback?}';
  for (const k of Object.keys(raw)) if (!['orders', 'quiet', 'awayUntil', 'mention', 'handback'].includes(k)) return `unknown field ${k.slice(0, 32)}`;
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
  return next;
}

/**
 * Apply the host's settings body (`POST /api/games/:id/admin/settings`: any of `title`, `quietCapMinutes`,
 * `awayStandIn`, `channel`; `channel: null` removes it). Returns the new settings, or a reason for the 400.
 */
export function patchHostSettings(old: HostSettings, raw: unknown, scope: TargetScope = 'public'): HostSettings | string {
  if (!isObj(raw)) return 'body must be a JSON object {title?, quietCapMinutes?, awayStandIn?, channel?}';
  for (const k of Object.keys(raw)) if (!['title', 'quietCapMinutes', 'awayStandIn', 'channel'].includes(k)) return `unknown field ${k.slice(0, 32)}`;
  const next: HostSettings = { ...old };
  if ('title' in raw) {
    const t = raw.title;
    if (t === null || t === '') next.title = null;
    else if (typeof t !== 'string') return 'title must be a text';
    else {
      const clean = t.trim().replace(/\s+/g, ' ');
      if ([...clean].length > 40 || /[\u0000-\u001f\u007f]/.test(clean)) return 'title has at most 40 characters on one line';
      next.title = clean || null;
    }
  }
  if ('quietCapMinutes' in raw) {
    const c = raw.quietCapMinutes;
    if (c !== null && !(Number.isInteger(c) && (c as number) >= 0 && (c as number) <= 24 * 60)) return 'quietCapMinutes must be null or a whole number of minutes from 0 to 1440';
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

/** A seat's own settings, for its own state body only. */
export function mine(x: SeatSettings): { orders: SeatOrder[]; quiet: QuietHours | null; awayUntil: string | null; mention: string | null } {
  return { orders: x.orders, quiet: x.quiet, awayUntil: x.awayUntil === null ? null : new Date(x.awayUntil).toISOString(), mention: x.mention };
}
