/**
 * The wire format between the server and the client (DESIGN §4). The client imports only this file and
 * the engine's types from the worker.
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
  log: LogLine[];
  chat: ChatLine[];
}

export interface ApiError {
  error: { code: string; message: string };
}

/** Messages on the live socket. */
export type ClientMessage =
  | { type: 'hello'; token?: string; since?: number }
  | { type: 'answer'; version: number; answer: Answer }
  | { type: 'visible'; visible: boolean };
export type ServerMessage =
  | ({ type: 'state' } & StateBody)
  | { type: 'error'; error: ApiError['error'] }
  | { type: 'ok' };
