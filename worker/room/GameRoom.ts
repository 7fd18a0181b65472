import { DurableObject } from 'cloudflare:workers';
import type { Answer } from '../engine';
import type { Env } from '../env';
import type { GameSummary } from '../protocol';
import {
  admin,
  againDue,
  againWake,
  answerAgain,
  createAgain,
  hostAgain,
  seriesEntry,
  start,
  type AgainParams,
} from './admin';
import { Bots } from './bots';
import { expiredClock } from './clocks';
import { checkAnswer, decideExpiry, decideMove, dueReminders, type Table } from './core';
import {
  channelWake,
  notifyTarget,
  Outbox,
  postTableChannel,
  send,
  sendChannel,
  targetsOf,
  type ChannelPoster,
  type Sender,
} from './outbox';
import { getMine, putMine, Seats } from './seats';
import { countJunk, GONE, hello, nextSilence, refuseOpen, Sockets } from './sockets';
import { Chat, LogTable, Store } from './store';
import {
  addressKey,
  LIMITS,
  ok,
  parseAnswerBody,
  reject,
  type Attachment,
  type CreateParams,
  type ErrorCode,
  type Failure,
  type LogPart,
  type MoveBy,
  type Reply,
  type Room,
} from './types';

export type { CreateParams } from './types';

/**
 * One GameRoom is one game: the only place its state lives and the only judge of its moves. It is addressed by
 * the game id (`idFromName`) and owns its own SQLite database: settings and clocks (meta), seats with token
 * hashes, the append-only game log and move log, one snapshot of the rules' state (small, the same size at move
 * 10 and at move 10,000, replaced by every answer), chat, notification targets and their outbox. It talks to
 * players through hibernating WebSockets, so an idle game — most games, most of the time — costs nothing and may
 * be evicted after any move. Every answer is checked in one fixed order (parse → seat → running → asked →
 * version → rules), persisted in one transaction before anybody hears of it (store.ts), then every socket gets
 * its own view. One alarm drives time: deadlines, reminders, bot continuations, notification sends.
 *
 * The answer path is here, in its fixed order (`answer`, `handle`, `commit`, `afterChange`), with the alarm's
 * schedule. What follows from an event — an answer, the deal, a host's action, a seat's settings, a player back,
 * a clock run out, a reminder due — is decided by the pure core as data (a `Change`) and carried out by thin
 * adapters: persisted first, then every socket hears, then the alarm is pointed at the next work. The modules:
 *
 * - GameRoom.ts — this shell: the RPC methods the routes call, the answer path, the alarm, the WebSocket events.
 * - core.ts — pure: every event's decision as data (checkAnswer, decideMove, decideStart, decideHost, …).
 * - clocks.ts — pure time: wall time in IANA zones, quiet hours and away, each prompt's clock and its arithmetic.
 * - store.ts — SQLite: the migrations, load, the one transaction a change writes, the game log, chat, retention.
 * - sockets.ts — hibernating sockets: admission, hello, each socket's state body, sent after every change.
 * - outbox.ts — what leaves besides sockets: notification targets, the outbox and its digests, the table channel.
 * - seats.ts — seats and tokens, joins, rate limits, names made safe, a seat's own and the host's settings bodies.
 * - admin.ts — the host's side: creation options, the start, the host's controls, playing again.
 * - bots.ts — who answers when the person does not: bot seats, standing orders, stand-ins, the room's autoPass.
 * - types.ts — the shapes every part shares (meta, clock, seat row, attachment), the limits, replies, `Room`.
 */
export class GameRoom extends DurableObject<Env> implements Room {
  /** The clock. Tests replace it to travel in time; nothing else may. */
  now: () => number = () => Date.now();
  /** How notifications leave. Tests replace it to record deliveries or make them fail. */
  deliver: Sender = send;
  /** How table-channel posts leave. Tests replace it to record them. */
  postChannel: ChannelPoster = sendChannel;

  readonly store: Store = new Store(this);
  readonly seats: Seats = new Seats(this);
  readonly log: LogTable = new LogTable(this);
  readonly chat: Chat = new Chat(this);
  readonly bots: Bots = new Bots(this);
  readonly sockets: Sockets = new Sockets(this);
  readonly outbox: Outbox = new Outbox(this);

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.state = ctx;
    this.bindings = env;
    // Answer pings without waking the object: https://developers.cloudflare.com/durable-objects/api/state/#setwebsocketautoresponse
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    // SQLite calls are synchronous; migrations run before the first event is delivered.
    this.store.load();
  }

  readonly state: DurableObjectState;
  readonly bindings: Env;

  get sql(): SqlStorage {
    return this.store.sql;
  }

  table(): Table {
    return {
      def: this.store.def(),
      meta: this.store.m,
      state: this.store.game,
      seats: this.seats.facts(),
      looking: this.sockets.looking(),
      now: this.now(),
    };
  }

  // ---------------------------------------------------------------- RPC from the routes

  create(p: CreateParams): Promise<Reply> {
    return this.store.create(p);
  }

  async getSummary(): Promise<Reply> {
    if (!this.store.load()) return reject('not_found', 'no such game');
    return { status: 200, body: this.sockets.summary() };
  }

  /**
   * The public line of "my games": the summary plus whom the table waits for and the earliest deadline.
   * Nothing here needs a token (who is waited for is public), so many games are read in one request.
   */
  async glance(): Promise<(GameSummary & { waiting: number[]; deadline: string | null }) | null> {
    if (!this.store.load()) return null;
    // Only public lines: no view, log or chat is rendered for a list of games.
    const { summary, deadline, waiting } = this.sockets.shared();
    return { ...summary, waiting, deadline: this.store.game ? deadline : null };
  }

  join(body: unknown): Promise<Reply> {
    return this.seats.join(body);
  }

  start(adminToken: string | null, body: unknown): Promise<Reply> {
    return start(this, adminToken, body);
  }

  /** `logFrom`: the log index the client wants lines from (null: the default tail). */
  async getState(token: string | null, since: number | null, logFrom: number | null = null): Promise<Reply> {
    if (!this.store.load()) return reject('not_found', 'no such game');
    const who = await this.seats.whoIs(token);
    if (!who)
      return this.store.rejected('unauthorized', 'this seat token is not valid for this game', { route: 'state' });
    if (since !== null && since === this.store.m.version) return { status: 304, body: null };
    return ok(this.sockets.stateBody(who.seat, logFrom === null ? 'tail' : { from: logFrom }));
  }

  /** `POST /answers`. `logFrom`: the log index the reply (the new state) should carry lines from (null: the tail). */
  async answer(token: string | null, body: unknown, logFrom: number | null = null): Promise<Reply> {
    const st = this.store;
    if (!st.load()) return reject('not_found', 'no such game');
    // 1. parse (the route already checked size and JSON)
    const parsed = parseAnswerBody(body);
    if (typeof parsed === 'string') return st.rejected('bad_request', parsed, { route: 'answers' });
    // 2. authenticate the seat
    const who = await this.seats.actingSeat(token, 'answers');
    if ('reply' in who) return who.reply;
    const part: LogPart = logFrom === null ? 'tail' : { from: logFrom };
    const res = this.handle(who.seat, parsed.version, parsed.answer, part);
    if (!res.ok) return res.reply;
    await this.afterChange();
    return ok(this.sockets.stateBody(who.seat, part));
  }

  /**
   * After a change is persisted: everyone hears of it, then the alarm is pointed at the next work. Returns the
   * alarm's storage call to await, or nothing when the alarm stays (`Clocks.schedule`).
   */
  afterChange(): Promise<void> | undefined {
    this.sockets.broadcast();
    return this.schedule();
  }

  /**
   * Steps 3–8 of the fixed order, synchronous from here on so no other event interleaves: running? → asked? →
   * version? → apply → persist (inside `commit`) → bots. Broadcast and alarm follow in `afterChange`, after
   * everything is persisted.
   */
  handle(
    seat: number,
    version: number,
    answer: Answer,
    part: LogPart = 'tail',
  ): { ok: true } | { ok: false; reply: Reply } {
    const fail = (code: ErrorCode, message: string, extra: Record<string, unknown> = {}) => ({
      ok: false as const,
      reply: this.store.rejected(code, message, { seat, prompt: answer.prompt, option: answer.option, version }, extra),
    });
    // 3–5. running? asked? version? (core.ts)
    const no = checkAnswer(this.table(), seat, version, answer);
    // A prompt that closed since the client's version: the client is behind, not wrong.
    if (no) return fail(no.code, no.message, no.stale ? { state: this.sockets.stateBody(seat, part) } : {});
    // 6–7. apply and persist
    const r = this.commit(seat, answer, 'player');
    if (!r.ok) return fail(r.code, r.message);
    // bots answer right after a change, a bounded number per request (the alarm continues)
    this.bots.runBots(LIMITS.botMovesPerRequest);
    return { ok: true };
  }

  /**
   * Apply one answer (core.ts `decideMove`) and persist what follows from it in one transaction (store.ts `write`):
   * the move row, its log lines, the snapshot, the meta row, a seat's row, notification rows.
   */
  commit(seat: number, answer: Answer, by: MoveBy): { ok: true } | ({ ok: false } & Failure) {
    const c = decideMove(this.table(), seat, answer, by);
    if (!('meta' in c)) return { ok: false, code: c.code, message: c.message };
    this.store.write(c);
    return { ok: true };
  }

  /** `GET /record` of a finished game, for the replay page. */
  async record(): Promise<Reply> {
    return this.store.record();
  }

  chatPost(token: string | null, body: unknown): Promise<Reply> {
    return this.chat.post(token, body);
  }

  notify(token: string | null, method: 'POST' | 'DELETE', body: unknown): Promise<Reply> {
    return notifyTarget(this, token, method, body);
  }

  /** Targets of a seat, for tests and the client's settings. */
  async targetsOf(seat: number): Promise<{ id: number; kind: string; disabled: boolean; failures: number }[]> {
    return targetsOf(this, seat);
  }

  /** A seat's own settings for the asynchronous life (standing orders, quiet hours, away, mention). */
  me(token: string | null, method: 'GET' | 'PUT', body: unknown): Promise<Reply> {
    return method === 'GET' ? getMine(this, token) : putMine(this, token, body);
  }

  admin(token: string | null, action: string, body: unknown): Promise<Reply> {
    return admin(this, token, action, body);
  }

  /** `POST /again`: a seat of the finished game accepts or declines another game with this table (admin.ts). */
  again(token: string | null, body: unknown): Promise<Reply> {
    return answerAgain(this, token, body);
  }

  /** `POST /admin/again` (admin token): the host's options and replacements for the next game (admin.ts). */
  hostAgain(token: string | null, body: unknown): Promise<Reply> {
    return hostAgain(this, token, body);
  }

  /** Called by the finished game's room: make this room the next game of its series (admin.ts). */
  createAgain(p: AgainParams): Promise<Reply> {
    return createAgain(this, p);
  }

  /** This game's public line in its series (null: no such game). */
  async seriesEntry(): Promise<ReturnType<typeof seriesEntry>> {
    return seriesEntry(this);
  }

  // ---------------------------------------------------------------- time

  /**
   * Everything time-based. Idempotent: each piece of work is found from the state and removed when done (an
   * expired prompt is closed by its default answer, a sent reminder leaves the clock's list, a sent
   * notification leaves the outbox), so a second delivery of the same alarm finds nothing left to do.
   */
  override async alarm(): Promise<void> {
    if (!this.store.load()) return;
    const now = this.now();
    const expiry = this.store.expiry();
    if (expiry !== null && expiry <= now) return this.store.deleteAll();
    this.sockets.dropSilent(now);
    let changed = this.bots.runBots(LIMITS.botMovesPerAlarm) > 0;
    if (this.expireDue(now)) changed = true;
    this.remind();
    if (changed) this.sockets.broadcast();
    await this.outbox.flush();
    await postTableChannel(this);
    await againDue(this);
    // The alarm that is running is spent: set the next one whatever was scheduled before.
    await this.schedule(true);
  }

  // ---------------------------------------------------------------- the alarm's work

  /** The earliest moment the alarm has work: a deadline, a reminder, a pending send, a bot, stand-in or order continuation. */
  private nextWake(): number | null {
    const m = this.store.meta;
    if (!m) return null;
    // Every answer asks (`schedule`), so each part is cheap when it has nothing: the outbox's due time and the
    // sockets' are kept, a running game never expires, and the bot, order and stand-in checks stop at once
    // when no seat is a bot, has orders or is away (seats.ts).
    let t = this.outbox.nextDue() ?? Infinity;
    const expiry = this.store.expiry();
    if (expiry !== null && expiry < t) t = expiry;
    const silence = nextSilence(this.sockets.list());
    if (silence !== null && silence < t) t = silence;
    if (m.status === 'playing' && !m.paused) {
      let planned = false;
      for (const c of m.clocks) {
        if (c.orderAt !== undefined) planned = true;
        if (c.deadlineAt === null) continue;
        if (c.deadlineAt < t) t = c.deadlineAt;
        // The earliest reminder is the one furthest before the deadline.
        for (const o of c.reminders) if (c.deadlineAt - o < t) t = c.deadlineAt - o;
      }
      const now = this.now();
      // (Work already due needs no more looking: the alarm is due now either way.)
      const mv = this.bots;
      if (t > now && mv.mayAnswerAlone() && (mv.botPrompt() || mv.orderMove() || mv.hasStandInMove())) t = now;
      // A human-timed standing order answers at its planned moment (bots.ts), when a clock has one.
      if (planned) t = Math.min(t, mv.nextOrderAt() ?? Infinity);
    }
    // The table channel: a post owed or due again, a wait settling, the spacing between posts.
    t = Math.min(t, channelWake(this) ?? Infinity);
    // A proposal to play again settles at its deadline (admin.ts).
    t = Math.min(t, againWake(m) ?? Infinity);
    return Number.isFinite(t) ? t : null;
  }

  /** The alarm time this instance last set (undefined: not known since it started). */
  private scheduled: number | null | undefined;

  /**
   * Point the one alarm at the next piece of work. The time is computed and the call issued with no await in
   * between, so a change that lands meanwhile cannot be overwritten by an older computation. An alarm already
   * set earlier is left alone (setting one is a storage write the answer's messages would wait for): it finds
   * nothing due, or only part of the work, and points the alarm again — `alarm()` always ends here.
   * Returns the storage call to await, or nothing when the alarm stays as it is (most answers: no promise made).
   */
  schedule(force = false): Promise<void> | undefined {
    const t = this.nextWake();
    const known = this.scheduled;
    if (
      !force &&
      known !== undefined &&
      (t === known || (t !== null && known !== null && known <= t && known > this.now()))
    )
      return undefined;
    this.scheduled = t;
    return t === null ? this.state.storage.deleteAlarm() : this.state.storage.setAlarm(t);
  }

  /** Expire the clocks that ran out (up to the per-alarm limit); true if any move was made. */
  private expireDue(now: number): boolean {
    let changed = false;
    for (let i = 0; i < LIMITS.expiriesPerAlarm; i++) {
      const due = expiredClock(this.store.m, now);
      if (!due) break;
      // The default answer or the bot (core.ts `decideExpiry`); a clock no answer closes is dropped.
      const c = decideExpiry(this.table(), due);
      this.store.write(c);
      if (c.move) {
        changed = true;
        this.bots.runBots(LIMITS.botMovesPerRequest);
      }
    }
    return changed;
  }

  /** Reminders that are due: queued for seats that are not looking, then struck from the clock (core.ts). */
  private remind(): void {
    const c = dueReminders(this.table());
    if (c) this.store.write(c);
  }

  // ---------------------------------------------------------------- WebSocket (hibernation API)

  /**
   * `GET /api/games/:id/live`. The socket is accepted with the hibernation API so an idle game is evicted
   * from memory while sockets stay open: https://developers.cloudflare.com/durable-objects/best-practices/websockets/
   * The token comes in the first message (`hello`), never in the URL (URLs end up in logs).
   */
  override async fetch(req: Request): Promise<Response> {
    if (req.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return json(reject('bad_request', 'expected a WebSocket upgrade'));
    if (!this.store.load()) return json(reject('not_found', 'no such game'));
    // Silent sockets are closed first and count toward nothing; waiting ones are limited per address (sockets.ts).
    const now = this.now();
    this.sockets.dropSilent(now);
    // Counted per address as the Worker's limits count (an IPv6 address per /64).
    const from = addressKey(req.headers.get('cf-connecting-ip'));
    const refused = refuseOpen(this.sockets.list(), from);
    if (refused) return json(this.store.rejected('rate_limited', refused, { route: 'live', from }));
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const att: Attachment = {
      sid: crypto.randomUUID(),
      seat: null,
      ready: false,
      visible: true,
      openedAt: now,
      from,
    };
    this.sockets.attach(server, att);
    // The alarm closes it if it stays silent.
    await this.schedule();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Every refusal counts against the socket's junk budget; over it, the socket is closed (sockets.ts ADMISSION).
    const error = (r: Reply) => {
      say(ws, JSON.stringify({ type: 'error', ...(r.body as object) }));
      const att = this.sockets.attachment(ws);
      if (!att || att.gone) return;
      const j = countJunk(att, this.now());
      if (j.over) this.sockets.drop(ws, j.att, 'junk');
      else this.sockets.attach(ws, j.att);
    };
    const st = this.store;
    if (!st.load()) return error(reject('not_found', 'no such game'));
    const att = this.sockets.attachment(ws);
    if (att?.gone) {
      // A socket the room closed (its seat replaced, silent, superseded, junk) whose client ignores the close. It
      // was told why; one that spent its junk budget is not answered again.
      const g = GONE[att.gone];
      if (att.gone !== 'junk')
        say(
          ws,
          JSON.stringify({ type: 'error', ...(st.rejected(g.code, g.message, { route: 'live' }).body as object) }),
        );
      try {
        ws.close(g.close, att.gone);
      } catch {
        /* already closing */
      }
      return;
    }
    if (frameTooLarge(message))
      return error(st.rejected('too_large', `a message is at most ${LIMITS.bodyBytes} bytes`, { route: 'live' }));
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(typeof message === 'string' ? message : new TextDecoder().decode(message));
      if (!msg || typeof msg !== 'object') throw new Error('not an object');
    } catch {
      return error(st.rejected('bad_request', 'a message is a JSON object', { route: 'live' }));
    }
    if (!att) return error(st.rejected('bad_request', 'this socket was not opened by the room', { route: 'live' }));
    switch (msg.type) {
      case 'hello':
        return hello(this, ws, att, msg, error);
      case 'visible': {
        this.sockets.attach(ws, { ...att, visible: msg.visible !== false } satisfies Attachment);
        return;
      }
      case 'answer': {
        if (!att.ready || att.seat === null)
          return error(st.rejected('unauthorized', 'say hello with a seat token first', { route: 'live' }));
        const parsed = parseAnswerBody(msg);
        if (typeof parsed === 'string') return error(st.rejected('bad_request', parsed, { route: 'live' }));
        if (!this.seats.allow(att.seat))
          return error(st.rejected('rate_limited', 'too many requests; slow down', { seat: att.seat }));
        const res = this.handle(att.seat, parsed.version, parsed.answer);
        if (!res.ok) return error(res.reply);
        await this.afterChange();
        say(ws, OK);
        return;
      }
      default:
        return error(st.rejected('bad_request', `unknown message type ${String(msg.type)}`, { route: 'live' }));
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
    const att = this.sockets.attachment(ws);
    if (!att?.ready || att.seat === null || !this.store.load()) return;
    this.sockets.closing = ws;
    try {
      if (!this.sockets.online(att.seat)) this.sockets.broadcast();
    } finally {
      this.sockets.closing = null;
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

/** The reply to an accepted answer on a socket (the state itself came with the broadcast, just before it). */
const OK = '{"type":"ok"}';

/** Send `text` on `ws`, unless it is closing right now (its close handler cleans up). */
function say(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    /* closing */
  }
}

/**
 * Whether a frame is over the body limit in bytes as it crossed the wire (UTF-8), not in UTF-16 units: 16 KB of
 * 汉字 is 48 KB. A UTF-16 unit is 1 to 3 bytes, so only a string between a third of the limit and the limit in
 * units has to be encoded to tell (an answer is a few hundred units: never).
 */
export function frameTooLarge(message: string | ArrayBuffer): boolean {
  if (typeof message !== 'string') return message.byteLength > LIMITS.bodyBytes;
  if (message.length > LIMITS.bodyBytes) return true;
  return message.length * 3 > LIMITS.bodyBytes && new TextEncoder().encode(message).byteLength > LIMITS.bodyBytes;
}

function json(r: Reply): Response {
  return Response.json(r.body, { status: r.status });
}
