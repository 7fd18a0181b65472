/**
 * The host's side and the game's lifecycle: creation options, the start, the host's controls, and playing again.
 */
import { getGame, rngOf, seedRng, type GameDef, type Json } from '../engine';
import type { AgainSummary, SeriesGame } from '../protocol';
import type { GameRoom } from './GameRoom';
import { channelStatus, targetScope } from './outbox';
import {
  checkName,
  DEFAULT_HOST_SETTINGS,
  hashToken,
  isLegacyGame,
  newSeed,
  newToken,
  nextGameId,
  patchHostSettings,
} from './seats';
import {
  decideHost,
  decideReplace,
  decideStart,
  iso,
  LIMITS,
  ok,
  reject,
  type CreateParams,
  type ErrorCode,
  type Change,
  type Refusal,
  type Meta,
  type Reply,
} from './core';

/** `POST /start` (admin token): seat bots in the free seats when asked, deal, and let the bots answer. */
export async function start(r: GameRoom, adminToken: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const fill = (body as { fillWithBots?: unknown } | null)?.fillWithBots ?? false;
  if (typeof fill !== 'boolean') return st.rejected('bad_request', 'fillWithBots must be a boolean');
  const bad = await r.seats.isAdmin(adminToken);
  if (bad) return st.rejected(bad.code, bad.message, { action: 'start' });
  const m = st.m;
  if (m.status !== 'lobby') return st.rejected('conflict', 'the game has already started', { action: 'start' });
  const free = r.seats.rows.filter((x) => x.name === null && !x.bot);
  if (free.length && !fill)
    return st.rejected('conflict', `${free.length} seat(s) are free: fill them or start with bots`, {
      action: 'start',
    });
  // Test-only (TEST_HOOKS=1, set by the e2e Worker alone): a fixed seed makes the browser tests' deals known.
  const testSeed = r.bindings.TEST_HOOKS === '1' ? (body as { seed?: unknown } | null)?.seed : undefined;
  if (testSeed !== undefined && (typeof testSeed !== 'string' || !testSeed))
    return st.rejected('bad_request', 'seed must be a non-empty string');
  return begin(r, typeof testSeed === 'string' ? testSeed : newSeed());
}

/** Deal from `seed` (`decideStart`): free seats get bots, the bots answer. The host's start and a replay begin here. */
export async function begin(r: GameRoom, seed: string): Promise<Reply> {
  const st = r.store;
  const free = r.seats.rows.filter((x) => x.name === null && !x.bot).map((x) => x.seat);
  const c = decideStart(r.table(), seed, free);
  if (!('meta' in c)) return st.rejected(c.code, c.message);
  st.write(c);
  r.bots.runBots(LIMITS.botMovesPerRequest);
  await r.afterChange();
  return ok(r.sockets.summary());
}

/** The host's controls (admin token): pause, resume, extend, replace a seat, end, settings (`decideHost`, `decideReplace`). */
export async function admin(r: GameRoom, token: string | null, action: string, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const b = (body ?? {}) as Record<string, unknown>;
  const no = (code: ErrorCode, message: string) => st.rejected(code, message, { action });
  if (typeof b !== 'object' || Array.isArray(b)) return no('bad_request', 'the body must be an object');
  // Hash before authenticating, then check the token once: nothing async after that point.
  let invite: { token: string; hash: string } | null = null;
  if (action === 'replace-seat' && b.by === 'invite') {
    const t = await newToken(st.m.id, r.bindings.TOKEN_SECRET);
    invite = { token: t, hash: await hashToken(t) };
  }
  const bad = await r.seats.isAdmin(token);
  if (bad) return no(bad.code, bad.message);
  const m = st.m;
  const seatOk = (x: unknown) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < m.seats;
  const t = r.table();
  let c: Change | Refusal;
  switch (action) {
    case 'pause':
    case 'resume':
    case 'end':
      c = decideHost(t, { kind: action });
      break;
    case 'extend': {
      const ms = parseDuration(b);
      if (typeof ms === 'string') return no('bad_request', ms);
      if (b.seat !== undefined && !seatOk(b.seat)) return no('bad_request', 'seat is out of range');
      c = decideHost(t, { kind: 'extend', ms, seat: (b.seat as number | undefined) ?? null });
      break;
    }
    case 'replace-seat': {
      if (!seatOk(b.seat)) return no('bad_request', 'seat is out of range');
      if (b.by !== 'bot' && b.by !== 'invite') return no('bad_request', "by is 'bot' or 'invite'");
      const s = b.seat as number;
      let name = r.seats.rows[s]!.name ?? (invite ? `#${s + 1}` : `Bot ${s + 1}`);
      if (b.name !== undefined) {
        if (typeof b.name !== 'string') return no('bad_request', 'name must be a string');
        const others = r.seats.rows.map((x) => (x.seat === s ? null : x.name));
        const checked = checkName(b.name, others, LIMITS.nameChars, { bot: b.by === 'bot' });
        if ('error' in checked) return no(checked.lookalike ? 'conflict' : 'bad_request', checked.error);
        name = checked.name;
      }
      c = decideReplace(t, s, name, invite?.hash ?? null);
      break;
    }
    case 'settings': {
      const host = patchHostSettings(m.host ?? DEFAULT_HOST_SETTINGS, b, targetScope(r.bindings));
      if (typeof host === 'string') return no('bad_request', host);
      c = decideHost(t, { kind: 'settings', host });
      break;
    }
    default:
      return no('not_found', `no admin action ${action}`);
  }
  if (!('meta' in c)) return no(c.code, c.message);
  st.write(c);
  // Sockets of the old holder lose the seat at once, then are told and closed.
  const replaced = c.replace?.seat;
  for (const { ws, att } of r.sockets.list()) if (att.seat === replaced) r.sockets.drop(ws, att, 'replaced');
  // Bots answer what they can now: after a resume, a stand-in the host now allows, a seat given to a bot.
  if (action === 'resume' || action === 'replace-seat' || action === 'settings')
    r.bots.runBots(LIMITS.botMovesPerRequest);
  await r.afterChange();
  if (invite && replaced !== undefined)
    return ok({ seat: replaced, token: invite.token, seatUrl: `${m.origin}/g/${m.id}#seat=${invite.token}` });
  // The host also learns how the table channel fares (a post given up on, posts still waiting).
  if (action === 'settings') return ok({ ...r.sockets.summary(), channel: channelStatus(st.m) });
  return ok(r.sockets.summary());
}

// ---------------------------------------------------------------- playing again

/**
 * Playing again (issue 27): at the end any seat proposes another game with the same table; once every seat has
 * answered, or the proposal's deadline (one decision's time) has passed, the next game is made in its own room.
 * A seat that accepted keeps its name and token there (tokens are signed over the series' first id); the others are
 * replaced by a bot or left free, as the host chose; seats are shuffled by a seed drawn when the proposal opens.
 * The games linked by `prev` and `next` form a series (routes/series.ts).
 *
 * Making the next room is an RPC to another Durable Object, during which other requests may reach this one: the
 * id being made is stored first (`AgainState.next`), so a second settle makes the same room and nothing twice.
 */

/** An open proposal to play again, kept in the meta row. */
export interface AgainState {
  /** The seat that proposed (null: the host). */
  by: number | null;
  deadlineAt: number;
  /** Per seat: accepted, declined, or not yet (null; bots are never asked). */
  answers: (boolean | null)[];
  replaceWith: 'bot' | 'invite';
  options: Record<string, Json>;
  /** The seed the next game's seating is shuffled by, drawn when the proposal opened. */
  shuffle: string;
  /** The id of the next game once it is being made (before the RPC that makes it). */
  next?: string;
  /** A failed attempt to make it: the alarm tries again then. */
  retryAt?: number;
}

/** A seat of the next game as the finished one hands it over: a person (name and token hash), a bot, or free. */
interface NextSeat {
  name: string | null;
  tokenHash: string | null;
  bot: boolean;
}

/** What the next game's room is made from (`GameRoom.createAgain`). */
export interface AgainParams extends CreateParams {
  prev: string;
  adminHash: string;
  seatsFrom: NextSeat[];
}

/** How long a failed attempt to make the next room waits before the alarm tries again. */
const RETRY_MS = 60_000;

/** The proposal as everyone may see it (the summary's `again`), while it is open. */
export function againSummary(m: Meta): { again?: AgainSummary; prev?: string; next?: string } {
  const out: { again?: AgainSummary; prev?: string; next?: string } = {};
  if (m.prev) out.prev = m.prev;
  if (m.next) out.next = m.next;
  const a = m.again;
  if (a && !m.next)
    out.again = {
      by: a.by,
      answers: a.answers,
      deadline: iso(a.deadlineAt),
      replaceWith: a.replaceWith,
      options: a.options,
    };
  return out;
}

/** The seats a proposal asks: those people hold (bots are not asked). */
const asked = (r: GameRoom): number[] => r.seats.rows.filter((x) => !x.bot && x.tokenHash !== null).map((x) => x.seat);

/** Why this game cannot be played again now, or null. */
function closed(m: Meta): string | null {
  if (m.status !== 'finished') return 'only a finished game can be played again';
  if (m.next || m.again?.next) return 'the next game of this table exists already';
  if (isLegacyGame(m.id)) return 'a game made before seat tokens were signed cannot be played again';
  return null;
}

/**
 * Open a proposal by `by` (inside the change), with the game's options and a bot for every seat that does not
 * come; every asked seat but the proposer is notified.
 */
function propose(r: GameRoom, mm: Meta, by: number | null): AgainState {
  const now = r.now();
  const answers = r.seats.rows.map(() => null);
  mm.again = {
    by,
    deadlineAt: now + mm.deadlineMinutes * 60_000,
    answers,
    replaceWith: 'bot',
    options: mm.options,
    shuffle: newSeed(),
  };
  for (const s of asked(r)) if (s !== by) r.outbox.enqueue(mm, s, 'again', null, now, null);
  return mm.again;
}

/** `POST /again {accept}`: the first accept proposes; a seat may change its answer until the next game is made. */
export async function answerAgain(r: GameRoom, token: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const accept = (body as { accept?: unknown } | null)?.accept;
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof accept !== 'boolean')
    return st.rejected('bad_request', 'the body is {accept: true} or {accept: false}', { route: 'again' });
  const who = await r.seats.actingSeat(token, 'again');
  if ('reply' in who) return who.reply;
  const no = closed(st.m);
  if (no) return st.rejected('conflict', no, { route: 'again', seat: who.seat });
  if (!st.m.again && !accept)
    return st.rejected('conflict', 'nobody has proposed another game', { route: 'again', seat: who.seat });
  st.mutate((mm) => {
    (mm.again ?? propose(r, mm, who.seat)).answers[who.seat] = accept;
    mm.version++;
  });
  r.sockets.broadcast();
  await againDue(r);
  await r.schedule();
  return ok(r.sockets.summary());
}

/** `POST /admin/again`: the host's `{options?, replaceWith?}` for the next game, opening the proposal if none is. */
export async function hostAgain(r: GameRoom, token: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return st.rejected('bad_request', 'the body must be an object', { action: 'again' });
  const b = body as Record<string, unknown>;
  // Parse before authenticating (the fixed order), then the admin check.
  const rw = b.replaceWith;
  if (rw !== undefined && rw !== 'bot' && rw !== 'invite')
    return st.rejected('bad_request', "replaceWith is 'bot' or 'invite'", { action: 'again' });
  let options: Record<string, Json> | undefined;
  if (b.options !== undefined) {
    const o = gameOptions(st.def(), b.options, st.m.seats);
    if (typeof o === 'string') return st.rejected('bad_request', o, { action: 'again' });
    options = o;
  }
  const bad = await r.seats.isAdmin(token);
  if (bad) return st.rejected(bad.code, bad.message, { action: 'again' });
  const no = closed(st.m);
  if (no) return st.rejected('conflict', no, { action: 'again' });
  st.mutate((mm) => {
    const a = mm.again ?? propose(r, mm, null);
    if (rw) a.replaceWith = rw;
    if (options) a.options = options;
    mm.version++;
  });
  await r.afterChange();
  return ok(r.sockets.summary());
}

/** When the alarm must look at the proposal: its deadline, or the retry of a failed attempt. */
export function againWake(m: Meta): number | null {
  const a = m.again;
  if (!a || m.next) return null;
  return Math.max(a.deadlineAt, a.retryAt ?? 0);
}

/** Settle the proposal once every asked seat answered or its time is up: make the next game, or drop it if none accepted. */
export async function againDue(r: GameRoom): Promise<void> {
  const st = r.store;
  const m = st.m;
  const a = m.again;
  if (!a || m.next) return;
  const now = r.now();
  const all = asked(r).every((s) => a.answers[s] !== null);
  if (!a.next && !all && now < a.deadlineAt) return;
  if (a.retryAt !== undefined && now < a.retryAt) return;
  if (!asked(r).some((s) => a.answers[s] === true)) {
    st.mutate((mm) => {
      delete mm.again;
      mm.version++;
    });
    r.sockets.broadcast();
    return;
  }
  const id = a.next ?? nextGameId(m.id);
  if (!a.next) st.mutate((mm) => void (mm.again!.next = id));
  const params: AgainParams = {
    id,
    prev: m.id,
    game: m.game,
    seats: m.seats,
    options: a.options,
    deadlineMinutes: m.deadlineMinutes,
    origin: m.origin,
    adminHash: m.adminHash,
    seatsFrom: nextSeats(r, a),
  };
  let made = false;
  try {
    // The RPC stub's type for a Json-typed result is too deep for tsc (TS2589); the shape is GameRoom.createAgain's.
    const room = r.bindings.GAME_ROOM.get(r.bindings.GAME_ROOM.idFromName(id)) as unknown as Pick<
      GameRoom,
      'createAgain'
    >;
    made = (await room.createAgain(params)).status < 300;
  } catch (e) {
    console.error(`game=[${m.id}] making the next game ${id} failed: ${String(e)}`);
  }
  st.mutate((mm) => {
    // Another settle (the alarm's, or a last accept's) may have made the next game while this one waited.
    if (!mm.again || mm.next) return;
    if (!made) {
      mm.again.retryAt = r.now() + RETRY_MS;
      return;
    }
    mm.next = id;
    delete mm.again;
    mm.version++;
  });
  if (made) r.sockets.broadcast();
}

/** The next game's seats, shuffled by the proposal's seed; bots are named after their new seat. */
function nextSeats(r: GameRoom, a: AgainState): NextSeat[] {
  const seats: NextSeat[] = r.seats.rows.map((x) => {
    if (!x.bot && a.answers[x.seat] === true) return { name: x.name, tokenHash: x.tokenHash, bot: false };
    return { name: null, tokenHash: null, bot: x.bot || a.replaceWith === 'bot' };
  });
  rngOf(seedRng(a.shuffle)).shuffle(seats);
  return seats.map((x, i) => (x.bot ? { ...x, name: `Bot ${i + 1}` } : x));
}

/**
 * In the next game's room: make it from `p` and deal at once when no seat is left free; else it waits in the lobby.
 * Made again from the same `prev`, it answers as the first time did (the settle may be retried).
 */
export async function createAgain(r: GameRoom, p: AgainParams): Promise<Reply> {
  const st = r.store;
  const made = await st.create(p);
  // A room already there (a retry, or a second try that came while the first was making it: create awaits before it
  // checks and writes) is this one when it names the same `prev`; another game's id is create's conflict.
  if (made.status !== 201) return st.load() && st.m.prev === p.prev ? ok({ id: p.id }) : made;
  if (r.seats.rows.every((x) => x.name !== null)) {
    const started = await begin(r, newSeed());
    if (started.status !== 200) return started;
  }
  return ok({ id: p.id }, 201);
}

/** This game as a series lists it: public facts only, and of a game not over only its seats and status. */
export function seriesEntry(r: GameRoom): (SeriesGame & { prev: string | null; next: string | null }) | null {
  const st = r.store;
  if (!st.load()) return null;
  const m = st.m;
  const s = st.game;
  const over = m.status === 'finished' && s?.outcome;
  const def: GameDef | undefined = getGame(m.game);
  return {
    id: m.id,
    game: m.game,
    status: m.status,
    createdAt: m.createdAt,
    seats: r.seats.rows.map((x) => ({ name: x.name, bot: x.bot })),
    result:
      over && s.outcome
        ? {
            winners: s.outcome.winners,
            reason: s.outcome.reason,
            roles: r.seats.rows.map((x) => def?.roleOf?.(s, x.seat) ?? null),
            scores: s.outcome.scores ?? null,
          }
        : null,
    prev: m.prev ?? null,
    next: m.next ?? null,
  };
}

// ---------------------------------------------------------------- options

/**
 * A game's creation options, checked: the game's own (`parseOptions`) and the platform's `botsForAbsent`, which
 * every game has whether or not its parser knows the key. A string is the reason for a 400.
 * @example gameOptions(ghost, { botsForAbsent: true }, 5) // { ...ghost's defaults, botsForAbsent: true }
 */
export function gameOptions(def: GameDef, raw: unknown, seats: number): Record<string, Json> | string {
  let botsForAbsent: boolean | undefined;
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && 'botsForAbsent' in raw) {
    const { botsForAbsent: bfa, ...rest } = raw as Record<string, unknown>;
    if (typeof bfa !== 'boolean') return 'botsForAbsent must be true or false';
    botsForAbsent = bfa;
    raw = rest;
  }
  const parsed = def.parseOptions(raw, seats);
  if (typeof parsed === 'string') return parsed;
  return botsForAbsent === undefined ? parsed : { ...parsed, botsForAbsent };
}

/** `{minutes}` and/or `{hours}` → ms, between 1 minute and 7 days. */
export function parseDuration(b: Record<string, unknown>): number | string {
  const h = b.hours ?? 0;
  const mi = b.minutes ?? 0;
  if (typeof h !== 'number' || typeof mi !== 'number' || !Number.isFinite(h) || !Number.isFinite(mi))
    return 'hours and minutes must be numbers';
  const minutes = h * 60 + mi;
  if (minutes < 1 || minutes > LIMITS.maxDeadlineMinutes) return 'extend by 1 minute to 7 days';
  return Math.round(minutes * 60_000);
}
