/**
 * The room's hibernating sockets: which are open and for which seat (the attachment is the only place a socket's
 * seat and log cursor are kept, so both survive hibernation), who is online and looking, admission, hello, and
 * each viewer's state body, sent to every socket after every change. Only `viewFor` output leaves (DESIGN §3).
 */
import { viewFor } from '../engine';
import { CLOSE_RELOAD, LOG_TAIL, PROTOCOL, type GameSummary, type SeatInfo, type StateBody } from '../protocol';
import { againSummary } from './admin';
import { publicDeadline } from './clocks';
import { decideReturn, iso, type Attachment, type ErrorCode, type LogPart, type Reply } from './core';
import { publicSeat } from './seats';
import type { GameRoom } from './GameRoom';

/**
 * Who may hold a live socket of a game, so that strangers cannot lock the seats out (100 silent sockets once did):
 *
 * - a socket must say hello within `helloMs` or is closed; while it waits it counts only against its own address;
 * - a seat may hold `perSeat` sockets: a new hello for a full seat closes its oldest hidden socket (else its
 *   oldest), so the player always gets in;
 * - spectators share `spectators` places, at most `spectatorsPerAddress` from one address (issue 26 point 5);
 * - `total` bounds everything the object holds;
 * - a socket whose messages the room refuses more than `junkPerMinute` times in a minute is closed: each refusal
 *   costs a parse, a log line and a reply, and the seats' sockets share the room's time.
 *
 * Opening sockets is also limited per address by the Worker (routes/limits.ts).
 */
export const ADMISSION = {
  helloMs: 5_000,
  pendingPerAddress: 8,
  perSeat: 8,
  spectators: 50,
  spectatorsPerAddress: 5,
  junkPerMinute: 20,
  total: 1_000,
} as const;

/** What a socket the room closed is told, per reason. */
export const GONE: Record<NonNullable<Attachment['gone']>, { code: ErrorCode; message: string; close: number }> = {
  replaced: { code: 'unauthorized', message: 'this seat was given to someone else', close: 4001 },
  silent: {
    code: 'bad_request',
    message: `say hello within ${ADMISSION.helloMs / 1000} seconds of connecting`,
    close: 4008,
  },
  superseded: {
    code: 'rate_limited',
    message: `this seat opened more than ${ADMISSION.perSeat} connections; this one, hidden or oldest, is closed`,
    close: 4029,
  },
  junk: {
    code: 'rate_limited',
    message: `more than ${ADMISSION.junkPerMinute} messages in a minute were refused; this connection is closed`,
    close: 4029,
  },
};

/** One more refusal on socket `att` at `now`: the attachment to keep, and whether it is over its budget. */
export function countJunk(att: Attachment, now: number): { att: Attachment; over: boolean } {
  const j = att.junk && now - att.junk.since < 60_000 ? att.junk : { n: 0, since: now };
  const n = j.n + 1;
  return { att: { ...att, junk: { n, since: j.since } }, over: n > ADMISSION.junkPerMinute };
}

export class Sockets {
  /** The socket being closed right now: no longer counted as online, not sent to. */
  closing: WebSocket | null = null;

  constructor(private readonly r: GameRoom) {}

  /** The open sockets with their attachments: the one place sockets are listed. */
  list(): { ws: WebSocket; att: Attachment }[] {
    const list: { ws: WebSocket; att: Attachment }[] = [];
    for (const ws of this.r.state.getWebSockets()) {
      if (ws === this.closing) continue;
      const att = this.attachment(ws);
      // A socket the room closed may linger while its client ignores the close: it is no longer anybody's.
      if (att && !att.gone) list.push({ ws, att });
    }
    return list;
  }

  attachment(ws: WebSocket): Attachment | null {
    return ws.deserializeAttachment() as Attachment | null;
  }

  /** Close a socket for `why`: its attachment says so first (it outlives the close), then it is told and closed. */
  drop(ws: WebSocket, att: Attachment, why: NonNullable<Attachment['gone']>): void {
    ws.serializeAttachment({ ...att, seat: null, ready: false, gone: why });
    const g = GONE[why];
    try {
      ws.send(JSON.stringify({ type: 'error', error: { code: g.code, message: g.message } }));
      ws.close(g.close, why);
    } catch {
      /* already closing */
    }
  }

  dropSilent(now: number): void {
    for (const { ws, att } of silentSockets(this.list(), now)) this.drop(ws, att, 'silent');
  }

  online(seat: number): boolean {
    return this.list().some(({ att }) => att.ready && att.seat === seat);
  }

  /** The seats with a visible ready socket: they see what is asked of them without a notification. */
  looking(): Set<number> {
    const out = new Set<number>();
    for (const { att } of this.list()) if (att.ready && att.visible && att.seat !== null) out.add(att.seat);
    return out;
  }

  /** The game's public summary (`GET /api/games/:id`); a seat is `online` when a ready socket of `list` holds it. */
  summary(list: readonly { att: Attachment }[] = this.list()): GameSummary {
    const r = this.r;
    const m = r.store.m;
    const online = new Set(list.flatMap(({ att }) => (att.ready && att.seat !== null ? [att.seat] : [])));
    const now = r.now();
    const seats: SeatInfo[] = r.seats.rows.map((x) => {
      const info: SeatInfo = {
        seat: x.seat,
        name: x.name,
        taken: x.name !== null,
        bot: x.bot,
        standIn: x.standIn,
        online: online.has(x.seat),
      };
      // Only what everyone may know of a seat's settings: asleep until when, away or not.
      const pub = publicSeat(x.settings, now);
      if (pub.asleepUntil) info.asleepUntil = pub.asleepUntil;
      if (pub.away) info.away = true;
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
      ...againSummary(m),
    };
  }

  /**
   * What one viewer (`seat` null: a spectator) may see now, carrying the log lines `part` names: the body of
   * `/state`, of an answer's reply, of a 409 `stale` and of every socket message. `head`: the summary, made once
   * when several viewers are sent a body of the same moment.
   */
  stateBody(seat: number | null, part: LogPart = 'tail', head: GameSummary = this.summary()): StateBody {
    const r = this.r;
    const game = r.store.game;
    const chat = r.chat.linesFor(seat);
    if (!game)
      return {
        ...head,
        you: seat,
        view: null,
        prompts: [],
        waiting: [],
        deadline: null,
        log: [],
        logFrom: 0,
        logEnd: 0,
        chat,
      };
    const clocks = r.store.m.clocks;
    const { view, prompts, waiting } = viewFor(r.store.def(), game, seat);
    const deadline = publicDeadline(clocks);
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
      deadline: deadline === null ? null : iso(deadline),
      ...this.logLines(seat, part, !!game.outcome),
      logEnd: r.log.end,
      chat,
    };
  }

  /** The lines of `part` for `seat`: from a log index (clamped to the log), or the last `LOG_TAIL` visible lines. */
  private logLines(seat: number | null, part: LogPart, over: boolean): Pick<StateBody, 'log' | 'logFrom'> {
    const log = this.r.log;
    if (part === 'tail') {
      const lines = log.tail(seat, over, LOG_TAIL + 1);
      // More visible lines than the tail: the body starts at the first line it carries.
      return lines.length > LOG_TAIL ? { log: lines.slice(1), logFrom: lines[1]!.i } : { log: lines, logFrom: 0 };
    }
    const from = Math.min(Math.max(0, part.from), log.end);
    return { log: log.from(seat, from, over), logFrom: from };
  }

  /**
   * Send every ready socket (`only`: just these) its viewer's body. Its log lines go on from the socket's cursor
   * (`att.log`), and once the game is over the whole record comes once (every line is public then). Kept in the
   * attachment, the cursor survives hibernation: a socket of an evicted room resumes exactly where it was.
   */
  broadcast(only?: WebSocket[]): void {
    const list = this.list();
    const head = this.summary(list);
    const game = this.r.store.game;
    const over = !!game?.outcome;
    const end = game ? this.r.log.end : 0;
    for (const { ws, att } of list) {
      if (!att.ready || (only && !only.includes(ws))) continue;
      const part: LogPart = over && !att.whole ? { from: 0 } : att.log === undefined ? 'tail' : { from: att.log };
      const body = this.stateBody(att.seat, part, head);
      if (att.log !== end || !!att.whole !== over) ws.serializeAttachment({ ...att, log: end, whole: over });
      try {
        ws.send(JSON.stringify({ type: 'state', ...body }));
      } catch {
        /* a socket closing right now; its close handler cleans up */
      }
    }
  }
}

// ---------------------------------------------------------------- admission

/** What admission needs to know of a socket (a subset of its attachment). */
interface SocketFacts {
  ready: boolean;
  seat: number | null;
  /** Absent on sockets accepted before this rule: treated as long ago. */
  openedAt?: number;
  from?: string;
  visible?: boolean;
}

/** An open socket and its facts (`W` is WebSocket in the room, anything in tests). */
export type Open<W> = { ws: W; att: SocketFacts };

/** Sockets that did not say hello in time: to be closed now. */
export function silentSockets<T extends { att: SocketFacts }>(list: T[], now: number): T[] {
  return list.filter(({ att }) => !att.ready && now - (att.openedAt ?? 0) >= ADMISSION.helloMs);
}

/** The earliest moment a socket still waiting for its hello becomes silent, or null. */
export function nextSilence(list: { att: SocketFacts }[]): number | null {
  let t = Infinity;
  for (const { att } of list) if (!att.ready) t = Math.min(t, (att.openedAt ?? 0) + ADMISSION.helloMs);
  return t === Infinity ? null : t;
}

/** May a socket from `from` be accepted now (`list`: the open sockets, silent ones closed)? Null, or why not. */
export function refuseOpen(list: { att: SocketFacts }[], from: string | undefined): string | null {
  if (list.length >= ADMISSION.total) return 'too many connections to this game';
  const pending = list.filter(({ att }) => !att.ready && att.from === from).length;
  if (pending >= ADMISSION.pendingPerAddress) return 'too many connections from this address are waiting to say hello';
  return null;
}

/**
 * A hello for `seat` (null: a spectator) from socket `self`: the sockets to close to make room (a seat's hidden
 * ones first, oldest first), or 'full' / 'address' when no spectator place is left for it.
 */
export function makeRoom<T extends Open<unknown>>(
  list: T[],
  seat: number | null,
  self: T['ws'],
  from: string | undefined,
): T[] | 'full' | 'address' {
  const others = list.filter(({ ws, att }) => ws !== self && att.ready && att.seat === seat);
  if (seat === null) {
    if (others.length >= ADMISSION.spectators) return 'full';
    return others.filter(({ att }) => att.from === from).length >= ADMISSION.spectatorsPerAddress ? 'address' : [];
  }
  const hidden = (x: T) => (x.att.visible === false ? 0 : 1);
  const oldestFirst = [...others].sort(
    (a, b) => hidden(a) - hidden(b) || (a.att.openedAt ?? 0) - (b.att.openedAt ?? 0),
  );
  return oldestFirst.slice(0, Math.max(0, oldestFirst.length - (ADMISSION.perSeat - 1)));
}

// ---------------------------------------------------------------- hello

/** Close `ws`, unless it is closing already (a refusal may just have spent its junk budget). */
export function shut(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    /* already closing */
  }
}

/**
 * A socket's `hello`: a client speaking another protocol is told to reload; the token says who it is (none: a
 * spectator); admission makes room; the attachment records the seat, visibility and where its log starts. Then
 * it gets its first body; a seat coming online is news for the whole table, and a seat a stand-in played for is
 * handed back to its player.
 */
export async function hello(
  r: GameRoom,
  ws: WebSocket,
  att: Attachment,
  msg: Record<string, unknown>,
  error: (x: Reply) => void,
): Promise<void> {
  const st = r.store;
  if (msg.protocol !== PROTOCOL) {
    error(
      st.rejected(
        'bad_request',
        `this page speaks protocol ${String(msg.protocol)}, the server ${PROTOCOL}: reload it`,
        { route: 'live' },
      ),
    );
    shut(ws, CLOSE_RELOAD, 'reload');
    return;
  }
  const token = typeof msg.token === 'string' && msg.token ? msg.token : null;
  const who = await r.seats.whoIs(token);
  if (!who) {
    error(st.rejected('unauthorized', 'this seat token is not valid for this game', { route: 'live' }));
    shut(ws, 4001, 'unauthorized');
    return;
  }
  const room = makeRoom(r.sockets.list(), who.seat, ws, att.from);
  if (room === 'full' || room === 'address') {
    const why =
      room === 'full'
        ? 'every spectator place of this game is taken'
        : `an address may hold ${ADMISSION.spectatorsPerAddress} of this game's spectator places`;
    error(st.rejected('rate_limited', why, { route: 'live', from: att.from }));
    shut(ws, 4029, room);
    return;
  }
  for (const old of room) r.sockets.drop(old.ws, old.att, 'superseded');
  const cameOnline = who.seat !== null && !r.sockets.online(who.seat);
  const next: Attachment = { sid: att.sid, seat: who.seat, ready: true, visible: msg.visible !== false, whole: false };
  if (att.openedAt !== undefined) next.openedAt = att.openedAt;
  if (att.from !== undefined) next.from = att.from;
  if (typeof msg.log === 'number' && Number.isInteger(msg.log) && msg.log >= 0) next.log = msg.log;
  ws.serializeAttachment(next);
  if (who.seat !== null && r.seats.rows[who.seat]?.standIn) {
    r.store.write(decideReturn(r.table(), who.seat));
    await r.afterChange();
    return;
  }
  // The version does not change when a seat comes online: nothing in the game did.
  r.sockets.broadcast(cameOnline ? undefined : [ws]);
}
