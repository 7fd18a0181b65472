/**
 * What leaves the room besides its sockets: notifications to a seat (Web Push and webhooks, through the outbox,
 * digests instead of a flood) and the table channel's posts. Rows are written in the transaction of the change
 * they report and sent only by the alarm, never while an answer waits.
 */
import { getGame, waitingSeats, type Msg } from '../engine';
import { logValue } from '../log';
import {
  notificationFor,
  pickStrings,
  refusedTarget,
  renderMsg,
  retryPlan,
  send as sendVia,
  validateTarget,
  type DeliveryResult,
  type Lang,
  type NotifyKind,
  type NotifyMessage,
  type NotifyTarget,
  type TargetScope,
  type VapidKeys,
} from '../notify';
import { postChannel, type ChannelEvent, type ChannelInput, type ChannelTarget } from '../notify/channel';
import { formatDuration } from '../notify/texts';
import { notifyAt, publicDeadline } from './clocks';
import { publicSeat } from './seats';
import { iso, LIMITS, ok, reject, type Meta, type Reply } from './core';
import type { GameRoom } from './GameRoom';

type Row = {
  id: number;
  target_id: number;
  seat: number;
  prompt: string | null;
  due_at: number;
  msg: string;
  attempts: number;
  target: string;
};
/** One delivery: a row as it is, or a digest standing for several rows of one target. */
type Send = { rows: Row[]; target: NotifyTarget; msg: NotifyMessage; prompt: boolean };

export class Outbox {
  constructor(private readonly r: GameRoom) {}

  nextDue(): number | null {
    return this.r.sql.exec<{ due: number | null }>('SELECT MIN(due_at) AS due FROM outbox').toArray()[0]?.due ?? null;
  }

  /**
   * One outbox row per enabled target of `seat` (inside a change). `prompt` ties the rows to an open prompt: they
   * are dropped if it closes before they are sent.
   */
  enqueue(
    m: Meta,
    seat: number,
    kind: NotifyKind,
    about: { id?: string; message: Msg; deadlineAt?: number } | null,
    now: number,
    prompt: string | null,
  ): void {
    const targets = this.r.sql
      .exec<{ id: number; target: string }>(
        'SELECT id, target FROM targets WHERE seat = ? AND disabled = 0 ORDER BY id',
        seat,
      )
      .toArray();
    if (!targets.length) return;
    // Quiet hours: nothing is sent while the seat sleeps; it goes out when they end (issue 11).
    const dueAt = notifyAt(this.r.seats.settingsOf(seat).quiet, now);
    const strings = getGame(m.game)?.strings;
    const names = this.r.seats.names();
    const url = `${m.origin}/g/${m.id}`;
    for (const t of targets) {
      const target = JSON.parse(t.target) as NotifyTarget;
      const msg = messageFor({ target, kind, gameId: m.id, game: m.game, seat, url, strings, names, now, about });
      this.r.sql.exec(
        'INSERT INTO outbox (target_id, seat, prompt, msg, due_at) VALUES (?, ?, ?, ?, ?)',
        t.id,
        seat,
        prompt,
        JSON.stringify(msg),
        dueAt,
      );
    }
  }

  /** The prompts closed: their unsent notifications are noise now (inside a transaction). */
  dropPrompts(prompts: string[]): void {
    const sql = this.r.sql;
    const list = JSON.stringify(prompts);
    const has = 'SELECT 1 FROM outbox WHERE prompt IN (SELECT value FROM json_each(?)) LIMIT 1';
    // Looked for first: an answer that closes a prompt nobody was to be told of runs no write (storage.test.ts).
    if (prompts.length && sql.exec(has, list).toArray().length)
      sql.exec('DELETE FROM outbox WHERE prompt IN (SELECT value FROM json_each(?))', list);
  }

  /** A seat changes hands: its targets and their rows go (inside a transaction; the core drops its digest window). */
  dropSeat(seat: number): void {
    this.r.sql.exec('DELETE FROM outbox WHERE seat = ?', seat);
    this.r.sql.exec('DELETE FROM targets WHERE seat = ?', seat);
  }

  /**
   * Send due notifications in parallel, each with a timeout (only from the alarm, so a slow endpoint delays nothing
   * else); rows are leased first so an overlapping run cannot send them twice.
   */
  async flush(): Promise<void> {
    const sql = this.r.sql;
    const now = this.r.now();
    const due = this.nextDue();
    if (due === null || due > now) return;
    const rows = sql
      .exec<Row>(
        'SELECT o.id, o.target_id, o.seat, o.prompt, o.due_at, o.msg, o.attempts, t.target FROM outbox o JOIN targets t ON t.id = o.target_id WHERE o.due_at <= ? AND t.disabled = 0 ORDER BY o.due_at LIMIT ?',
        now,
        LIMITS.outboxBatch,
      )
      .toArray();
    sql.exec('DELETE FROM outbox WHERE target_id NOT IN (SELECT id FROM targets WHERE disabled = 0)');
    if (!rows.length) return;
    const { sends, held } = this.gather(rows, now);
    this.r.state.storage.transactionSync(() => {
      for (const h of held) sql.exec('UPDATE outbox SET due_at = ? WHERE id = ?', h.until, h.id);
      for (const x of sends)
        for (const y of x.rows) sql.exec('UPDATE outbox SET due_at = ? WHERE id = ?', now + 60_000, y.id);
    });
    if (!sends.length) return;
    const vapid = this.vapid();
    const results = await Promise.all(
      sends.map((x) =>
        this.r
          .deliver(x.target, x.msg, {
            vapid,
            timeoutMs: SEND_TIMEOUT_MS,
            now,
            scope: targetScope(this.r.bindings),
            dohUrl: this.r.bindings.DOH_URL,
          })
          .catch((e) => ({ ok: false as const, drop: false, error: String(e) })),
      ),
    );
    const after = this.r.now();
    let noted = false;
    this.r.store.mutate((mm) => {
      sends.forEach((send, i) => {
        const res = results[i]!;
        // The digest window of each seat told about a prompt; only a send that arrived counts.
        if (send.prompt && res.ok) {
          const seat = send.rows[0]!.seat;
          const prompts = [...new Set(send.rows.map((x) => x.prompt!))];
          mm.lastSent = [...(mm.lastSent ?? []).filter((x) => x.seat !== seat), { seat, at: now, prompts }];
        }
        // A digest stands for all its rows: they share its fate (sent, retried, dropped with their target).
        for (const x of send.rows) {
          const plan = retryPlan(res, x.attempts + 1);
          if (plan.do === 'done') {
            sql.exec('DELETE FROM outbox WHERE id = ?', x.id);
            sql.exec('UPDATE targets SET failures = 0 WHERE id = ?', x.target_id);
          } else if (plan.do === 'drop') {
            console.log(
              `notify game=[${mm.id}] seat=[${x.seat}] target=[${x.target_id}] dropped reason=[${logValue(plan.reason)}]`,
            );
            sql.exec('DELETE FROM outbox WHERE target_id = ?', x.target_id);
            sql.exec('DELETE FROM targets WHERE id = ?', x.target_id);
          } else if (plan.do === 'retry') {
            sql.exec('UPDATE outbox SET attempts = attempts + 1, due_at = ? WHERE id = ?', after + plan.inMs, x.id);
            sql.exec('UPDATE targets SET failures = failures + 1 WHERE id = ?', x.target_id);
          } else {
            const exists =
              sql.exec('SELECT 1 FROM targets WHERE id = ? AND disabled = 0', x.target_id).toArray().length > 0;
            sql.exec('DELETE FROM outbox WHERE target_id = ?', x.target_id);
            sql.exec('UPDATE targets SET disabled = 1 WHERE id = ?', x.target_id);
            if (!exists) continue;
            console.log(
              `notify game=[${mm.id}] seat=[${x.seat}] target=[${x.target_id}] disabled reason=[${logValue(plan.reason)}]`,
            );
            const t = JSON.parse(x.target) as NotifyTarget;
            // Tell the seat (only that seat) in its chat so it can register again.
            const gameTitle = gameTitleOf(pickStrings(getGame(mm.game)?.strings, t.lang), mm.game);
            const text = notificationFor('disabled', { lang: t.lang, gameTitle }).body;
            this.r.chat.add({ at: iso(after), seat: -1, name: '', text }, x.seat);
            mm.version++;
            noted = true;
          }
        }
      });
    });
    if (noted) this.r.sockets.broadcast();
  }

  /**
   * Turn due rows into sends. A prompt notification's first attempt goes through `planDigest` per seat (at once,
   * held to the window's end, or one "N decisions wait" per target); reminders, outcomes and retries go as they are.
   */
  private gather(rows: Row[], now: number): { sends: Send[]; held: { id: number; until: number }[] } {
    const sends: Send[] = [];
    const fresh: Row[] = [];
    for (const x of rows) {
      const msg = JSON.parse(x.msg) as NotifyMessage;
      if (x.prompt !== null && x.attempts === 0 && msg.kind === 'prompt') fresh.push(x);
      else sends.push({ rows: [x], target: JSON.parse(x.target) as NotifyTarget, msg, prompt: false });
    }
    if (!fresh.length) return { sends, held: [] };
    const owed: Owed[] = fresh.map((x) => {
      const deadline = (JSON.parse(x.msg) as NotifyMessage).deadline;
      const d = deadline ? Date.parse(deadline) : NaN;
      return { seat: x.seat, promptId: x.prompt!, at: x.due_at, ...(Number.isFinite(d) ? { deadline: d } : {}) };
    });
    // A prompt with a row is still open (dropPrompts deletes a closed one's rows); one sent before is open while asked.
    const rowed = new Set(fresh.map((x) => x.prompt!));
    const asked = new Set((this.r.store.game?.prompts ?? []).map((p) => p.id));
    const last = this.r.store.m.lastSent ?? [];
    const plan = planDigest({
      owed,
      lastSent: (seat) => last.find((x) => x.seat === seat) ?? null,
      open: (id) => rowed.has(id) || asked.has(id),
      notBefore: (seat, t) => notifyAt(this.r.seats.settingsOf(seat).quiet, t),
      now,
      windowMs: DIGEST_WINDOW_MS,
    });
    const held: { id: number; until: number }[] = [];
    const keep = new Map(plan.keep.map((k) => [`${k.seat}/${k.promptId}`, k.until]));
    for (const x of fresh) {
      const until = keep.get(`${x.seat}/${x.prompt}`);
      if (until !== undefined) held.push({ id: x.id, until: Math.max(until, now + 1) });
    }
    const game = this.r.store.m.game;
    for (const out of plan.send) {
      const ids = new Set(out.promptIds);
      const byTarget = new Map<number, Row[]>();
      for (const x of fresh)
        if (x.seat === out.seat && ids.has(x.prompt!))
          byTarget.set(x.target_id, [...(byTarget.get(x.target_id) ?? []), x]);
      for (const group of byTarget.values()) {
        const target = JSON.parse(group[0]!.target) as NotifyTarget;
        const first = JSON.parse(group[0]!.msg) as NotifyMessage;
        if (group.length === 1) {
          sends.push({ rows: group, target, msg: first, prompt: true });
          continue;
        }
        const title = gameTitleOf(pickStrings(getGame(game)?.strings, target.lang), game);
        const text = digestText(target.lang, group.length, title, {
          ...(out.deadline !== undefined ? { deadline: out.deadline } : {}),
          now,
        });
        // Names no decision: the url opens the table, not one prompt.
        const msg: NotifyMessage = {
          gameId: first.gameId,
          game: first.game,
          seat: first.seat,
          kind: 'prompt',
          title: text.title,
          body: text.body,
          url: first.url.replace(/\?prompt=.*$/, ''),
        };
        if (out.deadline !== undefined) msg.deadline = iso(out.deadline);
        sends.push({ rows: group, target, msg, prompt: true });
      }
    }
    return { sends, held };
  }

  private vapid(): VapidKeys | null {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = this.r.bindings;
    return publicKey && privateKey
      ? { publicKey, privateKey, subject: subject ?? 'mailto:teahouse@example.com' }
      : null;
  }
}

// ---------------------------------------------------------------- targets

/**
 * `POST`/`DELETE /notify`: a seat's targets, at most `LIMITS.targetsPerSeat`, one per key (registered again, a
 * target replaces itself and is enabled again). Removing one drops the messages still waiting for it.
 */
export async function notifyTarget(
  r: GameRoom,
  token: string | null,
  method: 'POST' | 'DELETE',
  body: unknown,
): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  let target: NotifyTarget | null = null;
  let removeId: number | null = null;
  if (method === 'POST') {
    const t = validateTarget(body, targetScope(r.bindings));
    if (typeof t === 'string') return st.rejected('bad_request', t, { route: 'notify' });
    target = t;
  } else if (body !== null && body !== undefined) {
    const id = (body as { id?: unknown }).id;
    if (id !== undefined && !Number.isInteger(id))
      return st.rejected('bad_request', 'id must be an integer', { route: 'notify' });
    removeId = (id as number | undefined) ?? null;
  }
  const who = await r.seats.actingSeat(token, 'notify');
  if ('reply' in who) return who.reply;
  const seat = who.seat;
  const sql = r.sql;
  if (target) {
    const key = targetKey(target);
    const count = sql
      .exec<{ n: number }>('SELECT COUNT(*) AS n FROM targets WHERE seat = ? AND key != ?', seat, key)
      .toArray()[0]!.n;
    if (count >= LIMITS.targetsPerSeat)
      return st.rejected('conflict', `at most ${LIMITS.targetsPerSeat} targets per seat`, { seat, route: 'notify' });
    const { id } = sql
      .exec<{ id: number }>(
        'INSERT INTO targets (seat, kind, key, target, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (seat, key) DO UPDATE SET target = excluded.target, failures = 0, disabled = 0 RETURNING id',
        seat,
        target.kind,
        key,
        JSON.stringify(target),
        iso(r.now()),
      )
      .one();
    return ok({ id, kind: target.kind }, 201);
  }
  const which = 'seat = ? AND (? IS NULL OR id = ?)';
  const removed = r.state.storage.transactionSync(() => {
    sql.exec(`DELETE FROM outbox WHERE target_id IN (SELECT id FROM targets WHERE ${which})`, seat, removeId, removeId);
    return sql.exec(`DELETE FROM targets WHERE ${which} RETURNING id`, seat, removeId, removeId).toArray().length;
  });
  if (removeId !== null && removed === 0)
    return st.rejected('not_found', `no target ${removeId} for this seat`, { seat, route: 'notify' });
  return ok({ removed });
}

// ---------------------------------------------------------------- sends

export const SEND_TIMEOUT_MS = 5_000;

/** How the room delivers one message (tests replace it on the instance). `scope`: where targets may point. */
export type Sender = (
  target: NotifyTarget,
  msg: NotifyMessage,
  o: { vapid: VapidKeys | null; timeoutMs: number; now: number; scope?: TargetScope; dohUrl?: string },
) => Promise<DeliveryResult>;

/** Checked again just before sending (a name may resolve elsewhere now); a refused target is dropped. */
export const send: Sender = async (target, msg, o) => {
  const bad = await refusedTarget(
    target.kind === 'push' ? target.subscription.endpoint : target.url,
    o.scope ?? 'public',
    fetch,
    o.dohUrl,
  );
  if (bad) return { ok: false, drop: true, error: `target refused: ${bad}` };
  return sendVia(target, msg, o);
};

/** Where the Worker lets targets point: `ALLOW_PRIVATE_TARGETS=1` only in the tests' and local development's. */
export const targetScope = (env: { ALLOW_PRIVATE_TARGETS?: string }): TargetScope =>
  env.ALLOW_PRIVATE_TARGETS === '1' ? 'private' : 'public';

export function targetKey(t: NotifyTarget): string {
  return t.kind === 'push' ? `push:${t.subscription.endpoint}` : `webhook:${t.url}`;
}

/** The notification a seat gets, in the target's language, with a link that opens the table at the prompt. */
export function messageFor(o: {
  target: NotifyTarget;
  kind: NotifyKind;
  gameId: string;
  game: string;
  seat: number;
  url: string;
  strings: Record<string, Record<string, string>> | undefined;
  names: (string | null)[];
  now: number;
  /** What is asked (a prompt: id set) or told (an outcome). */
  about?: { id?: string; message: Msg; deadlineAt?: number } | null;
}): NotifyMessage {
  const deadline = o.about?.deadlineAt ? iso(o.about.deadlineAt) : undefined;
  const lang: Lang = o.target.lang;
  const strings = pickStrings(o.strings, lang);
  const nameOf = (s: number) => o.names[s] ?? `#${s + 1}`;
  const gameTitle = gameTitleOf(strings, o.game);
  const question = o.about ? renderMsg(strings, o.about.message, nameOf, { lang }) : undefined;
  const { title, body } = notificationFor(o.kind, {
    lang,
    gameTitle,
    ...(question ? { question } : {}),
    ...(deadline ? { deadline } : {}),
    now: o.now,
  });
  const msg: NotifyMessage = {
    gameId: o.gameId,
    game: o.game,
    seat: o.seat,
    kind: o.kind,
    title,
    body,
    url: o.about?.id ? `${o.url}?prompt=${encodeURIComponent(o.about.id)}` : o.url,
  };
  if (o.about?.id) msg.promptId = o.about.id;
  if (deadline) msg.deadline = deadline;
  return msg;
}

/** The game's display name: `<game id>.title`, else the one `<namespace>.title` key (sanguosha's `sgs.*`), else the id. */
export function gameTitleOf(strings: Record<string, string>, game: string): string {
  return strings[`${game}.title`] ?? Object.entries(strings).find(([k]) => /^[a-z]+\.title$/.test(k))?.[1] ?? game;
}

// ---------------------------------------------------------------- digests

/**
 * Digest instead of a flood (issue 11), pure. A notification is held only while the seat has not acted on the last
 * one (the window after a send is open and a prompt it announced is still open); otherwise what the seat owes goes
 * out at once, several prompts due together as one digest. What was held goes out as one digest when the window
 * closes. Decisions already answered are never counted, and quiet hours hold everything to their end.
 */

/** A notification the room owes one seat: a prompt that appeared for it. */
export interface Owed {
  seat: number;
  promptId: string;
  at: number;
  deadline?: number;
}

/** The last prompt notification a seat was sent: when, and the prompts it announced. */
export interface LastSent {
  at: number;
  prompts: string[];
}

export interface DigestInput {
  owed: Owed[];
  lastSent: (seat: number) => LastSent | null;
  open: (promptId: string) => boolean;
  /** The earliest moment a seat may be notified (clocks.ts `notifyAt`); default now. */
  notBefore?: (seat: number, now: number) => number;
  now: number;
  /** How long after a send further prompts are gathered into one digest; default 10 minutes. */
  windowMs?: number;
}

export interface Outgoing {
  seat: number;
  /** `prompt` for a single decision (the usual text, naming it); `digest` for several. */
  kind: 'prompt' | 'digest';
  promptIds: string[];
  deadline?: number;
}

export interface DigestPlan {
  send: Outgoing[];
  /** What the room still owes after sending (held in a window or in quiet hours), each with when to look again. */
  keep: (Owed & { until: number })[];
  wakeAt: number | null;
}

/** How long after a seat's last prompt notification further ones are gathered into one digest. */
export const DIGEST_WINDOW_MS = 10 * 60_000;

/**
 * @example
 * const plan = planDigest({ owed, lastSent: (s) => seats[s].lastSent, open: (id) => openIds.has(id), now });
 */
export function planDigest(o: DigestInput): DigestPlan {
  const windowMs = o.windowMs ?? DIGEST_WINDOW_MS;
  const bySeat = new Map<number, Owed[]>();
  for (const x of o.owed) {
    if (!o.open(x.promptId)) continue;
    const list = bySeat.get(x.seat) ?? [];
    if (!list.some((y) => y.promptId === x.promptId)) list.push(x);
    bySeat.set(x.seat, list);
  }
  const send: Outgoing[] = [];
  const keep: (Owed & { until: number })[] = [];
  let wakeAt: number | null = null;
  for (const seat of [...bySeat.keys()].sort((a, b) => a - b)) {
    const list = bySeat.get(seat)!.sort((a, b) => a.at - b.at);
    const last = o.lastSent(seat);
    // The seat has not acted on its last notification yet: more of the same would be the flood.
    const unread = last !== null && o.now < last.at + windowMs && last.prompts.some((id) => o.open(id));
    const ready = Math.max(o.notBefore ? o.notBefore(seat, o.now) : o.now, unread ? last.at + windowMs : -Infinity);
    if (ready > o.now) {
      for (const x of list) keep.push({ ...x, until: ready });
      wakeAt = wakeAt === null ? ready : Math.min(wakeAt, ready);
      continue;
    }
    const deadlines = list.map((x) => x.deadline).filter((d): d is number => typeof d === 'number');
    const out: Outgoing = {
      seat,
      kind: list.length === 1 ? 'prompt' : 'digest',
      promptIds: list.map((x) => x.promptId),
    };
    if (deadlines.length) out.deadline = Math.min(...deadlines);
    send.push(out);
  }
  return { send, keep, wakeAt };
}

const DIGEST: Record<Lang, { title: string; body: string; left: string }> = {
  'zh-CN': { title: '{n} 个决定等你 — {game}', body: '牌桌在等你做 {n} 个决定。', left: '最早的还剩 {t}' },
  'zh-TW': { title: '{n} 個決定等你 — {game}', body: '牌桌在等你做 {n} 個決定。', left: '最早的還剩 {t}' },
  en: {
    title: '{n} decisions wait — {game}',
    body: 'The table is waiting on {n} decisions from you.',
    left: 'the first has {t} left',
  },
};

/**
 * Title and body of a digest in the seat's language. Names no decision: the prompts' texts are in the table.
 * @example digestText('en', 3, 'Sanguosha') // { title: '3 decisions wait — Sanguosha', body: 'The table is waiting on 3 decisions from you.' }
 */
export function digestText(
  lang: Lang,
  n: number,
  gameTitle: string,
  o: { deadline?: number; now?: number } = {},
): { title: string; body: string } {
  const t = DIGEST[lang] ?? DIGEST['zh-CN'];
  const fill = (s: string) => s.replace(/\{n\}/g, String(n)).replace('{game}', gameTitle);
  let body = fill(t.body);
  if (o.deadline !== undefined && o.now !== undefined && o.deadline > o.now)
    body += ` · ${t.left.replace('{t}', formatDuration(o.deadline - o.now, lang))}`;
  return { title: fill(t.title), body };
}

/** What the room remembers about its last table-channel post. */
export interface ChannelPosted {
  seats: number[];
  at: number;
}

export interface ChannelWait {
  /** The table's public waiting list now (`waitingSeats`), minus seats whose prompts an order will answer. */
  waiting: number[];
  since: number;
  last: ChannelPosted | null;
  now: number;
}

/** A wait shorter than this is not posted: a live evening needs no channel. */
export const CHANNEL_SETTLE_MS = 5 * 60_000;
/** At most one post per this long, however the waiting list changes. */
const CHANNEL_SPACING_MS = 30 * 60_000;

/**
 * Whether the table channel posts "waiting on …" now: a group chat wants to hear who holds the game up, not every
 * prompt. The wait must have settled on seats other than the last post's, and posts are spaced apart. Returns
 * `post`, when to look again, or null.
 * @example planChannel({ waiting: [2], since: t0, last: null, now: t0 + 6 * 60_000 }) // { post: [2] }
 */
export function planChannel(o: ChannelWait): { post: number[] } | { wakeAt: number } | null {
  const seats = [...new Set(o.waiting)].sort((a, b) => a - b);
  if (!seats.length) return null;
  if (o.last && o.last.seats.length === seats.length && o.last.seats.every((s, i) => s === seats[i])) return null;
  const ready = Math.max(o.since + CHANNEL_SETTLE_MS, o.last ? o.last.at + CHANNEL_SPACING_MS : -Infinity);
  return ready <= o.now ? { post: seats } : { wakeAt: ready };
}

// ---------------------------------------------------------------- the table channel

/**
 * The table channel (issue 11), posted from the alarm only: the start, "waiting on …" (`planChannel`), the end,
 * "play again?". A post says only what `ChannelInput` allows (names, mentions, the public waiting list, sleep and
 * away, the public outcome), at any hour. Posts wait in a queue in the meta row, so a 5xx, 429 or timeout is
 * retried with backoff, in order, across evictions; a post refused otherwise is dropped and noted for the host
 * (`ChannelMemo.failed`); a retried "waiting on" whose wait is over is dropped silently.
 */

/** A post waiting to go out (or to be tried again). */
export interface QueuedPost {
  id: number;
  input: ChannelInput;
  attempts: number;
  dueAt: number;
}

/** What the room remembers of its channel, stored in the meta row. */
export interface ChannelMemo {
  started?: boolean;
  ended?: boolean;
  /** The waiting list the alarm last saw and since when. */
  waiting?: { seats: number[]; since: number };
  last?: ChannelPosted | null;
  wakeAt?: number | null;
  queue?: QueuedPost[];
  nextId?: number;
  /** The deadline of the proposal to play again the channel was told of (admin.ts). */
  again?: number;
  /** The last post that was given up on, for the host. */
  failed?: { at: string; event: ChannelEvent['kind']; error: string } | null;
}

/** How table-channel posts leave (the room's `postChannel`; tests replace it to record or fail posts). */
export type ChannelPoster = (
  target: ChannelTarget,
  input: ChannelInput,
  o: { scope: TargetScope; dohUrl?: string; timeoutMs: number },
) => Promise<DeliveryResult>;

/** The real poster: the URL is checked again under the Worker's scope first (a name may resolve elsewhere now). */
export const sendChannel: ChannelPoster = async (target, input, o) => {
  const bad = await refusedTarget(target.url, o.scope, fetch, o.dohUrl);
  if (bad) return { ok: false, drop: true, error: `target refused: ${bad}` };
  return postChannel(target, input, { timeoutMs: o.timeoutMs, now: input.now });
};

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const waitingNow = (r: GameRoom) => [...new Set(waitingSeats(r.store.def(), r.store.game!))].sort((a, b) => a - b);

/** Whether the alarm should look at the channel now: start or end unannounced, or the waiting list changed. */
function channelOwed(r: GameRoom): boolean {
  const m = r.store.meta;
  if (!m?.host?.channel || m.status === 'lobby') return false;
  const memo = m.channel;
  if (!memo?.started) return true;
  if (m.status === 'finished') return !memo.ended || againOwed(m, memo);
  if (!r.store.game || m.paused) return false;
  return !memo.waiting || !same(memo.waiting.seats, waitingNow(r));
}

/** A proposal to play again is open that the channel has not been told of. */
const againOwed = (m: Meta, memo: ChannelMemo): boolean => !!m.again && !m.next && memo.again !== m.again.deadlineAt;

/** The earliest moment the channel has work for the alarm (now when something is owed), or null. */
export function channelWake(r: GameRoom): number | null {
  const m = r.store.meta;
  if (!m) return null;
  const memo = m.channel;
  let t = Infinity;
  if (memo?.queue?.length) t = Math.min(t, ...memo.queue.map((q) => q.dueAt));
  if (m.host?.channel && m.status === 'playing' && !m.paused && memo?.wakeAt) t = Math.min(t, memo.wakeAt);
  if (channelOwed(r)) t = Math.min(t, r.now());
  return Number.isFinite(t) ? t : null;
}

/** The host's view of the channel: whether posts wait, and the last one given up on. */
export function channelStatus(m: Meta): { pending: number; failed: ChannelMemo['failed'] } | null {
  if (!m.host?.channel) return null;
  return { pending: m.channel?.queue?.length ?? 0, failed: m.channel?.failed ?? null };
}

/** Queue what the channel is owed now (start, "waiting on", end) into `memo`. */
function plan(r: GameRoom, memo: ChannelMemo, target: ChannelTarget, now: number): void {
  const st = r.store;
  const m = st.m;
  const events: ChannelEvent[] = [];
  if (!memo.started) {
    memo.started = true;
    events.push({ kind: 'start' });
  }
  const game = st.game;
  const strings = pickStrings(getGame(m.game)?.strings, target.lang);
  const names = r.seats.names();
  const nameOf = (s: number) => names[s] ?? `#${s + 1}`;
  if (m.status === 'finished') {
    memo.wakeAt = null;
    if (!memo.ended && game?.outcome) {
      memo.ended = true;
      events.push({
        kind: 'end',
        winners: [...game.outcome.winners],
        reason: renderMsg(strings, game.outcome.reason, nameOf, { lang: target.lang }),
      });
    }
    // "Play again?": who proposed it and whom it waits for, with their mentions.
    if (m.again && againOwed(m, memo)) {
      const a = m.again;
      memo.again = a.deadlineAt;
      const asked = r.seats.rows.filter((x) => !x.bot && x.tokenHash !== null && a.answers[x.seat] === null);
      events.push({ kind: 'again', by: a.by, seats: asked.map((x) => x.seat), deadline: a.deadlineAt });
    }
  } else if (game && !m.paused) {
    const waiting = waitingNow(r);
    if (!memo.waiting || !same(memo.waiting.seats, waiting)) memo.waiting = { seats: waiting, since: now };
    const p = planChannel({ waiting, since: memo.waiting.since, last: memo.last ?? null, now });
    memo.wakeAt = p && 'wakeAt' in p ? p.wakeAt : null;
    if (p && 'post' in p) {
      memo.last = { seats: p.post, at: now };
      // The table's one public deadline, as the bodies show it: a window's, whoever in it was asked (core.ts).
      events.push({ kind: 'waiting', seats: p.post, deadline: publicDeadline(m.clocks) });
    }
  }
  if (!events.length) return;
  const seats = names.map((name, seat) => {
    const x = r.seats.settingsOf(seat);
    const pub = publicSeat(x, now);
    return { seat, name: name ?? `#${seat + 1}`, mention: x.mention, asleepUntil: pub.asleepUntil, away: pub.away };
  });
  let queue = memo.queue ?? [];
  // A newer "waiting on" replaces one not yet delivered: the channel hears who holds the game up now.
  if (events.some((e) => e.kind === 'waiting' || e.kind === 'end'))
    queue = queue.filter((q) => q.input.event.kind !== 'waiting');
  for (const event of events) {
    const id = memo.nextId ?? 1;
    memo.nextId = id + 1;
    queue.push({
      id,
      input: {
        gameId: m.id,
        game: m.game,
        gameTitle: gameTitleOf(strings, m.game),
        title: m.host?.title ?? null,
        url: `${m.origin}/g/${m.id}`,
        seats,
        event,
        now,
      },
      attempts: 0,
      dueAt: now,
    });
  }
  memo.queue = queue;
}

/** Queue what the channel is owed now and send the posts that are due, in order. Never throws. */
export async function postTableChannel(r: GameRoom): Promise<void> {
  const st = r.store;
  const m = st.meta;
  if (!m || m.status === 'lobby') return;
  const target = m.host?.channel;
  if (!target) {
    // The host removed the channel: nothing is posted anywhere.
    if (m.channel?.queue?.length) st.mutate((mm) => void (mm.channel = { ...mm.channel, queue: [] }));
    return;
  }
  const now = r.now();
  const memo: ChannelMemo = { ...(m.channel ?? {}), queue: [...(m.channel?.queue ?? [])] };
  plan(r, memo, target, now);
  // A retried "waiting on" whose wait is over says nothing true any more.
  const current = m.status === 'playing' && st.game ? waitingNow(r) : [];
  memo.queue = memo.queue!.filter(
    (q) => q.attempts === 0 || q.input.event.kind !== 'waiting' || same(q.input.event.seats, current),
  );
  // Due posts in order, up to the first that is not: a later post never overtakes an earlier one.
  const due: QueuedPost[] = [];
  for (const q of memo.queue) {
    if (q.dueAt > now) break;
    due.push(q);
  }
  // Leased before sending, so an overlapping alarm cannot post them twice.
  for (const q of due) q.dueAt = now + 60_000;
  st.mutate((mm) => void (mm.channel = memo));
  if (!due.length) return;
  const outcome = new Map<number, ReturnType<typeof retryPlan>>();
  for (const q of due) {
    const res = await r
      .postChannel(
        target,
        { ...q.input, now },
        { scope: targetScope(r.bindings), dohUrl: r.bindings.DOH_URL, timeoutMs: SEND_TIMEOUT_MS },
      )
      .catch((e): DeliveryResult => ({ ok: false, drop: false, error: String(e) }));
    // A post the endpoint refused is not tried again: the same post gets the same answer.
    const o = retryPlan(res, q.attempts + 1, 1);
    outcome.set(q.id, o);
    if (o.do === 'drop' || o.do === 'disable')
      console.log(`channel game=[${m.id}] event=[${q.input.event.kind}] dropped reason=[${o.reason.slice(0, 200)}]`);
    // The endpoint is down: the later posts wait behind this one.
    if (o.do === 'retry') break;
  }
  const after = r.now();
  st.mutate((mm) => {
    const c: ChannelMemo = { ...(mm.channel ?? {}) };
    const queue: QueuedPost[] = [];
    let blocked: number | null = null;
    for (const q of c.queue ?? []) {
      const o = outcome.get(q.id);
      if (!o) {
        // Leased but not tried (behind a failure): due again with the one before it.
        queue.push(due.some((d) => d.id === q.id) ? { ...q, dueAt: blocked ?? after } : q);
        continue;
      }
      if (o.do === 'retry') {
        blocked = after + o.inMs;
        queue.push({ ...q, attempts: q.attempts + 1, dueAt: blocked });
      } else if (o.do !== 'done')
        c.failed = { at: iso(after), event: q.input.event.kind, error: o.reason.slice(0, 200) };
    }
    c.queue = queue;
    mm.channel = c;
  });
}
