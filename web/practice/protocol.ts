import type { Answer, StateBody } from '../../worker/protocol';
import type { PracticeRecord } from './session';

/** The bots' levels (the games' `botLevel` option; "good" is the default, "easy" the first bot, kept as a baseline). */
export type BotLevel = 'easy' | 'good';

/** What the practice form chooses. */
export interface PracticeSetup {
  game: string;
  seats: number;
  /** 三国杀: play with generals (off: skill-less 4-HP generals). */
  generals: boolean;
  level: BotLevel;
  /** The player's name at the table. */
  name: string;
}

/**
 * What the page asks the practice worker (worker.ts), each with a request id its reply carries. `from` is where
 * the page's log ends (the room's `?log=`): a reply body carries the lines after it.
 */
export type PracticeRequest =
  | { type: 'open'; from?: number }
  | { type: 'new'; setup: PracticeSetup }
  | { type: 'answer'; answer: Answer; version: number; from?: number }
  | { type: 'autoplay'; on: boolean; from?: number }
  | { type: 'record' }
  | { type: 'quit' }
  | { type: 'levels'; game: string; seats: number };

/**
 * The worker's replies: the player's state body (`autoplay` says whether the bots play the player's seat), no
 * saved game, a refused answer (with the current body), the finished game's record (null while it runs), whether
 * a game's bots have levels (its options take `botLevel`), or a failure of the worker itself.
 */
export type PracticeReply =
  | { type: 'state'; body: StateBody; autoplay: boolean }
  | { type: 'none' }
  | { type: 'refused'; code: string; message: string; body: StateBody; autoplay: boolean }
  | { type: 'record'; record: PracticeRecord | null }
  | { type: 'levels'; levels: boolean }
  | { type: 'failed'; message: string };
