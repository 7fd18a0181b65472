/**
 * The room's pure core and the shapes every part of the room shares. No SQLite, socket or alarm in here, and the
 * time comes in `Table.now`, so all of it runs in plain Node.
 *
 * Every event is decided from the table as it is now and returned as a `Change`: an answer (`checkAnswer`, then
 * `decideMove`), the deal (`decideStart`), the host's controls (`decideHost`, `decideReplace`), a seat's own
 * settings (`decideSettings`), a player back from a stand-in (`decideReturn`), and the alarm's work
 * (`decideExpiry`, `dueReminders`). store.ts writes the change in one transaction, sockets.ts then sends each
 * socket its seat's view, and the shell points the alarm at the next work.
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
  type Json,
  type LogEntry,
  type Msg,
  type Outcome,
} from '../engine';
import { logFields, logValue } from '../log';
import type { NotifyKind } from '../notify';
import type { GameStatus } from '../protocol';
import type { AgainState } from './admin';
import { extendClocks, freezeClocks, isAway, replanClocks, syncClocks, thawClocks, windowSeats } from './clocks';
import type { ChannelMemo } from './outbox';
import type { HostSettings, SeatSettings } from './seats';

// ---------------------------------------------------------------- what the room stores

/** The game's settings and lifecycle, with the clocks of its open prompts: one JSON row (table `meta`). */
export interface Meta {
  id: string;
  game: string;
  seats: number;
  options: Record<string, Json>;
  deadlineMinutes: number;
  createdAt: string;
  origin: string;
  adminHash: string;
  /** Server-side only: views never include it. */
  seed: string | null;
  status: GameStatus;
  paused: boolean;
  /** Bumped by every change anyone can see (join, move, chat, pause...). `?since=` compares with it. */
  version: number;
  /** The version of the last change of the game state itself: an answer made before it is stale. */
  gameVersion: number;
  /** One clock per open prompt of a human seat (kept here: every answer writes this row anyway). */
  clocks: Clock[];
  /** When `version` last changed (ms), for retention. Absent: createdAt. */
  changedAt?: number;
  host?: HostSettings;
  channel?: ChannelMemo;
  /** Playing again (admin.ts): the open proposal, the game this one came from, the one it led to. */
  again?: AgainState;
  prev?: string;
  next?: string;
  /** Each seat's last prompt notification that arrived, for the digest window (outbox.ts). */
  lastSent?: { seat: number; at: number; prompts: string[] }[];
}

/** A prompt's clock. */
export interface Clock {
  prompt: string;
  seat: number;
  /** Absolute deadline (ms); null while the game is paused (`remainingMs` keeps what is left). */
  deadlineAt: number | null;
  remainingMs: number;
  reminders: number[];
  /** The clock runs the stand-in's short grace, not the game's deadline. */
  standIn: boolean;
  /** The version at which the prompt was first shown (an answer made at or after it is not stale). */
  openedVersion: number;
  /** When the seat's `human`-timed standing order (or the room's autoPass) answers this prompt (bots.ts). */
  orderAt?: number;
}

/** A seat as the room holds it: its row of table `seats`, the settings parsed. */
export interface Seat {
  seat: number;
  /** Null: a free seat. */
  name: string | null;
  tokenHash: string | null;
  bot: boolean;
  /** A bot stands in after repeated expiries, until the player is back. */
  standIn: boolean;
  expiries: number;
  settings: SeatSettings;
}

/** What a hibernating socket remembers about itself (it survives eviction with the socket). */
export interface Attachment {
  sid: string;
  seat: number | null;
  ready: boolean;
  visible: boolean;
  /** The log index its next message carries lines from; absent until then when its hello named none (the tail). */
  log?: number;
  whole?: boolean;
  /** When the socket was accepted (ms): it must say hello within `ADMISSION.helloMs`. */
  openedAt?: number;
  /** The client address it came from: sockets waiting for hello are limited per address. */
  from?: string;
  /** Its messages the room refused in the minute from `since` (sockets.ts `countJunk`). */
  junk?: { n: number; since: number };
  /**
   * Why the room closed this socket. It holds nothing now, counts toward no limit, and everything it sends is
   * refused, even from a client that ignores the close and keeps sending.
   */
  gone?: 'replaced' | 'silent' | 'superseded' | 'junk';
}

/** Which part of the visible log a state body carries: lines from a log index, or the default tail. */
export type LogPart = { from: number } | 'tail';

/** Who made a move: the player, the default on expiry, the bot on expiry, the stand-in, a bot seat, an order. */
export type MoveBy = 'player' | 'expired' | 'absent-bot' | 'stand-in' | 'bot' | 'order';

export interface CreateParams {
  id: string;
  game: string;
  seats: number;
  options: Record<string, Json>;
  deadlineMinutes: number;
  origin: string;
}

export const NO_SEAT_SETTINGS: SeatSettings = { orders: [], quiet: null, awayUntil: null, mention: null };

export const iso = (ms: number): string => new Date(ms).toISOString();

// ---------------------------------------------------------------- replies

export type ErrorCode =
  | 'bad_request'
  | 'illegal'
  | 'unauthorized'
  | 'forbidden'
  | 'not_your_prompt'
  | 'not_found'
  | 'stale'
  | 'full'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'internal';

/** DESIGN §4 status per code; `full` (no free seat) and `conflict` (wrong phase) are 409s. */
const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  illegal: 400,
  unauthorized: 401,
  forbidden: 403,
  not_your_prompt: 403,
  not_found: 404,
  stale: 409,
  full: 409,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
};

interface ErrorBody {
  error: { code: ErrorCode; message: string };
  [extra: string]: unknown;
}

/** What a GameRoom method returns to the routes: plain data that crosses the RPC boundary unchanged. */
export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export const ok = <T>(body: T, status = 200): Reply<T> => ({ status, body });

/**
 * A rejection, logged as `key=[value]` pairs so logs can be grepped by code or game. `extra` is merged into the
 * body (the 409 `stale` carries the current state).
 */
export function reject(
  code: ErrorCode,
  message: string,
  ctx: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Reply<ErrorBody> {
  logRejection(code, message, ctx);
  return { status: STATUS[code], body: { ...extra, error: { code, message } } };
}

/** Request fields are escaped (worker/log.ts): a forged newline cannot start a log line of its own. */
function logRejection(code: string, message: string, ctx: Record<string, unknown> = {}): void {
  console.log(`rejected ${logFields({ code, ...ctx, message })}`);
}

// ---------------------------------------------------------------- limits and input

export const LIMITS = {
  bodyBytes: 16 * 1024,
  nameChars: 24,
  chatChars: 500,
  chatLines: 100,
  /** Bot moves applied while a request waits; the rest continue from a 0-delay alarm. */
  botMovesPerRequest: 8,
  botMovesPerAlarm: 200,
  expiriesPerAlarm: 50,
  /** Expiries in a row after which the bot stands in for the seat. */
  expiriesToStandIn: 3,
  minDeadlineMinutes: 2,
  maxDeadlineMinutes: 7 * 24 * 60,
  defaultDeadlineMinutes: 24 * 60,
  targetsPerSeat: 5,
  outboxBatch: 20,
  /** Token bucket per seat for answers, chat and notification changes. */
  rateBurst: 30,
  ratePerSecond: 3,
} as const;

/**
 * The client address a limit is counted for, from `CF-Connecting-IP` (set by Cloudflare; a client cannot
 * override it): an IPv6 address cut to its /64, which one subscriber usually holds whole. Without the header
 * (local development) every request shares one key.
 * @example addressKey('2001:db8:1:2:3:4:5:6') // '2001:db8:1:2::/64'
 */
export function addressKey(header: string | null | undefined): string {
  const ip = header?.trim().toLowerCase();
  if (!ip) return 'local';
  if (!ip.includes(':')) return ip;
  let groups: string[];
  try {
    const h = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    const [head = '', tail] = h.split('::');
    const l = head ? head.split(':') : [];
    const r = tail ? tail.split(':') : [];
    groups = tail === undefined ? l : [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r];
  } catch {
    return ip;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Step 1 of the fixed order: the answer body's shape. */
export function parseAnswerBody(b: unknown): { version: number; answer: Answer } | string {
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'the body must be an object {version, answer}';
  const { version, answer } = b as { version?: unknown; answer?: unknown };
  if (!Number.isInteger(version) || (version as number) < 0) return 'version must be a non-negative integer';
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    return 'answer must be an object {prompt, option}';
  const a = answer as Record<string, unknown>;
  if (typeof a.prompt !== 'string' || typeof a.option !== 'string') return 'an answer names a prompt and an option';
  if (a.cards !== undefined && (!Array.isArray(a.cards) || !a.cards.every((x) => typeof x === 'string')))
    return 'cards must be a list of card ids';
  if (a.seats !== undefined && (!Array.isArray(a.seats) || !a.seats.every((x) => Number.isInteger(x))))
    return 'seats must be a list of seat numbers';
  const out: Answer = { prompt: a.prompt, option: a.option };
  if (a.cards !== undefined) out.cards = a.cards as string[];
  if (a.seats !== undefined) out.seats = a.seats as number[];
  return { version: version as number, answer: out };
}

/**
 * The options the rules run with: the game's, with `autoPass` (三国杀, on by default) turned off — the room
 * passes instead, after a person-like pause (bots.ts). The record carries these, the ones its moves were played
 * under; the summary keeps the options as chosen.
 * @example rulesOptions({ deck: 'full', autoPass: true }) // { deck: 'full', autoPass: false }
 */
export function rulesOptions(o: Record<string, Json>): Record<string, Json> {
  return o.autoPass === true ? { ...o, autoPass: false } : o;
}

// ---------------------------------------------------------------- the table and a change

export interface Table {
  def: GameDef;
  meta: Meta;
  state: GameState<any> | null;
  seats: readonly Seat[];
  /** Seats with a visible live socket: they see a prompt without being notified. */
  looking: ReadonlySet<number>;
  now: number;
}

/** A notification to queue (one outbox row per target of the seat; a seat without one gets none). */
export interface Notice {
  seat: number;
  kind: NotifyKind;
  about: { id?: string; message: Msg; deadlineAt?: number } | null;
  /** The open prompt it is about: dropped unsent if that prompt closes first. */
  prompt: string | null;
}

/** What an event changes, as the adapters carry it out (persist first, then sockets, then the alarm). */
export interface Change {
  meta: Meta;
  state?: GameState<any>;
  move?: { seat: number; answer: Answer; by: MoveBy; at: string };
  lines: Line[];
  seat?: { seat: number; expiries: number; standIn: boolean };
  settings?: { seat: number; settings: SeatSettings };
  /** A seat given to someone else (a bot when `tokenHash` is null): its targets and their rows go too. */
  replace?: { seat: number; name: string; tokenHash: string | null };
  bots?: number[];
  /** Prompts that closed: their unsent notifications are noise now. */
  closed: string[];
  notices: Notice[];
}

type Line = Pick<LogEntry, 'at' | 'to' | 'msg'>;

export type Refusal = { code: ErrorCode; message: string; stale?: true };

/** The public line the room writes before a move it made for an absent seat. */
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

// ---------------------------------------------------------------- an answer

/** Steps 3–5 of the fixed order: running? asked? not stale? Null when the answer may be applied. */
export function checkAnswer(t: Table, seat: number, version: number, answer: Answer): Refusal | null {
  const m = t.meta;
  if (m.status === 'lobby') return { code: 'conflict', message: 'the game has not started' };
  if (m.status === 'finished') return { code: 'conflict', message: 'the game is over' };
  if (m.paused) return { code: 'conflict', message: 'the game is paused' };
  const stale = version < m.gameVersion || version > m.version;
  const movedOn: Refusal = { code: 'stale', message: 'the game moved on; here is the current state', stale: true };
  // Another seat's open prompt is answered exactly like one that does not exist: a difference would tell who
  // else is asked (e.g. who holds 无懈可击).
  const p = t.state?.prompts.find((x) => x.id === answer.prompt && x.seat === seat);
  if (!p)
    return stale ? movedOn : { code: 'not_your_prompt', message: 'no open prompt with this id is addressed to you' };
  // A prompt open at the client's version and still open was answered exactly as asked (prompts never change),
  // so simultaneous picks and votes do not bounce off each other.
  const opened = m.clocks.find((c) => c.prompt === p.id)?.openedVersion;
  const stillAsked = opened !== undefined && opened <= version && version <= m.version;
  return stale && !stillAsked ? movedOn : null;
}

/** Step 6 and what follows from it: `seat` answers `answer` (`by` says who chose it). */
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
  // In a window (`windowSeats`) the room passes for a seat with nothing to answer with, so a clock run out there
  // writes no line and does not count towards the stand-in: "time ran out for X" would say X held something.
  // The stand-in's line stays: an away seat is public, and its stand-in answers every prompt at once.
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
  const { closed, notices } = syncClocks({ ...t, seats }, s, m);
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

// ---------------------------------------------------------------- the alarm

/** Reminders that are due: struck from their clocks and queued for seats not looking. Null when none is due. */
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

/**
 * Clock `c` ran out: its prompt is answered by the default answer, or by the bot (the host chose bots for absent
 * players, or the seat has a stand-in). A clock whose prompt is gone, or that no answer closes (a rules bug), is
 * dropped so the alarm does not spin on it.
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

// ---------------------------------------------------------------- the host and the seats

const metaOnly = (meta: Meta): Change => ({ meta, lines: [], closed: [], notices: [] });

/** The deal: the rules set up from `seed`, the free `bots` seats given to bots, the first prompts' clocks opened. */
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

/** The host's controls: pause, resume, more time, the end, and the host's settings (clocks re-planned). */
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
      extendClocks(m, a.ms, a.seat, windowSeats(t.def, t.state));
      break;
    case 'end': {
      if (m.status === 'finished') return { code: 'conflict', message: 'the game is already over' };
      const s = t.state;
      // As the engine's ctx.end: no prompts, no flow, the outcome set — the views then show everything.
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
      replanClocks(t, m, t.now, windowSeats(t.def, t.state));
      break;
  }
  m.version++;
  return metaOnly(m);
}

/**
 * The host gives `seat` to a bot (`tokenHash` null) or to a new invite. Everything of the old player's goes with
 * the old token: its targets, orders, quiet hours, away time and hand-back (issue 26 point 3), so its clocks are
 * re-planned without them.
 */
export function decideReplace(t: Table, seat: number, name: string, tokenHash: string | null): Change | Refusal {
  if (t.meta.status === 'finished') return { code: 'conflict', message: 'the game is over' };
  const fresh = {
    seat,
    name,
    tokenHash,
    bot: tokenHash === null,
    standIn: false,
    expiries: 0,
    settings: NO_SEAT_SETTINGS,
  };
  const seats = t.seats.map((x) => (x.seat === seat ? fresh : x));
  const m = structuredClone(t.meta);
  if (m.lastSent) m.lastSent = m.lastSent.filter((x) => x.seat !== seat);
  m.version++;
  const table = { ...t, seats };
  const { closed, notices } = t.state ? syncClocks(table, t.state, m) : { closed: [], notices: [] };
  replanClocks(table, m, t.now, windowSeats(t.def, t.state), [seat]);
  for (const c of m.clocks) if (c.seat === seat) delete c.orderAt;
  return { meta: m, replace: { seat, name, tokenHash }, lines: [], closed, notices };
}

/**
 * A seat changes its own settings (`PUT /me`): its clocks are re-planned and its orders' moments drawn again.
 * Nobody else sees a seat's settings, only whether it is away: the version moves only when that changes.
 */
export function decideSettings(t: Table, seat: number, next: SeatSettings): Change {
  const old = t.seats[seat]!.settings;
  const seats = t.seats.map((x) => (x.seat === seat ? { ...x, settings: next } : x));
  const m = structuredClone(t.meta);
  replanClocks({ seats }, m, t.now, windowSeats(t.def, t.state), [seat]);
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
