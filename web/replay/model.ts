import {
  apply,
  startGame,
  viewFor,
  type GameDef,
  type GameState,
  type Json,
  type LogEntry,
  type Move,
} from '../../worker/engine';
import type { LogLine, SeatInfo, StateBody } from '../../worker/protocol';

/** `GET /api/games/:id/record` of a finished game (contracts §5): everything needed to play it again. */
export interface GameRecord {
  game: string;
  seats: number;
  options: Record<string, Json>;
  seed: string;
  /** Player names by seat (null: nobody named, e.g. a bot). */
  names: (string | null)[];
  moves: Move[];
}

/**
 * A finished game played again by the real engine, move by move: `states[k]` is the table after `k` moves
 * (`states[0]` right after the setup), `lines` every log line in order and `lineEnd[k]` how many of them had
 * been written by then. Built once; any step, from any seat, is then a lookup.
 */
export interface Replay {
  def: GameDef;
  record: GameRecord;
  states: GameState<unknown>[];
  /** Every log entry with its audience, in order. */
  lines: LogEntry[];
  lineEnd: number[];
  /** The first move the engine refused (a record from another version of the rules), if any: the replay stops before it. */
  brokenAt: number | null;
}

const toLine = (e: LogEntry): LogLine => ({ i: e.i, at: e.at, msg: e.msg });
const sees = (e: LogEntry, seat: number | null) => e.to === 'public' || (seat !== null && e.to.includes(seat));

/** Play the record through the engine. Pure: the same record always gives the same replay. */
export function buildReplay(def: GameDef, record: GameRecord): Replay {
  const first = startGame(def, { seats: record.seats, seed: record.seed, options: record.options });
  let s = first.state as GameState<unknown>;
  const states = [s];
  const lines = first.events.slice();
  const lineEnd = [lines.length];
  let brokenAt: number | null = null;
  for (let k = 0; k < record.moves.length; k++) {
    const m = record.moves[k]!;
    const r = apply(def, s, m.seat, m.answer);
    if (!r.ok) {
      brokenAt = k;
      break;
    }
    s = r.value.state;
    lines.push(...r.value.events);
    states.push(s);
    lineEnd.push(lines.length);
  }
  return { def, record, states, lines, lineEnd, brokenAt };
}

/** Number of moves the replay can show (all of them, unless the record broke off). */
export const lastStep = (r: Replay): number => r.states.length - 1;

/** The move that leads from step `k` to `k + 1`, or null at the end. */
export const moveAfter = (r: Replay, k: number): Move | null => (k < lastStep(r) ? r.record.moves[k]! : null);

/**
 * What seat `seat` (null: a spectator) saw after `k` moves, as a state body the game's Table can draw: its
 * view, whom the table waited for, the outcome at the end, and the log so far as that seat read it (its own
 * private lines — "your identity: …" — but not another seat's, which would read as its own). The table is
 * read-only (no prompts of its own).
 */
export function bodyAt(r: Replay, k: number, seat: number | null, id = ''): StateBody {
  const s = r.states[Math.max(0, Math.min(k, lastStep(r)))]!;
  const names = r.record.names;
  const seats: SeatInfo[] = [...Array(r.record.seats).keys()].map((i) => ({
    seat: i,
    name: names[i] ?? null,
    taken: true,
    bot: names[i] === null,
  }));
  const log = r.lines
    .slice(0, r.lineEnd[k] ?? r.lines.length)
    .filter((e) => sees(e, seat))
    .map(toLine);
  // The seat's view as the room gives it (`viewFor`, the one way state leaves the engine); a replay asks nothing.
  const v = viewFor(r.def, s, seat);
  return {
    id,
    game: r.record.game,
    status: s.outcome ? 'finished' : 'playing',
    paused: false,
    seats,
    options: r.record.options,
    deadlineMinutes: 0,
    createdAt: '',
    version: k,
    outcome: s.outcome,
    you: seat,
    view: v.view,
    prompts: [],
    waiting: s.outcome ? [] : v.waiting,
    deadline: null,
    log,
    logFrom: 0,
    logEnd: r.lineEnd[k] ?? r.lines.length,
    chat: [],
  };
}

/** The option the move after step `k` chose, as a message ("打出【杀】"), with the seat that chose it. */
export function moveMessage(r: Replay, k: number): { seat: number; msg: LogLine['msg'] | null } | null {
  const m = moveAfter(r, k);
  if (!m) return null;
  const p = r.states[k]!.prompts.find((x) => x.id === m.answer.prompt);
  return { seat: m.seat, msg: p?.options.find((o) => o.id === m.answer.option)?.message ?? null };
}
