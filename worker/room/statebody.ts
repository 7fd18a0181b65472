/**
 * What one viewer may see of the room right now: the game's public summary (`GET /api/games/:id`) and the state
 * body (protocol.ts `StateBody`) that `/state`, an answer's reply, a 409 `stale` and every socket message carry.
 * The game's part comes from `viewFor` alone (DESIGN §3), the one way state leaves the engine; the log lines are
 * those the viewer may read, the chat lines those addressed to everyone or to it.
 */
import { viewFor } from '../engine';
import { LOG_TAIL, type GameSummary, type SeatInfo, type StateBody } from '../protocol';
import { publicSeat } from './settings';
import { iso, type Attachment, type Clock, type LogPart, type Room } from './types';

/** The open sockets, for each seat's `online`. */
type Listed = readonly { att: Attachment }[];

/** The game's summary; a seat is `online` when one of `list`'s ready sockets holds it. */
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

/** The earliest deadline among the open prompts' clocks (null: none runs, or the game is paused). */
export function deadlineOf(clocks: readonly Clock[]): string | null {
  let min = Infinity;
  for (const c of clocks) if (typeof c.deadlineAt === 'number' && c.deadlineAt < min) min = c.deadlineAt;
  return min === Infinity ? null : iso(min);
}

/**
 * The body for one viewer (`seat` null: a spectator), carrying the log lines `part` names. `head`: the summary,
 * made once when several viewers are sent a body of the same moment.
 */
export function stateBody(r: Room, seat: number | null, part: LogPart, head: GameSummary): StateBody {
  const game = r.store.game;
  const chat = r.chat.linesFor(seat);
  if (!game) return { ...head, you: seat, view: null, prompts: [], waiting: [], deadline: null, log: [], logFrom: 0, logEnd: 0, chat };
  const clocks = r.store.m.clocks;
  const { view, prompts, waiting } = viewFor(r.store.def(), game, seat);
  return {
    ...head,
    you: seat,
    view,
    // Each prompt with its clock's deadline, when one runs.
    prompts: prompts.map((p) => {
      const at = clocks.find((c) => c.prompt === p.id)?.deadlineAt;
      return typeof at === 'number' ? { ...p, deadline: iso(at) } : p;
    }),
    waiting,
    deadline: deadlineOf(clocks),
    ...logLines(r, seat, part),
    logEnd: r.log.end,
    chat,
  };
}

/** The lines of `part` for `seat`: from a log index (clamped to the log), or the last `LOG_TAIL` visible lines. */
function logLines(r: Room, seat: number | null, part: LogPart): Pick<StateBody, 'log' | 'logFrom'> {
  const log = r.log;
  const over = !!r.store.game?.outcome;
  if (part === 'tail') {
    const lines = log.tail(seat, over, LOG_TAIL + 1);
    // More visible lines than the tail: the body starts at the first line it carries.
    return lines.length > LOG_TAIL ? { log: lines.slice(1), logFrom: lines[1]!.i } : { log: lines, logFrom: 0 };
  }
  const from = Math.min(Math.max(0, part.from), log.end);
  return { log: log.from(seat, from, over), logFrom: from };
}
