/**
 * The asynchronous life of one room (issue 11): a seat's own settings — standing orders, quiet hours, away,
 * its mention in the table channel — and the host's — the game's title, the cap on quiet time, stand-ins for
 * away seats, the table channel. Checked whole (settings.ts) before anything is stored. A seat's settings are
 * stored with its seat row and shown to nobody else.
 */
import { targetScope } from './notifier';
import { ok, reject, type Reply } from './reply';
import { DEFAULT_HOST_SETTINGS, mine, patchHostSettings, patchSeatSettings } from './settings';
import type { Room } from './types';
import { replanClocks } from './core';
import { handbackFor, withAwayFrom } from './away';
import { isAway } from './quiet';
import { LIMITS } from './limits';

/** `GET /api/games/:id/me`: the seat's own settings and the orders its game offers. */
export async function getMine(r: Room, token: string | null): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const who = await r.seats.actingSeat(token, 'me');
  if ('reply' in who) return who.reply;
  const m = st.m;
  // `handback`: what a stand-in played for this seat while it was away, once it is back (its own lines only).
  return ok({ seat: who.seat, settings: mine(r.seats.settingsOf(who.seat)), offered: st.def().orders?.offered ?? [], channel: m.host?.channel ? { format: m.host.channel.format } : null, handback: handbackFor(r, who.seat, r.now()) });
}

/**
 * `PUT /api/games/:id/me`: change any of `orders`, `quiet`, `awayUntil`, `mention`. Its running clocks are
 * re-planned, and its orders answer at once whatever open prompt they answer.
 */
export async function putMine(r: Room, token: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const who = await r.seats.actingSeat(token, 'me');
  if ('reply' in who) return who.reply;
  const seat = who.seat;
  const now = r.now();
  const old = r.seats.settingsOf(seat);
  const patched = patchSeatSettings(st.def(), old, body, { now, channelFormat: st.m.host?.channel?.format ?? null });
  if (typeof patched === 'string') return st.rejected('bad_request', patched, { seat, route: 'me' });
  const next = withAwayFrom(old, patched, { now, logEnd: r.log.end, dismiss: 'handback' in (body as object) });
  // Going away or coming back is public (the seat's "away" tag): the summary's version moves then.
  const awayChanged = isAway(old.awayUntil, now) !== isAway(next.awayUntil, now);
  st.mutate((mm) => {
    r.sql.exec('UPDATE seats SET settings = ? WHERE seat = ?', JSON.stringify(next), seat);
    r.seats.reload();
    replanClocks({ seats: r.seats.facts() }, mm, now, [seat]);
    // Its human-timed orders' moments are drawn again from now, under its new quiet hours and absence (away.ts).
    for (const c of mm.clocks) if (c.seat === seat) delete c.orderAt;
    // Nobody else can see a seat's settings, only whether it is away.
    if (awayChanged) mm.version++;
  });
  r.moves.runBots(LIMITS.botMovesPerRequest);
  await r.moves.afterChange();
  return ok({ seat, settings: mine(next) });
}

/** The host's `settings` action: title, quietCapMinutes, awayStandIn, channel. */
export function hostSettings(r: Room, body: unknown): Reply | null {
  const st = r.store;
  const next = patchHostSettings(st.m.host ?? DEFAULT_HOST_SETTINGS, body, targetScope(r.bindings));
  if (typeof next === 'string') return st.rejected('bad_request', next, { action: 'settings' });
  const now = r.now();
  st.mutate((mm) => {
    // A new channel starts with a clean slate: the last failure was the old one's.
    if (next.channel?.url !== mm.host?.channel?.url && mm.channel?.failed) mm.channel = { ...mm.channel, failed: null };
    mm.host = next;
    replanClocks({ seats: r.seats.facts() }, mm, now);
    mm.version++;
  });
  // A stand-in now allowed answers the away seats' open prompts at once.
  r.moves.runBots(LIMITS.botMovesPerRequest);
  return null;
}
