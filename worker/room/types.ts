/**
 * What every part of one room shares: the shapes it stores (the meta row, a prompt's clock, a seat row, a
 * socket's attachment), every limit in one place, what a GameRoom method returns to the routes (`Reply`: a status
 * and a JSON body, plain data that crosses the Durable Object RPC boundary unchanged), and the `Room` the parts
 * reach each other through.
 */
import type { GameStatus } from '../protocol';
import type { Answer, Json } from '../engine';
import type { Env } from '../env';
import { logFields } from '../log';
import type { Sender, ChannelMemo, ChannelPoster } from './outbox';
import type { Chat, LogTable, Store } from './store';
import type { HostSettings, SeatSettings, Seats } from './seats';
import type { Bots } from './bots';
import type { Sockets } from './sockets';
import type { Outbox } from './outbox';
import type { Table } from './core';
import type { AgainState } from './admin';

/**
 * The game's settings and lifecycle, with the clocks of its open prompts: one JSON row (table `meta`). Changed
 * only inside `Store.mutate`, on a copy that replaces meta once the change is stored.
 */
export interface Meta {
  id: string;
  game: string;
  seats: number;
  options: Record<string, Json>;
  deadlineMinutes: number;
  createdAt: string;
  /** Origin of the creating request, for absolute links (invite, seat, notifications). */
  origin: string;
  adminHash: string;
  /** Kept server-side only: views never include it. */
  seed: string | null;
  status: GameStatus;
  paused: boolean;
  /** Bumped by every change anyone can see (join, move, chat, pause...). `?since=` compares with it. */
  version: number;
  /** The version of the last change of the game state itself: an answer made before it is stale. */
  gameVersion: number;
  /**
   * One clock per open prompt of a human seat. Kept in this row (a handful of small objects) so an answer that
   * closes one prompt and opens the next writes them with the meta row it writes anyway.
   */
  clocks: Clock[];
  /** When `version` last changed (ms): how long the game has been left alone (retention.ts). Absent: createdAt. */
  changedAt?: number;
  /** The host's settings for the asynchronous life (issue 11); absent = the defaults. */
  host?: HostSettings;
  /** What the table channel was told (tablechannel.ts); absent = nothing yet. */
  channel?: ChannelMemo;
  /** Playing again (again.ts): the open proposal, the game this one came from, the one it led to. */
  again?: AgainState;
  prev?: string;
  next?: string;
  /** Each seat's last prompt notification that arrived, for the digest window (outbox.ts, digest.ts). */
  lastSent?: { seat: number; at: number; prompts: string[] }[];
}

/** A prompt's clock. Its fields may be set inside `Store.mutate`; its `reminders` list is replaced, never edited. */
export interface Clock {
  prompt: string;
  seat: number;
  /** Absolute deadline (ms); null while the game is paused (`remainingMs` keeps what is left). */
  deadlineAt: number | null;
  remainingMs: number;
  /** Reminders still to send, as "ms before the deadline". */
  reminders: number[];
  /** The clock runs the stand-in's short grace, not the game's deadline. */
  standIn: boolean;
  /** The version at which the prompt was first shown (an answer made at or after it is not stale). */
  openedVersion: number;
  /** When the seat's `human`-timed standing order answers this prompt (bots.ts); absent when none does. */
  orderAt?: number;
}

export type SeatRow = {
  seat: number;
  name: string | null;
  token_hash: string | null;
  bot: number;
  stand_in: number;
  expiries: number;
  /** JSON `SeatSettings` (settings.ts), or null. */
  settings: string | null;
};

/** What a hibernating socket remembers about itself (survives eviction with the socket). */
export interface Attachment {
  sid: string;
  seat: number | null;
  /** A `hello` was received: the socket gets state updates. */
  ready: boolean;
  /** The tab is visible: a prompt for this seat needs no push. */
  visible: boolean;
  /**
   * The log index from which the socket's next message carries lines (the end of the last message it was sent);
   * absent until its first message when its hello named none: that one carries the tail (protocol.ts `StateBody`).
   */
  log?: number;
  /** The whole record (public once the game is over) has been sent to this socket. */
  whole?: boolean;
  /** When the socket was accepted (ms): it must say hello within `ADMISSION.helloMs` (sockets.ts). */
  openedAt?: number;
  /** The client address it came from (`CF-Connecting-IP`): sockets waiting for hello are limited per address. */
  from?: string;
  /**
  /** Its messages the room refused in the minute from `since` (sockets.ts `countJunk`). */
  junk?: { n: number; since: number };
  /**
   * Why the room closed this socket: its seat was given to someone else (replace-seat), it never said hello, its
   * seat opened newer ones beyond its limit, or it sent more junk than its budget. It holds nothing now, counts
   * toward no limit, and everything it sends is refused — even from a client that ignores the close and keeps
   * sending.
   */
  gone?: 'replaced' | 'silent' | 'superseded' | 'junk';
}

/** Which part of the visible log a state body carries: lines from a log index, or the default tail. */
export type LogPart = { from: number } | 'tail';

/** Who made a move: the player, the default on expiry, the bot on expiry, the stand-in, a bot seat, or the player's standing order. */
export type MoveBy = 'player' | 'expired' | 'absent-bot' | 'stand-in' | 'bot' | 'order';

export interface CreateParams {
  id: string;
  game: string;
  seats: number;
  options: Record<string, Json>;
  deadlineMinutes: number;
  origin: string;
}

export type Failure = { code: ErrorCode; message: string };

/**
 * What every concern of one room reaches the others through: the Durable Object's state and environment, the
 * clock and the sender (tests replace both on the instance), and one object per concern.
 */
export interface Room {
  readonly state: DurableObjectState;
  readonly bindings: Env;
  readonly sql: SqlStorage;
  now(): number;
  deliver: Sender;
  postChannel: ChannelPoster;
  readonly store: Store;
  readonly seats: Seats;
  readonly log: LogTable;
  readonly chat: Chat;
  readonly bots: Bots;
  readonly sockets: Sockets;
  readonly outbox: Outbox;
  /** The table as the core sees it now (core.ts). */
  table(): Table;
  /** Apply one answer and persist what follows (the one path every move takes). */
  commit(seat: number, answer: Answer, by: MoveBy): { ok: true } | ({ ok: false } & Failure);
  /** After a persisted change: every socket gets its view, then the alarm is pointed at the next work. */
  afterChange(): Promise<void> | undefined;
  /** Point the one alarm at the next piece of work (GameRoom `schedule`). */
  schedule(force?: boolean): Promise<void> | undefined;
}

/** A seat's settings before it set any. */
export const NO_SEAT_SETTINGS: SeatSettings = { orders: [], quiet: null, awayUntil: null, mention: null };

/** A time as the room writes it (ISO 8601, UTC). */
export const iso = (ms: number): string => new Date(ms).toISOString();

// ---------------------------------------------------------------- replies

export type ErrorCode =
  | 'bad_request'
  | 'illegal'
  | 'unauthorized'
  | 'forbidden'
  | 'not_your_prompt'
  | 'not_found'
  | 'stale'
  | 'full'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'internal';

/** DESIGN §4 status per code; `full` (no free seat) and `conflict` (wrong phase: paused, not started...) are 409s. */
export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  illegal: 400,
  unauthorized: 401,
  forbidden: 403,
  not_your_prompt: 403,
  not_found: 404,
  stale: 409,
  full: 409,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
  [extra: string]: unknown;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export const ok = <T>(body: T, status = 200): Reply<T> => ({ status, body });

/**
 * A rejection. Every rejection is logged as `key=[value]` pairs so logs can be grepped by code or game.
 * `extra` is merged into the body (the 409 `stale` carries the current state).
 */
export function reject(
  code: ErrorCode,
  message: string,
  ctx: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Reply<ErrorBody> {
  logRejection(code, message, ctx);
  return { status: STATUS[code], body: { ...extra, error: { code, message } } };
}

/** Request fields are escaped (worker/log.ts): a forged newline cannot start a log line of its own. */
export function logRejection(code: string, message: string, ctx: Record<string, unknown> = {}): void {
  console.log(`rejected ${logFields({ code, ...ctx, message })}`);
}

// ---------------------------------------------------------------- limits

/** Every limit of the room in one place. */
export const LIMITS = {
  /** Request bodies and WebSocket messages. */
  bodyBytes: 16 * 1024,
  nameChars: 24,
  chatChars: 500,
  chatLines: 100,
  /** Bot moves applied while a request waits; the rest continue from a 0-delay alarm. */
  botMovesPerRequest: 8,
  botMovesPerAlarm: 200,
  expiriesPerAlarm: 50,
  /** Expiries in a row after which the bot stands in for the seat. */
  expiriesToStandIn: 3,
  /** How long a stand-in waits for its player before the bot answers. */
  standInGraceMs: 2 * 60_000,
  minDeadlineMinutes: 2,
  maxDeadlineMinutes: 7 * 24 * 60,
  defaultDeadlineMinutes: 24 * 60,
  targetsPerSeat: 5,
  outboxBatch: 20,
  /** Token bucket per seat for answers, chat and notification changes. */
  rateBurst: 30,
  ratePerSecond: 3,
} as const;

/**
 * The client address a limit is counted for, from `CF-Connecting-IP` (set by Cloudflare, which a client cannot
 * override): an IPv6 address cut to its /64 (one subscriber usually holds a whole /64). Without the header (local
 * development) every request shares one key. The Worker's rate limits and the room's socket admission use it.
 * @example addressKey('2001:db8:1:2:3:4:5:6') // '2001:db8:1:2::/64'
 */
export function addressKey(header: string | null | undefined): string {
  const ip = header?.trim().toLowerCase();
  if (!ip) return 'local';
  if (!ip.includes(':')) return ip;
  let groups: string[];
  try {
    const h = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    const [head = '', tail] = h.split('::');
    const l = head ? head.split(':') : [];
    const r = tail ? tail.split(':') : [];
    groups = tail === undefined ? l : [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r];
  } catch {
    return ip;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Step 1 of the fixed order: the answer body's shape. */
export function parseAnswerBody(b: unknown): { version: number; answer: Answer } | string {
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'the body must be an object {version, answer}';
  const { version, answer } = b as { version?: unknown; answer?: unknown };
  if (!Number.isInteger(version) || (version as number) < 0) return 'version must be a non-negative integer';
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    return 'answer must be an object {prompt, option}';
  const a = answer as Record<string, unknown>;
  if (typeof a.prompt !== 'string' || typeof a.option !== 'string') return 'an answer names a prompt and an option';
  if (a.cards !== undefined && (!Array.isArray(a.cards) || !a.cards.every((x) => typeof x === 'string')))
    return 'cards must be a list of card ids';
  if (a.seats !== undefined && (!Array.isArray(a.seats) || !a.seats.every((x) => Number.isInteger(x))))
    return 'seats must be a list of seat numbers';
  const out: Answer = { prompt: a.prompt, option: a.option };
  if (a.cards !== undefined) out.cards = a.cards as string[];
  if (a.seats !== undefined) out.seats = a.seats as number[];
  return { version: version as number, answer: out };
}
