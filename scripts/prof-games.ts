/**
 * A profiling harness for the rules alone (no room): replays one seeded bot game of 三国杀 and 驱鬼 at 5 and 8
 * players through `apply`, then builds every seat's view and a spectator's for each state and serialises them
 * as the room's broadcast does. Bundle it and run it under `node --cpu-prof` to see where an answer's CPU goes;
 * `run()` returns µs per answer for both halves. The moves are computed first (the bots' search is not timed).
 */
import { apply, createGame, viewFor, type GameDef, type GameState, type Move } from '../worker/engine';
import * as engine from '../worker/engine';
import sanguosha from '../worker/games/sanguosha';
import ghost from '../worker/games/ghost';
import { botMoves } from '../test/helpers/play';

const botGame = (def: GameDef, seats: number, seed: string, options: Record<string, any>): Move[] =>
  botMoves(def, { seats, seed, options }).moves;

export interface Game {
  name: string;
  def: GameDef;
  seats: number;
  options: Record<string, any>;
  moves: Move[];
}

export const GAMES: [string, GameDef, number][] = [
  ['sanguosha', sanguosha, 5],
  ['sanguosha', sanguosha, 8],
  ['ghost', ghost, 5],
  ['ghost', ghost, 8],
];

/** The replayed games (same seeds as bench/room-cpu.bench.ts). */
export function games(): Game[] {
  return GAMES.map(([name, def, seats]) => {
    const options = def.parseOptions(undefined, seats) as Record<string, any>;
    return { name, def, seats, options, moves: botGame(def, seats, `bench-${name}-${seats}`, options) };
  });
}

/**
 * Every seat's view and a spectator's, serialised with their prompts: what one broadcast computes. Uses the
 * engine's `viewsJson` when it has one (and `plain` is false), else `viewFor` + `JSON.stringify` per viewer.
 */
export function views(def: GameDef, s: GameState, plain = false): number {
  let n = 0;
  const seats: (number | null)[] = [...Array(s.seats).keys(), null];
  const fast = (engine as Record<string, any>)['viewsJson'];
  if (fast && !plain) {
    const json: string[] = fast(def, s, seats);
    // charCodeAt flattens a string built by concatenation, as sending it would.
    seats.forEach(
      (seat, i) =>
        (n +=
          json[i]!.charCodeAt(json[i]!.length >> 1) +
          JSON.stringify((engine as Record<string, any>)['promptsFor'](s, seat)).length),
    );
    return n;
  }
  for (const seat of seats) {
    const v = viewFor(def, s, seat);
    const json = JSON.stringify(v.view);
    n += json.charCodeAt(json.length >> 1) + JSON.stringify(v.prompts).length;
  }
  return n;
}

/** CPU µs of this process so far (user + system): steadier than the wall clock on a machine shared with others. */
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** CPU µs per answer: apply alone, and views of every seat + spectator per state (the best of `reps`). */
export function run(list: Game[], reps = 3, plain = false): Record<string, { apply: number; views: number }> {
  const out: Record<string, { apply: number; views: number }> = {};
  for (const g of list) {
    let best = { apply: Infinity, views: Infinity };
    for (let k = 0; k < reps; k++) {
      const states: GameState[] = [];
      let s = createGame(g.def, { seats: g.seats, seed: `bench-${g.name}-${g.seats}`, options: g.options });
      let t0 = cpu();
      for (const mv of g.moves) {
        const r = apply(g.def, s, mv.seat, mv.answer);
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
        states.push(s);
      }
      const a = (cpu() - t0) / g.moves.length;
      t0 = cpu();
      for (const st of states) views(g.def, st, plain);
      const v = (cpu() - t0) / g.moves.length;
      best = { apply: Math.min(best.apply, a), views: Math.min(best.views, v) };
    }
    out[`${g.name} ${g.seats}p (${g.moves.length} answers)`] = best;
  }
  return out;
}

/** The first state of a replayed game. */
export const start = (g: Game): GameState =>
  createGame(g.def, { seats: g.seats, seed: `bench-${g.name}-${g.seats}`, options: g.options });
/** One replayed answer. */
export function step(g: Game, s: GameState, mv: Move): GameState {
  const r = apply(g.def, s, mv.seat, mv.answer);
  if (!r.ok) throw new Error(r.error.reason);
  return r.value.state;
}
