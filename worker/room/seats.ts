/**
 * Seats: who holds which seat, who a bearer is, the admin check, each seat's request budget, joining, and a seat's
 * own settings (`GET`/`PUT /me`). Below the class, pure: the settings bodies, names made safe to show, and tokens.
 */
import unhomoglyph from 'unhomoglyph';
import { CustomConverter } from 'opencc-js/core';
import TS_CHARACTERS from 'opencc-js/dict/TSCharacters';
import type { GameDef, SeatOrder } from '../engine';
import type { TargetScope } from '../notify';
import { b64urlDecode, b64urlEncode } from '../notify/b64';
import { parseMention, validateChannel, type ChannelFormat, type ChannelTarget } from '../notify/channel';
import { handbackFor, parseSeatOrders, withAwayFrom } from './bots';
import { asleep, isAway, parseAwayUntil, parseQuietHours, type QuietHours } from './clocks';
import { decideSettings, iso, LIMITS, NO_SEAT_SETTINGS, ok, reject, type Refusal, type Reply, type Seat } from './core';
import type { GameRoom } from './GameRoom';

/** The seat rows, read at load and again after a change that wrote them, and each seat's request budget. */
export class Seats {
  rows: Seat[] = [];
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(private readonly r: GameRoom) {}

  reload(): void {
    type Row = Omit<Seat, 'bot' | 'standIn' | 'settings'> & { bot: number; standIn: number; settings: string | null };
    this.rows = this.r.sql
      .exec<Row>(
        'SELECT seat, name, token_hash AS tokenHash, bot, stand_in AS standIn, expiries, settings FROM seats ORDER BY seat',
      )
      .toArray()
      .map((x) => ({
        ...x,
        bot: !!x.bot,
        standIn: !!x.standIn,
        settings: x.settings ? { ...NO_SEAT_SETTINGS, ...(JSON.parse(x.settings) as object) } : NO_SEAT_SETTINGS,
      }));
  }

  /** A seat's settings for the asynchronous life (orders, quiet hours, away, mention); private to the seat. */
  settingsOf(seat: number): SeatSettings {
    return this.rows[seat]?.settings ?? NO_SEAT_SETTINGS;
  }

  joined(): number {
    return this.rows.filter((x) => x.name !== null && !x.bot).length;
  }

  names(): (string | null)[] {
    return this.rows.map((x) => x.name);
  }

  private seatOf(hash: string): number | null {
    let found: number | null = null;
    // Compare with every seat (no early exit) so the time taken does not depend on which seat matched.
    for (const x of this.rows) if (x.tokenHash && sameHash(x.tokenHash, hash)) found = x.seat;
    return found;
  }

  /** Token bucket per seat: cheap, in memory (an evicted room simply starts with full buckets). */
  allow(seat: number): boolean {
    const t = this.r.now();
    let b = this.buckets.get(seat);
    if (!b) this.buckets.set(seat, (b = { tokens: LIMITS.rateBurst, at: t }));
    b.tokens = Math.min(LIMITS.rateBurst, b.tokens + ((t - b.at) / 1000) * LIMITS.ratePerSecond);
    b.at = t;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Who the bearer is: a seat, a spectator (no token), or nobody (a token that matches no seat). */
  async whoIs(token: string | null): Promise<{ seat: number | null } | null> {
    if (token === null) return { seat: null };
    const seat = this.seatOf(await hashToken(token));
    return seat === null ? null : { seat };
  }

  async isAdmin(token: string | null): Promise<Refusal | null> {
    if (token === null) return { code: 'unauthorized', message: 'the admin token is required' };
    if (!sameHash(this.r.store.m.adminHash, await hashToken(token)))
      return { code: 'forbidden', message: 'this is not the admin token of this game' };
    return null;
  }

  /** The seat a request acts for: a seat's token (not a spectator's) with requests left in its bucket. */
  async actingSeat(
    token: string | null,
    route: string,
    what = 'requests',
  ): Promise<{ seat: number } | { reply: Reply }> {
    const st = this.r.store;
    if (token === null) return { reply: st.rejected('unauthorized', 'a seat token is required', { route }) };
    const who = await this.whoIs(token);
    if (!who || who.seat === null)
      return { reply: st.rejected('unauthorized', 'this seat token is not valid for this game', { route }) };
    if (!this.allow(who.seat))
      return { reply: st.rejected('rate_limited', `too many ${what}; slow down`, { seat: who.seat, route }) };
    return { seat: who.seat };
  }

  async join(body: unknown): Promise<Reply> {
    const st = this.r.store;
    if (!st.load()) return reject('not_found', 'no such game');
    const raw = (body as { name?: unknown } | null)?.name;
    if (typeof raw !== 'string') return st.rejected('bad_request', 'name is required');
    const form = checkName(raw, [], LIMITS.nameChars);
    if ('error' in form) return st.rejected(form.lookalike ? 'conflict' : 'bad_request', form.error);
    const name = form.name;
    // Hash before looking at the seats: no await may separate the check from the write.
    const token = await newToken(st.m.id, this.r.bindings.TOKEN_SECRET);
    const hash = await hashToken(token);
    const m = st.m;
    if (m.status !== 'lobby') return st.rejected('full', 'the game has started; no seat is free', { name });
    const free = this.rows.find((x) => x.name === null && !x.bot);
    if (!free) return st.rejected('full', 'every seat is taken', { name });
    const twin = checkName(name, this.names(), LIMITS.nameChars);
    if ('error' in twin) return st.rejected('conflict', twin.error, { name });
    st.mutate((mm) => {
      this.r.sql.exec(
        'UPDATE seats SET name = ?, token_hash = ?, joined_at = ? WHERE seat = ?',
        name,
        hash,
        iso(this.r.now()),
        free.seat,
      );
      mm.version++;
    });
    this.reload();
    this.r.sockets.broadcast();
    return ok({ seat: free.seat, token, seatUrl: `${m.origin}/g/${m.id}#seat=${token}` }, 201);
  }
}

// ---------------------------------------------------------------- a seat's own settings

/** `GET /api/games/:id/me`: the seat's own settings and the orders its game offers. */
export async function getMine(r: GameRoom, token: string | null): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const who = await r.seats.actingSeat(token, 'me');
  if ('reply' in who) return who.reply;
  const m = st.m;
  // `handback`: what a stand-in played for this seat while it was away, once it is back (its own lines only).
  return ok({
    seat: who.seat,
    settings: mine(r.seats.settingsOf(who.seat)),
    offered: st.def().orders?.offered ?? [],
    channel: m.host?.channel ? { format: m.host.channel.format } : null,
    handback: handbackFor(r, who.seat, r.now()),
  });
}

/** `PUT /api/games/:id/me`: its clocks are re-planned, and its orders answer whatever they answer now. */
export async function putMine(r: GameRoom, token: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const who = await r.seats.actingSeat(token, 'me');
  if ('reply' in who) return who.reply;
  const seat = who.seat;
  const now = r.now();
  const old = r.seats.settingsOf(seat);
  const patched = patchSeatSettings(st.def(), old, body, { now, channelFormat: st.m.host?.channel?.format ?? null });
  if (typeof patched === 'string') return st.rejected('bad_request', patched, { seat, route: 'me' });
  const next = withAwayFrom(old, patched, { now, logEnd: r.log.end, dismiss: 'handback' in (body as object) });
  r.store.write(decideSettings(r.table(), seat, next));
  r.bots.runBots(LIMITS.botMovesPerRequest);
  await r.afterChange();
  return ok({ seat, settings: mine(next) });
}

// ---------------------------------------------------------------- settings bodies

/**
 * The settings of the asynchronous life (issue 11): a seat's own and the host's, each body checked whole before
 * anything is stored. A seat's own settings leave the room only in its own `GET`/`PUT /me` (`mine`); everyone
 * else sees only `publicSeat`: asleep until when, and away or not.
 */

export interface SeatSettings {
  orders: SeatOrder[];
  quiet: QuietHours | null;
  awayUntil: number | null;
  mention: string | null;
  /** The log index when the seat last went away (the hand-back starts there); kept by the room, never sent. */
  awayFrom?: number | null;
  /** Log ranges [from, to) of the moves a stand-in made for the seat since `awayFrom`: its hand-back. */
  playedFor?: [number, number][];
  /** Identity marks (标记身份, issue 28): what this seat suspects of other seats, seat → mark. */
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
 * Apply a `PUT /me` body (any of `orders`, `quiet`, `awayUntil`, `mention`, `marks`; `handback: null` dismisses
 * the hand-back) to what the seat had. Returns the new settings, or a reason for the 400.
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

/** Apply the host's settings body (`channel: null` removes it). Returns the new settings, or a reason for the 400. */
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
export function mine(x: SeatSettings) {
  return {
    orders: x.orders,
    quiet: x.quiet,
    awayUntil: x.awayUntil === null ? null : new Date(x.awayUntil).toISOString(),
    mention: x.mention,
    ...(x.marks && Object.keys(x.marks).length ? { marks: x.marks } : {}),
  };
}

// ---------------------------------------------------------------- names

/**
 * Names and chat made safe to show: NFC, no control or invisible characters, whitespace collapsed; and a name's
 * "skeleton", so two seats cannot carry names that look the same: the table must tell players apart.
 */

/**
 * Removed: controls, formatting (zero-width, bidi overrides, the BOM, tags), lone surrogates, private-use and
 * unassigned code points, and letters and marks that draw nothing. A zero-width joiner inside an emoji sequence
 * (👩‍💻) is kept: there it draws one glyph.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is listed on its own, to be removed on its own
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0]/gu;
const EMOJI_BEFORE = /\p{Extended_Pictographic}\ufe0f?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** A zero-width joiner between two emoji (👩‍💻) draws one glyph: it stays; every other invisible goes. */
const dropInvisible = (c: string, at: number, s: string) =>
  c === '\u200d' && EMOJI_BEFORE.test(s.slice(Math.max(0, at - 3), at)) && EMOJI_AFTER.test(s.slice(at + 1, at + 3))
    ? c
    : '';

/**
 * NFC, invisible characters removed, every run of whitespace one space, trimmed. For names and chat lines alike.
 * @example cleanText(' first\u200B\u202E ') // 'first'
 */
export function cleanText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(INVISIBLE, dropInvisible)
    .replace(/[\s\p{Zs}]+/gu, ' ')
    .trim();
}

/** Traditional characters folded into simplified (OpenCC's character table): 張三 and 张三 are one name. */
const toSimplified = CustomConverter(TS_CHARACTERS);

/** A letter may carry at most this many combining marks (Vietnamese needs two; more only stacks into a smear). */
const MAX_MARKS = 3;
const TOO_MANY_MARKS = new RegExp(`\\P{M}\\p{M}{${MAX_MARKS + 1}}`, 'u');

/**
 * The name as an eye reads it: the confusable skeleton (UTS #39, `unhomoglyph`'s data) of the cleaned, NFKC-folded
 * name, traditional Han folded into simplified, case, spaces and punctuation ignored (i, I, l, 1 and | read alike).
 * @example nameSkeleton('BiII') === nameSkeleton('bill') // true
 */
export function nameSkeleton(name: string): string {
  const skeleton = (t: string) => unhomoglyph(t.normalize('NFD')).normalize('NFD');
  // Case is ignored, so small i goes with capital I, which the data reads as l (as it reads 1 and |).
  return toSimplified(skeleton(skeleton(cleanText(name).normalize('NFKC')).toLowerCase()).replace(/i/g, 'l'))
    .replace(/[\s\p{P}\p{Zs}]/gu, '')
    .normalize('NFC');
}

export function looksLike(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

/**
 * A name as typed, checked against `others` at the table (the seat's own old name left out by the caller).
 * @example checkName('first\u200B', ['first']) // { error: 'a seat with a name that looks the same (first) is already at the table' }
 */
export function checkName(
  raw: string,
  others: readonly (string | null)[],
  maxChars: number,
  o: { bot?: boolean } = {},
): { name: string } | { error: string; lookalike?: true } {
  const name = cleanText(raw);
  const len = [...name].length;
  if (len < 1 || len > maxChars) return { error: `a name has 1 to ${maxChars} visible characters` };
  if (TOO_MANY_MARKS.test(name.normalize('NFD')))
    return { error: `a letter in a name carries at most ${MAX_MARKS} accents` };
  // Empty seats become "Bot 3" at the start: a player may not take a name that looks like a bot's.
  if (!o.bot && /^bot[\dlo]*$/.test(nameSkeleton(name)))
    return { error: 'names like "Bot 3" are kept for bots', lookalike: true };
  const twin = others.find((o) => o !== null && looksLike(o, name));
  if (twin)
    return { error: `a seat with a name that looks the same (${twin}) is already at the table`, lookalike: true };
  return { name };
}

// ---------------------------------------------------------------- tokens

/**
 * Identity without accounts (DESIGN §4): 128-bit random tokens, stored only as SHA-256 hashes and compared in
 * constant time; unguessable game ids.
 *
 * A token carries a MAC (issue 26 points 4 and 9) so the Worker can refuse a made-up token before any room wakes:
 * 16 random bytes and the first 16 bytes of HMAC-SHA-256 under `TOKEN_SECRET` over (series id, those bytes),
 * base64url. The room still decides whether it is current (replace-seat revokes it). Tokens of games made before
 * the MAC (22 characters) keep working in those games only, which have 14-character ids.
 */

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

const RANDOM_BYTES = 16;
const MAC_BYTES = 16;
/** A token's length with its MAC (base64url of 32 bytes). */
export const TOKEN_LENGTH = 43;
/** A token made before tokens carried a MAC (base64url of 16 bytes): accepted only in games as old as it. */
export const LEGACY_TOKEN_LENGTH = 22;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

async function macOf(secret: string, gameId: string, random: Uint8Array): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const label = enc.encode(`teahouse token v1\0${seriesRoot(gameId)}\0`);
  const data = new Uint8Array(label.length + random.length);
  data.set(label);
  data.set(random, label.length);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, data)).slice(0, MAC_BYTES);
}

/**
 * A fresh token for game `gameId`. Throws without a secret: a server that cannot sign tokens must not hand out
 * ones the Worker would refuse.
 * @example await newToken('k7m2p9qrstuvwxyz', env.TOKEN_SECRET) // 'Xq3…' (43 characters)
 */
export async function newToken(gameId: string, secret: string | undefined): Promise<string> {
  if (!secret)
    throw new Error('TOKEN_SECRET is not set: `wrangler secret put TOKEN_SECRET` (npm start writes one to .dev.vars)');
  const random = crypto.getRandomValues(new Uint8Array(RANDOM_BYTES));
  const mac = await macOf(secret, gameId, random);
  const out = new Uint8Array(RANDOM_BYTES + MAC_BYTES);
  out.set(random);
  out.set(mac, RANDOM_BYTES);
  return b64urlEncode(out);
}

/**
 * What the Worker can tell of a token for `gameId` without its room: `signed` (ours, for this game), `legacy` (no
 * MAC, in a game as old as that), or `forged`.
 * @example await tokenKind(id, 'AAAAAAAAAAAAAAAAAAAAAA', secret) // 'forged' in a game with a 16-character id
 */
export async function tokenKind(
  gameId: string,
  token: string,
  secret: string | undefined,
): Promise<'signed' | 'legacy' | 'forged'> {
  if (!TOKEN_PATTERN.test(token)) return 'forged';
  if (token.length === LEGACY_TOKEN_LENGTH) return isLegacyGame(gameId) ? 'legacy' : 'forged';
  if (token.length !== TOKEN_LENGTH || !secret) return 'forged';
  const bytes = b64urlDecode(token);
  // Only the canonical spelling: the last character's two spare bits must be zero.
  if (!bytes || bytes.length !== RANDOM_BYTES + MAC_BYTES || b64urlEncode(bytes) !== token) return 'forged';
  const mac = await macOf(secret, gameId, bytes.subarray(0, RANDOM_BYTES));
  return sameBytes(mac, bytes.subarray(RANDOM_BYTES)) ? 'signed' : 'forged';
}

/** Hex SHA-256 of a token: the only form in which the server keeps it. */
export async function hashToken(token: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return hex(new Uint8Array(d));
}

/** Constant-time comparison of two hashes (a timing side channel must not reveal a prefix). */
export function sameHash(a: string, b: string): boolean {
  return sameBytes(new TextEncoder().encode(a), new TextEncoder().encode(b));
}

function sameBytes(x: Uint8Array, y: Uint8Array): boolean {
  if (x.byteLength !== y.byteLength) return false;
  // workerd's extension of SubtleCrypto: https://developers.cloudflare.com/workers/runtime-apis/web-crypto/#timingsafeequal
  return (
    crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }
  ).timingSafeEqual(x, y);
}

/** 32 letters and digits without look-alikes (no 0/o, 1/l): easy to read aloud, 5 bits each. */
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 80 bits. Games made before tokens carried a MAC have 14 characters (70 bits); see the top of this file. */
export const GAME_ID_LENGTH = 16;
/**
 * A game played again has its series' first id and 8 random characters: tokens are signed over the first id
 * (`seriesRoot`), so a seat that accepts keeps its token in every game of the series.
 */
const AGAIN_SUFFIX = 8;
export const GAME_ID_PATTERN = /^[a-z2-9]{14}(?:[a-z2-9]{2}(?:[a-z2-9]{8})?)?$/;

/**
 * The first game of a game's series: the id its tokens are signed over.
 * @example seriesRoot('abcdefghijkmnpqrstuvwxyz') // 'abcdefghijkmnpqr'
 */
export const seriesRoot = (id: string): string => id.slice(0, GAME_ID_LENGTH);

/** The id of the next game of `id`'s series: its first id and 8 random characters. */
export const nextGameId = (id: string): string => seriesRoot(id) + newGameId().slice(0, AGAIN_SUFFIX);
/** A game made before tokens carried a MAC: only there may a token without one be real. */
export const isLegacyGame = (id: string): boolean => id.length === 14;

export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GAME_ID_LENGTH));
  return [...bytes].map((b) => ID_ALPHABET[b & 31]).join('');
}

/** The game's random seed: 128 bits, kept server-side only (views strip the PRNG state). */
export function newSeed(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}
