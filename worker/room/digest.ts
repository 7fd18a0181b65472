/**
 * Digest instead of a flood (issue 11): a seat asked several times in a short while gets one notification
 * saying how many decisions wait ("3 decisions wait"), not one per prompt. Pure: the room keeps, per seat, the
 * notifications it owes and what it last sent (when, about which prompts), and asks `planDigest` at each alarm
 * what to send now.
 *
 * The rule: a notification is held only while the seat has not yet acted on the last one — the window after a
 * send is open and a prompt that send announced is still open. Otherwise the seat is calm (nothing sent lately,
 * or it answered what it was told) and what it owes goes out at once: one prompt as itself, several that fell due
 * together (a burst, none of them sent yet: the same alarm, or the end of quiet hours) as one digest. What was
 * held goes out as one digest when the window closes. Decisions already answered (by hand, by a standing order,
 * by a stand-in) are dropped before anything is sent and never counted, and a seat in quiet hours gets nothing
 * until they end — then one digest of everything still waiting.
 */
import type { Lang } from '../notify/types';
import { formatDuration } from '../notify/texts';

/** A notification the room owes one seat: a prompt that appeared for it. */
export interface Owed {
  seat: number;
  promptId: string;
  /** When the prompt appeared (ms). */
  at: number;
  /** Its deadline (ms), if any. */
  deadline?: number;
}

/** The last prompt notification a seat was sent: when, and the prompts it announced. */
export interface LastSent {
  at: number;
  prompts: string[];
}

export interface DigestInput {
  owed: Owed[];
  /** The last prompt notification each seat was sent, or null. */
  lastSent: (seat: number) => LastSent | null;
  /** Prompts still open, so still waiting on their seat. */
  open: (promptId: string) => boolean;
  /** The earliest moment a seat may be notified (`notifyAt` of quiet.ts); default now. */
  notBefore?: (seat: number, now: number) => number;
  now: number;
  /** How long after a send further prompts are gathered into one digest; default 10 minutes. */
  windowMs?: number;
}

/** One notification to send now. */
export interface Outgoing {
  seat: number;
  /** `prompt` for a single decision (the usual text, naming it); `digest` for several. */
  kind: 'prompt' | 'digest';
  /** The decisions it is about, oldest first. */
  promptIds: string[];
  /** The earliest of their deadlines (ms), if any. */
  deadline?: number;
}

export interface DigestPlan {
  send: Outgoing[];
  /** What the room still owes after sending (held in a window or in quiet hours), each with when to look again. */
  keep: (Owed & { until: number })[];
  /** When to look again (the earliest `until`), or null when nothing is held. */
  wakeAt: number | null;
}

export const DEFAULT_DIGEST_WINDOW_MS = 10 * 60_000;

/**
 * @example
 * const plan = planDigest({ owed, lastSent: (s) => seats[s].lastSent, open: (id) => openIds.has(id), now });
 * for (const o of plan.send) queue(o); owed = plan.keep; if (plan.wakeAt) scheduleAlarm(plan.wakeAt);
 */
export function planDigest(o: DigestInput): DigestPlan {
  const windowMs = o.windowMs ?? DEFAULT_DIGEST_WINDOW_MS;
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
 * Title and body of a digest in the seat's language. Names no decision: a digest's count is the seat's own
 * business, and the texts of the prompts are in the table.
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
  /** The seats it named, sorted. */
  seats: number[];
  at: number;
}

export interface ChannelWait {
  /** The table's public waiting list now (`waitingSeats`), minus seats whose prompts an order will answer. */
  waiting: number[];
  /** Since when the table has waited on exactly these seats (ms). */
  since: number;
  last: ChannelPosted | null;
  now: number;
  /** A wait shorter than this is not posted (a live evening needs no channel); default 5 minutes. */
  settleMs?: number;
  /** At most one post per this long, however the waiting list changes; default 30 minutes. */
  spacingMs?: number;
}

export const DEFAULT_CHANNEL_SETTLE_MS = 5 * 60_000;
export const DEFAULT_CHANNEL_SPACING_MS = 30 * 60_000;

/**
 * Whether the table channel should post "waiting on …" now. A group chat wants to hear who holds the game up,
 * not every prompt: the table must have waited on the same seats for `settleMs`, those seats must differ from
 * the last post's, and posts are at least `spacingMs` apart. Returns `post` (then record `{seats, at: now}`),
 * or when to look again (`wakeAt`), or nothing to do.
 * @example planChannel({ waiting: [2], since: t0, last: null, now: t0 + 6 * 60_000 }) // { post: [2] }
 */
export function planChannel(o: ChannelWait): { post: number[] } | { wakeAt: number } | null {
  const seats = [...new Set(o.waiting)].sort((a, b) => a - b);
  if (!seats.length) return null;
  if (o.last && o.last.seats.length === seats.length && o.last.seats.every((s, i) => s === seats[i])) return null;
  const ready = Math.max(
    o.since + (o.settleMs ?? DEFAULT_CHANNEL_SETTLE_MS),
    o.last ? o.last.at + (o.spacingMs ?? DEFAULT_CHANNEL_SPACING_MS) : -Infinity,
  );
  return ready <= o.now ? { post: seats } : { wakeAt: ready };
}
