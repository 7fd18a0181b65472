import { publicSeat } from './settings';
import { joinViewText, jsonKey, promptsFor, waitingSeats, type LogLine, type Prompt, type ViewText } from '../engine';
import { ADMISSION, silentSockets } from './admission';
import type { ErrorCode } from './reply';
import { LOG_TAIL, type GameSummary, type SeatInfo, type StateBody } from '../protocol';
import { iso, type Attachment, type LogPart, type Room } from './types';
import { diffState } from './delta';
import { textOps } from './viewtext';

/** What every viewer's state body has in common: computed (and serialised) once per change. */
export interface Shared {
  summary: GameSummary;
  /** Deadline per open prompt (ms; null while paused). */
  clocks: Map<string, number | null>;
  deadline: string | null;
  waiting: number[];
}

/** One seat's own parts of a body, computed once per change however many sockets the seat has. */
interface SeatParts {
  view: StateBody['view'];
  prompts: Prompt[];
}

/** What a socket the room closed is told, per reason. */
export const GONE: Record<NonNullable<Attachment['gone']>, { code: ErrorCode; message: string; close: number }> = {
  replaced: { code: 'unauthorized', message: 'this seat was given to someone else', close: 4001 },
  silent: { code: 'bad_request', message: `say hello within ${ADMISSION.helloMs / 1000} seconds of connecting`, close: 4008 },
  superseded: { code: 'rate_limited', message: `this seat opened more than ${ADMISSION.perSeat} connections; this one, hidden or oldest, is closed`, close: 4029 },
};

/**
 * Sockets and broadcast: which hibernating sockets are open and for which seat (the attachment is the only place
 * a socket's seat is kept), and the state bodies they and `/state` receive. Only `viewFor` output leaves. A
 * broadcast serialises the parts every viewer shares once, each seat's own view once, and reads the new log
 * lines once for all sockets.
 */
export class Sockets {
  /** The socket being closed right now: no longer counted as online, not sent to. */
  private closingNow: WebSocket | null = null;
  /**
   * The list as read during the current event: an answer asks who is looking several times (the clocks, the
   * outbox, the broadcast), and each read deserialises every attachment. Dropped at the end of the event's
   * synchronous run and whenever an attachment is written (through `attach`).
   */
  private memo: { ws: WebSocket; att: Attachment }[] | null = null;

  constructor(private readonly r: Room) {}

  get closing(): WebSocket | null {
    return this.closingNow;
  }

  set closing(ws: WebSocket | null) {
    this.closingNow = ws;
    this.memo = null;
  }

  /**
   * Each socket's attachment as last written or read while this instance lives: every write goes through this
   * class, so a socket's attachment is deserialised once per wake instead of at every event (the runtime
   * copies it out each time). Never mutated: a change writes a new object.
   */
  private atts = new WeakMap<WebSocket, Attachment | null>();

  /** The open sockets with their attachments: the one place sockets are listed and counted. */
  list(): { ws: WebSocket; att: Attachment }[] {
    if (this.memo) return this.memo;
    const list: { ws: WebSocket; att: Attachment }[] = [];
    for (const ws of this.r.state.getWebSockets()) {
      if (ws === this.closingNow) continue;
      const att = this.attachment(ws);
      // A socket the room closed may linger while its client ignores the close: it is no longer anybody's.
      if (att && !att.gone) list.push({ ws, att });
    }
    this.memo = list;
    queueMicrotask(() => (this.memo = null));
    return list;
  }

  /** A socket's attachment: as last written or read while this instance lives, else read from the runtime once. */
  attachment(ws: WebSocket): Attachment | null {
    let att = this.atts.get(ws);
    if (att === undefined) this.atts.set(ws, (att = ws.deserializeAttachment() as Attachment | null));
    return att;
  }

  /** Write a socket's attachment (the only place its seat is kept). */
  attach(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.atts.set(ws, att);
    this.memo = null;
  }

  /**
   * Close a socket for `why`: its attachment says so first (the attachment outlives the close, and a client may
   * ignore the close and keep sending), then it is told and closed.
   */
  drop(ws: WebSocket, att: Attachment, why: NonNullable<Attachment['gone']>): void {
    this.attach(ws, { ...att, seat: null, ready: false, gone: why });
    const g = GONE[why];
    try {
      ws.send(JSON.stringify({ type: 'error', error: { code: g.code, message: g.message } }));
      ws.close(g.close, why);
    } catch {
      /* already closing */
    }
  }

  /** Close the sockets that did not say hello in time (admission.ts). */
  dropSilent(now: number): void {
    for (const { ws, att } of silentSockets(this.list(), now)) this.drop(ws, att, 'silent');
  }

  online(seat: number, list = this.list()): boolean {
    return list.some(({ att }) => att.ready && att.seat === seat);
  }

  visible(seat: number, list = this.list()): boolean {
    return list.some(({ att }) => att.ready && att.seat === seat && att.visible);
  }

  summary(list = this.list()): GameSummary {
    const m = this.r.store.m;
    const online = new Set(list.flatMap(({ att }) => (att.ready && att.seat !== null ? [att.seat] : [])));
    const now = this.r.now();
    const seats: SeatInfo[] = this.r.seats.rows.map((x) => {
      const info: SeatInfo = { seat: x.seat, name: x.name, taken: x.name !== null, bot: !!x.bot, standIn: !!x.stand_in, online: online.has(x.seat) };
      // Only what everyone may know of a seat's settings: asleep until when, away or not (settings.ts).
      if (x.settings) {
        const pub = publicSeat(this.r.seats.settingsOf(x.seat), now);
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
      outcome: this.r.store.game?.outcome ?? null,
    };
  }

  shared(list = this.list()): Shared {
    const clocks = new Map(this.r.store.m.clocks.map((c) => [c.prompt, c.deadlineAt]));
    const times = [...clocks.values()].filter((t): t is number => typeof t === 'number');
    const game = this.r.store.game;
    return {
      summary: this.summary(list),
      clocks,
      deadline: game && times.length ? iso(Math.min(...times)) : null,
      waiting: game ? waitingSeats(this.r.store.def(), game) : [],
    };
  }

  /** `withView` false: the prompts alone (the view comes as text, `GameDef.viewTexts`). */
  private seatParts(seat: number | null, shared: Shared, withView = true): SeatParts {
    const game = this.r.store.game;
    if (!game) return { view: null, prompts: [] };
    // The view and prompts `viewFor` would give, without its `waiting` (the shared part has it, once).
    const view = withView ? this.r.store.def().view(game, seat) : null;
    const prompts = promptsFor(game, seat).map((p) => {
      const at = shared.clocks.get(p.id);
      return typeof at === 'number' ? { ...p, deadline: iso(at) } : p;
    });
    return { view, prompts };
  }

  /** The lines of `part` for `seat`: from a log index (clamped to the log), or the last `LOG_TAIL` visible lines. */
  private logPart(seat: number | null, part: LogPart): { log: LogLine[]; logFrom: number } {
    const log = this.r.log;
    if (!this.r.store.game) return { log: [], logFrom: 0 };
    const over = !!this.r.store.game.outcome;
    if (part === 'tail') {
      const lines = log.tail(seat, over, LOG_TAIL + 1);
      // More visible lines than the tail: the body starts at the first line it carries.
      return lines.length > LOG_TAIL ? { log: lines.slice(1), logFrom: lines[1]!.i } : { log: lines, logFrom: 0 };
    }
    const from = Math.min(Math.max(0, part.from), log.end);
    return { log: log.linesFor([[seat, from]], over).get(`${seat}|${from}`)!, logFrom: from };
  }

  /** The body of `/state` (and of an answer's reply, and of a 409 `stale`), for one viewer. */
  stateBody(seat: number | null, part: LogPart = 'tail', shared: Shared = this.shared()): StateBody {
    const chat = this.r.chat.linesFor(seat);
    const { view, prompts } = this.seatParts(seat, shared);
    const { log, logFrom } = this.logPart(seat, part);
    const game = this.r.store.game;
    return {
      ...shared.summary,
      you: seat,
      view,
      prompts,
      waiting: shared.waiting,
      deadline: game ? shared.deadline : null,
      log,
      logFrom,
      logEnd: game ? this.r.log.end : 0,
      chat,
    };
  }

  /**
   * What each socket was sent last, part by part (JSON), so that a socket whose hello said `patch` gets only
   * the parts that changed. In memory only: after the object wakes from hibernation, or after a hello, the
   * socket gets a full state first.
   */
  private sent = new WeakMap<WebSocket, Sent>();

  /**
   * How far each delta socket has been sent the log (and whether it has had the whole record of a finished
   * game), ahead of its attachment: writing the attachment serialises it, and doing so for every socket at every
   * answer cost more than anything else the broadcast did. The attachment is written only when the whole record
   * is sent and when the cursor has moved `RESEND_LINES` past what it says. After a wake from hibernation this map
   * is empty and a socket resumes from its attachment: its next message repeats at most `RESEND_LINES` lines it
   * already has, which a client merges by index (`logFrom` at or before what it holds is no gap, web/lib/logbook.ts).
   */
  private cursors = new WeakMap<WebSocket, { log: number; whole: boolean }>();

  /** The next state this socket gets is a full one, with log lines from its hello's `log` (the client starts over). */
  forget(ws: WebSocket): void {
    this.sent.delete(ws);
    this.cursors.delete(ws);
  }

  /**
   * Send every ready socket its state (`only`: just these sockets). A delta-aware socket gets the lines it has
   * not had yet (all of them, once, when the game is over: the whole record is public then), an older client
   * the last lines; its attachment is updated to match. A socket that said `patch` gets, after its first full
   * state, a `patch` with the fields (and the view's keys) that differ from what it was sent last. Every part
   * is serialised once per change: the shared ones once for all, a seat's once for all its sockets.
   */
  broadcast(only?: WebSocket[]): void {
    const list = this.list();
    const targets = list.filter(({ ws, att }) => att.ready && (!only || only.includes(ws)));
    if (!targets.length) return this.r.log.settle();
    const shared = this.shared(list);
    const game = this.r.store.game;
    const over = !!game?.outcome;
    const end = game ? this.r.log.end : 0;
    const head = headParts(shared.summary);
    const tail: Part[] = [field('waiting', JSON.stringify(shared.waiting)), field('deadline', JSON.stringify(game ? shared.deadline : null))];
    const plan = targets.map(({ ws, att }) => {
      // A socket whose hello named no `log` (an older client) gets the whole visible log every time.
      let from = 0;
      let write: Attachment | null = null;
      if (att.log !== undefined) {
        const c = this.cursors.get(ws) ?? { log: att.log, whole: !!att.whole };
        from = over && !c.whole ? 0 : Math.min(c.log, end);
        this.cursors.set(ws, { log: end, whole: over });
        if ((over && !att.whole) || end - att.log >= RESEND_LINES) write = { ...att, log: end, whole: over };
      }
      return { ws, att, from, write };
    });
    const readers = plan.map((p) => [p.att.seat, p.from] as [number | null, number]);
    const lines = game ? this.r.log.jsonFor(readers, over) : new Map<string, string>();
    const seats = new Map<number | null, SeatJson>();
    // Every viewer's view as the text of its parts, from one call, when the game builds them so (GameDef.viewTexts).
    const def = game ? this.r.store.def() : null;
    const texts = new Map<number | null, ViewText>();
    if (game && def?.viewTexts) {
      const viewers = [...new Set(plan.map((p) => p.att.seat))];
      def.viewTexts(game, viewers).forEach((t, i) => texts.set(viewers[i]!, t));
    }
    const logs = new Map<string, string>();
    const fulls = new Map<string, string>();
    const headSets = new Map<Part[], string[]>();
    for (const p of plan) {
      const seat = p.att.seat;
      let own = seats.get(seat);
      if (own === undefined) {
        const text = texts.get(seat) ?? null;
        const { view, prompts } = this.seatParts(seat, shared, !text);
        own = { view, text, viewJson: null, viewOps: new Map(), before: [field('you', JSON.stringify(seat))], after: [field('prompts', JSON.stringify(prompts)), ...tail], chat: field('chat', this.r.chat.jsonFor(seat)) };
        seats.set(seat, own);
      }
      const key = `${seat}|${p.from}`;
      let log = logs.get(key);
      if (log === undefined) logs.set(key, (log = `"log":${lines.get(key) ?? '[]'},"logFrom":${p.from},"logEnd":${end}`));
      const last = p.att.patch ? this.sent.get(p.ws) : undefined;
      let msg: string;
      if (last) {
        // The head's changes are the same for every socket that was sent the same head last (most often all).
        let set = headSets.get(last.head);
        if (set === undefined) headSets.set(last.head, (set = changed(head, last.head)));
        msg = patchMessage(last, set, own, log);
      } else {
        msg = fulls.get(key) ?? '';
        if (!msg) fulls.set(key, (msg = `{"type":"state",${[...head, ...own.before, field('view', (own.viewJson ??= own.text ? joinViewText(own.text) : JSON.stringify(own.view))), ...own.after].join(',')},${log},${own.chat}}`));
      }
      if (p.att.patch) this.sent.set(p.ws, { version: shared.summary.version, head, own });
      if (p.write) {
        p.ws.serializeAttachment(p.write);
        this.atts.set(p.ws, p.write);
        // Keep the list read in this event true to what is stored, rather than dropping it and deserialising
        // every attachment again at the next read.
        const e = this.memo?.find((x) => x.ws === p.ws);
        if (e) e.att = p.write;
      }
      try {
        p.ws.send(msg);
      } catch {
        /* a socket closing right now; its close handler cleans up */
      }
    }
    this.r.log.settle();
  }
}

/**
 * How many log lines a delta socket may be sent again after a wake from hibernation: its attachment is written
 * when its log cursor moves this far past what the attachment says (see `Sockets.cursors`).
 */
export const RESEND_LINES = 64;

/** A top-level field of a state body as it is written in one (`"key":json`): equal parts are equal fields. */
type Part = string;

/** One seat's parts: the view (serialised only for a full state) and the other fields. */
interface SeatJson {
  view: unknown;
  /** The view as the text of its parts (`GameDef.viewTexts`; then `view` is not built): what a patch compares. */
  text: ViewText | null;
  viewJson: string | null;
  /** The view's delta from a view a socket of this seat was sent last, per that view: one diff per seat. */
  viewOps: Map<unknown, string>;
  before: Part[];
  after: Part[];
  chat: Part;
}

/** What a socket was sent last. */
interface Sent {
  version: number;
  head: Part[];
  own: SeatJson;
}

const field = (k: string, json: string): Part => jsonKey(k) + json;

/** The summary's fields in its own order, its undefined ones left out (as JSON.stringify leaves them out). */
function headParts(summary: GameSummary): Part[] {
  const out: Part[] = [];
  for (const k in summary) {
    const v = summary[k as keyof GameSummary];
    if (v !== undefined) out.push(field(k, JSON.stringify(v)));
  }
  return out;
}

/** The parts of `now` that differ from the part at the same place in `was`. */
function changed(now: Part[], was: Part[]): Part[] {
  const out: Part[] = [];
  for (let i = 0; i < now.length; i++) if (was[i] !== now[i]) out.push(now[i]!);
  return out;
}

/** The `patch` that turns what a socket was sent last into this state (protocol.ts `PatchMessage`); `head`: its head's changes. */
function patchMessage(last: Sent, head: Part[], own: SeatJson, log: string): string {
  const set = head.concat(changed(own.before, last.own.before), changed(own.after, last.own.after));
  if (last.own.chat !== own.chat) set.push(own.chat);
  // The view as delta operations (delta.ts) from the view this socket was sent last: exact, and only what
  // changed travels — by text, the parts whose text changed (viewtext.ts); else by walking the two views, the
  // values that changed (a seat's hp, not the whole list of players).
  const was = last.own.text ?? last.own.view;
  let ops = own.viewOps.get(was);
  if (ops === undefined) {
    if (!own.text) ops = JSON.stringify(diffState(last.own.view, own.view));
    else if (last.own.text) ops = textOps(last.own.text, own.text);
    // The first view as text after one that was not (the game has just started): set whole.
    else ops = `[[[],${(own.viewJson ??= joinViewText(own.text))}]]`;
    own.viewOps.set(was, ops);
  }
  return `{"type":"patch","of":${last.version},"set":{${set.join(',')}}${ops === '[]' ? '' : `,"view":${ops}`},${log}}`;
}
