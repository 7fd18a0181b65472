/**
 * The room's pure core: what follows an event, decided from what the table is now and returned as data. No
 * SQLite, socket, alarm or clock in here (the time comes in `Table.now`), so all of it runs in plain Node.
 *
 * An answer goes through `checkAnswer` (steps 3–5 of the fixed order: running? → asked? → version?) and then
 * `decideMove` (step 6, `apply`, and everything that follows from it: the log lines, the move row, the seat's
 * expiry count, the meta row with its clocks, whom to notify). The other events take the same road: the deal
 * (`decideStart`), the host's controls (`decideHost`, `decideReplace`), a seat's own settings
 * (`decideSettings`), a player back from a stand-in (`decideReturn`), and the alarm's work (`decideExpiry`,
 * `dueReminders`). The adapters carry the returned `Change` out:
 * store.ts writes it in one transaction (persist), sockets.ts then sends each socket its seat's view, and
 * the shell points the alarm at the next work. The clocks' arithmetic (open, pause, resume, extend, re-plan)
 * is clocks.ts', pure as this.
 */
import {
  apply,
  botAnswer,
  botRng,
  defaultAnswer,
  startGame,
  type Answer,
  type GameDef,
  type GameState,
  type LogEntry,
  type Msg,
  type Outcome,
} from '../engine';
import { logValue } from '../log';
import type { NotifyKind } from '../notify';
import { rulesOptions } from './bots';
import { extendClocks, freezeClocks, isAway, replanClocks, syncClocks, thawClocks, windowSeats } from './clocks';
import type { HostSettings, SeatSettings } from './seats';
import {
  iso,
  LIMITS,
  logRejection,
  NO_SEAT_SETTINGS,
  type Clock,
  type ErrorCode,
  type Meta,
  type MoveBy,
} from './types';

/** What the core knows of one seat. */
export interface SeatFacts {
  seat: number;
  bot: boolean;
  standIn: boolean;
  expiries: number;
  settings: SeatSettings;
}

/** Everything the core decides from: the table at one moment. */
export interface Table {
  def: GameDef;
  meta: Meta;
  /** The rules' state (null: not started). */
  state: GameState<any> | null;
  seats: readonly SeatFacts[];
  /** Seats with a visible live socket: they see a prompt without being notified. */
  looking: ReadonlySet<number>;
  now: number;
}

/** A notification to queue (the outbox writes one row per target of the seat; a seat without one gets none). */
export interface Notice {
  seat: number;
  kind: NotifyKind;
  about: { id?: string; message: Msg; deadlineAt?: number } | null;
  /** The open prompt it is about: dropped unsent if that prompt closes first. */
  prompt: string | null;
}

/** What an event changes, as the adapters carry it out (persist first, then sockets, then the alarm). */
export interface Change {
  /** The meta row after the change (a copy; the one held is replaced once the change is stored). */
  meta: Meta;
  /** The rules' state after it (absent: unchanged). */
  state?: GameState<any>;
  /** The move row (the answer), when a move was made. */
  move?: { seat: number; answer: Answer; by: MoveBy; at: string };
  /** New log lines, in order (the log gives them their indices). */
  lines: Line[];
  /** A seat row's new expiry count and stand-in flag. */
  seat?: { seat: number; expiries: number; standIn: boolean };
  /** A seat's own settings, replaced. */
  settings?: { seat: number; settings: SeatSettings };
  /** A seat given to someone else (a bot when `tokenHash` is null): its targets and their rows go too. */
  replace?: { seat: number; name: string; tokenHash: string | null };
  /** Free seats the start gives to bots ("Bot 3"). */
  bots?: number[];
  /** Prompts that closed: their unsent notifications are noise now. */
  closed: string[];
  notices: Notice[];
}

/** A log line before the log gives it its index. */
export type Line = Pick<LogEntry, 'at' | 'to' | 'msg'>;

export type Refusal = { code: ErrorCode; message: string; stale?: true };

/** The public line the room writes before a move it made for an absent seat (strings in the shell's i18n). */
const ROOM_LINE: Partial<Record<MoveBy, string>> = {
  expired: 'room.log.timedOut',
  'absent-bot': 'room.log.botPlayed',
  'stand-in': 'room.log.botPlayed',
};

const ENGINE_CODE: Record<string, ErrorCode> = {
  not_your_prompt: 'not_your_prompt',
  illegal: 'illegal',
  finished: 'conflict',
};

/**
 * Steps 3–5 of the fixed order for an answer of `seat` made at `version`: is the game running, is this seat
 * asked this prompt, is the answer not stale? Null when it may be applied.
 */
export function checkAnswer(t: Table, seat: number, version: number, answer: Answer): Refusal | null {
  const m = t.meta;
  // 3. is the game running?
  if (m.status === 'lobby') return { code: 'conflict', message: 'the game has not started' };
  if (m.status === 'finished') return { code: 'conflict', message: 'the game is over' };
  if (m.paused) return { code: 'conflict', message: 'the game is paused' };
  const stale = version < m.gameVersion || version > m.version;
  const movedOn: Refusal = { code: 'stale', message: 'the game moved on; here is the current state', stale: true };
  // 4. is this seat asked this prompt? Another seat's open prompt is answered exactly like one that does not
  // exist (a difference would tell who else is asked, e.g. who holds 无懈可击).
  const p = t.state?.prompts.find((x) => x.id === answer.prompt && x.seat === seat);
  if (!p)
    return stale ? movedOn : { code: 'not_your_prompt', message: 'no open prompt with this id is addressed to you' };
  // 5. does the version match? Chat and joins never make an answer stale. A game change does, except for a
  // prompt that was already open at the client's version and still is: prompts never change once asked, so the
  // client answered exactly this question (simultaneous picks and votes must not bounce off each other).
  const opened = m.clocks.find((c) => c.prompt === p.id)?.openedVersion;
  const stillAsked = opened !== undefined && opened <= version && version <= m.version;
  return stale && !stillAsked ? movedOn : null;
}

/**
 * Step 6 and what follows from it: `seat` answers `answer` (`by` says who chose it). Returns the change to persist,
 * or why the rules refused. Tells an absent player what was decided for them, and everyone absent how the game
 * ended.
 */
export function decideMove(t: Table, seat: number, answer: Answer, by: MoveBy): Change | Refusal {
  const before = t.state!;
  let r: ReturnType<typeof apply>;
  try {
    r = apply(t.def, before, seat, answer);
  } catch (e) {
    console.error(`game=[${t.meta.id}] seat=[${seat}] rules error: ${String(e)}`);
    return { code: 'internal', message: 'the rules failed on this answer' };
  }
  if (!r.ok) return { code: ENGINE_CODE[r.error.code] ?? 'illegal', message: r.error.reason };
  const s = r.value.state;
  // In a window (`windowSeats`) a clock that ran out writes no room line and does not count towards the stand-in:
  // the room passes for a seat with nothing to answer with before its clock runs out, so "time ran out for X" (or
  // X's stand-in after three) would say that X held something. The stand-in's line stays: whose seat a stand-in
  // plays is public (away), and it answers every prompt at once.
  const quiet = by !== 'stand-in' && windowSeats(t.def, before).includes(seat);
  const roomLine = quiet ? undefined : ROOM_LINE[by];
  const lines: Line[] = roomLine
    ? [{ at: before.step, to: 'public', msg: { key: roomLine, params: { seat } } }, ...r.value.events]
    : r.value.events;
  // A player's answer hands a stand-in seat back; an expiry counts towards the stand-in.
  const row = t.seats[seat];
  let seatChange: Change['seat'];
  if (row && by === 'player' && (row.expiries || row.standIn)) seatChange = { seat, expiries: 0, standIn: false };
  else if (row && (by === 'expired' || by === 'absent-bot') && !row.bot && !quiet)
    seatChange = {
      seat,
      expiries: row.expiries + 1,
      standIn: row.expiries + 1 >= LIMITS.expiriesToStandIn || row.standIn,
    };
  const seats = seatChange
    ? t.seats.map((x) => (x.seat === seat ? { ...x, standIn: seatChange.standIn, expiries: seatChange.expiries } : x))
    : t.seats;
  const m = structuredClone(t.meta);
  m.version++;
  m.gameVersion = m.version;
  if (s.outcome) m.status = 'finished';
  const table = { ...t, seats };
  const { closed, notices } = syncClocks(table, s, m);
  if (by === 'expired' || by === 'absent-bot') {
    const asked = before.prompts.find((x) => x.id === answer.prompt);
    if (asked && !t.looking.has(seat))
      notices.push({ seat, kind: 'expired', about: { message: asked.message }, prompt: null });
  }
  if (s.outcome && !before.outcome)
    for (const x of seats)
      if (!x.bot && !t.looking.has(x.seat))
        notices.push({ seat: x.seat, kind: 'ended', about: { message: s.outcome.reason }, prompt: null });
  return {
    meta: m,
    state: s,
    move: { seat, answer, by, at: iso(t.now) },
    lines,
    ...(seatChange ? { seat: seatChange } : {}),
    closed,
    notices,
  };
}

/**
 * Reminders that are due: struck from their clocks, and queued for seats that are not looking. Null when none is
 * due (nothing changes).
 */
export function dueReminders(t: Table): Change | null {
  const m0 = t.meta;
  if (m0.status !== 'playing' || m0.paused) return null;
  const now = t.now;
  if (!m0.clocks.some((c) => c.deadlineAt !== null && c.reminders.some((o) => c.deadlineAt! - o <= now))) return null;
  const m = structuredClone(m0);
  const notices: Notice[] = [];
  for (const c of m.clocks) {
    if (c.deadlineAt === null || !c.reminders.some((o) => c.deadlineAt! - o <= now)) continue;
    c.reminders = c.reminders.filter((o) => c.deadlineAt! - o > now);
    const p = t.state?.prompts.find((x) => x.id === c.prompt);
    if (p && !t.looking.has(c.seat))
      notices.push({
        seat: c.seat,
        kind: 'reminder',
        about: { id: p.id, message: p.message, deadlineAt: c.deadlineAt },
        prompt: p.id,
      });
  }
  return { meta: m, lines: [], closed: [], notices };
}

// ---------------------------------------------------------------- the host, the seats, the alarm

/** The seats of the open window, whose clocks run as one (clocks.ts `windowSeats`); none outside a running game. */
export const openWindow = (t: Pick<Table, 'def' | 'meta' | 'state'>): number[] =>
  t.meta.status === 'playing' ? windowSeats(t.def, t.state) : [];

/** A change of meta alone: no move, no line, no notification. */
const metaOnly = (meta: Meta): Change => ({ meta, lines: [], closed: [], notices: [] });

/**
 * The deal: the rules set up from `seed`, the free `bots` seats given to bots, the clocks of the first prompts
 * opened. A setup that throws is refused (the host may try again).
 */
export function decideStart(t: Table, seed: string, bots: number[]): Change | Refusal {
  let started: ReturnType<typeof startGame>;
  try {
    started = startGame(t.def, { seats: t.meta.seats, seed, options: rulesOptions(t.meta.options) });
  } catch (e) {
    console.error(`game=[${t.meta.id}] setup failed: ${logValue(e)}`);
    return { code: 'internal', message: 'the game could not be set up' };
  }
  const { state, events } = started;
  const seats = t.seats.map((x) => (bots.includes(x.seat) ? { ...x, bot: true } : x));
  const m = structuredClone(t.meta);
  m.seed = seed;
  m.status = state.outcome ? 'finished' : 'playing';
  m.version++;
  m.gameVersion = m.version;
  const { closed, notices } = syncClocks({ ...t, seats }, state, m);
  return { meta: m, state, lines: events, bots, closed, notices };
}

/** What the host does to a running game (admin.ts parses and authenticates first). */
export type HostAction =
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'extend'; ms: number; seat: number | null }
  | { kind: 'end' }
  | { kind: 'settings'; host: HostSettings };

/**
 * The host's controls: pause and resume (every clock frozen and thawed), more time (for every clock or one seat's,
 * a window's one clock whole), the end (no prompts, the outcome set, every pending prompt notification dropped),
 * and the host's settings (the clocks re-planned under the new cap on quiet time).
 */
export function decideHost(t: Table, a: HostAction): Change | Refusal {
  const playing = t.meta.status === 'playing';
  const m = structuredClone(t.meta);
  switch (a.kind) {
    case 'pause':
      if (!playing) return { code: 'conflict', message: 'only a running game can be paused' };
      if (m.paused) return { code: 'conflict', message: 'the game is already paused' };
      freezeClocks(m, t.now);
      m.paused = true;
      break;
    case 'resume':
      if (!playing || !m.paused) return { code: 'conflict', message: 'the game is not paused' };
      thawClocks(m, t.now);
      m.paused = false;
      break;
    case 'extend':
      if (!playing) return { code: 'conflict', message: 'only a running game has deadlines' };
      extendClocks(m, a.ms, a.seat, openWindow(t));
      break;
    case 'end': {
      if (m.status === 'finished') return { code: 'conflict', message: 'the game is already over' };
      const s = t.state;
      // Mirrors the engine's ctx.end: no prompts, no flow, the outcome set — the views then show everything.
      const outcome: Outcome = { winners: [], reason: { key: 'common.endedByHost' } };
      const closed = [...new Set([...m.clocks.map((c) => c.prompt), ...(s?.prompts ?? []).map((p) => p.id)])];
      m.clocks = [];
      m.status = 'finished';
      m.paused = false;
      m.version++;
      m.gameVersion = m.version;
      const ended = s ? { ...structuredClone(s), outcome, stack: [], prompts: [] } : undefined;
      return { meta: m, ...(ended ? { state: ended } : {}), lines: [], closed, notices: [] };
    }
    case 'settings':
      // A new channel starts with a clean slate: the last failure was the old one's.
      if (a.host.channel?.url !== m.host?.channel?.url && m.channel?.failed) m.channel = { ...m.channel, failed: null };
      m.host = a.host;
      replanClocks(t, m, t.now, openWindow(t));
      break;
  }
  m.version++;
  return metaOnly(m);
}

/**
 * The host gives `seat` to a bot (`tokenHash` null) or to a new invite. The old token stops working at once; the
 * old player's notification targets go with it, and so does everything else of theirs (issue 26 point 3):
 * standing orders, quiet hours and time zone, mention, away and the hand-back all live in its settings, which the
 * newcomer starts without. Its open clocks no longer follow the old quiet hours or away time, nor wait for the
 * old orders' moment.
 */
export function decideReplace(t: Table, seat: number, name: string, tokenHash: string | null): Change | Refusal {
  if (t.meta.status === 'finished') return { code: 'conflict', message: 'the game is over' };
  const bot = tokenHash === null;
  const fresh = { seat, bot, standIn: false, expiries: 0, settings: NO_SEAT_SETTINGS };
  const seats = t.seats.map((x) => (x.seat === seat ? fresh : x));
  const m = structuredClone(t.meta);
  if (m.lastSent) m.lastSent = m.lastSent.filter((x) => x.seat !== seat);
  m.version++;
  const table = { ...t, seats };
  const { closed, notices } = t.state ? syncClocks(table, t.state, m) : { closed: [], notices: [] };
  replanClocks(table, m, t.now, openWindow(t), [seat]);
  for (const c of m.clocks) if (c.seat === seat) delete c.orderAt;
  return { meta: m, replace: { seat, name, tokenHash }, lines: [], closed, notices };
}

/**
 * A seat changes its own settings (`PUT /me`) to `next`: its running clocks are re-planned under its new quiet
 * hours and absence, and its human-timed orders' moments drawn again from now. Nobody else sees a seat's
 * settings, only whether it is away: the version moves only when that changes.
 */
export function decideSettings(t: Table, seat: number, next: SeatSettings): Change {
  const old = t.seats[seat]!.settings;
  const seats = t.seats.map((x) => (x.seat === seat ? { ...x, settings: next } : x));
  const m = structuredClone(t.meta);
  replanClocks({ seats }, m, t.now, openWindow(t), [seat]);
  for (const c of m.clocks) if (c.seat === seat) delete c.orderAt;
  if (isAway(old.awayUntil, t.now) !== isAway(next.awayUntil, t.now)) m.version++;
  return { ...metaOnly(m), settings: { seat, settings: next } };
}

/** The player of a seat a stand-in played for is back (its socket said hello): the seat is handed back. */
export function decideReturn(t: Table, seat: number): Change {
  const back = { seat, expiries: 0, standIn: false };
  const seats = t.seats.map((x) => (x.seat === seat ? { ...x, ...back } : x));
  const m = structuredClone(t.meta);
  m.version++;
  const { closed, notices } = t.state ? syncClocks({ ...t, seats }, t.state, m) : { closed: [], notices: [] };
  return { meta: m, seat: back, lines: [], closed, notices };
}

/**
 * The alarm found clock `c` run out: its prompt is answered by the default answer, or by the bot (the host chose
 * bots for absent players, or the seat has a stand-in). A clock whose prompt is gone, or that no answer closes (a
 * rules bug), is dropped so the alarm does not spin on it.
 */
export function decideExpiry(t: Table, c: Clock): Change {
  const m = t.meta;
  const s = t.state!;
  const drop = () => {
    const mm = structuredClone(m);
    mm.clocks = mm.clocks.filter((x) => x.prompt !== c.prompt);
    return metaOnly(mm);
  };
  const p = s.prompts.find((x) => x.id === c.prompt);
  if (!p) return drop();
  const by: MoveBy = c.standIn ? 'stand-in' : m.options.botsForAbsent === true ? 'absent-bot' : 'expired';
  let a: Answer;
  try {
    a = by === 'expired' ? defaultAnswer(t.def, s, p) : botAnswer(t.def, s, p, botRng(s, p));
  } catch (e) {
    console.error(`game=[${m.id}] prompt=[${p.id}] has no default answer: ${logValue(e)}`);
    return drop();
  }
  const r = decideMove(t, p.seat, a, by);
  if ('meta' in r) return r;
  logRejection(r.code, r.message, { game: m.id, seat: p.seat, by });
  return drop();
}
