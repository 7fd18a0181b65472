/**
 * The engine contract (DESIGN §3). Everything here is plain JSON: a game state survives
 * `JSON.stringify` and a redeploy of the code between any two answers.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** An i18n message: a key into the strings of the game (or of the shell) and its parameters. */
export interface Msg {
  key: string;
  params?: Record<string, Json>;
}

/** One thing a seat may do now. `cards` / `seats` say what the answer may pick. */
export interface Option {
  id: string;
  message: Msg;
  cards?: { from: string[]; min: number; max: number };
  /** `blocked`: living seats not in `from`, each with the public reason ("out of range"), so clients never re-implement a rule. */
  seats?: { from: number[]; min: number; max: number; blocked?: { seat: number; why: Msg }[] };
}

export interface Prompt {
  id: string;
  seat: number;
  kind: string;
  message: Msg;
  options: Option[];
  /** Set by the room (the engine has no clock). */
  deadline?: string;
}

export interface Answer {
  prompt: string;
  option: string;
  cards?: string[];
  seats?: number[];
}

/**
 * A frame of the flow. `t` names its handler in the game's `frames`; the rest is the frame's own data.
 * `id` is unique within the game and lets children find the frame that pushed them.
 */
export interface Frame {
  t: string;
  id: number;
  [k: string]: Json;
}

/** A prompt as stored: the public `Prompt` plus the id of the frame that owns it. */
export interface OpenPrompt extends Prompt {
  frame: number;
}

/** Who may read a log entry. */
export type Audience = 'public' | number[];

export interface LogEntry {
  /** Position in the log (0-based, never reused). */
  i: number;
  /** Number of answers applied when the entry was written: "what happened since version V". */
  at: number;
  to: Audience;
  msg: Msg;
}

export interface Outcome {
  /** Winning seats; empty for a draw. */
  winners: number[];
  /** Optional points per seat (index = seat). */
  scores?: number[];
  reason: Msg;
}

/** The PRNG state: xoshiro128** (Blackman & Vigna), four uint32 words. */
export type RngState = [number, number, number, number];

export interface GameState<G = Json> {
  game: string;
  seats: number;
  options: Record<string, Json>;
  rng: RngState;
  /** The game's own data. */
  g: G;
  /** The flow: the last frame is the one running. */
  stack: Frame[];
  prompts: OpenPrompt[];
  /** Counter for frame ids and the prompt ids derived from it (see `promptId`). */
  nextId: number;
  /**
   * How many log entries the game has written: the index of the next one. The entries themselves are not kept
   * in the state (they only grow); `apply` hands each answer's entries back as its `events`, and the room
   * appends them to its own table. Rules never read the log.
   */
  logCount: number;
  /** Number of answers applied so far. */
  step: number;
  outcome: Outcome | null;
}

/** `not_your_prompt` covers a prompt that does not exist too: the two must not be told apart. */
export type RuleErrorCode = 'not_your_prompt' | 'illegal' | 'finished';
export interface RuleError {
  code: RuleErrorCode;
  reason: string;
}
export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };
