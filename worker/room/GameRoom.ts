import { DurableObject } from 'cloudflare:workers';
import {
  apply,
  botAnswer,
  botRng,
  createGame,
  defaultAnswer,
  getGame,
  viewFor,
  waitingSeats,
  type Answer,
  type GameDef,
  type GameState,
  type Json,
  type Msg,
  type OpenPrompt,
  type Outcome,
} from '../engine';
import { LOG_TAIL, type ChatLine, type GameStatus, type GameSummary, type SeatInfo, type StateBody } from '../protocol';
import type { Env } from '../env';
import { hasSchema, migrate } from './schema';
import { hashToken, newSeed, newToken, sameHash } from './tokens';
import { ok, reject, logRejection, type ErrorCode, type Reply } from './reply';
import { logValue } from '../log';
import { checkName, cleanText } from './names';
import { ADMISSION, makeRoom, nextSilence, refuseOpen, silentSockets } from './admission';
import { expiresAt } from './retention';
import {
  disabledNote,
  gameTitleOf,
  messageFor,
  pickStrings,
  retryPlan,
  send,
  targetKey,
  targetScope,
  validateTarget,
  SEND_TIMEOUT_MS,
  type NotifyKind,
  type NotifyTarget,
  type Sender,
  type VapidKeys,
} from './notifier';

/** Every limit of the room in one place. */
export const LIMITS = {
  /** Request bodies and WebSocket messages. */
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
  /** How long a stand-in waits for its player before the bot answers. */
  standInGraceMs: 2 * 60_000,
  minDeadlineMinutes: 2,
  maxDeadlineMinutes: 7 * 24 * 60,
  defaultDeadlineMinutes: 24 * 60,
  targetsPerSeat: 5,
  outboxBatch: 20,
  /** Token bucket per seat for answers, chat and notification changes. */
  rateBurst: 30,
  ratePerSecond: 3,
} as const;

/** The game's settings and lifecycle: one JSON row. */
interface Meta {
  id: string;
  game: string;
  seats: number;
  options: Record<string, Json>;
  deadlineMinutes: number;
  createdAt: string;
  /** Origin of the creating request, for absolute links (invite, seat, notifications). */
  origin: string;
  adminHash: string;
  /** Kept server-side only: views never include it. */
  seed: string | null;
  status: GameStatus;
  paused: boolean;
  /** Bumped by every change anyone can see (join, move, chat, pause...). `?since=` compares with it. */
  version: number;
  /** The version of the last change of the game state itself: an answer made before it is stale. */
  gameVersion: number;
  /** When `version` last changed (ms): how long the game has been left alone (retention.ts). Absent: createdAt. */
  changedAt?: number;
}

type SeatRow = {
  seat: number;
  name: string | null;
  token_hash: string | null;
  bot: number;
  stand_in: number;
  expiries: number;
};

type ClockRow = {
  prompt: string;
  seat: number;
  deadline_at: number | null;
  remaining_ms: number;
  reminders: string;
  stand_in: number;
  opened_version: number;
};

/** What a hibernating socket remembers about itself (survives eviction with the socket). */
interface Attachment {
  sid: string;
  seat: number | null;
  /** A `hello` was received: the socket gets state updates. */
  ready: boolean;
  /** The tab is visible: a prompt for this seat needs no push. */
  visible: boolean;
  /**
   * Log deltas: the engine log length this socket has been sent up to. Absent for a socket whose hello named
   * no `log` (an older client): it gets the whole visible log in every message.
   */
  log?: number;
  /** The whole record (public once the game is over) has been sent to this socket. */
  whole?: boolean;
  /** When the socket was accepted (ms): it must say hello within `ADMISSION.helloMs`. */
  openedAt?: number;
  /** The client address it came from (`CF-Connecting-IP`): waiting sockets are limited per address. */
  from?: string;
  /**
   * Why the room closed this socket: its seat was given to someone else (replace-seat), it never said hello,
   * or its seat opened a newer one beyond its limit. It holds nothing now, counts toward no limit, and
   * everything it sends is refused — even from a client that ignores the close and keeps sending.
   */
  gone?: 'replaced' | 'silent' | 'superseded';
}

/** What a socket the room closed is told, per reason. */
const GONE: Record<NonNullable<Attachment['gone']>, { code: ErrorCode; message: string; close: number }> = {
  replaced: { code: 'unauthorized', message: 'this seat was given to someone else', close: 4001 },
  silent: { code: 'bad_request', message: `say hello within ${ADMISSION.helloMs / 1000} seconds of connecting`, close: 4008 },
  superseded: { code: 'rate_limited', message: `this seat opened more than ${ADMISSION.perSeat} connections; this, its oldest, is closed`, close: 4029 },
};

/** Which part of the visible log a state body carries: lines from an engine index, or the default tail. */
type LogPart = { from: number } | 'tail';

/** Who made a move: the player, the default on expiry, the bot on expiry, the stand-in, or a bot seat. */
type MoveBy = 'player' | 'expired' | 'absent-bot' | 'stand-in' | 'bot';

export interface CreateParams {
  id: string;
  game: string;
  seats: number;
  options: Record<string, Json>;
  deadlineMinutes: number;
  origin: string;
}

type Failure = { code: ErrorCode; message: string };

/** The parts of a state body that are the same for every viewer. */
interface Shared {
  summary: GameSummary;
  clocks: Map<string, number | null>;
  deadline: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

/** Reminders, as "ms before the deadline": at half time, and with an hour left when that is a different moment. */
export function reminderOffsets(lengthMs: number): number[] {
  const out: number[] = [];
  if (lengthMs >= 10 * 60_000) out.push(Math.floor(lengthMs / 2));
  if (lengthMs > 2 * HOUR) out.push(HOUR);
  return out;
}

const ENGINE_STATUS: Record<string, ErrorCode> = {
  not_your_prompt: 'not_your_prompt',
  illegal: 'illegal',
  finished: 'conflict',
};

/**
 * One GameRoom is one game: the only place its state lives and the only judge of its moves. It is addressed by
 * the game id (`idFromName`), keeps everything in its own SQLite database (settings, seats with token hashes,
 * the append-only move log, the latest snapshot, chat, notification targets and their outbox, one clock per
 * open prompt), and talks to players through hibernating WebSockets, so an idle game — most games, most of
 * the time — costs nothing and may be evicted after any move. Every answer is checked in one fixed order
 * (parse → seat → running → asked → version → rules), persisted before anybody hears of it, then each socket
 * gets its own view. One alarm drives time: deadlines, reminders, bot continuations, notification sends.
 */
export class GameRoom extends DurableObject<Env> {
  /** The clock. Tests replace it to travel in time; nothing else may. */
  now: () => number = () => Date.now();
  /** How notifications leave. Tests replace it to record deliveries or make them fail. */
  deliver: Sender = send;

  private meta: Meta | null | undefined;
  private game: GameState<any> | null = null;
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  /** The socket being closed right now: no longer counted as online, not sent to. */
  private closing: WebSocket | null = null;
  /** A bot prompt no answer could satisfy (a rules bug): skipped so the alarm does not spin. */
  private stuckBotPrompt: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answer pings without waking the object: https://developers.cloudflare.com/durable-objects/api/state/#setwebsocketautoresponse
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    // SQLite calls are synchronous; migrations run before the first event is delivered.
    this.load();
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /**
   * Load meta and snapshot. An object that was never created has no schema and is left untouched, so a
   * lookup of a made-up id creates nothing.
   */
  private load(): Meta | null {
    if (this.meta !== undefined) return this.meta;
    if (!hasSchema(this.sql)) return null;
    this.ctx.storage.transactionSync(() => migrate(this.sql));
    const row = this.sql.exec<{ json: string }>('SELECT json FROM meta WHERE id = 1').toArray()[0];
    this.meta = row ? (JSON.parse(row.json) as Meta) : null;
    const snap = this.sql.exec<{ state: string }>('SELECT state FROM snapshot WHERE id = 1').toArray()[0];
    this.game = snap ? (JSON.parse(snap.state) as GameState) : null;
    return this.meta;
  }

  private def(m: Meta): GameDef {
    const d = getGame(m.game);
    if (!d) throw new Error(`game type ${m.game} is not registered`);
    return d;
  }

  private saveMeta(m: Meta): void {
    this.sql.exec('INSERT OR REPLACE INTO meta (id, json) VALUES (1, ?)', JSON.stringify(m));
  }

  /** Run `fn` in one SQLite transaction with a copy of meta; the copy replaces meta only if it commits. */
  private mutate<T>(fn: (m: Meta) => T): T {
    const m: Meta = structuredClone(this.meta!);
    const out = this.ctx.storage.transactionSync(() => {
      const r = fn(m);
      if (m.version !== this.meta!.version) m.changedAt = this.now();
      this.saveMeta(m);
      return r;
    });
    this.meta = m;
    return out;
  }

  private seatRows(): SeatRow[] {
    return this.sql.exec<SeatRow>('SELECT seat, name, token_hash, bot, stand_in, expiries FROM seats ORDER BY seat').toArray();
  }

  private seatOf(hash: string): number | null {
    let found: number | null = null;
    // Compare with every seat (no early exit) so the time taken does not depend on which seat matched.
    for (const r of this.seatRows()) if (r.token_hash && sameHash(r.token_hash, hash)) found = r.seat;
    return found;
  }

  private rejected(code: ErrorCode, message: string, ctx: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
    return reject(code, message, { game: this.meta?.id, ...ctx }, extra);
  }

  /** Token bucket per seat: cheap, in memory (an evicted room simply starts with full buckets). */
  private allow(seat: number): boolean {
    const t = this.now();
    const b = this.buckets.get(seat) ?? { tokens: LIMITS.rateBurst, at: t };
    b.tokens = Math.min(LIMITS.rateBurst, b.tokens + ((t - b.at) / 1000) * LIMITS.ratePerSecond);
    b.at = t;
    this.buckets.set(seat, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Who the bearer is: a seat, a spectator (no token), or nobody (a token that matches no seat). */
  private async whoIs(token: string | null): Promise<{ seat: number | null } | null> {
    if (token === null) return { seat: null };
    const seat = this.seatOf(await hashToken(token));
    return seat === null ? null : { seat };
  }

  private async isAdmin(token: string | null): Promise<Failure | null> {
    if (token === null) return { code: 'unauthorized', message: 'the admin token is required' };
    if (!sameHash(this.meta!.adminHash, await hashToken(token))) return { code: 'forbidden', message: 'this is not the admin token of this game' };
    return null;
  }

  /**
   * The seat a request acts for: a token is required, must be a seat's (not a spectator's), and the seat must
   * have requests left in its bucket. The same check, in the same order, for answers, chat and notify targets.
   */
  private async actingSeat(token: string | null, route: string, what = 'requests'): Promise<{ seat: number } | { reply: Reply }> {
    if (token === null) return { reply: this.rejected('unauthorized', 'a seat token is required', { route }) };
    const who = await this.whoIs(token);
    if (!who || who.seat === null) return { reply: this.rejected('unauthorized', 'this seat token is not valid for this game', { route }) };
    if (!this.allow(who.seat)) return { reply: this.rejected('rate_limited', `too many ${what}; slow down`, { seat: who.seat, route }) };
    return { seat: who.seat };
  }

  // ---------------------------------------------------------------- views

  /** Open sockets the room has not closed itself (a closed one may linger while its client ignores the close). */
  private sockets(): { ws: WebSocket; att: Attachment }[] {
    return this.ctx.getWebSockets().flatMap((ws) => {
      if (ws === this.closing) return [];
      const att = ws.deserializeAttachment() as Attachment | null;
      return att && !att.gone ? [{ ws, att }] : [];
    });
  }

  /**
   * Close a socket for `why`: its attachment says so first (the attachment outlives the close, and a client may
   * ignore the close and keep sending), then it is told and closed.
   */
  private dropSocket(ws: WebSocket, att: Attachment, why: NonNullable<Attachment['gone']>): void {
    ws.serializeAttachment({ ...att, seat: null, ready: false, gone: why } satisfies Attachment);
    const g = GONE[why];
    try {
      ws.send(JSON.stringify({ type: 'error', error: { code: g.code, message: g.message } }));
      ws.close(g.close, why);
    } catch {
      /* already closing */
    }
  }

  /** Close the sockets that did not say hello in time. */
  private dropSilent(now: number): void {
    for (const { ws, att } of silentSockets(this.sockets(), now)) this.dropSocket(ws, att, 'silent');
  }

  private seatOnline(seat: number): boolean {
    return this.sockets().some(({ att }) => att.ready && att.seat === seat);
  }

  private seatVisible(seat: number): boolean {
    return this.sockets().some(({ att }) => att.ready && att.seat === seat && att.visible);
  }

  private summary(): GameSummary {
    const m = this.meta!;
    const online = new Set(this.sockets().flatMap(({ att }) => (att.ready && att.seat !== null ? [att.seat] : [])));
    const seats: SeatInfo[] = this.seatRows().map((r) => ({
      seat: r.seat,
      name: r.name,
      taken: r.name !== null,
      bot: !!r.bot,
      standIn: !!r.stand_in,
      online: online.has(r.seat),
    }));
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
      outcome: this.game?.outcome ?? null,
    };
  }

  private chatFor(seat: number | null): ChatLine[] {
    const rows = this.sql
      .exec<{ at: string; seat: number; name: string; text: string }>(
        'SELECT at, seat, name, text FROM chat WHERE to_seat IS NULL OR to_seat = ? ORDER BY n DESC LIMIT ?',
        seat ?? -2,
        LIMITS.chatLines,
      )
      .toArray();
    return rows.reverse().map((r) => ({ at: r.at, seat: r.seat, name: r.name, text: r.text }));
  }

  /**
   * The body of `/state` and of every socket message, for one viewer. Only `viewFor` output leaves. `part`
   * picks the log lines: from an engine index (clamped to the log), or the last `LOG_TAIL` visible lines.
   */
  private stateBody(seat: number | null, shared: Shared = this.shared(), part: LogPart = 'tail'): StateBody {
    const chat = this.chatFor(seat);
    if (!this.game) return { ...shared.summary, you: seat, view: null, prompts: [], waiting: [], deadline: null, log: [], logFrom: 0, logEnd: 0, chat };
    const v = viewFor(this.def(this.meta!), this.game, seat);
    const prompts = v.prompts.map((p) => {
      const at = shared.clocks.get(p.id);
      return typeof at === 'number' ? { ...p, deadline: iso(at) } : p;
    });
    const logEnd = this.game.log.length;
    let logFrom: number;
    let log = v.log;
    if (part === 'tail') {
      logFrom = log.length > LOG_TAIL ? log[log.length - LOG_TAIL]!.i : 0;
      log = log.slice(-LOG_TAIL);
    } else {
      logFrom = Math.min(Math.max(0, part.from), logEnd);
      if (logFrom > 0) log = log.filter((l) => l.i >= logFrom);
    }
    return { ...shared.summary, you: seat, view: v.view, prompts, waiting: v.waiting, deadline: shared.deadline, log, logFrom, logEnd, chat };
  }

  /**
   * What a socket is sent next, and its attachment updated to match: a delta-aware socket gets the lines it has
   * not had yet (all of them, once, when the game is over: the whole record is public then); an older client
   * the whole visible log. Bodies are cached per (seat, log start), so a broadcast renders each once.
   */
  private socketMessage(ws: WebSocket, att: Attachment, shared: Shared, cache: Map<string, string>): string {
    let from = 0;
    let next = att;
    if (att.log !== undefined) {
      const whole = !!this.game?.outcome;
      from = whole && !att.whole ? 0 : att.log;
      next = { ...att, log: this.game?.log.length ?? 0, whole };
    }
    const key = `${att.seat}|${from}`;
    let msg = cache.get(key);
    if (msg === undefined) {
      msg = JSON.stringify({ type: 'state', ...this.stateBody(att.seat, shared, { from }) });
      cache.set(key, msg);
    }
    if (next !== att) ws.serializeAttachment(next);
    return msg;
  }

  /** What every viewer's state body has in common: computed once per broadcast. */
  private shared(): Shared {
    const clocks = new Map(
      this.sql
        .exec<{ prompt: string; deadline_at: number | null }>('SELECT prompt, deadline_at FROM clocks')
        .toArray()
        .map((c) => [c.prompt, c.deadline_at]),
    );
    const times = [...clocks.values()].filter((t): t is number => typeof t === 'number');
    return { summary: this.summary(), clocks, deadline: times.length ? iso(Math.min(...times)) : null };
  }

  /** Send every ready socket its own view (one rendering per distinct seat). */
  private broadcast(): void {
    const cache = new Map<string, string>();
    let shared: Shared | undefined;
    for (const { ws, att } of this.sockets()) {
      if (!att.ready) continue;
      shared ??= this.shared();
      const msg = this.socketMessage(ws, att, shared, cache);
      try {
        ws.send(msg);
      } catch {
        /* a socket closing right now; its close handler cleans up */
      }
    }
  }

  // ---------------------------------------------------------------- lifecycle

  /** Create the room. Called once by `POST /api/games` with options already checked by the game. */
  async create(p: CreateParams): Promise<Reply> {
    const adminToken = newToken();
    const adminHash = await hashToken(adminToken);
    if (this.load()) return this.rejected('conflict', 'a game with this id exists');
    const now = this.now();
    const m: Meta = {
      id: p.id,
      game: p.game,
      seats: p.seats,
      options: p.options,
      deadlineMinutes: p.deadlineMinutes,
      createdAt: iso(now),
      origin: p.origin,
      adminHash,
      seed: null,
      status: 'lobby',
      paused: false,
      version: 1,
      gameVersion: 1,
    };
    this.ctx.storage.transactionSync(() => {
      migrate(this.sql);
      this.saveMeta(m);
      for (let s = 0; s < p.seats; s++) this.sql.exec('INSERT INTO seats (seat) VALUES (?)', s);
    });
    this.meta = m;
    // A lobby nobody joins expires (retention.ts): the alarm is what deletes it.
    await this.scheduleAlarm();
    return ok({ id: p.id, adminToken, inviteUrl: `${p.origin}/g/${p.id}` }, 201);
  }

  async getSummary(): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    return ok(this.summary());
  }

  /**
   * The public line of "my games": the summary plus whom the table waits for and the earliest deadline.
   * Nothing here needs a token (who is waited for is public), so many games are read in one request.
   */
  async glance(): Promise<(GameSummary & { waiting: number[]; deadline: string | null }) | null> {
    if (!this.load()) return null;
    // Only public lines: no view, log or chat is rendered for a list of games.
    const { summary, deadline } = this.shared();
    return { ...summary, waiting: this.game ? waitingSeats(this.def(this.meta!), this.game) : [], deadline: this.game ? deadline : null };
  }

  /** Take the first free seat. */
  async join(body: unknown): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    const raw = (body as { name?: unknown } | null)?.name;
    if (typeof raw !== 'string') return this.rejected('bad_request', 'name is required');
    const form = checkName(raw, [], LIMITS.nameChars);
    if ('error' in form) return this.rejected('bad_request', form.error);
    const name = form.name;
    // Hash before looking at the seats: no await may separate the check from the write.
    const token = newToken();
    const hash = await hashToken(token);
    const m = this.meta!;
    if (m.status !== 'lobby') return this.rejected('full', 'the game has started; no seat is free', { name });
    const free = this.seatRows().find((r) => r.name === null && !r.bot);
    if (!free) return this.rejected('full', 'every seat is taken', { name });
    const twin = checkName(name, this.seatRows().map((r) => r.name), LIMITS.nameChars);
    if ('error' in twin) return this.rejected('conflict', twin.error, { name });
    this.mutate((mm) => {
      this.sql.exec('UPDATE seats SET name = ?, token_hash = ?, joined_at = ? WHERE seat = ?', name, hash, iso(this.now()), free.seat);
      mm.version++;
    });
    this.broadcast();
    return ok({ seat: free.seat, token, seatUrl: `${m.origin}/g/${m.id}#seat=${token}` }, 201);
  }

  async start(adminToken: string | null, body: unknown): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    const fill = (body as { fillWithBots?: unknown } | null)?.fillWithBots ?? false;
    if (typeof fill !== 'boolean') return this.rejected('bad_request', 'fillWithBots must be a boolean');
    const bad = await this.isAdmin(adminToken);
    if (bad) return this.rejected(bad.code, bad.message, { action: 'start' });
    const m = this.meta!;
    if (m.status !== 'lobby') return this.rejected('conflict', 'the game has already started', { action: 'start' });
    const free = this.seatRows().filter((r) => r.name === null && !r.bot);
    if (free.length && !fill) return this.rejected('conflict', `${free.length} seat(s) are free: fill them or start with bots`, { action: 'start' });
    // Test-only (TEST_HOOKS=1, set by the e2e Worker alone): a fixed seed makes the browser tests' deals known.
    const testSeed = this.env.TEST_HOOKS === '1' ? (body as { seed?: unknown } | null)?.seed : undefined;
    if (testSeed !== undefined && (typeof testSeed !== 'string' || !testSeed)) return this.rejected('bad_request', 'seed must be a non-empty string');
    const seed = typeof testSeed === 'string' ? testSeed : newSeed();
    let state: GameState<any>;
    try {
      state = createGame(this.def(m), { seats: m.seats, seed, options: m.options });
    } catch (e) {
      console.error(`game=[${m.id}] setup failed: ${logValue(e)}`);
      return this.rejected('internal', 'the game could not be set up');
    }
    const now = this.now();
    this.mutate((mm) => {
      for (const r of free) this.sql.exec('UPDATE seats SET name = ?, bot = 1 WHERE seat = ?', `Bot ${r.seat + 1}`, r.seat);
      this.sql.exec('INSERT OR REPLACE INTO snapshot (id, step, state) VALUES (1, ?, ?)', state.step, JSON.stringify(state));
      mm.seed = seed;
      mm.status = state.outcome ? 'finished' : 'playing';
      mm.version++;
      mm.gameVersion = mm.version;
      this.syncClocks(state, mm, now);
    });
    this.game = state;
    this.runBots(LIMITS.botMovesPerRequest);
    this.broadcast();
    await this.scheduleAlarm();
    return ok(this.summary());
  }

  /** `logFrom`: the engine index the client wants log lines from (null: the default tail). */
  async getState(token: string | null, since: number | null, logFrom: number | null = null): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    const who = await this.whoIs(token);
    if (!who) return this.rejected('unauthorized', 'this seat token is not valid for this game', { route: 'state' });
    if (since !== null && since === this.meta!.version) return { status: 304, body: null };
    return ok(this.stateBody(who.seat, undefined, logFrom === null ? 'tail' : { from: logFrom }));
  }

  // ---------------------------------------------------------------- answers

  /** `logFrom`: as for `getState`, the log lines the reply (the new state) should carry. */
  async answer(token: string | null, body: unknown, logFrom: number | null = null): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    // 1. parse (the route already checked size and JSON)
    const parsed = parseAnswerBody(body);
    if (typeof parsed === 'string') return this.rejected('bad_request', parsed, { route: 'answers' });
    // 2. authenticate the seat
    const who = await this.actingSeat(token, 'answers');
    if ('reply' in who) return who.reply;
    const part: LogPart = logFrom === null ? 'tail' : { from: logFrom };
    const res = this.handleAnswer(who.seat, parsed.version, parsed.answer, part);
    if (!res.ok) return res.reply;
    await this.afterChange();
    return ok(this.stateBody(who.seat, undefined, part));
  }

  /**
   * Steps 3–8 of the fixed order, synchronous from here on so no other event interleaves: running? →
   * asked? → version? → apply → persist (inside commitMove) → bots. Broadcast and alarm follow in
   * `afterChange`, after everything is persisted.
   */
  private handleAnswer(seat: number, version: number, answer: Answer, part: LogPart = 'tail'): { ok: true } | { ok: false; reply: Reply } {
    const m = this.meta!;
    const ctx = { seat, prompt: answer.prompt, option: answer.option, version };
    const fail = (code: ErrorCode, message: string, extra: Record<string, unknown> = {}) => ({ ok: false as const, reply: this.rejected(code, message, ctx, extra) });
    // 3. is the game running?
    if (m.status === 'lobby') return fail('conflict', 'the game has not started');
    if (m.status === 'finished') return fail('conflict', 'the game is over');
    if (m.paused) return fail('conflict', 'the game is paused');
    const stale = version < m.gameVersion || version > m.version;
    // 4. is this seat asked this prompt?
    // Another seat's open prompt is answered exactly like one that does not exist (a difference would tell who
    // else is asked, e.g. who holds 无懈可击).
    const p = this.game!.prompts.find((x) => x.id === answer.prompt && x.seat === seat);
    if (!p) {
      // A prompt that closed since the client's version: the client is behind, not wrong.
      if (stale) return fail('stale', 'the game moved on; here is the current state', { state: this.stateBody(seat, undefined, part) });
      return fail('not_your_prompt', 'no open prompt with this id is addressed to you');
    }
    // 5. does the version match? Chat and joins never make an answer stale. A game change does, except for a
    // prompt that was already open at the client's version and still is: prompts never change once asked, so
    // the client answered exactly this question (simultaneous picks and votes must not bounce off each other).
    const opened = this.sql.exec<{ v: number }>('SELECT opened_version AS v FROM clocks WHERE prompt = ?', p.id).toArray()[0]?.v;
    const stillAsked = opened !== undefined && opened <= version && version <= m.version;
    if (stale && !stillAsked) return fail('stale', 'the game moved on; here is the current state', { state: this.stateBody(seat, undefined, part) });
    // 6–7. apply and persist
    const r = this.commitMove(seat, answer, 'player');
    if (!r.ok) return fail(r.code, r.message);
    // bots answer right after a change, a bounded number per request (the alarm continues)
    this.runBots(LIMITS.botMovesPerRequest);
    return { ok: true };
  }

  /** Apply one answer and persist move + snapshot + clocks + outbox in ONE transaction. */
  private commitMove(seat: number, answer: Answer, by: MoveBy): { ok: true } | ({ ok: false } & Failure) {
    const m = this.meta!;
    let r: ReturnType<typeof apply>;
    try {
      r = apply(this.def(m), this.game!, seat, answer);
    } catch (e) {
      console.error(`game=[${m.id}] seat=[${seat}] rules error: ${logValue(e)}`);
      return { ok: false, code: 'internal', message: 'the rules failed on this answer' };
    }
    if (!r.ok) return { ok: false, code: ENGINE_STATUS[r.error.code] ?? 'illegal', message: r.error.reason };
    const s = r.value.state;
    const now = this.now();
    this.mutate((mm) => {
      this.sql.exec('INSERT INTO moves (n, seat, answer, by, at) VALUES (?, ?, ?, ?, ?)', s.step, seat, JSON.stringify(answer), by, iso(now));
      this.sql.exec('INSERT OR REPLACE INTO snapshot (id, step, state) VALUES (1, ?, ?)', s.step, JSON.stringify(s));
      if (by === 'player') {
        // The player is back: the stand-in hands the seat back.
        this.sql.exec('UPDATE seats SET expiries = 0, stand_in = 0 WHERE seat = ?', seat);
      } else if (by === 'expired' || by === 'absent-bot') {
        this.sql.exec(
          'UPDATE seats SET expiries = expiries + 1, stand_in = CASE WHEN expiries + 1 >= ? THEN 1 ELSE stand_in END WHERE seat = ? AND bot = 0',
          LIMITS.expiriesToStandIn,
          seat,
        );
      }
      mm.version++;
      mm.gameVersion = mm.version;
      if (s.outcome) mm.status = 'finished';
      this.syncClocks(s, mm, now);
      // Tell an absent player what was decided for them, and everyone absent how the game ended.
      const asked = this.game!.prompts.find((x) => x.id === answer.prompt);
      if ((by === 'expired' || by === 'absent-bot') && asked && !this.seatVisible(seat)) this.enqueue(mm, seat, 'expired', { message: asked.message }, now, null);
      if (s.outcome && !this.game!.outcome)
        for (const r of this.seatRows()) if (!r.bot && !this.seatVisible(r.seat)) this.enqueue(mm, r.seat, 'ended', { message: s.outcome.reason }, now, null);
    });
    this.game = s;
    return { ok: true };
  }

  /** Bot seats answer at once, up to `cap` moves; returns how many were made. */
  private runBots(cap: number): number {
    let n = 0;
    while (n < cap) {
      const m = this.meta!;
      const s = this.game;
      if (!s || m.status !== 'playing' || m.paused || s.outcome) break;
      const p = this.botPrompt();
      if (!p) break;
      const def = this.def(m);
      const attempt = (pick: () => Answer): ReturnType<GameRoom['commitMove']> => {
        try {
          return this.commitMove(p.seat, pick(), 'bot');
        } catch (e) {
          return { ok: false, code: 'internal', message: String(e) };
        }
      };
      let r = attempt(() => botAnswer(def, s, p, botRng(s, p)));
      if (!r.ok) r = attempt(() => defaultAnswer(def, s, p));
      if (!r.ok) {
        // A rules bug: park this prompt so the alarm does not spin on it; the host can still end the game.
        console.error(`game=[${m.id}] bot seat=[${p.seat}] prompt=[${p.id}] has no playable answer: ${logValue(r.message)}`);
        this.stuckBotPrompt = p.id;
        break;
      }
      n++;
    }
    return n;
  }

  /** An open prompt of a bot seat, if any (except one that no answer could satisfy). */
  private botPrompt(): OpenPrompt | undefined {
    const m = this.meta!;
    const s = this.game;
    if (!s || m.status !== 'playing' || m.paused) return undefined;
    const bots = new Set(this.seatRows().filter((r) => r.bot).map((r) => r.seat));
    return s.prompts.find((p) => bots.has(p.seat) && p.id !== this.stuckBotPrompt);
  }

  private async afterChange(): Promise<void> {
    this.broadcast();
    await this.scheduleAlarm();
  }

  // ---------------------------------------------------------------- clocks

  private deadlineMs(): number {
    return this.meta!.deadlineMinutes * 60_000;
  }

  /** How long a prompt's clock runs: the game's deadline, or the stand-in's short grace. */
  private clockLength(standIn: number): number {
    return standIn ? Math.min(LIMITS.standInGraceMs, this.deadlineMs()) : this.deadlineMs();
  }

  /**
   * Make the clocks match the open prompts of human seats (call inside a transaction): new prompt → new
   * clock (and a notification when its seat is not looking), closed prompt → clock and pending sends gone,
   * a seat that became (or stopped being) a stand-in → its clocks shortened to the grace (or restored).
   */
  private syncClocks(s: GameState<any>, m: Meta, now: number): void {
    const seats = this.seatRows();
    const human = (seat: number) => !seats[seat]?.bot;
    const open = s.outcome || m.status !== 'playing' ? [] : s.prompts.filter((p) => human(p.seat));
    const openIds = new Set(open.map((p) => p.id));
    const clocks = this.sql.exec<ClockRow>('SELECT * FROM clocks').toArray();
    const known = new Set(clocks.map((c) => c.prompt));
    for (const c of clocks) {
      if (!openIds.has(c.prompt)) {
        this.sql.exec('DELETE FROM clocks WHERE prompt = ?', c.prompt);
        this.sql.exec('DELETE FROM outbox WHERE prompt = ?', c.prompt);
        continue;
      }
      const standIn = seats[c.seat]?.stand_in ?? 0;
      if (standIn === c.stand_in) continue;
      const len = this.clockLength(standIn);
      const rem = standIn ? [] : reminderOffsets(len);
      if (c.deadline_at === null) {
        this.sql.exec('UPDATE clocks SET remaining_ms = ?, reminders = ?, stand_in = ? WHERE prompt = ?', standIn ? Math.min(len, c.remaining_ms) : len, JSON.stringify(rem), standIn, c.prompt);
      } else {
        const at = standIn ? Math.min(c.deadline_at, now + len) : now + len;
        this.sql.exec('UPDATE clocks SET deadline_at = ?, remaining_ms = ?, reminders = ?, stand_in = ? WHERE prompt = ?', at, len, JSON.stringify(rem), standIn, c.prompt);
      }
    }
    const fresh = new Map<number, OpenPrompt>();
    for (const p of open) {
      if (known.has(p.id)) continue;
      const standIn = seats[p.seat]?.stand_in ?? 0;
      const len = this.clockLength(standIn);
      this.sql.exec(
        'INSERT INTO clocks (prompt, seat, deadline_at, remaining_ms, reminders, stand_in, opened_version) VALUES (?, ?, ?, ?, ?, ?, ?)',
        p.id,
        p.seat,
        m.paused ? null : now + len,
        len,
        JSON.stringify(standIn ? [] : reminderOffsets(len)),
        standIn,
        m.version,
      );
      if (!standIn && !fresh.has(p.seat)) fresh.set(p.seat, p);
    }
    for (const [seat, p] of fresh) {
      if (this.seatVisible(seat)) continue;
      const c = this.sql.exec<{ deadline_at: number | null }>('SELECT deadline_at FROM clocks WHERE prompt = ?', p.id).toArray()[0];
      this.enqueue(m, seat, 'prompt', { id: p.id, message: p.message, ...(c?.deadline_at ? { deadlineAt: c.deadline_at } : {}) }, now, p.id);
    }
  }

  /**
   * Write one outbox row per enabled target of `seat` (inside a transaction). `about` is what the
   * notification says (the prompt asked, the outcome); `prompt` ties the row to an open prompt so it is
   * dropped if that prompt closes before it is sent.
   */
  private enqueue(m: Meta, seat: number, kind: NotifyKind, about: { id?: string; message: Msg; deadlineAt?: number } | null, now: number, prompt: string | null): void {
    const targets = this.sql
      .exec<{ id: number; target: string }>('SELECT id, target FROM targets WHERE seat = ? AND disabled = 0', seat)
      .toArray();
    if (!targets.length) return;
    const def = getGame(m.game);
    const names = this.seatRows().map((r) => r.name);
    for (const t of targets) {
      const msg = messageFor({
        target: JSON.parse(t.target) as NotifyTarget,
        kind,
        gameId: m.id,
        game: m.game,
        seat,
        url: `${m.origin}/g/${m.id}`,
        strings: def?.strings,
        names,
        now,
        ...(about ? { about: { message: about.message, ...(about.id ? { id: about.id } : {}), ...(about.deadlineAt ? { deadline: iso(about.deadlineAt) } : {}) } } : {}),
      });
      this.sql.exec('INSERT INTO outbox (target_id, seat, prompt, msg, due_at) VALUES (?, ?, ?, ?, ?)', t.id, seat, prompt, JSON.stringify(msg), now);
    }
  }

  /** The earliest moment the alarm has work: a deadline, a reminder, a pending send, a bot continuation. */
  private nextWake(): number | null {
    const m = this.meta;
    if (!m) return null;
    let t = this.expiry() ?? Infinity;
    const out = this.sql.exec<{ t: number | null }>('SELECT MIN(due_at) AS t FROM outbox').toArray()[0];
    if (out?.t != null) t = Math.min(t, out.t);
    const silence = nextSilence(this.sockets());
    if (silence !== null) t = Math.min(t, silence);
    if (m.status === 'playing' && !m.paused) {
      for (const c of this.sql.exec<ClockRow>('SELECT * FROM clocks WHERE deadline_at IS NOT NULL').toArray()) {
        t = Math.min(t, c.deadline_at!);
        const rem = JSON.parse(c.reminders) as number[];
        if (rem.length) t = Math.min(t, c.deadline_at! - Math.max(...rem));
      }
      if (this.botPrompt()) t = Math.min(t, this.now());
    }
    return Number.isFinite(t) ? t : null;
  }

  /**
   * Point the one alarm at the next piece of work. The time is computed and the call issued with no await in
   * between, so a change that lands meanwhile cannot be overwritten by an older computation.
   */
  private async scheduleAlarm(): Promise<void> {
    const t = this.nextWake();
    if (t === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(t);
  }

  /**
   * Everything time-based. Idempotent: each piece of work is found from the tables and removed when done
   * (an expired prompt is closed by its default answer, a sent reminder leaves the clock's list, a sent
   * notification leaves the outbox), so a second delivery of the same alarm finds nothing left to do.
   */
  override async alarm(): Promise<void> {
    const m = this.load();
    if (!m) return;
    const now = this.now();
    const expiry = this.expiry();
    if (expiry !== null && expiry <= now) return this.deleteGame();
    this.dropSilent(now);
    let changed = this.runBots(LIMITS.botMovesPerAlarm) > 0;
    for (let i = 0; i < LIMITS.expiriesPerAlarm; i++) {
      if (this.meta!.status !== 'playing' || this.meta!.paused) break;
      const c = this.sql.exec<ClockRow>('SELECT * FROM clocks WHERE deadline_at IS NOT NULL AND deadline_at <= ? ORDER BY deadline_at LIMIT 1', now).toArray()[0];
      if (!c) break;
      if (this.expire(c)) {
        changed = true;
        this.runBots(LIMITS.botMovesPerRequest);
      }
    }
    this.remind(now);
    if (changed) this.broadcast();
    await this.flushOutbox();
    await this.scheduleAlarm();
  }

  /** When this game is deleted unless something changes first (retention.ts), or null while it runs. */
  private expiry(): number | null {
    const m = this.meta!;
    const joined = this.seatRows().filter((r) => r.name !== null && !r.bot).length;
    return expiresAt({ status: m.status, paused: m.paused, changedAt: m.changedAt ?? Date.parse(m.createdAt), joined });
  }

  /**
   * The game's time is up: every socket is closed and all its storage deleted (tables, alarm), so the object is
   * as if it never existed — every request for it is a 404, and a new game can never reuse its id (ids are
   * random and never handed out twice).
   */
  private async deleteGame(): Promise<void> {
    console.log(`expired game=[${this.meta!.id}] status=[${this.meta!.status}]`);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(4004, 'game expired');
      } catch {
        /* already closing */
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.meta = undefined;
    this.game = null;
  }

  /** A prompt's time is up: the default answer, or the bot (host's choice, or a stand-in). */
  private expire(c: ClockRow): boolean {
    const m = this.meta!;
    const s = this.game!;
    const p = s.prompts.find((x) => x.id === c.prompt);
    const drop = () => this.ctx.storage.transactionSync(() => this.sql.exec('DELETE FROM clocks WHERE prompt = ?', c.prompt));
    if (!p) {
      drop();
      return false;
    }
    const def = this.def(m);
    const by: MoveBy = c.stand_in ? 'stand-in' : m.options.botsForAbsent === true ? 'absent-bot' : 'expired';
    let a: Answer;
    try {
      a = by === 'expired' ? defaultAnswer(def, s, p) : botAnswer(def, s, p, botRng(s, p));
    } catch (e) {
      console.error(`game=[${m.id}] prompt=[${p.id}] has no default answer: ${logValue(e)}`);
      drop();
      return false;
    }
    const r = this.commitMove(p.seat, a, by);
    if (!r.ok) {
      logRejection(r.code, r.message, { game: m.id, seat: p.seat, by });
      drop();
      return false;
    }
    return true;
  }

  /** Reminders that are due: queued for seats that are not looking, then struck from the clock. */
  private remind(now: number): void {
    const m = this.meta!;
    if (m.status !== 'playing' || m.paused) return;
    const rows = this.sql.exec<ClockRow>("SELECT * FROM clocks WHERE deadline_at IS NOT NULL AND reminders != '[]'").toArray();
    for (const c of rows) {
      const rem = JSON.parse(c.reminders) as number[];
      const due = rem.filter((o) => c.deadline_at! - o <= now);
      if (!due.length) continue;
      const p = this.game?.prompts.find((x) => x.id === c.prompt) ?? null;
      this.ctx.storage.transactionSync(() => {
        this.sql.exec('UPDATE clocks SET reminders = ? WHERE prompt = ?', JSON.stringify(rem.filter((o) => !due.includes(o))), c.prompt);
        if (p && !this.seatVisible(c.seat)) this.enqueue(m, c.seat, 'reminder', { id: p.id, message: p.message, deadlineAt: c.deadline_at! }, now, p.id);
      });
    }
  }

  /**
   * Send due notifications, in parallel, each with a timeout. Runs only from the alarm, so a slow endpoint
   * delays nothing but this alarm; rows are leased first so an overlapping run cannot send them twice.
   */
  private async flushOutbox(): Promise<void> {
    const now = this.now();
    const rows = this.sql
      .exec<{ id: number; target_id: number; seat: number; msg: string; attempts: number; target: string }>(
        'SELECT o.id, o.target_id, o.seat, o.msg, o.attempts, t.target FROM outbox o JOIN targets t ON t.id = o.target_id WHERE o.due_at <= ? AND t.disabled = 0 ORDER BY o.due_at LIMIT ?',
        now,
        LIMITS.outboxBatch,
      )
      .toArray();
    this.sql.exec('DELETE FROM outbox WHERE target_id NOT IN (SELECT id FROM targets WHERE disabled = 0)');
    if (!rows.length) return;
    this.ctx.storage.transactionSync(() => {
      for (const r of rows) this.sql.exec('UPDATE outbox SET due_at = ? WHERE id = ?', now + 60_000, r.id);
    });
    const vapid = this.vapid();
    const results = await Promise.all(
      rows.map((r) =>
        this.deliver(JSON.parse(r.target) as NotifyTarget, JSON.parse(r.msg), { vapid, timeoutMs: SEND_TIMEOUT_MS, now, scope: targetScope(this.env) }).catch((e) => ({ ok: false as const, drop: false, error: String(e) })),
      ),
    );
    const after = this.now();
    let noted = false;
    this.mutate((mm) => {
      rows.forEach((r, i) => {
        const plan = retryPlan(results[i]!, r.attempts + 1);
        if (plan.do === 'done') {
          this.sql.exec('DELETE FROM outbox WHERE id = ?', r.id);
          this.sql.exec('UPDATE targets SET failures = 0 WHERE id = ?', r.target_id);
        } else if (plan.do === 'drop') {
          console.log(`notify game=[${mm.id}] seat=[${r.seat}] target=[${r.target_id}] dropped reason=[${logValue(plan.reason)}]`);
          this.sql.exec('DELETE FROM outbox WHERE target_id = ?', r.target_id);
          this.sql.exec('DELETE FROM targets WHERE id = ?', r.target_id);
        } else if (plan.do === 'retry') {
          this.sql.exec('UPDATE outbox SET attempts = attempts + 1, due_at = ? WHERE id = ?', after + plan.inMs, r.id);
          this.sql.exec('UPDATE targets SET failures = failures + 1 WHERE id = ?', r.target_id);
        } else {
          const exists = this.sql.exec('SELECT 1 FROM targets WHERE id = ? AND disabled = 0', r.target_id).toArray().length > 0;
          this.sql.exec('DELETE FROM outbox WHERE target_id = ?', r.target_id);
          this.sql.exec('UPDATE targets SET disabled = 1 WHERE id = ?', r.target_id);
          if (!exists) return;
          console.log(`notify game=[${mm.id}] seat=[${r.seat}] target=[${r.target_id}] disabled reason=[${logValue(plan.reason)}]`);
          const t = JSON.parse(r.target) as NotifyTarget;
          // Tell the seat (only that seat) in its chat so it can register again.
          const title = gameTitleOf(pickStrings(getGame(mm.game)?.strings, t.lang), mm.game);
          this.sql.exec('INSERT INTO chat (at, seat, name, text, to_seat) VALUES (?, -1, ?, ?, ?)', iso(after), '', disabledNote(t, title), r.seat);
          mm.version++;
          noted = true;
        }
      });
    });
    if (noted) this.broadcast();
  }

  private vapid(): VapidKeys | null {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = this.env;
    return publicKey && privateKey ? { publicKey, privateKey, subject: subject ?? 'mailto:teahouse@example.com' } : null;
  }

  // ---------------------------------------------------------------- chat, notify targets

  async chat(token: string | null, body: unknown): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    const raw = (body as { text?: unknown } | null)?.text;
    if (typeof raw !== 'string') return this.rejected('bad_request', 'text is required', { route: 'chat' });
    const text = cleanText(raw);
    const len = [...text].length;
    if (len < 1 || len > LIMITS.chatChars) return this.rejected('bad_request', `a message has 1 to ${LIMITS.chatChars} characters`, { route: 'chat' });
    const who = await this.actingSeat(token, 'chat', 'messages');
    if ('reply' in who) return who.reply;
    const name = this.seatRows()[who.seat]?.name ?? `#${who.seat + 1}`;
    const line: ChatLine = { at: iso(this.now()), seat: who.seat, name, text };
    this.mutate((mm) => {
      this.sql.exec('INSERT INTO chat (at, seat, name, text) VALUES (?, ?, ?, ?)', line.at, line.seat, line.name, line.text);
      mm.version++;
    });
    this.broadcast();
    return ok(line, 201);
  }

  /** Register (POST) or remove (DELETE) a notification target of the bearer's seat. */
  async notify(token: string | null, method: 'POST' | 'DELETE', body: unknown): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    let target: NotifyTarget | null = null;
    let removeId: number | null = null;
    if (method === 'POST') {
      const t = validateTarget(body, targetScope(this.env));
      if (typeof t === 'string') return this.rejected('bad_request', t, { route: 'notify' });
      target = t;
    } else if (body !== null && body !== undefined) {
      const id = (body as { id?: unknown }).id;
      if (id !== undefined && !Number.isInteger(id)) return this.rejected('bad_request', 'id must be an integer', { route: 'notify' });
      removeId = (id as number | undefined) ?? null;
    }
    const who = await this.actingSeat(token, 'notify');
    if ('reply' in who) return who.reply;
    const seat = who.seat;
    if (target) {
      const key = targetKey(target);
      const count = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM targets WHERE seat = ? AND key != ?', seat, key).toArray()[0]!.n;
      if (count >= LIMITS.targetsPerSeat) return this.rejected('conflict', `at most ${LIMITS.targetsPerSeat} targets per seat`, { seat, route: 'notify' });
      const t = target;
      const id = this.ctx.storage.transactionSync(() => {
        this.sql.exec(
          'INSERT INTO targets (seat, kind, key, target, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (seat, key) DO UPDATE SET target = excluded.target, failures = 0, disabled = 0',
          seat,
          t.kind,
          key,
          JSON.stringify(t),
          iso(this.now()),
        );
        return this.sql.exec<{ id: number }>('SELECT id FROM targets WHERE seat = ? AND key = ?', seat, key).toArray()[0]!.id;
      });
      return ok({ id, kind: t.kind }, 201);
    }
    const removed = this.ctx.storage.transactionSync(() => {
      const ids = this.sql
        .exec<{ id: number }>('SELECT id FROM targets WHERE seat = ? AND (? IS NULL OR id = ?)', seat, removeId, removeId)
        .toArray()
        .map((r) => r.id);
      for (const id of ids) {
        this.sql.exec('DELETE FROM outbox WHERE target_id = ?', id);
        this.sql.exec('DELETE FROM targets WHERE id = ?', id);
      }
      return ids.length;
    });
    if (removeId !== null && removed === 0) return this.rejected('not_found', `no target ${removeId} for this seat`, { seat, route: 'notify' });
    return ok({ removed });
  }

  /** Targets of a seat, for tests and the client's settings (no secrets beyond what the seat registered). */
  async targetsOf(seat: number): Promise<{ id: number; kind: string; disabled: boolean; failures: number }[]> {
    if (!this.load()) return [];
    return this.sql
      .exec<{ id: number; kind: string; disabled: number; failures: number }>('SELECT id, kind, disabled, failures FROM targets WHERE seat = ?', seat)
      .toArray()
      .map((r) => ({ id: r.id, kind: r.kind, disabled: !!r.disabled, failures: r.failures }));
  }

  // ---------------------------------------------------------------- admin

  async admin(token: string | null, action: string, body: unknown): Promise<Reply> {
    if (!this.load()) return reject('not_found', 'no such game');
    const b = (body ?? {}) as Record<string, unknown>;
    if (typeof b !== 'object' || Array.isArray(b)) return this.rejected('bad_request', 'the body must be an object', { action });
    // Parse before authenticating (the fixed order), then hash once: nothing async after this point.
    let newInvite: { token: string; hash: string } | null = null;
    if (action === 'replace-seat' && b.by === 'invite') {
      const t = newToken();
      newInvite = { token: t, hash: await hashToken(t) };
    }
    const bad = await this.isAdmin(token);
    if (bad) return this.rejected(bad.code, bad.message, { action });
    const m = this.meta!;
    const now = this.now();
    const playing = m.status === 'playing';
    switch (action) {
      case 'pause': {
        if (!playing) return this.rejected('conflict', 'only a running game can be paused', { action });
        if (m.paused) return this.rejected('conflict', 'the game is already paused', { action });
        this.mutate((mm) => {
          // Freeze every clock: keep what is left, forget the absolute time.
          this.sql.exec('UPDATE clocks SET remaining_ms = MAX(0, deadline_at - ?), deadline_at = NULL WHERE deadline_at IS NOT NULL', now);
          mm.paused = true;
          mm.version++;
        });
        break;
      }
      case 'resume': {
        if (!playing || !m.paused) return this.rejected('conflict', 'the game is not paused', { action });
        this.mutate((mm) => {
          this.sql.exec('UPDATE clocks SET deadline_at = ? + remaining_ms WHERE deadline_at IS NULL', now);
          mm.paused = false;
          mm.version++;
        });
        this.runBots(LIMITS.botMovesPerRequest);
        break;
      }
      case 'extend': {
        const ms = parseDuration(b);
        if (typeof ms === 'string') return this.rejected('bad_request', ms, { action });
        const seat = b.seat;
        if (seat !== undefined && (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= m.seats))
          return this.rejected('bad_request', 'seat is out of range', { action });
        if (!playing) return this.rejected('conflict', 'only a running game has deadlines', { action });
        const only = (seat as number | undefined) ?? null;
        this.mutate((mm) => {
          this.sql.exec('UPDATE clocks SET deadline_at = deadline_at + ? WHERE deadline_at IS NOT NULL AND (? IS NULL OR seat = ?)', ms, only, only);
          this.sql.exec('UPDATE clocks SET remaining_ms = remaining_ms + ? WHERE deadline_at IS NULL AND (? IS NULL OR seat = ?)', ms, only, only);
          mm.version++;
        });
        break;
      }
      case 'replace-seat': {
        const seat = b.seat;
        if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= m.seats) return this.rejected('bad_request', 'seat is out of range', { action });
        if (b.by !== 'bot' && b.by !== 'invite') return this.rejected('bad_request', "by is 'bot' or 'invite'", { action });
        let name: string | null = null;
        if (b.name !== undefined) {
          if (typeof b.name !== 'string') return this.rejected('bad_request', 'name must be a string', { action });
          const checked = checkName(b.name, this.seatRows().map((r) => (r.seat === b.seat ? null : r.name)), LIMITS.nameChars, { bot: b.by === 'bot' });
          if ('error' in checked) return this.rejected(checked.lookalike ? 'conflict' : 'bad_request', checked.error, { action });
          name = checked.name;
        }
        if (m.status === 'finished') return this.rejected('conflict', 'the game is over', { action });
        const s = seat as number;
        const old = this.seatRows()[s]!;
        this.mutate((mm) => {
          // The old token stops working at once; the old player's notification targets go with it.
          this.sql.exec('DELETE FROM outbox WHERE seat = ?', s);
          this.sql.exec('DELETE FROM targets WHERE seat = ?', s);
          if (newInvite) {
            this.sql.exec('UPDATE seats SET token_hash = ?, bot = 0, stand_in = 0, expiries = 0, name = ? WHERE seat = ?', newInvite.hash, name ?? old.name ?? `#${s + 1}`, s);
          } else {
            this.sql.exec('UPDATE seats SET token_hash = NULL, bot = 1, stand_in = 0, expiries = 0, name = ? WHERE seat = ?', name ?? old.name ?? `Bot ${s + 1}`, s);
          }
          mm.version++;
          if (this.game) this.syncClocks(this.game, mm, now);
        });
        // Sockets of the old holder lose the seat at once, then are told and closed.
        for (const { ws, att } of this.sockets()) if (att.seat === s) this.dropSocket(ws, att, 'replaced');
        this.runBots(LIMITS.botMovesPerRequest);
        await this.afterChange();
        if (newInvite) return ok({ seat: s, token: newInvite.token, seatUrl: `${m.origin}/g/${m.id}#seat=${newInvite.token}` });
        return ok(this.summary());
      }
      case 'end': {
        if (m.status === 'finished') return this.rejected('conflict', 'the game is already over', { action });
        const outcome: Outcome = { winners: [], reason: { key: 'common.endedByHost' } };
        // Mirrors the engine's ctx.end: no prompts, no flow, the outcome set — the views then show everything.
        const ended = this.game ? { ...structuredClone(this.game), outcome, stack: [], prompts: [] } : null;
        this.mutate((mm) => {
          if (ended) this.sql.exec('INSERT OR REPLACE INTO snapshot (id, step, state) VALUES (1, ?, ?)', ended.step, JSON.stringify(ended));
          this.sql.exec('DELETE FROM clocks');
          this.sql.exec('DELETE FROM outbox WHERE prompt IS NOT NULL');
          mm.status = 'finished';
          mm.paused = false;
          mm.version++;
          mm.gameVersion = mm.version;
        });
        if (ended) this.game = ended;
        break;
      }
      default:
        return this.rejected('not_found', `no admin action ${action}`, { action });
    }
    await this.afterChange();
    return ok(this.summary());
  }

  // ---------------------------------------------------------------- WebSocket (hibernation API)

  /**
   * `GET /api/games/:id/live`. The socket is accepted with the hibernation API so an idle game is evicted
   * from memory while sockets stay open: https://developers.cloudflare.com/durable-objects/best-practices/websockets/
   * The token comes in the first message (`hello`), never in the URL (URLs end up in logs).
   */
  override async fetch(req: Request): Promise<Response> {
    if (req.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return json(reject('bad_request', 'expected a WebSocket upgrade'));
    if (!this.load()) return json(reject('not_found', 'no such game'));
    const now = this.now();
    this.dropSilent(now);
    const from = req.headers.get('cf-connecting-ip') ?? undefined;
    const refused = refuseOpen(this.sockets(), from);
    if (refused) return json(this.rejected('rate_limited', refused, { route: 'live', from }));
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const att: Attachment = { sid: crypto.randomUUID(), seat: null, ready: false, visible: true, openedAt: now, ...(from ? { from } : {}) };
    server.serializeAttachment(att);
    // The alarm closes it if it stays silent.
    await this.scheduleAlarm();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const say = (x: unknown) => {
      try {
        ws.send(JSON.stringify(x));
      } catch {
        /* closing */
      }
    };
    const error = (r: Reply) => say({ type: 'error', ...(r.body as object) });
    if (!this.load()) return error(reject('not_found', 'no such game'));
    if (frameBytes(message) > LIMITS.bodyBytes) return error(this.rejected('too_large', `a message is at most ${LIMITS.bodyBytes} bytes`, { route: 'live' }));
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(typeof message === 'string' ? message : new TextDecoder().decode(message));
      if (!msg || typeof msg !== 'object') throw new Error('not an object');
    } catch {
      return error(this.rejected('bad_request', 'a message is a JSON object', { route: 'live' }));
    }
    const att = ws.deserializeAttachment() as Attachment;
    if (att.gone) {
      const g = GONE[att.gone];
      error(this.rejected(g.code, g.message, { route: 'live' }));
      try {
        ws.close(g.close, att.gone);
      } catch {
        /* already closing */
      }
      return;
    }
    switch (msg.type) {
      case 'hello': {
        const token = typeof msg.token === 'string' && msg.token ? msg.token : null;
        const who = await this.whoIs(token);
        if (!who) {
          error(this.rejected('unauthorized', 'this seat token is not valid for this game', { route: 'live' }));
          ws.close(4001, 'unauthorized');
          return;
        }
        // Room for this socket: a seat's oldest sockets beyond its limit are closed; spectators may be full.
        const room = makeRoom(this.sockets(), who.seat, ws);
        if (room === 'full') {
          error(this.rejected('rate_limited', 'every spectator place of this game is taken', { route: 'live' }));
          ws.close(4029, 'full');
          return;
        }
        for (const old of room) this.dropSocket(old.ws, old.att, 'superseded');
        const cameOnline = who.seat !== null && !this.seatOnline(who.seat);
        // A hello naming `log` asks for deltas from there (the first message carries lines from `log` on).
        const log = typeof msg.log === 'number' && Number.isInteger(msg.log) && msg.log >= 0 ? msg.log : undefined;
        const hello: Attachment = { ...att, seat: who.seat, ready: true, visible: msg.visible !== false };
        delete hello.log;
        delete hello.whole;
        if (log !== undefined) Object.assign(hello, { log, whole: false });
        ws.serializeAttachment(hello);
        // The player is here: a stand-in hands the seat back.
        if (who.seat !== null && this.seatRows()[who.seat]?.stand_in) {
          const seat = who.seat;
          this.mutate((mm) => {
            this.sql.exec('UPDATE seats SET stand_in = 0, expiries = 0 WHERE seat = ?', seat);
            mm.version++;
            if (this.game) this.syncClocks(this.game, mm, this.now());
          });
          await this.afterChange();
          return;
        }
        // A seat coming online is news for the whole table (SeatInfo.online); the version does not change,
        // since nothing in the game did.
        if (cameOnline) this.broadcast();
        else
          try {
            ws.send(this.socketMessage(ws, hello, this.shared(), new Map()));
          } catch {
            /* closing */
          }
        return;
      }
      case 'visible': {
        ws.serializeAttachment({ ...att, visible: msg.visible !== false } satisfies Attachment);
        return;
      }
      case 'answer': {
        if (!att.ready || att.seat === null) return error(this.rejected('unauthorized', 'say hello with a seat token first', { route: 'live' }));
        const parsed = parseAnswerBody(msg);
        if (typeof parsed === 'string') return error(this.rejected('bad_request', parsed, { route: 'live' }));
        if (!this.allow(att.seat)) return error(this.rejected('rate_limited', 'too many requests; slow down', { seat: att.seat }));
        const res = this.handleAnswer(att.seat, parsed.version, parsed.answer);
        if (!res.ok) return error(res.reply);
        await this.afterChange();
        say({ type: 'ok' });
        return;
      }
      default:
        return error(this.rejected('bad_request', `unknown message type ${String(msg.type)}`, { route: 'live' }));
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake (harmless when the runtime already did).
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      /* already closed */
    }
    // The seat's last socket went away: the table sees it offline.
    const att = ws.deserializeAttachment() as Attachment | null;
    if (!att?.ready || att.seat === null || !this.load()) return;
    this.closing = ws;
    try {
      if (!this.seatOnline(att.seat)) this.broadcast();
    } finally {
      this.closing = null;
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'error');
    } catch {
      /* already closed */
    }
  }
}

/**
 * A frame's size in bytes as it crossed the wire (UTF-8), not in UTF-16 units: 16 KB of 汉字 is 48 KB. A string
 * longer than the limit in units is longer in bytes too, so only short ones are encoded.
 */
export function frameBytes(message: string | ArrayBuffer): number {
  if (typeof message !== 'string') return message.byteLength;
  return message.length > LIMITS.bodyBytes ? message.length : new TextEncoder().encode(message).byteLength;
}

function json(r: Reply): Response {
  return Response.json(r.body, { status: r.status });
}

/** Step 1 of the fixed order: the answer body's shape. */
export function parseAnswerBody(b: unknown): { version: number; answer: Answer } | string {
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'the body must be an object {version, answer}';
  const { version, answer } = b as { version?: unknown; answer?: unknown };
  if (!Number.isInteger(version) || (version as number) < 0) return 'version must be a non-negative integer';
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 'answer must be an object {prompt, option}';
  const a = answer as Record<string, unknown>;
  if (typeof a.prompt !== 'string' || typeof a.option !== 'string') return 'an answer names a prompt and an option';
  if (a.cards !== undefined && (!Array.isArray(a.cards) || !a.cards.every((x) => typeof x === 'string'))) return 'cards must be a list of card ids';
  if (a.seats !== undefined && (!Array.isArray(a.seats) || !a.seats.every((x) => Number.isInteger(x)))) return 'seats must be a list of seat numbers';
  const out: Answer = { prompt: a.prompt, option: a.option };
  if (a.cards !== undefined) out.cards = a.cards as string[];
  if (a.seats !== undefined) out.seats = a.seats as number[];
  return { version: version as number, answer: out };
}

/** `{minutes}` and/or `{hours}` → ms, between 1 minute and 7 days. */
export function parseDuration(b: Record<string, unknown>): number | string {
  const h = b.hours ?? 0;
  const mi = b.minutes ?? 0;
  if (typeof h !== 'number' || typeof mi !== 'number' || !Number.isFinite(h) || !Number.isFinite(mi)) return 'hours and minutes must be numbers';
  const minutes = h * 60 + mi;
  if (minutes < 1 || minutes > LIMITS.maxDeadlineMinutes) return 'extend by 1 minute to 7 days';
  return Math.round(minutes * 60_000);
}
