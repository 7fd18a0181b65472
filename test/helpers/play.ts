import {
  apply,
  botAnswer,
  botRng,
  candidates,
  defaultAnswer,
  rngOf,
  seedRng,
  startGame,
  viewFor,
  type Answer,
  type GameDef,
  type GameState,
  type Json,
  type LogEntry,
  type Move,
} from '../../worker/engine';

/**
 * Drivers for seeded random full games: after every step the caller's `check` sees the state. Answers are
 * chosen by `mode`: a random shape-valid candidate (retried until the rules accept one), the bot, or the
 * deadline default.
 */
export type Mode = 'random' | 'bot' | 'default';

export interface PlayResult<G> {
  state: GameState<G>;
  moves: Move[];
  steps: number;
  /** Every log entry the game wrote (the log is not in the state). */
  log: LogEntry[];
}

export function playOut<G>(
  def: GameDef<G>,
  o: { seats: number; seed: string; options?: Record<string, Json> },
  mode: Mode | ((step: number) => Mode),
  check?: (s: GameState<G>, moves: Move[], log: LogEntry[]) => void,
  maxSteps = 20_000,
): PlayResult<G> {
  const start = startGame(def, o);
  let s = start.state;
  const log = start.events;
  const moves: Move[] = [];
  const pick = rngOf(seedRng(`driver|${o.seed}`));
  check?.(s, moves, log);
  while (!s.outcome) {
    if (moves.length >= maxSteps) throw new Error(`game did not end in ${maxSteps} answers`);
    if (s.prompts.length === 0) throw new Error('game is stuck: no outcome and no prompt');
    const p = s.prompts[pick.int(s.prompts.length)]!;
    const m = typeof mode === 'function' ? mode(moves.length) : mode;
    let answer: Answer | undefined;
    let next: GameState<G> | undefined;
    let events: LogEntry[] = [];
    if (m === 'random') {
      const all = candidates(p, 400);
      for (let tries = 0; tries < 50 && !next; tries++) {
        const a = pick.pick(all);
        const r = apply(def, s, p.seat, a);
        if (r.ok) [answer, next, events] = [a, r.value.state, r.value.events];
      }
    }
    if (!next) {
      answer = m === 'default' ? defaultAnswer(def, s, p) : botAnswer(def, s, p, botRng(s, p));
      const r = apply(def, s, p.seat, answer);
      if (!r.ok) throw new Error(`${m} answer rejected: ${r.error.reason}`);
      next = r.value.state;
      events = r.value.events;
    }
    moves.push({ seat: p.seat, answer: answer! });
    s = next;
    log.push(...events);
    check?.(s, moves, log);
  }
  return { state: s, moves, steps: moves.length, log };
}

/** The views of every seat and of a spectator (with `log` filtered for each), as JSON text. */
export function allViews<G>(
  def: GameDef<G>,
  s: GameState<G>,
  log: LogEntry[] = [],
): { seat: number | null; json: string }[] {
  return [null, ...Array.from({ length: s.seats }, (_, i) => i)].map((seat) => ({
    seat,
    json: JSON.stringify(viewFor(def, s, seat, { log })),
  }));
}

/**
 * A game played by the game's own bots, always the first open prompt, as the move list a room or a bench replays
 * (and every state on the way): the same moves for the same seed every time. `limit`: stop after that many.
 */
export function botMoves<G>(
  def: GameDef<G>,
  o: { seats: number; seed: string; options?: Record<string, Json> },
  limit = 30_000,
): { moves: Move[]; states: GameState<G>[] } {
  let s = startGame(def, o).state;
  const states = [s];
  const moves: Move[] = [];
  while (!s.outcome && moves.length < limit) {
    const p = s.prompts[0]!;
    const a = botAnswer(def, s, p, botRng(s, p));
    const r = apply(def, s, p.seat, a);
    if (!r.ok) throw new Error(r.error.reason);
    moves.push({ seat: p.seat, answer: a });
    states.push((s = r.value.state));
  }
  return { moves, states };
}
