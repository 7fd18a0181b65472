/**
 * The room's sockets: which hibernating sockets are open and for which seat (the attachment is the only place a
 * socket's seat and log cursor are kept, so both survive hibernation), who is online and looking, closing the
 * ones the room refuses, and sending each its viewer's state body (statebody.ts) after every change.
 */
import { waitingSeats } from '../engine';
import { ADMISSION, silentSockets } from './admission';
import type { ErrorCode } from './reply';
import type { GameSummary, StateBody } from '../protocol';
import type { Attachment, LogPart, Room } from './types';
import { deadlineOf, stateBody, summary } from './statebody';

/** What a socket the room closed is told, per reason. */
export const GONE: Record<NonNullable<Attachment['gone']>, { code: ErrorCode; message: string; close: number }> = {
  replaced: { code: 'unauthorized', message: 'this seat was given to someone else', close: 4001 },
  silent: { code: 'bad_request', message: `say hello within ${ADMISSION.helloMs / 1000} seconds of connecting`, close: 4008 },
  superseded: { code: 'rate_limited', message: `this seat opened more than ${ADMISSION.perSeat} connections; this one, hidden or oldest, is closed`, close: 4029 },
};

/** The open sockets with their seats, and the state bodies they and `/state` receive. Only `viewFor` output leaves. */
export class Sockets {
  /** The socket being closed right now: no longer counted as online, not sent to. */
  closing: WebSocket | null = null;

  constructor(private readonly r: Room) {}

  /** The open sockets with their attachments: the one place sockets are listed and counted. */
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

  /** Write a socket's attachment (the only place its seat is kept). */
  attach(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
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

  /** The seats with a visible ready socket: they see what is asked of them without a notification. */
  looking(list = this.list()): Set<number> {
    const out = new Set<number>();
    for (const { att } of list) if (att.ready && att.visible && att.seat !== null) out.add(att.seat);
    return out;
  }

  /** The game's summary, `online` from the open sockets (statebody.ts). */
  summary(list = this.list()): GameSummary {
    return summary(this.r, list);
  }

  /** The public part of every body, for "my games": the summary, whom the table waits for, the earliest deadline. */
  shared(): { summary: GameSummary; waiting: number[]; deadline: string | null } {
    const game = this.r.store.game;
    return { summary: this.summary(), waiting: game ? waitingSeats(this.r.store.def(), game) : [], deadline: game ? deadlineOf(this.r.store.m.clocks) : null };
  }

  /** The body of `/state` (and of an answer's reply, and of a 409 `stale`), for one viewer (statebody.ts). */
  stateBody(seat: number | null, part: LogPart = 'tail'): StateBody {
    return stateBody(this.r, seat, part, this.summary());
  }

  /**
   * Send every ready socket (`only`: just these) its viewer's whole body. Its log lines go on from the socket's
   * cursor (its attachment's `log`: what its hello asked for, then the end of the last message), and once the game
   * is over the whole record comes once (every line is public then); the cursor moves to the log's end. Kept in
   * the attachment, the cursor survives hibernation: a socket of an evicted room resumes exactly where it was.
   */
  broadcast(only?: WebSocket[]): void {
    const r = this.r;
    const list = this.list();
    const head = summary(r, list);
    const game = r.store.game;
    const over = !!game?.outcome;
    const end = game ? r.log.end : 0;
    for (const { ws, att } of list) {
      if (!att.ready || (only && !only.includes(ws))) continue;
      const part: LogPart = over && !att.whole ? { from: 0 } : att.log === undefined ? 'tail' : { from: att.log };
      const body = stateBody(r, att.seat, part, head);
      if (att.log !== end || !!att.whole !== over) this.attach(ws, { ...att, log: end, whole: over });
      try {
        ws.send(JSON.stringify({ type: 'state', ...body }));
      } catch {
        /* a socket closing right now; its close handler cleans up */
      }
    }
  }
}
