import type { Outcome } from '../engine';
import { checkName } from './names';
import { ok, reject, type Reply } from './reply';
import { hashToken, newToken } from './tokens';
import { LIMITS, parseDuration } from './limits';
import type { Room } from './types';
import { extendClocks, freezeClocks, replanClocks, thawClocks } from './core';
import { DEFAULT_HOST_SETTINGS, patchHostSettings } from './settings';
import { targetScope } from './notifier';
import { channelStatus } from './tablechannel';

/**
 * The host's controls (admin token): pause and resume (clocks frozen and thawed), extend deadlines, give a seat
 * to a bot or a new invite, end the game.
 */
export async function admin(r: Room, token: string | null, action: string, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) return st.rejected('bad_request', 'the body must be an object', { action });
  // Parse before authenticating (the fixed order), then hash once: nothing async after this point.
  let newInvite: { token: string; hash: string } | null = null;
  if (action === 'replace-seat' && b.by === 'invite') {
    const t = await newToken(st.m.id, r.bindings.TOKEN_SECRET);
    newInvite = { token: t, hash: await hashToken(t) };
  }
  const bad = await r.seats.isAdmin(token);
  if (bad) return st.rejected(bad.code, bad.message, { action });
  const m = st.m;
  const now = r.now();
  const playing = m.status === 'playing';
  switch (action) {
    case 'pause': {
      if (!playing) return st.rejected('conflict', 'only a running game can be paused', { action });
      if (m.paused) return st.rejected('conflict', 'the game is already paused', { action });
      st.mutate((mm) => {
        freezeClocks(mm, now);
        mm.paused = true;
        mm.version++;
      });
      break;
    }
    case 'resume': {
      if (!playing || !m.paused) return st.rejected('conflict', 'the game is not paused', { action });
      st.mutate((mm) => {
        thawClocks(mm, now);
        mm.paused = false;
        mm.version++;
      });
      r.moves.runBots(LIMITS.botMovesPerRequest);
      break;
    }
    case 'extend': {
      const ms = parseDuration(b);
      if (typeof ms === 'string') return st.rejected('bad_request', ms, { action });
      const seat = b.seat;
      if (seat !== undefined && (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= m.seats)) return st.rejected('bad_request', 'seat is out of range', { action });
      if (!playing) return st.rejected('conflict', 'only a running game has deadlines', { action });
      st.mutate((mm) => {
        extendClocks(mm, ms, (seat as number | undefined) ?? null);
        mm.version++;
      });
      break;
    }
    case 'replace-seat': {
      const seat = b.seat;
      if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= m.seats) return st.rejected('bad_request', 'seat is out of range', { action });
      if (b.by !== 'bot' && b.by !== 'invite') return st.rejected('bad_request', "by is 'bot' or 'invite'", { action });
      let name: string | null = null;
      if (b.name !== undefined) {
        if (typeof b.name !== 'string') return st.rejected('bad_request', 'name must be a string', { action });
        const checked = checkName(b.name, r.seats.rows.map((x) => (x.seat === b.seat ? null : x.name)), LIMITS.nameChars, { bot: b.by === 'bot' });
        if ('error' in checked) return st.rejected(checked.lookalike ? 'conflict' : 'bad_request', checked.error, { action });
        name = checked.name;
      }
      if (m.status === 'finished') return st.rejected('conflict', 'the game is over', { action });
      const s = seat as number;
      const old = r.seats.rows[s]!;
      st.mutate((mm) => {
        // The old token stops working at once; the old player's notification targets go with it, and so does
        // everything else of theirs (issue 26 point 3): standing orders, quiet hours and time zone, mention, away
        // and the hand-back all live in `settings`, which the newcomer — a bot or a stranger — starts without.
        r.outbox.dropSeat(s, mm);
        if (newInvite) r.sql.exec('UPDATE seats SET token_hash = ?, bot = 0, stand_in = 0, expiries = 0, settings = NULL, name = ? WHERE seat = ?', newInvite.hash, name ?? old.name ?? `#${s + 1}`, s);
        else r.sql.exec('UPDATE seats SET token_hash = NULL, bot = 1, stand_in = 0, expiries = 0, settings = NULL, name = ? WHERE seat = ?', name ?? old.name ?? `Bot ${s + 1}`, s);
        r.seats.reload();
        mm.version++;
        if (st.game) r.clocks.sync(st.game, mm, now);
        // Its open clocks no longer follow the old quiet hours or away time, nor wait for the old orders' moment.
        replanClocks({ seats: r.seats.facts() }, mm, now, [s]);
        for (const c of mm.clocks) if (c.seat === s) delete c.orderAt;
      });
      r.outbox.load();
      // Sockets of the old holder lose the seat at once, then are told and closed.
      for (const { ws, att } of r.sockets.list()) if (att.seat === s) r.sockets.drop(ws, att, 'replaced');
      r.moves.runBots(LIMITS.botMovesPerRequest);
      await r.moves.afterChange();
      if (newInvite) return ok({ seat: s, token: newInvite.token, seatUrl: `${m.origin}/g/${m.id}#seat=${newInvite.token}` });
      return ok(r.sockets.summary());
    }
    case 'end': {
      if (m.status === 'finished') return st.rejected('conflict', 'the game is already over', { action });
      const outcome: Outcome = { winners: [], reason: { key: 'common.endedByHost' } };
      // Mirrors the engine's ctx.end: no prompts, no flow, the outcome set — the views then show everything.
      const ended = st.game ? { ...structuredClone(st.game), outcome, stack: [], prompts: [] } : null;
      st.mutate((mm) => {
        if (ended) st.saveSnapshot(ended);
        mm.clocks = [];
        r.outbox.dropAllPrompts();
        mm.status = 'finished';
        mm.paused = false;
        mm.version++;
        mm.gameVersion = mm.version;
      });
      if (ended) st.game = ended;
      break;
    }
    case 'settings': {
      const bad = hostSettings(r, b);
      if (bad) return bad;
      await r.moves.afterChange();
      // The host also learns how the table channel fares (a post given up on, posts still waiting).
      return ok({ ...r.sockets.summary(), channel: channelStatus(st.m) });
    }
    default:
      return st.rejected('not_found', `no admin action ${action}`, { action });
  }
  await r.moves.afterChange();
  return ok(r.sockets.summary());
}

/** The host's `settings` action: title, quietCapMinutes, awayStandIn, channel. */
function hostSettings(r: Room, body: unknown): Reply | null {
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
