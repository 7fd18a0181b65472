/**
 * The broadcast: after a change, every ready socket is sent its state — a full `state` message, or for a socket
 * whose hello said `patch` (after its first full state) a `patch` with what changed since its last message. Every
 * part is serialised once per change: the shared ones once for all, a seat's once for all its sockets, each log
 * line once for every reader. Keeps in memory what each socket was sent last and how far it has the log.
 */
import type { ViewText } from '../engine';
import type { Attachment, Room } from './types';
import { seatParts, shared } from './bodies';
import { changed, field, headParts, patchMessage, stateMessage, type Part, type SeatJson, type Sent } from './wire';

/**
 * How many log lines a delta socket may be sent again after a wake from hibernation: its attachment is written
 * when its log cursor moves this far past what the attachment says (see `Broadcast.cursors`).
 */
export const RESEND_LINES = 64;

/** The sockets the broadcast reads and the one way it writes an attachment (sockets.ts). */
export interface Registry {
  list(): { ws: WebSocket; att: Attachment }[];
  /** Write an attachment, keeping the list read in this event true to it. */
  keep(ws: WebSocket, att: Attachment): void;
}

export class Broadcast {
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

  constructor(
    private readonly r: Room,
    private readonly sockets: Registry,
  ) {}

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
  send(only?: WebSocket[]): void {
    const list = this.sockets.list();
    const targets = list.filter(({ ws, att }) => att.ready && (!only || only.includes(ws)));
    if (!targets.length) return this.r.log.settle();
    const sh = shared(this.r, list);
    const game = this.r.store.game;
    const over = !!game?.outcome;
    const end = game ? this.r.log.end : 0;
    const head = headParts(sh.summary);
    const tail: Part[] = [field('waiting', JSON.stringify(sh.waiting)), field('deadline', JSON.stringify(game ? sh.deadline : null))];
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
        const { view, prompts } = seatParts(this.r, seat, sh, !text);
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
        if (!msg) fulls.set(key, (msg = stateMessage(head, own, log)));
      }
      if (p.att.patch) this.sent.set(p.ws, { version: sh.summary.version, head, own });
      if (p.write) this.sockets.keep(p.ws, p.write);
      try {
        p.ws.send(msg);
      } catch {
        /* a socket closing right now; its close handler cleans up */
      }
    }
    this.r.log.settle();
  }
}
