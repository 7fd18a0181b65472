import type { Effect, FrameDef, GameDef, Skill } from './game';
import { makeCtx, ownFrame, withoutAsk, type Ctx } from './ctx';
import { seedRng, rngOf, type Rng } from './rng';
import { cloneJson } from './clone';
import type {
  Answer,
  Audience,
  Frame,
  GameState,
  Json,
  LogEntry,
  Msg,
  OpenPrompt,
  Option,
  Outcome,
  Prompt,
  Result,
  RngState,
  RuleError,
} from './types';

/** Frames a single answer may run before the engine calls it a rules bug (a loop). */
export const LOOP_GUARD = 100_000;

export class LoopGuardError extends Error {}

/**
 * The draft an answer works on: a copy of what rules may change — the game data (the game's own `draft`, else
 * `cloneJson`) and the PRNG words. The frame list is new but its frames are the input's until the answer's ctx hands
 * one to a rule (the running frame, the answered one, `ctx.frame`), which deep-copies it into its place first
 * (`makeCtx`'s `shared`): most answers reach only the top frames, and the turn below them is never copied. Open
 * prompts are never changed once asked (rules only add and close them), so the list is new and its prompts are
 * shared; the creation options are never changed at all. The input state is therefore never touched, accepted
 * answer or not.
 */
function draft<G>(def: GameDef<G>, s: GameState<G>): GameState<G> {
  return {
    game: s.game,
    seats: s.seats,
    options: s.options,
    rng: s.rng.slice() as RngState,
    g: cloneJson(s.g),
    stack: s.stack.slice(),
    prompts: s.prompts.slice(),
    nextId: s.nextId,
    logCount: s.logCount,
    step: s.step,
    outcome: s.outcome,
  };
}
const fail = (code: RuleError['code'], reason: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, reason },
});

/**
 * Run an effect's `use`. An effect cannot ask a question itself: its prompt would belong to the trigger frame, whose
 * answer handler only knows "use"/"pass", and the answer would be lost. It pushes a frame that asks instead, so a
 * `ctx.ask` here is a rules bug and fails loudly.
 */
function useEffect<G>(ctx: Ctx<G>, eff: Effect<G>, seat: number, ev: Record<string, Json>): void {
  withoutAsk(ctx, () => eff.use(ctx, seat, ev));
}

const NO_SKILLS: Record<string, Skill<any>> = {};
const NO_IDS: readonly string[] = [];

/** Per skill, the indices of its effects on each timing (skills are static catalogue data, indexed once). */
const EFFECTS_ON = new WeakMap<Skill<any>, Map<string, number[]>>();
const NONE: readonly number[] = [];

/**
 * The indices (in `skill.effects`) of the effects of `skill` on `timing`, in their order: what a trigger offers at
 * that timing, without visiting every effect of every skill of every seat at every timing point.
 */
export function effectsOn(skill: Skill<any>, timing: string): readonly number[] {
  let m = EFFECTS_ON.get(skill);
  if (!m) {
    m = new Map();
    skill.effects.forEach((e, k) => {
      const l = m!.get(e.on);
      if (l) l.push(k);
      else m!.set(e.on, [k]);
    });
    EFFECTS_ON.set(skill, m);
  }
  return m.get(timing) ?? NONE;
}

/** Per skill catalogue (`GameDef.skills`), per timing: the skills with effects on it and those effects' indices. */
const LISTENERS = new WeakMap<Record<string, Skill<any>>, Map<string, Map<string, readonly number[]>>>();

/**
 * The skills of `skills` (a game's catalogue, fixed once its modules have loaded) with effects on `timing`, each with
 * `effectsOn(skill, timing)`: one lookup per skill of a seat at a timing point instead of the skill and then its
 * effects. Built on first use per timing.
 */
export function listenersOn(
  skills: Record<string, Skill<any>>,
  timing: string,
): ReadonlyMap<string, readonly number[]> {
  let byTiming = LISTENERS.get(skills);
  if (!byTiming) LISTENERS.set(skills, (byTiming = new Map()));
  let m = byTiming.get(timing);
  if (!m) {
    m = new Map();
    for (const sid of Object.keys(skills)) {
      const skill = skills[sid];
      if (!skill) continue;
      const ks = effectsOn(skill, timing);
      if (ks.length) m.set(sid, ks);
    }
    byTiming.set(timing, m);
  }
  return m;
}

/**
 * The built-in trigger frame: offers every effect on `timing` to each seat in `order`. Seats with nothing to offer
 * are passed over in one run (advancing `i` and clearing `done` exactly as a run per seat would), so a timing point
 * nobody listens to costs one frame run, not one per seat.
 */
const triggerFrame: FrameDef<any> = {
  run(ctx, f) {
    const owner = ctx.frame(f.owner as number);
    const ev = (owner?.[f.key as string] ?? {}) as Record<string, Json>;
    const order = f.order as number[];
    const timing = f.timing as string;
    let done = f.done as string[];
    const skills = ctx.def.skills ?? NO_SKILLS;
    const listening = listenersOn(skills, timing);
    while ((f.i as number) < order.length) {
      const seat = order[f.i as number]!;
      const ids = listening.size && ctx.def.skillsOf ? ctx.def.skillsOf(ctx.s, seat) : NO_IDS;
      for (const sid of ids) {
        const ks = listening.get(sid);
        if (!ks) continue;
        const skill = skills[sid]!;
        for (const k of ks) {
          const eff = skill.effects[k]!;
          // The tag is built only when there is a list to look it up in, or it is kept: most effects asked are not used.
          let tag: string | undefined;
          if (done.length && done.includes((tag = `${seat}:${sid}:${k}`))) continue;
          if (!eff.can(ctx, seat, ev)) continue;
          done.push((tag ??= `${seat}:${sid}:${k}`));
          if (eff.optional) {
            f.asking = tag;
            ctx.ask({
              seat,
              kind: 'skill',
              message: eff.ask ? eff.ask(ctx, seat, ev) : { key: 'skill.ask', params: { skill: sid, timing } },
              options: [
                { id: 'use', message: { key: 'skill.use', params: { skill: sid } } },
                { id: 'pass', message: { key: 'common.pass' } },
              ],
            });
            return 'wait';
          }
          useEffect(ctx, eff, seat, ev);
          return 'again';
        }
      }
      f.i = (f.i as number) + 1;
      // An empty list stays: it serialises the same as a new one.
      if (done.length) f.done = done = [];
    }
    return 'done';
  },
  answer(ctx, f, _p, a) {
    const tag = f.asking as string;
    delete f.asking;
    if (a.option !== 'use') return;
    const [seat, sid, k] = tag.split(':');
    const owner = ctx.frame(f.owner as number);
    const ev = (owner?.[f.key as string] ?? {}) as Record<string, Json>;
    useEffect(ctx, ctx.def.skills![sid!]!.effects[Number(k)]!, Number(seat), ev);
  },
};

function frameDef<G>(def: GameDef<G>, t: string): FrameDef<G> {
  if (t === '$trigger') return triggerFrame as FrameDef<G>;
  const fd = def.frames[t];
  if (!fd) throw new Error(`unknown frame type ${t}`);
  return fd;
}

/** The frame a rule runs in, read by the answer's one ctx (see `makeCtx`): the answered frame, then each one the flow runs. */
interface Running {
  frame: Frame | undefined;
}

/** Run the flow until every path waits on a prompt, or the game ends; `at.frame` follows the running frame. */
function runFlow<G>(def: GameDef<G>, s: GameState<G>, ctx: Ctx<G>, at: Running): void {
  for (let n = 0; ; n++) {
    if (n > LOOP_GUARD)
      throw new LoopGuardError(`flow ran more than ${LOOP_GUARD} frames without waiting (top: ${s.stack.at(-1)?.t})`);
    if (s.outcome || s.prompts.length > 0) return;
    const top = s.stack.at(-1);
    if (!top) return;
    const f = ownFrame(ctx, top);
    at.frame = f;
    const step = frameDef(def, f.t).run(ctx, f);
    if (step === 'done') {
      // Prompts are empty whenever a frame runs (the loop returns otherwise), so only one that asked and still said
      // `done` has any to drop: no new list for every finished frame.
      if (s.prompts.length) s.prompts = s.prompts.filter((p) => p.frame !== f.id);
      // Usually still on top (it pushed nothing, or its children have finished).
      const top = s.stack.length - 1;
      if (s.stack[top] === f) s.stack.pop();
      else {
        const at = s.stack.indexOf(f);
        if (at >= 0) s.stack.splice(at, 1);
      }
    } else if (step === 'wait') {
      if (!s.prompts.some((p) => p.frame === f.id) && !s.outcome)
        throw new Error(`frame ${f.t} waits without a prompt`);
      return;
    }
  }
}

/** A new game and the log entries its setup wrote: the setup, then the flow up to the first prompt. */
export function startGame<G>(
  def: GameDef<G>,
  o: { seats: number; seed: string; options?: Record<string, Json> },
): { state: GameState<G>; events: LogEntry[] } {
  const s: GameState<G> = {
    game: def.id,
    seats: o.seats,
    options: o.options ?? {},
    rng: seedRng(o.seed),
    g: null as G,
    stack: [],
    prompts: [],
    nextId: 1,
    logCount: 0,
    step: 0,
    outcome: null,
  };
  const events: LogEntry[] = [];
  const at: Running = { frame: undefined };
  const ctx = makeCtx(def, s, () => at.frame, events);
  s.g = def.setup(ctx);
  runFlow(def, s, ctx, at);
  return { state: s, events };
}

/** A new game (its setup's log entries dropped: see `startGame` to keep them). */
export function createGame<G>(
  def: GameDef<G>,
  o: { seats: number; seed: string; options?: Record<string, Json> },
): GameState<G> {
  return startGame(def, o).state;
}

function checkPicks<T extends string | number>(
  picked: unknown,
  spec: { from: T[]; min: number; max: number } | undefined,
  what: string,
): string | null {
  if (picked === undefined || (Array.isArray(picked) && picked.length === 0)) {
    return spec && spec.min > 0 ? `pick at least ${spec.min} ${what}` : null;
  }
  if (!Array.isArray(picked)) return `${what} must be a list`;
  if (!spec) return `this option takes no ${what}`;
  // Picks are a handful: a pairwise look (as a Set compares: NaN equals NaN) instead of building a Set per answer.
  for (let i = 1; i < picked.length; i++) {
    const x = picked[i];
    for (let j = 0; j < i; j++) {
      const y = picked[j];
      if (x === y || (Number.isNaN(x) && Number.isNaN(y))) return `the same ${what.slice(0, -1)} is picked twice`;
    }
  }
  for (const x of picked) if (!spec.from.includes(x as T)) return `${String(x)} cannot be picked here`;
  if (picked.length < spec.min) return `pick at least ${spec.min} ${what}`;
  if (picked.length > spec.max) return `pick at most ${spec.max} ${what}`;
  return null;
}

/** Check an answer against the prompt it names, before any rule sees it. */
export function checkShape(s: GameState<any>, seat: number, a: Answer): RuleError | null {
  if (s.outcome) return { code: 'finished', reason: 'the game is over' };
  if (!a || typeof a !== 'object' || typeof a.prompt !== 'string' || typeof a.option !== 'string') {
    return { code: 'illegal', reason: 'an answer names a prompt and an option' };
  }
  // Another seat's open prompt and a prompt that does not exist get the same error, word for word: a
  // difference would let a seat probe who else is being asked (who holds 无懈可击).
  const p = s.prompts.find((x) => x.id === a.prompt && x.seat === seat);
  if (!p) return { code: 'not_your_prompt', reason: 'no open prompt with this id is addressed to you' };
  const o = p.options.find((x) => x.id === a.option);
  if (!o) return { code: 'illegal', reason: `no option ${a.option} in prompt ${a.prompt}` };
  const bad = checkPicks(a.cards, o.cards, 'cards') ?? checkPicks(a.seats, o.seats, 'seats');
  return bad ? { code: 'illegal', reason: bad } : null;
}

/**
 * The single entry point of the rules: `seat` answers. Returns the new state and the log entries it
 * wrote, or an error; the input state is never modified.
 */
export function apply<G>(
  def: GameDef<G>,
  state: GameState<G>,
  seat: number,
  answer: Answer,
): Result<{ state: GameState<G>; events: LogEntry[] }> {
  const bad = checkShape(state, seat, answer);
  if (bad) return { ok: false, error: bad };
  const s = draft(def, state);
  const p = s.prompts.find((x) => x.id === answer.prompt)!;
  const events: LogEntry[] = [];
  // One ctx for the answer and the flow after it (its RNG works on the draft's words either way). The frames are
  // still the input's: the ctx copies each one it hands out.
  const at: Running = { frame: undefined };
  const ctx: Ctx<G> = makeCtx(def, s, () => at.frame, events, s.stack.slice());
  const found = s.stack.find((x) => x.id === p.frame);
  if (!found) throw new Error(`prompt ${p.id} has no frame`);
  const f = ownFrame(ctx, found);
  at.frame = f;
  s.prompts = s.prompts.filter((x) => x.id !== p.id);
  const a: Answer = { prompt: answer.prompt, option: answer.option };
  if (answer.cards?.length) a.cards = [...answer.cards];
  if (answer.seats?.length) a.seats = [...answer.seats];
  const reason = frameDef(def, f.t).answer(ctx, f, p, a);
  if (typeof reason === 'string') return fail('illegal', reason);
  s.step++;
  runFlow(def, s, ctx, at);
  // What the answer left as it was is shared with the state before it (states never change once made).
  return { ok: true, value: { state: s, events } };
}

/** Every answer to `p` that fits its options' shapes, up to `limit` (the rules may still reject some). */
export function candidates(p: Prompt, limit = 2000): Answer[] {
  const out: Answer[] = [];
  for (const o of p.options) {
    const cardSets = o.cards ? subsets(o.cards.from, o.cards.min, o.cards.max, limit) : [[]];
    const seatSets = o.seats ? subsets(o.seats.from, o.seats.min, o.seats.max, limit) : [[]];
    for (const cs of cardSets)
      for (const ss of seatSets) {
        const a: Answer = { prompt: p.id, option: o.id };
        if (cs.length) a.cards = cs as string[];
        if (ss.length) a.seats = ss as number[];
        out.push(a);
        if (out.length >= limit) return out;
      }
  }
  return out;
}

function subsets<T>(from: T[], min: number, max: number, limit: number): T[][] {
  const out: T[][] = [];
  const hi = Math.min(max, from.length);
  for (let k = Math.max(0, min); k <= hi && out.length < limit; k++) {
    const idx = [...Array(k).keys()];
    for (;;) {
      out.push(idx.map((i) => from[i]!));
      if (out.length >= limit) break;
      let i = k - 1;
      while (i >= 0 && idx[i] === from.length - k + i) i--;
      if (i < 0) break;
      idx[i]!++;
      for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
    }
  }
  return out;
}

/** Concrete legal answers for `seat` (all its prompts), for bots and perft-style tests. */
export function legalAnswers<G>(def: GameDef<G>, s: GameState<G>, seat: number, limit = 2000): Answer[] {
  return s.prompts
    .filter((p) => p.seat === seat)
    .flatMap((p) => candidates(p, limit))
    .filter((a) => apply(def, s, seat, a).ok);
}

/** The answer taken when a deadline passes: the game's own, else `pass`, else the smallest legal answer. */
export function defaultAnswer<G>(def: GameDef<G>, s: GameState<G>, p: Prompt): Answer {
  const own = def.defaultAnswer?.(s, p);
  if (own && apply(def, s, p.seat, own).ok) return own;
  const pass = p.options.find((o) => o.id === 'pass');
  if (pass && apply(def, s, p.seat, { prompt: p.id, option: 'pass' }).ok) return { prompt: p.id, option: 'pass' };
  for (const a of candidates(p)) if (apply(def, s, p.seat, a).ok) return a;
  throw new Error(`prompt ${p.id} (${p.kind}) has no legal answer`);
}

/** A bot's answer: the game's bot, else a uniformly random legal answer. */
export function botAnswer<G>(def: GameDef<G>, s: GameState<G>, p: Prompt, rng: Rng): Answer {
  const own = def.bot?.(s, p, rng);
  if (own && apply(def, s, p.seat, own).ok) return own;
  const all = candidates(p).filter((a) => apply(def, s, p.seat, a).ok);
  if (all.length === 0) throw new Error(`prompt ${p.id} (${p.kind}) has no legal answer`);
  return rng.pick(all);
}

/** A random source for bots, derived from the game and the prompt so the same position gives the same move. */
export function botRng(s: GameState<any>, p: Prompt, salt = ''): Rng {
  return rngOf(seedRng(`${s.rng.join(',')}|${p.id}|${salt}`));
}

/** Public shape of a prompt: the internal frame link removed. */
export function publicPrompt(p: OpenPrompt | Prompt): Prompt {
  const { frame: _f, ...rest } = p as OpenPrompt;
  return rest;
}

export interface LogLine {
  i: number;
  at: number;
  msg: Msg;
}

/** May `seat` (null: a spectator) read an entry with audience `to`? Everyone reads everything once the game is over. */
export function mayRead(to: Audience, seat: number | null, over: boolean): boolean {
  return over || to === 'public' || (seat !== null && to.includes(seat));
}

/** The entries of `log` that `seat` may read, from step `sinceStep` on, as the lines a view carries. */
export function logFor(log: readonly LogEntry[], seat: number | null, over: boolean, sinceStep = -1): LogLine[] {
  return log.filter((e) => e.at >= sinceStep && mayRead(e.to, seat, over)).map(({ i, at, msg }) => ({ i, at, msg }));
}

export interface SeatView {
  game: string;
  seats: number;
  step: number;
  you: number | null;
  /** The game's own view for this seat. */
  view: Json;
  /** This seat's open prompts, options included. */
  prompts: Prompt[];
  /** Seats the table is shown to wait for (another seat's options are never shown). */
  waiting: number[];
  log: LogLine[];
  outcome: Outcome | null;
}

/** Seats everyone is told the table waits for: the game's say, else the seats of the open prompts. Public. */
export function waitingSeats<G>(def: GameDef<G>, s: GameState<G>): number[] {
  return def.waitingOn ? def.waitingOn(s) : [...new Set(s.prompts.map((p) => p.seat))].sort((a, b) => a - b);
}

/**
 * The only way state leaves the engine (DESIGN §3). The log is not in the state: `o.log` passes the entries the
 * view should carry (filtered here for `seat`); without it the view's log is empty.
 */
export function viewFor<G>(
  def: GameDef<G>,
  s: GameState<G>,
  seat: number | null,
  o: { sinceStep?: number; log?: readonly LogEntry[] } = {},
): SeatView {
  const waiting = waitingSeats(def, s);
  return {
    game: s.game,
    seats: s.seats,
    step: s.step,
    you: seat,
    view: def.view(s, seat),
    prompts: promptsFor(s, seat),
    waiting,
    log: o.log ? logFor(o.log, seat, !!s.outcome, o.sinceStep) : [],
    outcome: s.outcome,
  };
}

/** `seat`'s open prompts as a view carries them (none for a spectator). */
export function promptsFor(s: GameState<any>, seat: number | null): Prompt[] {
  return seat === null ? [] : s.prompts.filter((p) => p.seat === seat).map(publicPrompt);
}

export interface Move {
  seat: number;
  answer: Answer;
}

/** Rebuild a game from its creation parameters and its move log. */
export function replay<G>(
  def: GameDef<G>,
  o: { seats: number; seed: string; options?: Record<string, Json> },
  moves: Move[],
): GameState<G> {
  return replayWithLog(def, o, moves).state;
}

/** `replay`, keeping every log entry written on the way (setup's and each answer's). */
export function replayWithLog<G>(
  def: GameDef<G>,
  o: { seats: number; seed: string; options?: Record<string, Json> },
  moves: Move[],
): { state: GameState<G>; log: LogEntry[] } {
  const start = startGame(def, o);
  let s = start.state;
  const log = start.events;
  for (const m of moves) {
    const r = apply(def, s, m.seat, m.answer);
    if (!r.ok) throw new Error(`replay: move ${s.step} rejected: ${r.error.reason}`);
    s = r.value.state;
    for (const e of r.value.events) log.push(e);
  }
  return { state: s, log };
}

export type { Option };
