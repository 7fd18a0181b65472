import type { GameDef } from './game';
import type { Audience, Frame, GameState, Json, LogEntry, Msg, OpenPrompt, Option, Outcome } from './types';
import { rngOf, type Rng } from './rng';
import { sha256HexOfNumbers } from './sha256';
import { cloneJson } from './clone';

/**
 * The handle a rule receives while the engine runs it. It works on a private copy of the state (the
 * draft); the copy becomes the new state only if the whole answer is accepted.
 */
export interface Ctx<G> {
  readonly s: GameState<G>;
  readonly g: G;
  readonly def: GameDef<G>;
  readonly rng: Rng;
  /**
   * Push a frame on top of the stack (it runs next). Returns the stored frame: `frame` itself, its id added, so it
   * must be a new record the caller does not keep elsewhere (a literal, as every rule passes).
   */
  push<F extends { t: string }>(frame: F): Frame & F;
  /** Ask a seat something, owned by the running frame. Returns the prompt id. */
  ask(p: { seat: number; kind: string; message: Msg; options: Option[] }): string;
  /** Close the running frame's open prompts (all, or those of some seats). */
  closePrompts(seats?: number[]): void;
  /** Open prompts of the running frame. */
  openPrompts(): OpenPrompt[];
  /** Append to the log: `to` is 'public' or the seats that may read it. */
  log(key: string, params?: Record<string, Json>, to?: Audience): void;
  /** End the game now: the stack and prompts are cleared. */
  end(outcome: Outcome): void;
  /** Frame by id (e.g. a parent holding an event object), this answer's own copy: rules may change it. */
  frame(id: number): Frame | undefined;
  /** Push a trigger frame: every skill effect on `timing` fires, in trigger order, on `owner[key]`. */
  trigger(timing: string, owner: Frame, key: string, seats?: number[]): void;
}

/**
 * The one ctx of an answer, as a class: its operations live once on the prototype instead of a dozen closures built
 * per answer (the ctx is made on every answer, accepted or not).
 */
class AnswerCtx<G> implements Ctx<G> {
  readonly rng: Rng;
  /** While above 0, `ask` is a rules bug (an effect's `use` runs: see the engine's `useEffect`). */
  noAsk = 0;
  constructor(
    readonly def: GameDef<G>,
    readonly s: GameState<G>,
    private readonly running: () => Frame | undefined,
    private readonly events: LogEntry[],
    /** The frames of `s.stack` still shared with the state the answer started from (see `ownFrame`). */
    private readonly shared: (Frame | null)[],
  ) {
    this.rng = rngOf(s.rng);
  }
  /** `f` as this answer's own frame: a frame still shared with the input state is deep-copied into its place first. */
  own(f: Frame): Frame {
    const sh = this.shared;
    const k = sh.length ? sh.indexOf(f) : -1;
    if (k < 0) return f;
    sh[k] = null;
    const copy = cloneJson(f);
    const st = this.s.stack;
    const i = st.indexOf(f);
    if (i >= 0) st[i] = copy;
    return copy;
  }
  get g(): G {
    return this.s.g;
  }
  push<F extends { t: string }>(frame: F): Frame & F {
    const s = this.s;
    // Stored as it is, not spread into a copy: a spread of the many frame shapes cost more than the rest of a push.
    // An `id` the record already has keeps its place, as in the spread it replaces.
    const f = frame as unknown as Frame & F;
    f.id = s.nextId++;
    s.stack.push(f);
    return f;
  }
  ask(p: { seat: number; kind: string; message: Msg; options: Option[] }): string {
    if (this.noAsk > 0) throw new Error('an effect cannot ask from use(): push a frame that asks (ctx.push) instead');
    const f = this.running();
    if (!f) throw new Error('ask outside a frame');
    const s = this.s;
    const id = promptId(s, s.nextId++);
    s.prompts.push({ id, seat: p.seat, kind: p.kind, message: p.message, options: p.options, frame: f.id });
    return id;
  }
  closePrompts(seats?: number[]): void {
    const f = this.running();
    this.s.prompts = this.s.prompts.filter((p) => !(f && p.frame === f.id && (!seats || seats.includes(p.seat))));
  }
  openPrompts(): OpenPrompt[] {
    const f = this.running();
    return this.s.prompts.filter((p) => f && p.frame === f.id);
  }
  log(key: string, params?: Record<string, Json>, to: Audience = 'public'): void {
    const s = this.s;
    // Copy the params: a rule may pass a live zone (a hand) that changes later in the same answer.
    const e: LogEntry = {
      i: s.logCount++,
      at: s.step,
      to: to === 'public' ? to : [...to],
      msg: params ? { key, params: cloneJson(params) } : { key },
    };
    this.events.push(e);
  }
  end(outcome: Outcome): void {
    const s = this.s;
    s.outcome = outcome;
    s.stack = [];
    s.prompts = [];
  }
  frame(id: number): Frame | undefined {
    const st = this.s.stack;
    for (let i = 0; i < st.length; i++) if (st[i]!.id === id) return this.own(st[i]!);
    return undefined;
  }
  trigger(timing: string, owner: Frame, key: string, seats?: number[]): void {
    const def = this.def;
    const s = this.s;
    const order = seats ?? (def.triggerOrder ? def.triggerOrder(s) : [...Array(s.seats).keys()]);
    // Built with its id in place (the fields in `push`'s order): one record per timing point, not two.
    s.stack.push({ t: '$trigger', timing, owner: owner.id, key, order, i: 0, done: [] as string[], id: s.nextId++ });
  }
}

/**
 * The handle of one answer's rules over the draft `s`; `running` names the frame a rule runs in. `shared` lists the
 * frames of `s.stack` that are still the input state's own objects (the draft copies the list, not the frames):
 * each is deep-copied into its place the first time it is handed to a rule (`ownFrame`, `ctx.frame`), so a frame the
 * answer never reaches is never copied and the input state is never written. The list is the ctx's from then on.
 */
export function makeCtx<G>(
  def: GameDef<G>,
  s: GameState<G>,
  running: () => Frame | undefined,
  events: LogEntry[],
  shared: (Frame | null)[] = [],
): Ctx<G> {
  return new AnswerCtx(def, s, running, events, shared);
}

/**
 * `f` (a frame of `ctx.s.stack`) as the answer's own, to be handed to a rule that may change it: a frame still shared
 * with the input state is replaced by a deep copy first. Frames pushed during the answer are its own already.
 */
export function ownFrame<G>(ctx: Ctx<G>, f: Frame): Frame {
  return ctx instanceof AnswerCtx ? ctx.own(f) : f;
}

/**
 * Run `fn` with `ctx.ask` forbidden (it throws): an effect's `use` may not ask (see the engine's `useEffect`). A ctx
 * not made by `makeCtx` gets a throwing `ask` for the call instead.
 */
export function withoutAsk<G>(ctx: Ctx<G>, fn: () => void): void {
  if (ctx instanceof AnswerCtx) {
    ctx.noAsk++;
    try {
      fn();
    } finally {
      ctx.noAsk--;
    }
    return;
  }
  const ask = ctx.ask;
  ctx.ask = () => {
    throw new Error('an effect cannot ask from use(): push a frame that asks (ctx.push) instead');
  };
  try {
    fn();
  } finally {
    ctx.ask = ask;
  }
}

/**
 * The id of the `n`-th thing the game numbered, as a prompt id. Ids in asking order would tell a seat who else
 * was asked (a 无懈可击 window asks its holders in seat order), so the id is a hash of the game's RNG state —
 * secret, never in any view — and the counter: deterministic from the state (a replay gives the same ids),
 * unguessable, and unordered. Reading the RNG state does not advance it, so no game plays differently.
 */
export function promptId(s: GameState<unknown>, n: number): string {
  return `p${sha256HexOfNumbers('prompt|', s.rng, n, 2)}`;
}
