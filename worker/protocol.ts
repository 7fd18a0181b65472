/**
 * The wire format between the server and the client (DESIGN §4). The client imports only this file and
 * the engine's types from the worker.
 */
import type { Answer, Json, Msg, Outcome, Prompt } from './engine/types';
import type { LogLine } from './engine/runtime';
import type { Op as DeltaOp } from './room/delta';

export type { Answer, Json, Msg, Outcome, Prompt, LogLine };

export type GameStatus = 'lobby' | 'playing' | 'finished';

export interface SeatInfo {
  seat: number;
  name: string | null;
  taken: boolean;
  bot: boolean;
  /** Played by the bot after repeated expiries, until the player answers again. */
  standIn?: boolean;
  /** Has a live socket open right now. */
  online?: boolean;
  /** In its quiet hours: "asleep until 08:00 their time" (its own wall clock), as of this body (issue 11). */
  asleepUntil?: string;
  /** Away (issue 11). */
  away?: boolean;
}

export interface ChatLine {
  at: string; // ISO time
  seat: number;
  name: string;
  text: string;
}

/** `GET /api/games/:id` */
export interface GameSummary {
  id: string;
  game: string;
  status: GameStatus;
  paused: boolean;
  seats: SeatInfo[];
  options: Record<string, Json>;
  /** Minutes per decision. */
  deadlineMinutes: number;
  createdAt: string;
  version: number;
  outcome: Outcome | null;
}

/** `GET /api/games/:id/state` and every `{type:'state'}` WebSocket message. */
export interface StateBody extends GameSummary {
  you: number | null;
  /** The game's own view for `you` (null before the game starts). */
  view: Json | null;
  /** Your open prompts, each with its deadline. */
  prompts: Prompt[];
  /** Seats the table waits for. */
  waiting: number[];
  /** Earliest deadline among the prompts the table waits for. */
  deadline: string | null;
  /**
   * The part of your visible log this body carries: every line you may read whose engine index `i` is at
   * least `logFrom` (oldest first). `logFrom` 0 is the whole record; a socket message after a change carries
   * only that change's lines (`logFrom` = the log length before it). `GET /state?log=N` asks for lines from N;
   * without it you get the last {@link LOG_TAIL} lines. A client holding lines up to `logEnd` of an earlier
   * body merges by `i`; a `logFrom` beyond what it holds is a gap to fill with `?log=`. A socket message may
   * also start before what the socket was sent already: after the room wakes from hibernation it resumes from
   * the socket's stored cursor, which may lag by up to `RESEND_LINES` (worker/room/broadcast.ts) lines.
   */
  log: LogLine[];
  logFrom: number;
  /** The engine log's length: the index the next line will have. */
  logEnd: number;
  chat: ChatLine[];
}

/** Lines of visible log a state body carries when the request names no `log` start. */
export const LOG_TAIL = 150;

export interface ApiError {
  error: { code: string; message: string };
}

/** Messages on the live socket. */
export type ClientMessage =
  /**
   * `log`: the engine index from which this client needs log lines (what it holds ends there). A socket whose
   * hello names `log` gets log deltas afterwards; one without it gets the whole visible log in every message.
   */
  /**
   * `patch`: after a full state, only the changes (`PatchMessage`); `2`: and their log lines as `lines`, with
   * `logFrom` left out where it continues the message before.
   */
  | { type: 'hello'; token?: string; since?: number; log?: number; patch?: boolean | 2 }
  | { type: 'answer'; version: number; answer: Answer }
  | { type: 'visible'; visible: boolean };
/**
 * What a socket whose hello said `patch: true` gets instead of a `state` once it has had one: the changes since
 * the last message on this socket. `of`: the version of the body it changes. `set`: the body's top-level fields
 * that changed, whole (never `view`). `view`: the view's changes as delta operations (worker/room/delta.ts:
 * `[path, value]` set, `[path]` delete, `[path, start, deleteCount, items]` splice), absent when it did not change.
 * The log fields are as in every state message — for a hello that said `patch: 2`, the lines come as `lines`
 * (`[i, at, msg]` each, the same lines; absent when there are none), and `logFrom` is absent when it is the
 * `logEnd` of the body changed.
 */
export interface PatchMessage {
  type: 'patch';
  of: number;
  set: Partial<StateBody>;
  view?: DeltaOp[];
  log?: LogLine[];
  lines?: [number, number, Msg][];
  logFrom?: number;
  logEnd: number;
}

export type ServerMessage =
  | ({ type: 'state' } & StateBody)
  | PatchMessage
  | { type: 'error'; error: ApiError['error'] }
  | { type: 'ok' };

/**
 * The message-parameter convention every renderer shares (the client's and the notifications'): a number in
 * a param named `seat`, `target`, `source`, `from`, `to`, `by`, `host`, `voter`, `lord` or ending in `Seat` is a seat;
 * `seats` / `targets` hold seats; a `{key, params}` value is a nested message.
 */
export const SEAT_PARAMS: ReadonlySet<string> = new Set(['seat', 'target', 'source', 'from', 'to', 'by', 'host', 'voter', 'lord']);
export const SEATS_PARAMS: ReadonlySet<string> = new Set(['seats', 'targets']);
export const isSeatParam = (name: string): boolean => SEAT_PARAMS.has(name) || name.endsWith('Seat');
export const isMsg = (v: unknown): v is Msg =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { key?: unknown }).key === 'string';
