/**
 * The broadcast: after a change, every ready socket is sent its state — a full `state` message, or for a socket
 * whose hello said `patch` (after its first full state) a `patch` with what changed since its last message. Every
 * part is serialised once per change: the shared ones once for all, a seat's once for all its sockets, each log
 * line once for every reader. Keeps in memory what each socket was sent last and how far it has the log.
 */
import { sameItems, waitingSeats, type GameState, type Prompt, type ViewText } from '../engine';
import type { Attachment, Clock, Room } from './types';
import { earliestDeadline, promptsJson } from './bodies';
import { iso } from './types';
import { Head } from './head';
import { changed, field, patchMessage, stateMessage, type Part, type SeatJson, type Sent } from './wire';
import { textMemo, type TextMemo } from './viewtext';

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

  /** The last broadcast's memo of the view texts it walked (viewtext.ts `TextMemo`), for the next one. */
  private memo: TextMemo | undefined = undefined;

  /** The summary's fields, kept between broadcasts (head.ts). */
  private head = new Head();

  /**
   * The parts of a body that stay the same from one change to the next unless their value changes (a viewer's
   * `you` and chat, everyone's `waiting` and `deadline`): the same strings again, so a patch compares them by
   * reference, not by text.
   */
  private mine = new Map<number | null, Mine>();
  private waiting: Part = '';
  private deadline: Part = '';

  /**
   * Send every ready socket its state (`only`: just these sockets). A delta-aware socket gets the lines it has
   * not had yet (all of them, once, when the game is over: the whole record is public then), an older client
   * the last lines; its attachment is updated to match. A socket that said `patch` gets, after its first full
   * state, a `patch` with the fields (and the view's keys) that differ from what it was sent last. Every part
   * is serialised once per change: the shared ones once for all, a seat's once for all its sockets.
   */
  send(only?: WebSocket[]): void {
    const r = this.r;
    const list = this.sockets.list();
    const targets: { ws: WebSocket; att: Attachment; from: number }[] = [];
    for (const x of list) if (x.att.ready && (!only || only.includes(x.ws))) targets.push({ ws: x.ws, att: x.att, from: 0 });
    if (!targets.length) return r.log.settle();
    const game = r.store.game;
    const over = !!game?.outcome;
    const end = game ? r.log.end : 0;
    const version = r.store.m.version;
    const head = this.head.now(r, list);
    const def = game ? r.store.def() : null;
    this.tail(game ? waitingSeats(def!, game) : NOBODY, game ? earliestDeadline(r.store.m.clocks) : null);
    const viewers: (number | null)[] = [];
    let min = end;
    // Some viewer has more than one socket (else no two sockets can share a patch).
    let several = false;
    for (const p of targets) {
      const att = p.att;
      // A socket whose hello named no `log` (an older client) gets the whole visible log every time.
      if (att.log !== undefined) {
        let c = this.cursors.get(p.ws);
        if (!c) this.cursors.set(p.ws, (c = { log: att.log, whole: !!att.whole }));
        p.from = over && !c.whole ? 0 : Math.min(c.log, end);
        c.log = end;
        c.whole = over;
        if ((over && !att.whole) || end - att.log >= RESEND_LINES) this.sockets.keep(p.ws, { ...att, log: end, whole: over });
      }
      if (p.from < min) min = p.from;
      if (!viewers.includes(att.seat)) viewers.push(att.seat);
      else several = true;
    }
    // (Once the game is over the record is read whole, by `jsonOf`.)
    if (game && !over) r.log.prefetch(min);
    // Every viewer's view as the text of its parts, from one call, when the game builds them so (GameDef.viewTexts).
    const texts = game && def?.viewTexts ? def.viewTexts(game, viewers) : null;
    const memo = (this.memo = textMemo(this.memo));
    const seats = new Map<number | null, SeatJson>();
    // The log fields made in this change, for the sockets after the first that get the same ones (see `LogFields`).
    const logs: LogFields[] = [];
    let fulls: Map<string, string> | null = null;
    let heads: Map<Part[], string> | null = null;
    let patches: Map<SeatJson, { own: SeatJson; head: Part[]; version: number; log: string; msg: string }> | null = null;
    for (const p of targets) {
      const seat = p.att.seat;
      let own = seats.get(seat);
      if (own === undefined) {
        own = this.seatJson(seat, texts ? texts[viewers.indexOf(seat)]! : null);
        seats.set(seat, own);
      }
      const last = p.att.patch ? this.sent.get(p.ws) : undefined;
      // A compact patch (the hello said `patch: 2`): the lines as `[i,at,msg]` (none: no `lines`), and no
      // `logFrom` where it goes on from the `logEnd` this socket was sent last (protocol.ts `PatchMessage`).
      const compact = !!last && p.att.patch === 2;
      const on = compact && last.logEnd === p.from;
      // Once the game is over every line is everybody's: the lines from one place on are the same for all.
      const reader = over ? undefined : seat;
      const mode = compact ? (on ? 2 : 1) : 0;
      let log: string | undefined;
      for (const f of logs)
        if (f.reader === reader && f.from === p.from && f.mode === mode) {
          log = f.text;
          break;
        }
      if (log === undefined) {
        const lines = game ? r.log.jsonOf(seat, p.from, over, compact) : '[]';
        log = compact ? `${lines === '[]' ? '' : `"lines":${lines},`}${on ? '' : `"logFrom":${p.from},`}"logEnd":${end}` : `"log":${lines},"logFrom":${p.from},"logEnd":${end}`;
        logs.push({ reader, from: p.from, mode, text: log });
      }
      let msg: string;
      if (last) {
        // The head's changes are the same for every socket that was sent the same head last (most often all).
        let set = heads?.get(last.head);
        if (set === undefined) (heads ??= new Map()).set(last.head, (set = changed(head, last.head)));
        // Sockets of one viewer that were sent the same body last and get the same lines (a player's phone and
        // laptop, the spectators) get the same patch: a function of exactly these, built once, sent to each.
        const same = patches?.get(last.own);
        if (same && same.own === own && same.head === last.head && same.version === last.version && same.log === log) msg = same.msg;
        else {
          msg = patchMessage(last, set, own, log, memo);
          if (several) (patches ??= new Map()).set(last.own, { own, head: last.head, version: last.version, log, msg });
        }
        last.version = version;
        last.head = head;
        last.own = own;
        last.logEnd = end;
      } else {
        const key = `${seat}|${p.from}`;
        msg = (fulls ??= new Map()).get(key) ?? '';
        if (!msg) fulls.set(key, (msg = stateMessage(head, own, log)));
        if (p.att.patch) this.sent.set(p.ws, { version, head, own, logEnd: end });
      }
      try {
        p.ws.send(msg);
      } catch {
        /* a socket closing right now; its close handler cleans up */
      }
    }
    r.log.settle();
  }

  /** The seats the `waiting` part was written for (null: not yet written). */
  private waitingOn: readonly number[] | null = null;

  /** The instant the `deadline` part was written for (null: none; undefined: not yet written). */
  private deadlineAt: number | null | undefined = undefined;

  /**
   * Everyone's `waiting` and `deadline` parts (`deadline`: the earliest clock's instant, as `deadlineOf` finds it):
   * the last ones when their value did not change — the deadline's text is made only when its instant changes.
   */
  private tail(waiting: readonly number[], deadline: number | null): void {
    if (!sameItems(waiting, this.waitingOn)) {
      this.waitingOn = waiting.slice();
      this.waiting = field('waiting', JSON.stringify(waiting));
    }
    if (deadline === this.deadlineAt) return;
    this.deadlineAt = deadline;
    const d = deadline === null ? '"deadline":null' : field('deadline', JSON.stringify(iso(deadline)));
    if (d !== this.deadline) this.deadline = d;
  }

  /** One viewer's own parts of this change: its view (or the view's text), its prompts, its chat. */
  private seatJson(seat: number | null, text: ViewText | null): SeatJson {
    const r = this.r;
    const game = r.store.game;
    const chatJson = r.chat.jsonFor(seat);
    let m = this.mine.get(seat);
    if (!m) this.mine.set(seat, (m = { you: field('you', JSON.stringify(seat)), chatJson, chat: field('chat', chatJson), asked: [], at: [], prompts: NO_PROMPTS }));
    else if (m.chatJson !== chatJson) {
      m.chatJson = chatJson;
      m.chat = field('chat', chatJson);
    }
    // The view and prompts `viewFor` would give, without its `waiting` (the tail has it, once for everyone).
    const view = game && !text ? r.store.def().view(game, seat) : null;
    return {
      view,
      text,
      viewJson: null,
      opsFrom: undefined,
      ops: null,
      you: m.you,
      prompts: game ? promptsPart(m, game, seat, r.store.m.clocks) : NO_PROMPTS,
      waiting: this.waiting,
      deadline: this.deadline,
      chat: m.chat,
    };
  }
}

const NO_PROMPTS = field('prompts', '[]');
const NOBODY: readonly number[] = [];


/**
 * A socket's log fields, the same for every socket with the same reader (its seat; once the game is over every
 * line is everybody's: `undefined`), first line and form (`mode`: 0 full, 1 compact with `logFrom`, 2 compact going
 * on from the last message). A change has a few sockets: a list is searched, no key text made per socket.
 */
interface LogFields {
  reader: number | null | undefined;
  from: number;
  mode: number;
  text: string;
}

/** A viewer's parts kept from one change to the next (`Broadcast.mine`). */
interface Mine {
  you: Part;
  chatJson: string;
  chat: Part;
  /** The open prompts (and their clocks' deadlines) the `prompts` part was made of. */
  asked: Prompt[];
  at: (number | null | undefined)[];
  prompts: Part;
}

/**
 * The viewer's `prompts` part: the last one while it is asked the very same prompt objects with the same
 * deadlines (a state is never edited in place, so a prompt left open by an answer is the same object in the
 * next state, and its text is the same). A seat asked nothing gets `NO_PROMPTS`.
 */
function promptsPart(m: Mine, game: GameState<unknown>, seat: number | null, clocks: readonly Clock[]): Part {
  if (seat === null) return NO_PROMPTS;
  let n = 0;
  let same = true;
  for (const p of game.prompts) {
    if (p.seat !== seat) continue;
    let at: number | null | undefined;
    for (const c of clocks)
      if (c.prompt === p.id) {
        at = c.deadlineAt;
        break;
      }
    if (same && (m.asked[n] !== p || m.at[n] !== at)) same = false;
    if (!same) {
      m.asked[n] = p;
      m.at[n] = at;
    }
    n++;
  }
  if (same && n === m.asked.length) return m.prompts;
  m.asked.length = n;
  m.at.length = n;
  const json = n ? promptsJson(game, seat, clocks) : '[]';
  return (m.prompts = json === '[]' ? NO_PROMPTS : field('prompts', json));
}
