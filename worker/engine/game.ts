import type { Answer, Frame, GameState, Json, Msg, OpenPrompt, Outcome, Prompt } from './types';
import type { Ctx } from './ctx';
import type { Rng } from './rng';

/**
 * What a frame handler says after running:
 * - `done`: the frame is finished and is removed (frames it pushed stay, and run next);
 * - `wait`: the frame asked one or more prompts (with `ctx.ask`) and waits for answers;
 * - `again`: the frame pushed children or changed its own data; the loop continues at the top of the stack.
 */
export type Step = 'done' | 'wait' | 'again';

export interface FrameDef<G> {
  run(ctx: Ctx<G>, f: Frame): Step;
  /**
   * Receive an answer to one of this frame's prompts. The engine has already checked the seat and that the
   * answer's picks lie inside the option's `from` and `min..max`. Return a reason (English, for the 400) to
   * reject it: the whole answer is then dropped and nothing changes. The answered prompt is already closed;
   * other prompts of the frame stay open unless the handler closes them (`ctx.closePrompts()`). When no
   * prompt of the frame is left open, `run` is called again.
   */
  answer(ctx: Ctx<G>, f: Frame, p: OpenPrompt, a: Answer): string | void;
}

/** A skill's reaction at one timing point (FreeKill `addEffect`). */
export interface Effect<G> {
  /** Timing point id, from the game's timing list. */
  on: string;
  /** May the effect fire for `seat` on this event? */
  can(ctx: Ctx<G>, seat: number, ev: Record<string, Json>): boolean;
  /** Optional effects ask their owner first ("use 八卦阵?"); compulsory ones (锁定技) just fire. */
  optional?: boolean;
  /** The question for an optional effect, naming whom it is about; default `skill.ask {skill, timing}`. */
  ask?(ctx: Ctx<G>, seat: number, ev: Record<string, Json>): Msg;
  /** Fire: mutate `ev`, change state, push frames (they run before the next effect). It may not `ctx.ask` (that throws): push a frame that asks. */
  use(ctx: Ctx<G>, seat: number, ev: Record<string, Json>): void;
}

export interface Skill<G> {
  id: string;
  effects: Effect<G>[];
}

/** A standing order a seat has turned on (预设应对): which one, and its parameters. Private to the seat. */
export interface SeatOrder {
  id: string;
  params?: Record<string, Json>;
}

/**
 * A standing order a game offers: data beside its prompts, listed by the table. Its label is `message` (the
 * game's strings: `<game>.order.<id>`), its longer explanation `hint`.
 */
export interface OrderDef {
  id: string;
  message: Msg;
  hint: Msg;
  /** Prompt kinds it may answer. */
  kinds: string[];
  /** At most one order of a group may be on at a time (they would disagree). */
  group?: string;
  /** Parameters the seat chooses, each from a finite list; `choices[0]` is the default. */
  params?: { id: string; message: Msg; choices: Json[] }[];
  /**
   * 'human': what the order answers depends on something only this seat knows (its identity, that it holds no
   * card), and an instant answer would tell the table. The room must answer it no sooner than a person
   * plausibly would, and must never let the order's answer arrive faster than the same answer by hand.
   */
  timing?: 'instant' | 'human';
}

/** The standing orders of a game and the pure matcher that applies them. */
export interface GameOrders<G = any> {
  /** In the order the table lists them; the matcher tries them in this order too. */
  offered: OrderDef[];
  /**
   * The answer `orders` give to the open prompt `p` (asked of `p.seat`), exactly the answer the player would
   * send by hand, or null when no order applies (then the player is asked as usual). Reads only what `p.seat`
   * may see. The engine validates the answer like any other.
   */
  answer(state: GameState<G>, p: Prompt, orders: SeatOrder[]): Answer | null;
}

interface CreateOptions {
  seats: number;
  seed: string;
  options?: Record<string, Json>;
}

/**
 * A game as data (boardgame.io `Game`, boardzilla `createGame`). Everything is a pure function of
 * the state: no clock, no `Math.random`, no platform APIs.
 */
export interface GameDef<G = any> {
  id: string;
  minSeats: number;
  maxSeats: number;
  /** Check and complete creation options; a string is the reason for a 400. */
  parseOptions(raw: unknown, seats: number): Record<string, Json> | string;
  /** Return the initial game data; push the first frames with `ctx.push` and write the first log lines. */
  setup(ctx: Ctx<G>): G;
  frames: Record<string, FrameDef<G>>;
  /** The game data as `seat` may see it (null = spectator). After the game is over, show everything. */
  view(state: GameState<G>, seat: number | null): Json;
  /** Seats everyone is told the table waits for; default: the seats of the open prompts. */
  waitingOn?(state: GameState<G>): number[];
  /** The answer taken when a prompt's deadline passes; default: `pass`, else the smallest legal answer. */
  defaultAnswer?(state: GameState<G>, p: Prompt): Answer | null;
  /** A sensible answer for a bot; default: a random legal answer. */
  bot?(state: GameState<G>, p: Prompt, rng: Rng): Answer | null;
  /** Skills keyed by id, and which skills a seat has now (generals, equipment...). */
  skills?: Record<string, Skill<G>>;
  /** The engine only reads the list (a game may hand out its own memo). */
  skillsOf?(state: GameState<G>, seat: number): readonly string[];
  /** Seat order in which triggers are offered: the current player first. Default 0..n-1. */
  triggerOrder?(state: GameState<G>): number[];
  /**
   * Display strings per language (`zh-CN`, `zh-TW`, `en`): key → template with `{param}` placeholders. Used by
   * the client and by notifications; data only.
   */
  strings?: Record<string, Record<string, string>>;
  /**
   * What `seat` played as (its identity's string key, e.g. `sgs.role.rebel`), for the series page ("who won as
   * what"). The room asks only once the game is over, when every identity is public.
   */
  roleOf?(state: GameState<G>, seat: number): string | null;
  /** Short public summary for lists ("turn 3 · 张三"), optional. */
  summary?(state: GameState<G>): Msg;
  /** Standing orders (预设应对) the game offers for off-turn prompts; none when absent. */
  orders?: GameOrders<G>;
}

export type { Outcome };
