/**
 * The state bodies: what one viewer may see of the room right now (protocol.ts `StateBody`), for `/state`, an
 * answer's reply, a 409 `stale` — and the parts every viewer's body shares (`Shared`), which the broadcast
 * (broadcast.ts) serialises once per change. Only `viewFor`'s parts (the game's view and the viewer's prompts),
 * the log lines the viewer may read and the chat it may read leave per seat.
 */
import { publicSeat } from './settings';
import { promptsFor, waitingSeats, type GameState, type LogLine, type Prompt } from '../engine';
import { LOG_TAIL, type GameSummary, type SeatInfo, type StateBody } from '../protocol';
import { iso, type Attachment, type Clock, type LogPart, type Room } from './types';

/** What every viewer's state body has in common: computed (and serialised) once per change. */
export interface Shared {
  summary: GameSummary;
  /** Deadline per open prompt (ms; null while paused). */
  clocks: Map<string, number | null>;
  deadline: string | null;
  waiting: number[];
}

/** One seat's own parts of a body, computed once per change however many sockets the seat has. */
export interface SeatParts {
  view: StateBody['view'];
  prompts: Prompt[];
}

type Listed = { att: Attachment }[];

/** The game's summary (`GET /api/games/:id`); a seat is `online` when one of `list`'s ready sockets holds it. */
export function summary(r: Room, list: Listed): GameSummary {
  const m = r.store.m;
  const online = new Set(list.flatMap(({ att }) => (att.ready && att.seat !== null ? [att.seat] : [])));
  const now = r.now();
  const seats: SeatInfo[] = r.seats.rows.map((x) => {
    const info: SeatInfo = { seat: x.seat, name: x.name, taken: x.name !== null, bot: !!x.bot, standIn: !!x.stand_in, online: online.has(x.seat) };
    // Only what everyone may know of a seat's settings: asleep until when, away or not (settings.ts).
    if (x.settings) {
      const pub = publicSeat(r.seats.settingsOf(x.seat), now);
      if (pub.asleepUntil) info.asleepUntil = pub.asleepUntil;
      if (pub.away) info.away = true;
    }
    return info;
  });
  return {
    id: m.id,
    game: m.game,
    status: m.status,
    paused: m.paused,
    seats,
    options: m.options,
    deadlineMinutes: m.deadlineMinutes,
    createdAt: m.createdAt,
    version: m.version,
    outcome: r.store.game?.outcome ?? null,
  };
}

/** The parts every viewer's body shares. */
export function shared(r: Room, list: Listed): Shared {
  const clocks = new Map(r.store.m.clocks.map((c) => [c.prompt, c.deadlineAt]));
  const game = r.store.game;
  return {
    summary: summary(r, list),
    clocks,
    deadline: game ? deadlineOf(r.store.m.clocks) : null,
    waiting: game ? waitingSeats(r.store.def(), game) : [],
  };
}

/** The earliest deadline among the open prompts' clocks (null: none runs, or the game is paused). */
export function deadlineOf(clocks: readonly Clock[]): string | null {
  const at = earliestDeadline(clocks);
  return at === null ? null : iso(at);
}

/** The instant `deadlineOf` writes (ms; null: none). */
export function earliestDeadline(clocks: readonly Clock[]): number | null {
  let min = Infinity;
  for (const c of clocks) if (typeof c.deadlineAt === 'number' && c.deadlineAt < min) min = c.deadlineAt;
  return min === Infinity ? null : min;
}

/** A prompt as a body carries it: with its clock's deadline when one runs. */
const withDeadline = (p: Prompt, at: number | null | undefined): Prompt => (typeof at === 'number' ? { ...p, deadline: iso(at) } : p);

/** One seat's view and prompts. `withView` false: the prompts alone (the view comes as text, `GameDef.viewTexts`). */
export function seatParts(r: Room, seat: number | null, sh: Shared, withView = true): SeatParts {
  const game = r.store.game;
  if (!game) return { view: null, prompts: [] };
  // The view and prompts `viewFor` would give, without its `waiting` (the shared part has it, once).
  const view = withView ? r.store.def().view(game, seat) : null;
  const prompts = promptsFor(game, seat).map((p) => withDeadline(p, sh.clocks.get(p.id)));
  return { view, prompts };
}

/** `JSON.stringify` of `seatParts(…).prompts`, without a list or a map for a seat that is asked nothing (most are). */
export function promptsJson(game: GameState<unknown>, seat: number | null, clocks: readonly Clock[]): string {
  if (seat === null || !game.prompts.some((p) => p.seat === seat)) return '[]';
  return JSON.stringify(promptsFor(game, seat).map((p) => withDeadline(p, clocks.find((c) => c.prompt === p.id)?.deadlineAt)));
}

/** The lines of `part` for `seat`: from a log index (clamped to the log), or the last `LOG_TAIL` visible lines. */
function logPart(r: Room, seat: number | null, part: LogPart): { log: LogLine[]; logFrom: number } {
  const log = r.log;
  if (!r.store.game) return { log: [], logFrom: 0 };
  const over = !!r.store.game.outcome;
  if (part === 'tail') {
    const lines = log.tail(seat, over, LOG_TAIL + 1);
    // More visible lines than the tail: the body starts at the first line it carries.
    return lines.length > LOG_TAIL ? { log: lines.slice(1), logFrom: lines[1]!.i } : { log: lines, logFrom: 0 };
  }
  const from = Math.min(Math.max(0, part.from), log.end);
  return { log: log.linesFor([[seat, from]], over).get(`${seat}|${from}`)!, logFrom: from };
}

/** The body of `/state` (and of an answer's reply, and of a 409 `stale`), for one viewer. */
export function stateBody(r: Room, seat: number | null, part: LogPart, sh: Shared): StateBody {
  const chat = r.chat.linesFor(seat);
  const { view, prompts } = seatParts(r, seat, sh);
  const { log, logFrom } = logPart(r, seat, part);
  const game = r.store.game;
  return {
    ...sh.summary,
    you: seat,
    view,
    prompts,
    waiting: sh.waiting,
    deadline: game ? sh.deadline : null,
    log,
    logFrom,
    logEnd: game ? r.log.end : 0,
    chat,
  };
}
