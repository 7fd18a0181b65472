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
import { expiredClock, publicDeadline } from './clocks';
import {
  addressKey,
  checkAnswer,
  decideExpiry,
  decideMove,
  dueReminders,
  iso,
  LIMITS,
  ok,
  parseAnswerBody,
  reject,
  type Attachment,
  type CreateParams,
  type ErrorCode,
  type LogPart,
  type MoveBy,
  type Refusal,
  type Reply,
  type Table,
} from './core';
import {
  channelWake,
  notifyTarget,
  Outbox,
  postTableChannel,
  send,
  sendChannel,
  type ChannelPoster,
  type Sender,
} from './outbox';
import { getMine, putMine, Seats } from './seats';
import { countJunk, GONE, hello, nextSilence, refuseOpen, shut, Sockets } from './sockets';
import { Chat, LogTable, Store } from './store';
import { waitingSeats } from '../engine';

/**
 * One GameRoom is one game: the only place its state lives and the only judge of its moves. It is addressed by
 * the game id (`idFromName`) and owns its own SQLite database: settings and clocks (meta), seats with token
 * hashes, the append-only game log and move log, one snapshot of the rules' state (replaced by every answer),
 * chat, notification targets and their outbox. It talks to players through hibernating WebSockets, so an idle
 * game — most games, most of the time — costs nothing and may be evicted after any move. Every answer is checked
 * in one fixed order (parse → seat → running → asked → version → rules), persisted in one transaction before
 * anybody hears of it, then every socket gets its own view. One alarm drives time: deadlines, reminders, bot
 * continuations, notification sends.
 *
 * What follows from an event is decided by the pure core as data (a `Change`) and carried out by thin adapters:
 * persisted first, then every socket hears, then the alarm is pointed at the next work. The modules:
 *
 * - GameRoom.ts — this shell: the RPC methods the routes call, the answer path, the alarm, the WebSocket events.
 * - core.ts — pure: every event's decision as data, and the shapes, limits and replies every part shares.
 * - clocks.ts — pure time: wall time in IANA zones, quiet hours and away, each prompt's clock.
 * - store.ts — SQLite: the migrations, load, the one transaction a change writes, the game log, chat, retention.
 * - sockets.ts — hibernating sockets: admission, hello, each viewer's state body, sent after every change.
 * - outbox.ts — what leaves besides sockets: notification targets, the outbox and its digests, the table channel.
 * - seats.ts — seats and tokens, joins, rate limits, names made safe, a seat's own and the host's settings.
 * - admin.ts — the host's side: creation options, the start, the host's controls, playing again.
 * - bots.ts — who answers when the person does not: bot seats, standing orders, stand-ins, the room's autoPass.
 */
export class GameRoom extends DurableObject<Env> {
  /** The clock. Tests replace it to travel in time; nothing else may. */
  now: () => number = () => Date.now();
  /** How notifications and table-channel posts leave. Tests replace them to record or fail deliveries. */
  deliver: Sender = send;
  postChannel: ChannelPoster = sendChannel;

  readonly store: Store = new Store(this);
  readonly seats: Seats = new Seats(this);
  readonly log: LogTable = new LogTable(this);
  readonly chat: Chat = new Chat(this);
  readonly bots: Bots = new Bots(this);
  readonly sockets: Sockets = new Sockets(this);
  readonly outbox: Outbox = new Outbox(this);
  readonly state: DurableObjectState;
  readonly bindings: Env;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.state = ctx;
    this.bindings = env;
    // Answer pings without waking the object: https://developers.cloudflare.com/durable-objects/api/state/#setwebsocketautoresponse
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    // SQLite calls are synchronous; migrations run before the first event is delivered.
    this.store.load();
  }

  /** Read at each call: tests may replace the object's state to watch it. */
  get sql(): SqlStorage {
    return this.state.storage.sql;
  }

  table(): Table {
    return {
      def: this.store.def(),
      meta: this.store.m,
      state: this.store.game,
      seats: this.seats.rows,
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
    return ok(this.sockets.summary());
  }

  /** The public line of "my games": the summary, whom the table waits for, the public deadline. No token needed. */
  async glance(): Promise<(GameSummary & { waiting: number[]; deadline: string | null }) | null> {
    if (!this.store.load()) return null;
    const game = this.store.game;
    const at = game ? publicDeadline(this.store.m.clocks) : null;
    return {
      ...this.sockets.summary(),
      waiting: game ? waitingSeats(this.store.def(), game) : [],
      deadline: at === null ? null : iso(at),
    };
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

  /** `POST /answers`. `logFrom`: the log index the reply (the new state) carries lines from (null: the tail). */
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

  /** After a persisted change: everyone hears of it, then the alarm is pointed at the next work. */
  afterChange(): Promise<void> | undefined {
    this.sockets.broadcast();
    return this.schedule();
  }

  /**
   * Steps 3–8 of the fixed order, synchronous so no other event interleaves: running? → asked? → version? →
   * apply → persist → bots. Broadcast and alarm follow in `afterChange`.
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
    const no = checkAnswer(this.table(), seat, version, answer);
    // A prompt that closed since the client's version: the client is behind, not wrong.
    if (no) return fail(no.code, no.message, no.stale ? { state: this.sockets.stateBody(seat, part) } : {});
    const r = this.commit(seat, answer, 'player');
    if (!r.ok) return fail(r.code, r.message);
    // Bots answer right after a change, a bounded number per request (the alarm continues).
    this.bots.runBots(LIMITS.botMovesPerRequest);
    return { ok: true };
  }

  /** Apply one answer (`decideMove`) and persist what follows in one transaction (`Store.write`). */
  commit(seat: number, answer: Answer, by: MoveBy): { ok: true } | ({ ok: false } & Refusal) {
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

  /** A seat's own settings for the asynchronous life (standing orders, quiet hours, away, mention). */
  me(token: string | null, method: 'GET' | 'PUT', body: unknown): Promise<Reply> {
    return method === 'GET' ? getMine(this, token) : putMine(this, token, body);
  }

  admin(token: string | null, action: string, body: unknown): Promise<Reply> {
    return admin(this, token, action, body);
  }

  /** `POST /again`: a seat of the finished game accepts or declines another game with this table. */
  again(token: string | null, body: unknown): Promise<Reply> {
    return answerAgain(this, token, body);
  }

  /** `POST /admin/again`: the host's options and replacements for the next game. */
  hostAgain(token: string | null, body: unknown): Promise<Reply> {
    return hostAgain(this, token, body);
  }

  /** Called by the finished game's room: make this room the next game of its series. */
  createAgain(p: AgainParams): Promise<Reply> {
    return createAgain(this, p);
  }

  async seriesEntry(): Promise<ReturnType<typeof seriesEntry>> {
    return seriesEntry(this);
  }

  // ---------------------------------------------------------------- time

  /**
   * Everything time-based. Idempotent: each piece of work is found from the state and removed when done, so a
   * second delivery of the same alarm finds nothing left to do.
   */
  override async alarm(): Promise<void> {
    if (!this.store.load()) return;
    const now = this.now();
    const expiry = this.store.expiry();
    if (expiry !== null && expiry <= now) return this.store.deleteAll();
    this.sockets.dropSilent(now);
    let changed = this.bots.runBots(LIMITS.botMovesPerAlarm) > 0;
    for (let i = 0; i < LIMITS.expiriesPerAlarm; i++) {
      const due = expiredClock(this.store.m, now);
      if (!due) break;
      const c = decideExpiry(this.table(), due);
      this.store.write(c);
      if (c.move) {
        changed = true;
        this.bots.runBots(LIMITS.botMovesPerRequest);
      }
    }
    const reminders = dueReminders(this.table());
    if (reminders) this.store.write(reminders);
    if (changed) this.sockets.broadcast();
    await this.outbox.flush();
    await postTableChannel(this);
    await againDue(this);
    // The alarm that is running is spent: set the next one whatever was scheduled before.
    await this.schedule(true);
  }

  /** The earliest moment the alarm has work, or null. Every answer asks, so each part is cheap when idle. */
  private nextWake(): number | null {
    const m = this.store.meta;
    if (!m) return null;
    const now = this.now();
    let t = Math.min(
      this.outbox.nextDue() ?? Infinity,
      this.store.expiry() ?? Infinity,
      nextSilence(this.sockets.list()) ?? Infinity,
      this.bots.nextWork(now) ?? Infinity,
      channelWake(this) ?? Infinity,
      againWake(m) ?? Infinity,
    );
    if (m.status === 'playing' && !m.paused)
      for (const c of m.clocks) {
        if (c.deadlineAt === null) continue;
        // The earliest reminder is the one furthest before the deadline.
        t = Math.min(t, c.deadlineAt, ...c.reminders.map((o) => c.deadlineAt! - o));
      }
    return Number.isFinite(t) ? t : null;
  }

  /** The alarm time this instance last set (undefined: not known since it started). */
  private scheduled: number | null | undefined;

  /**
   * Point the one alarm at the next piece of work, computed and set with no await between, so a change landing
   * meanwhile cannot be overwritten by an older computation. An alarm already set earlier is left alone (setting
   * one is a storage write the answer's messages would wait for): it finds part of the work and sets the alarm
   * again. Returns the storage call to await, or nothing when the alarm stays.
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

  // ---------------------------------------------------------------- WebSocket (hibernation API)

  /**
   * `GET /api/games/:id/live`, accepted with the hibernation API so an idle game is evicted while sockets stay
   * open: https://developers.cloudflare.com/durable-objects/best-practices/websockets/
   * The token comes in the first message (`hello`), never in the URL (URLs end up in logs).
   */
  override async fetch(req: Request): Promise<Response> {
    if (req.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return json(reject('bad_request', 'expected a WebSocket upgrade'));
    if (!this.store.load()) return json(reject('not_found', 'no such game'));
    const now = this.now();
    this.sockets.dropSilent(now);
    const from = addressKey(req.headers.get('cf-connecting-ip'));
    const refused = refuseOpen(this.sockets.list(), from);
    if (refused) return json(this.store.rejected('rate_limited', refused, { route: 'live', from }));
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const att: Attachment = { sid: crypto.randomUUID(), seat: null, ready: false, visible: true, openedAt: now, from };
    server.serializeAttachment(att);
    // The alarm closes it if it stays silent.
    await this.schedule();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Every refusal counts against the socket's junk budget; over it, the socket is closed.
    const error = (r: Reply) => {
      say(ws, JSON.stringify({ type: 'error', ...(r.body as object) }));
      const att = this.sockets.attachment(ws);
      if (!att || att.gone) return;
      const j = countJunk(att, this.now());
      if (j.over) this.sockets.drop(ws, j.att, 'junk');
      else ws.serializeAttachment(j.att);
    };
    const st = this.store;
    if (!st.load()) return error(reject('not_found', 'no such game'));
    const att = this.sockets.attachment(ws);
    if (att?.gone) {
      // A socket the room closed whose client ignores the close: told why again, unless it spent its junk budget.
      const g = GONE[att.gone];
      if (att.gone !== 'junk')
        say(
          ws,
          JSON.stringify({ type: 'error', ...(st.rejected(g.code, g.message, { route: 'live' }).body as object) }),
        );
      return shut(ws, g.close, att.gone);
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
      case 'visible':
        ws.serializeAttachment({ ...att, visible: msg.visible !== false });
        return;
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
        // The state itself came with the broadcast, just before.
        say(ws, '{"type":"ok"}');
        return;
      }
      default:
        return error(st.rejected('bad_request', `unknown message type ${String(msg.type)}`, { route: 'live' }));
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake (harmless when the runtime already did).
    shut(ws, code === 1005 ? 1000 : code, reason);
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
    shut(ws, 1011, 'error');
  }
}

/** Send `text` on `ws`, unless it is closing right now (its close handler cleans up). */
function say(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    /* closing */
  }
}

/**
 * Whether a frame is over the body limit in UTF-8 bytes as it crossed the wire (16 KB of 汉字 is 48 KB). A UTF-16
 * unit is 1 to 3 bytes, so only a string between a third of the limit and the limit has to be encoded to tell.
 */
export function frameTooLarge(message: string | ArrayBuffer): boolean {
  if (typeof message !== 'string') return message.byteLength > LIMITS.bodyBytes;
  if (message.length > LIMITS.bodyBytes) return true;
  return message.length * 3 > LIMITS.bodyBytes && new TextEncoder().encode(message).byteLength > LIMITS.bodyBytes;
}

function json(r: Reply): Response {
  return Response.json(r.body, { status: r.status });
}
