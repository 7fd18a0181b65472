/**
 * The table channel's posts (issue 11), made from the alarm only, never while an answer waits: "waiting on …"
 * (through `planChannel`: a wait must settle and posts are spaced), the game's start and its end. What a post
 * may say is limited by `ChannelInput` (channel.ts): seat names and mentions, the public waiting list, sleep and
 * away state, the public outcome — no hand, no identity, no prompt text.
 */
import { getGame, waitingSeats } from '../engine';
import { postChannel, type ChannelEvent, type ChannelInput } from '../notify/channel';
import { planChannel, type ChannelPosted } from './digest';
import { renderMsg } from '../notify';
import { gameTitleOf, pickStrings } from './notifier';
import { publicSeat } from './settings';
import type { Room } from './types';

/** What the room remembers of its channel, stored in the meta row. */
export interface ChannelMemo {
  started?: boolean;
  ended?: boolean;
  /** The waiting list the alarm last saw and since when. */
  waiting?: { seats: number[]; since: number };
  last?: ChannelPosted | null;
  /** When `planChannel` asked to look again. */
  wakeAt?: number | null;
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether the alarm should look at the channel now: the game started or ended unannounced, or the table's
 * waiting list changed since the alarm last saw it (its settle time starts then).
 */
export function channelOwed(r: Room): boolean {
  const m = r.store.meta;
  if (!m?.host?.channel || m.status === 'lobby') return false;
  const memo = m.channel;
  if (!memo?.started) return true;
  if (m.status === 'finished') return !memo.ended;
  const game = r.store.game;
  if (!game || m.paused) return false;
  const waiting = [...new Set(waitingSeats(r.store.def(), game))].sort((a, b) => a - b);
  return !memo.waiting || !same(memo.waiting.seats, waiting);
}

/** Post what the channel is owed now. Never throws; a failed post is not retried (the next change posts again). */
export async function postTableChannel(r: Room): Promise<void> {
  const st = r.store;
  const m = st.meta;
  const target = m?.host?.channel;
  if (!m || !target || m.status === 'lobby') return;
  const now = r.now();
  const memo: ChannelMemo = { ...(m.channel ?? {}) };
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
    if (!memo.ended && game?.outcome) {
      memo.ended = true;
      events.push({ kind: 'end', winners: [...game.outcome.winners], reason: renderMsg(strings, game.outcome.reason, nameOf, { lang: target.lang }) });
    }
  } else if (game && !m.paused) {
    const waiting = [...new Set(waitingSeats(st.def(), game))].sort((a, b) => a - b);
    if (!memo.waiting || !same(memo.waiting.seats, waiting)) memo.waiting = { seats: waiting, since: now };
    const plan = planChannel({ waiting, since: memo.waiting.since, last: memo.last ?? null, now });
    memo.wakeAt = plan && 'wakeAt' in plan ? plan.wakeAt : null;
    if (plan && 'post' in plan) {
      memo.last = { seats: plan.post, at: now };
      const deadlines = m.clocks.filter((c) => plan.post.includes(c.seat) && c.deadlineAt !== null).map((c) => c.deadlineAt!);
      events.push({ kind: 'waiting', seats: plan.post, deadline: deadlines.length ? Math.min(...deadlines) : null });
    }
  }
  st.mutate((mm) => {
    mm.channel = memo;
  });
  if (!events.length) return;
  const seats = names.map((name, seat) => {
    const x = r.seats.settingsOf(seat);
    const p = publicSeat(x, now);
    return { seat, name: name ?? `#${seat + 1}`, mention: x.mention, asleepUntil: p.asleepUntil, away: p.away };
  });
  for (const event of events) {
    const input: ChannelInput = { gameId: m.id, game: m.game, gameTitle: gameTitleOf(strings, m.game), title: m.host?.title ?? null, url: `${m.origin}/g/${m.id}`, seats, event, now };
    const res = await r.postChannel(target, input);
    if (!res.ok) console.log(`channel game=[${m.id}] event=[${event.kind}] failed`);
  }
}

/** How table-channel posts leave (the room's `postChannel`; tests replace it to record). */
export type ChannelPoster = typeof postChannel;
