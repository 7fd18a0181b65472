/**
 * The room's sockets: which hibernating sockets are open and for which seat (the attachment is the only place a
 * socket's seat is kept), who is online and looking, and closing the ones the room refuses. The bodies they are
 * sent are built in bodies.ts (what a viewer may see), wire.ts (the messages' text) and broadcast.ts (who is sent
 * what after a change); this class is their one entry point for the rest of the room.
 */
import { ADMISSION, silentSockets } from './admission';
import type { ErrorCode } from './reply';
import type { GameSummary, StateBody } from '../protocol';
import type { Attachment, LogPart, Room } from './types';
import { shared, stateBody, summary, type Shared } from './bodies';
import { Broadcast } from './broadcast';

/** What a socket the room closed is told, per reason. */
export const GONE: Record<NonNullable<Attachment['gone']>, { code: ErrorCode; message: string; close: number }> = {
  replaced: { code: 'unauthorized', message: 'this seat was given to someone else', close: 4001 },
  silent: { code: 'bad_request', message: `say hello within ${ADMISSION.helloMs / 1000} seconds of connecting`, close: 4008 },
  superseded: { code: 'rate_limited', message: `this seat opened more than ${ADMISSION.perSeat} connections; this one, hidden or oldest, is closed`, close: 4029 },
};

/**
 * Sockets and broadcast: the open sockets with their seats, and the state bodies they and `/state` receive. Only
 * `viewFor` output leaves.
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
  private readonly out: Broadcast;

  constructor(private readonly r: Room) {
    this.out = new Broadcast(r, this);
  }

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
   * Write a socket's attachment during a broadcast: the list read in this event is kept true to what is stored,
   * rather than dropped and every attachment deserialised again at the next read.
   */
  keep(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.atts.set(ws, att);
    const e = this.memo?.find((x) => x.ws === ws);
    if (e) e.att = att;
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

  /** The game's summary, `online` from the open sockets (bodies.ts). */
  summary(list = this.list()): GameSummary {
    return summary(this.r, list);
  }

  /** What every viewer's body shares (bodies.ts). */
  shared(list = this.list()): Shared {
    return shared(this.r, list);
  }

  /** The body of `/state` (and of an answer's reply, and of a 409 `stale`), for one viewer (bodies.ts). */
  stateBody(seat: number | null, part: LogPart = 'tail', sh: Shared = this.shared()): StateBody {
    return stateBody(this.r, seat, part, sh);
  }

  /** The next state this socket gets is a full one, with log lines from its hello's `log` (the client starts over). */
  forget(ws: WebSocket): void {
    this.out.forget(ws);
  }

  /** Send every ready socket its state (`only`: just these sockets): broadcast.ts. */
  broadcast(only?: WebSocket[]): void {
    this.out.send(only);
  }
}
