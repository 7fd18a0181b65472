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

export interface CreateOptions {
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
  /**
   * Optional, for speed only: the copy of the game data an answer works on. It must share no object a rule may
   * change with `g`, and equal `cloneJson(g)` (the default). A game that knows its data's shape copies flat
   * lists with `slice` instead of the generic walk.
   */
  draft?(g: G): G;
  /**
   * Optional, for speed only: once an accepted answer's flow has finished, its game data `after` (the draft) and the
   * data it started from, `before`. Returns data equal to `after` as JSON that may put back the parts of `before`
   * the answer left equal (a character nobody touched, or all of it), so the new state shares them with the old
   * one: the room's store and views then pass them over by identity instead of comparing them field by field.
   */
  settle?(before: G, after: G): G;
  /** The game data as `seat` may see it (null = spectator). After the game is over, show everything. */
  view(state: GameState<G>, seat: number | null): Json;
  /**
   * Optional, for speed only: the game data of several viewers of one state at once, serialised.
   * `viewsJson(s, seats)[i]` must equal `JSON.stringify(view(s, seats[i]))` byte for byte; a game builds and
   * serialises what every viewer shares once instead of once per viewer (the room sends every seat its view on
   * every answer). Without it the engine calls `view` per seat.
   */
  viewsJson?(state: GameState<G>, seats: (number | null)[]): string[];
  /**
   * Optional, for speed only: the views of several viewers of one state as the JSON text of their parts
   * (`ViewText`): `viewTexts(s, seats)[i].keys` are the keys of `view(s, seats[i])` in order, each part the JSON
   * of that field (of each item, for a list), so `joinViewText` of it equals `JSON.stringify(view(s, seats[i]))`.
   * The room compares a socket's last view with the new one part by part, by text, and sends the parts that
   * changed: a game whose viewers share most parts builds them once for all.
   */
  viewTexts?(state: GameState<G>, seats: (number | null)[]): ViewText[];
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
  /** Short public summary for lists ("turn 3 · 张三"), optional. */
  summary?(state: GameState<G>): Msg;
  /** Standing orders (预设应对) the game offers for off-turn prompts; none when absent. */
  orders?: GameOrders<G>;
}

export type { Outcome };

/** A view as the JSON text of its top-level fields (`GameDef.viewTexts`). */
export interface ViewText {
  keys: string[];
  /** Per key: the field's JSON, or for a list its items' JSON (an item JSON leaves out written `null`, as JSON does). */
  parts: (string | string[])[];
}

/** `"key":` per key name seen (a view's and a state body's keys are a fixed few). */
const keyJson = new Map<string, string>();

/** A property name as JSON writes it before its value: `"key":`, made once per name. */
export function jsonKey(k: string): string {
  let key = keyJson.get(k);
  if (key === undefined) keyJson.set(k, (key = `${JSON.stringify(k)}:`));
  return key;
}

/** The view's JSON from its parts: `JSON.stringify(view)` for the parts of `view`. */
export function joinViewText(t: ViewText): string {
  let out = '{';
  for (let i = 0; i < t.keys.length; i++) {
    const p = t.parts[i]!;
    out += `${i ? ',' : ''}${jsonKey(t.keys[i]!)}${typeof p === 'string' ? p : `[${p.join(',')}]`}`;
  }
  return `${out}}`;
}

/**
 * Adds field `k` of value `v` to a view's parts as `JSON.stringify` of the whole view would write it: left out when
 * undefined (or a function), a list item by item.
 */
export function addViewPart(t: ViewText, k: string, v: unknown): void {
  if (Array.isArray(v)) {
    const items: string[] = new Array(v.length);
    for (let j = 0; j < v.length; j++) items[j] = (JSON.stringify(v[j]) as string | undefined) ?? 'null';
    t.keys.push(k);
    t.parts.push(items);
    return;
  }
  const json = JSON.stringify(v) as string | undefined;
  if (json === undefined) return;
  t.keys.push(k);
  t.parts.push(json);
}

/** What `addViewPartKept` built last for one slot: a copy of the value (a plain value, or a list's plain items) and its part. */
export interface KeptPart {
  list: boolean;
  src: unknown[];
  part: string | string[];
}

/** Is `v` a value whose JSON depends on its value alone (not an object)? */
const flatValue = (v: unknown): boolean => v === null || (typeof v !== 'object' && typeof v !== 'function');

/**
 * `addViewPart(t, k, v)`, reusing the part built last for the same slot of `kept` (one map per view builder, one
 * slot per field) when `v` is the same plain value, or a list of the same plain items: the strings, and a list's
 * array of item texts, are then the very ones built before, which the room compares by identity first. Anything
 * holding an object is built afresh and not kept. Never stale: the copy is compared item by item on every call.
 */
export function addViewPartKept(t: ViewText, k: string, v: unknown, kept: Map<string, KeptPart>, slot: string = k): void {
  const was = kept.get(slot);
  if (Array.isArray(v)) {
    let flat = true;
    for (let j = 0; j < v.length && flat; j++) flat = flatValue(v[j]);
    if (!flat) {
      kept.delete(slot);
      addViewPart(t, k, v);
      return;
    }
    if (was && was.list && was.src.length === v.length) {
      let j = 0;
      while (j < v.length && was.src[j] === v[j]) j++;
      if (j === v.length) {
        t.keys.push(k);
        t.parts.push(was.part);
        return;
      }
    }
    const n = t.parts.length;
    addViewPart(t, k, v);
    kept.set(slot, { list: true, src: v.slice(), part: t.parts[n]! });
    return;
  }
  if (!flatValue(v)) {
    kept.delete(slot);
    addViewPart(t, k, v);
    return;
  }
  if (was && !was.list && was.src[0] === v && was.src.length === 1) {
    t.keys.push(k);
    t.parts.push(was.part);
    return;
  }
  const n = t.parts.length;
  addViewPart(t, k, v);
  // Left out (undefined): nothing to keep.
  if (t.parts.length > n) kept.set(slot, { list: false, src: [v], part: t.parts[n]! });
  else kept.delete(slot);
}
