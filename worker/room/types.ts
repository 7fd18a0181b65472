import type { GameStatus } from '../protocol';
import type { Json } from '../engine';
import type { Env } from '../env';
import type { Sender } from './notifier';
import type { ErrorCode } from './reply';
import type { Chat, LogTable, Store } from './store';
import type { Seats } from './seats';
import type { Bots } from './bots';
import type { Answer } from '../engine';
import type { Sockets } from './sockets';
import type { Clocks } from './clocks';
import type { Outbox } from './outbox';
import type { Table } from './core';
import type { HostSettings } from './settings';
import type { AgainState } from './again';
import type { ChannelMemo, ChannelPoster } from './tablechannel';

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
  readonly clocks: Clocks;
  readonly outbox: Outbox;
  /** The table as the core sees it now (core.ts). */
  table(): Table;
  /** Apply one answer and persist what follows (the one path every move takes). */
  commit(seat: number, answer: Answer, by: MoveBy): { ok: true } | ({ ok: false } & Failure);
  /** After a persisted change: every socket gets its view, then the alarm is pointed at the next work. */
  afterChange(): Promise<void> | undefined;
}

/** A time as the room writes it (ISO 8601, UTC). */
export const iso = (ms: number): string => new Date(ms).toISOString();
