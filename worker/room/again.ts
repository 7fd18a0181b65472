/**
 * Playing again (issue 27): at the end of a game any seat proposes another game with the same table, each seat
 * accepts or declines, and once every seat has answered (or the proposal's deadline, one decision's time of the
 * game, has passed) the next game is made in its own room. A seat that accepted keeps its name and its token
 * there (its hash is copied; tokens are signed over the series' first id, tokens.ts `seriesRoot`); a seat that
 * declined or never answered is replaced by a bot or left free for the invite link, as the host chose; seats are
 * shuffled by a seed the room draws when the proposal opens. The finished game names the next (`next`), the next
 * names it (`prev`), and the games linked so form a series (`seriesEntry`, routes/series.ts).
 *
 * The proposal lives in the meta row (`Meta.again`); the alarm (GameRoom.alarm → `againDue`) settles it when its
 * deadline passes. Making the next room is an RPC to another Durable Object, during which other requests may
 * reach this one: the id being made is stored first (`AgainState.next`), so a second settle makes the same room
 * (its `createAgain` answers the same for the same `prev`) and nothing is made twice.
 */
import { getGame, rngOf, seedRng, type GameDef, type Json } from '../engine';
import type { AgainSummary, SeriesGame } from '../protocol';
import type { GameRoom } from './GameRoom';
import { begin } from './admin';
import { gameOptions } from './options';
import { ok, reject, type Reply } from './reply';
import { isLegacyGame, newSeed, nextGameId } from './tokens';
import { iso, type CreateParams, type Meta, type Room } from './types';

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
const asked = (r: Room): number[] => r.seats.rows.filter((x) => !x.bot && x.token_hash !== null).map((x) => x.seat);

/** Why this game cannot be played again now, or null. */
function closed(m: Meta): string | null {
  if (m.status !== 'finished') return 'only a finished game can be played again';
  if (m.next || m.again?.next) return 'the next game of this table exists already';
  if (isLegacyGame(m.id)) return 'a game made before seat tokens were signed cannot be played again';
  return null;
}

/** A fresh proposal by `by`, with the game's options and a bot for every seat that does not come. */
function proposal(r: Room, by: number | null): AgainState {
  const m = r.store.m;
  return {
    by,
    deadlineAt: r.now() + m.deadlineMinutes * 60_000,
    answers: r.seats.rows.map(() => null),
    replaceWith: 'bot',
    options: m.options,
    shuffle: newSeed(),
  };
}

/**
 * Open the proposal `a` (inside the change): every asked seat but the one proposing is notified (the table
 * channel hears of it from the alarm, tablechannel.ts).
 */
function open(r: Room, mm: Meta, a: AgainState, now: number): void {
  mm.again = a;
  for (const s of asked(r)) if (s !== a.by) r.outbox.enqueue(mm, s, 'again', null, now, null);
}

/**
 * `POST /api/games/:id/again {accept}` by a seat of the finished game: the first accept proposes; any seat may
 * change its answer until the next game is made. Answers with the summary.
 */
export async function answerAgain(r: Room, token: string | null, body: unknown): Promise<Reply> {
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
  const now = r.now();
  st.mutate((mm) => {
    if (!mm.again) open(r, mm, proposal(r, who.seat), now);
    mm.again!.answers[who.seat] = accept;
    mm.version++;
  });
  r.sockets.broadcast();
  await againDue(r);
  await r.clocks.schedule();
  return ok(r.sockets.summary());
}

/**
 * `POST /api/games/:id/admin/again` (admin token): `{options?, replaceWith?}` for the next game, opening the proposal
 * if no seat has yet. Same game, same number of seats; the options are checked as at creation.
 */
export async function hostAgain(r: Room, token: string | null, body: unknown): Promise<Reply> {
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
  const now = r.now();
  st.mutate((mm) => {
    if (!mm.again) open(r, mm, proposal(r, null), now);
    if (rw) mm.again!.replaceWith = rw;
    if (options) mm.again!.options = options;
    mm.version++;
  });
  r.sockets.broadcast();
  await r.clocks.schedule();
  return ok(r.sockets.summary());
}

/** When the alarm must look at the proposal: its deadline, or the retry of a failed attempt. */
export function againWake(m: Meta): number | null {
  const a = m.again;
  if (!a || m.next) return null;
  return Math.max(a.deadlineAt, a.retryAt ?? 0);
}

/**
 * Settle the proposal when every asked seat has answered or its time is up (or a next game is half made): make
 * the next game from the seats that accepted, or drop the proposal when none did.
 */
export async function againDue(r: Room): Promise<void> {
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
    if (!made) {
      mm.again!.retryAt = r.now() + RETRY_MS;
      return;
    }
    mm.next = id;
    delete mm.again;
    mm.version++;
  });
  if (made) r.sockets.broadcast();
}

/**
 * The next game's seats, shuffled by the proposal's seed: the seats that accepted (name and token hash), bots
 * for bots, and for the rest a bot or a free seat as the host chose. Bots are named after their new seat.
 */
function nextSeats(r: Room, a: AgainState): NextSeat[] {
  const seats: NextSeat[] = r.seats.rows.map((x) => {
    if (!x.bot && a.answers[x.seat] === true) return { name: x.name, tokenHash: x.token_hash, bot: false };
    return { name: null, tokenHash: null, bot: x.bot === 1 || a.replaceWith === 'bot' };
  });
  rngOf(seedRng(a.shuffle)).shuffle(seats);
  return seats.map((x, i) => (x.bot ? { ...x, name: `Bot ${i + 1}` } : x));
}

/**
 * In the next game's room: make it from `p` (the seats, the host's admin hash, `prev`) and deal at once when no
 * seat is left free for the invite link; else it waits in the lobby for newcomers and the host's start.
 * Making the same game again from the same `prev` answers as the first time did (the settle may be retried).
 */
export async function createAgain(r: Room, p: AgainParams): Promise<Reply> {
  const st = r.store;
  if (st.load()) return st.m.prev === p.prev ? ok({ id: p.id }) : st.rejected('conflict', 'a game with this id exists');
  const made = await st.create(p);
  if (made.status !== 201) return made;
  const now = iso(r.now());
  st.mutate((mm) => {
    mm.prev = p.prev;
    mm.adminHash = p.adminHash;
    p.seatsFrom.forEach((x, seat) =>
      r.sql.exec(
        'UPDATE seats SET name = ?, token_hash = ?, bot = ?, joined_at = ? WHERE seat = ?',
        x.name,
        x.tokenHash,
        x.bot ? 1 : 0,
        x.name !== null && !x.bot ? now : null,
        seat,
      ),
    );
    mm.version++;
  });
  r.seats.reload();
  if (r.seats.rows.every((x) => x.name !== null)) {
    const started = await begin(r, newSeed());
    if (started.status !== 200) return started;
  }
  await r.clocks.schedule(true);
  return ok({ id: p.id }, 201);
}

/** This game as a series lists it: public facts only, and of a game not over only its seats and status. */
export function seriesEntry(r: Room): (SeriesGame & { prev: string | null; next: string | null }) | null {
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
    seats: r.seats.rows.map((x) => ({ name: x.name, bot: !!x.bot })),
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
