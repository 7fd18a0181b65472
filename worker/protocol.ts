/**
 * The wire format between the server and the client (DESIGN §4): the one module both sides import. It holds
 * types and a few pure helpers and imports nothing but the engine's types, so the client pulls in no server code.
 */
import type { Answer, Json, Msg, Outcome, Prompt } from './engine/types';
import type { LogLine } from './engine/runtime';

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
  /** The game this one was played again from (issue 27). */
  prev?: string;
  /** The game this one was played again as, once it exists. */
  next?: string;
  /** A proposal to play again, while it is open (a finished game only). */
  again?: AgainSummary;
}

/**
 * A proposal to play another game with this table (`POST /api/games/:id/again`): who proposed it (null: the
 * host), each seat's answer (null: not yet; bots are not asked), until when, and the host's choices.
 */
export interface AgainSummary {
  by: number | null;
  answers: (boolean | null)[];
  deadline: string;
  /** What takes the seats that did not accept: a bot, or a free seat for the invite link. */
  replaceWith: 'bot' | 'invite';
  options: Record<string, Json>;
}

/** One game of a series (`GET /api/series/:id`): only what is public, and of a running game only its seats. */
export interface SeriesGame {
  id: string;
  game: string;
  status: GameStatus;
  createdAt: string;
  /** Each seat's name and whether a bot held it. */
  seats: { name: string | null; bot: boolean }[];
  /** Once finished: the winners, the reason, what each seat played as (a string key) and its points, if any. */
  result: { winners: number[]; reason: Msg; roles: (string | null)[]; scores: number[] | null } | null;
}

/** A player's running score over a series' finished games (by name; bots are not counted). */
export interface SeriesPlayer {
  name: string;
  played: number;
  wins: number;
  /** Points as the game scores them (驱鬼), summed; null for games without points. */
  points: number | null;
  /** Wins per role key (三国杀: per identity). */
  winsAs: Record<string, number>;
}

/** `GET /api/series/:id`: every game played again from the series' first, in order, and the running score. */
export interface SeriesBody {
  id: string;
  games: SeriesGame[];
  players: SeriesPlayer[];
}

/** `GET /api/games/:id/state`, an answer's reply, and every `{type:'state'}` WebSocket message. */
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
   * least `logFrom` (oldest first). `logFrom` 0 is the whole record. `GET /state?log=N` (and a socket hello's
   * `log: N`) asks for lines from N; without it you get the last {@link LOG_TAIL} lines. On a socket, every
   * message after the first carries the lines written since the message before (`logFrom` = that message's
   * `logEnd`): lines only grow, so a client merges them by `i`, and a `logFrom` beyond what it holds is a gap to
   * fill with `?log=`.
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

/**
 * The socket protocol's version, said in every hello. A server of another version refuses the hello and closes
 * the socket with {@link CLOSE_RELOAD}; the client then reloads the page to get the code that speaks the server's.
 * Bump it with any change to the messages below.
 */
export const PROTOCOL = 3;

/** The close code of a socket whose hello named another {@link PROTOCOL}: the page must reload. */
export const CLOSE_RELOAD = 4426;

/**
 * Messages the client sends on the live socket. `hello` says who it is (a seat token, or none: a spectator), the
 * protocol it speaks, and `log` as `GET /state?log=` does (the index from which it needs lines; absent: the last
 * {@link LOG_TAIL}).
 */
export type ClientMessage =
  | { type: 'hello'; protocol: number; token?: string; log?: number }
  | { type: 'answer'; version: number; answer: Answer }
  | { type: 'visible'; visible: boolean };

/**
 * Messages the server sends. After the hello and after every change the socket gets its viewer's whole body,
 * as `/state` gives it (the log fields aside: see `StateBody.log`). A whole body measured 980 bytes gzipped per
 * seat per answer on an 8-player 三国杀 game (2026-12), small enough that no diff is worth a second shape. On
 * the wire it is smaller still: the runtime negotiates permessage-deflate with browsers (compatibility flag
 * `web_socket_compression`, on by default since 2023-08-15:
 * https://developers.cloudflare.com/workers/configuration/compatibility-flags/), and with the deflate context
 * kept from one message to the next a body that is mostly the last one measured 114 bytes.
 */
export type ServerMessage =
  | ({ type: 'state' } & StateBody)
  | { type: 'error'; error: ApiError['error'] }
  | { type: 'ok' };

/**
 * The message-parameter convention every renderer shares (the client's and the notifications'): a number in
 * a param named `seat`, `target`, `source`, `from`, `to`, `by`, `host`, `voter`, `lord` or ending in `Seat` is a seat;
 * `seats` / `targets` hold seats; a `{key, params}` value is a nested message.
 */
export const SEAT_PARAMS: ReadonlySet<string> = new Set([
  'seat',
  'target',
  'source',
  'from',
  'to',
  'by',
  'host',
  'voter',
  'lord',
]);
export const SEATS_PARAMS: ReadonlySet<string> = new Set(['seats', 'targets']);
export const isSeatParam = (name: string): boolean => SEAT_PARAMS.has(name) || name.endsWith('Seat');
export const isMsg = (v: unknown): v is Msg =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { key?: unknown }).key === 'string';
