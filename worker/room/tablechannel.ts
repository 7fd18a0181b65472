/**
 * The table channel's posts (issue 11), made from the alarm only, never while an answer waits: "waiting on …"
 * (through `planChannel`: a wait must settle and posts are spaced), the game's start and its end. What a post
 * may say is limited by `ChannelInput` (channel.ts): seat names and mentions, the public waiting list, sleep and
 * away state, the public outcome — no hand, no identity, no prompt text. Quiet hours are a seat's, not the
 * channel's: the channel posts at any hour.
 *
 * Posts wait in a small queue in the meta row (`ChannelMemo.queue`), so a post that fails with a 5xx, a 429 or a
 * timeout is tried again with backoff (`backoffMs`, or the endpoint's Retry-After), in order, across evictions.
 * A post the endpoint refuses (any other 4xx, or a target no longer allowed) is dropped and noted for the host
 * (`ChannelMemo.failed`, returned by the host's `settings` action). A "waiting on" post whose wait is over by the
 * time of its retry is dropped silently: the table moved on.
 */
import { getGame, waitingSeats } from '../engine';
import { postChannel, type ChannelEvent, type ChannelInput, type ChannelTarget } from '../notify/channel';
import { refusedTarget } from '../notify/dns';
import { backoffMs, MAX_ATTEMPTS } from '../notify/retry';
import type { TargetScope } from '../notify/validate';
import type { DeliveryResult } from '../notify/types';
import { publicDeadline } from './core';
import { planChannel, type ChannelPosted } from './digest';
import { renderMsg } from '../notify';
import { gameTitleOf, pickStrings, SEND_TIMEOUT_MS, targetScope } from './notifier';
import { publicSeat } from './settings';
import type { Meta, Room } from './types';

/** A post waiting to go out (or to be tried again). */
export interface QueuedPost {
  id: number;
  input: ChannelInput;
  /** Attempts made so far. */
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
  /** When `planChannel` asked to look again. */
  wakeAt?: number | null;
  /** Posts not yet delivered, oldest first. */
  queue?: QueuedPost[];
  nextId?: number;
  /** The deadline of the proposal to play again the channel was told of (room/again.ts). */
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
const waitingNow = (r: Room) => [...new Set(waitingSeats(r.store.def(), r.store.game!))].sort((a, b) => a - b);

/**
 * Whether the alarm should look at the channel now: the game started or ended unannounced, or the table's
 * waiting list changed since the alarm last saw it (its settle time starts then).
 */
export function channelOwed(r: Room): boolean {
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
export function channelWake(r: Room): number | null {
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
function plan(r: Room, memo: ChannelMemo, target: ChannelTarget, now: number): void {
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
      const asked = r.seats.rows.filter((x) => !x.bot && x.token_hash !== null && a.answers[x.seat] === null);
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

/** What to do with a post after an attempt: done, try again at `at`, or give up (noted for the host). */
function next(
  res: DeliveryResult,
  attempts: number,
  after: number,
): { do: 'done' } | { do: 'retry'; at: number } | { do: 'drop'; error: string } {
  if (res.ok) return { do: 'done' };
  const error = res.error ?? (res.status ? `HTTP ${res.status}` : 'failed');
  if (res.drop) return { do: 'drop', error };
  // The endpoint refused the post itself: sending it again gets the same answer.
  if (res.status !== undefined && res.status >= 400 && res.status < 500 && ![408, 425, 429].includes(res.status))
    return { do: 'drop', error };
  if (attempts >= MAX_ATTEMPTS) return { do: 'drop', error: `${error} after ${attempts} attempts` };
  return { do: 'retry', at: after + Math.max(backoffMs(attempts), res.retryAfterMs ?? 0) };
}

/** Queue what the channel is owed now and send the posts that are due, in order. Never throws. */
export async function postTableChannel(r: Room): Promise<void> {
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
  const outcome = new Map<number, ReturnType<typeof next>>();
  for (const q of due) {
    const res = await r
      .postChannel(
        target,
        { ...q.input, now },
        { scope: targetScope(r.bindings), dohUrl: r.bindings.DOH_URL, timeoutMs: SEND_TIMEOUT_MS },
      )
      .catch((e): DeliveryResult => ({ ok: false, drop: false, error: String(e) }));
    const o = next(res, q.attempts + 1, r.now());
    outcome.set(q.id, o);
    if (o.do === 'drop')
      console.log(`channel game=[${m.id}] event=[${q.input.event.kind}] dropped reason=[${o.error.slice(0, 200)}]`);
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
        blocked = o.at;
        queue.push({ ...q, attempts: q.attempts + 1, dueAt: o.at });
      } else if (o.do === 'drop')
        c.failed = { at: new Date(after).toISOString(), event: q.input.event.kind, error: o.error.slice(0, 200) };
    }
    c.queue = queue;
    mm.channel = c;
  });
}
