import { startGame, type GameState, type LogEntry, type Outcome } from '../engine';
import { logValue } from '../log';
import { checkName } from './names';
import { ok, reject, type Reply } from './reply';
import { hashToken, newSeed, newToken } from './tokens';
import { LIMITS, parseDuration } from './limits';
import type { Room } from './types';
import { extendClocks, freezeClocks, replanClocks, thawClocks } from './core';
import { DEFAULT_HOST_SETTINGS, patchHostSettings } from './settings';
import { targetScope } from './notifier';
import { channelStatus } from './tablechannel';
import { rulesOptions } from './bots';

/** `POST /start` (admin token): seat bots in the free seats when asked, deal, and let the bots answer. */
export async function start(r: Room, adminToken: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const fill = (body as { fillWithBots?: unknown } | null)?.fillWithBots ?? false;
  if (typeof fill !== 'boolean') return st.rejected('bad_request', 'fillWithBots must be a boolean');
  const bad = await r.seats.isAdmin(adminToken);
  if (bad) return st.rejected(bad.code, bad.message, { action: 'start' });
  const m = st.m;
  if (m.status !== 'lobby') return st.rejected('conflict', 'the game has already started', { action: 'start' });
  const free = r.seats.rows.filter((x) => x.name === null && !x.bot);
  if (free.length && !fill)
    return st.rejected('conflict', `${free.length} seat(s) are free: fill them or start with bots`, {
      action: 'start',
    });
  // Test-only (TEST_HOOKS=1, set by the e2e Worker alone): a fixed seed makes the browser tests' deals known.
  const testSeed = r.bindings.TEST_HOOKS === '1' ? (body as { seed?: unknown } | null)?.seed : undefined;
  if (testSeed !== undefined && (typeof testSeed !== 'string' || !testSeed))
    return st.rejected('bad_request', 'seed must be a non-empty string');
  return begin(r, typeof testSeed === 'string' ? testSeed : newSeed());
}

/**
 * Deal the game from `seed`: the free seats get bots, the rules set up, the bots answer. The host's `start` and
 * a game played again whose seats are all held (again.ts) both begin here.
 */
export async function begin(r: Room, seed: string): Promise<Reply> {
  const st = r.store;
  const m = st.m;
  const free = r.seats.rows.filter((x) => x.name === null && !x.bot);
  let started: { state: GameState<any>; events: LogEntry[] };
  try {
    started = startGame(st.def(), { seats: m.seats, seed, options: rulesOptions(m.options) });
  } catch (e) {
    console.error(`game=[${m.id}] setup failed: ${logValue(e)}`);
    return st.rejected('internal', 'the game could not be set up');
  }
  const { state, events } = started;
  const now = r.now();
  st.mutate((mm) => {
    for (const x of free) r.sql.exec('UPDATE seats SET name = ?, bot = 1 WHERE seat = ?', `Bot ${x.seat + 1}`, x.seat);
    r.seats.reload();
    st.saveSnapshot(state);
    r.log.append(events);
    mm.seed = seed;
    mm.status = state.outcome ? 'finished' : 'playing';
    mm.version++;
    mm.gameVersion = mm.version;
    r.clocks.sync(state, mm, now);
  });
  st.game = state;
  r.bots.runBots(LIMITS.botMovesPerRequest);
  r.sockets.broadcast();
  await r.clocks.schedule();
  return ok(r.sockets.summary());
}

/**
 * The host's controls (admin token): pause and resume (clocks frozen and thawed), extend deadlines, give a seat
 * to a bot or a new invite, end the game.
 */
export async function admin(r: Room, token: string | null, action: string, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b))
    return st.rejected('bad_request', 'the body must be an object', { action });
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
      r.bots.runBots(LIMITS.botMovesPerRequest);
      break;
    }
    case 'extend': {
      const ms = parseDuration(b);
      if (typeof ms === 'string') return st.rejected('bad_request', ms, { action });
      const seat = b.seat;
      if (seat !== undefined && (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= m.seats))
        return st.rejected('bad_request', 'seat is out of range', { action });
      if (!playing) return st.rejected('conflict', 'only a running game has deadlines', { action });
      st.mutate((mm) => {
        extendClocks(mm, ms, (seat as number | undefined) ?? null, r.clocks.window());
        mm.version++;
      });
      break;
    }
    case 'replace-seat': {
      const seat = b.seat;
      if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= m.seats)
        return st.rejected('bad_request', 'seat is out of range', { action });
      if (b.by !== 'bot' && b.by !== 'invite') return st.rejected('bad_request', "by is 'bot' or 'invite'", { action });
      let name: string | null = null;
      if (b.name !== undefined) {
        if (typeof b.name !== 'string') return st.rejected('bad_request', 'name must be a string', { action });
        const checked = checkName(
          b.name,
          r.seats.rows.map((x) => (x.seat === b.seat ? null : x.name)),
          LIMITS.nameChars,
          { bot: b.by === 'bot' },
        );
        if ('error' in checked)
          return st.rejected(checked.lookalike ? 'conflict' : 'bad_request', checked.error, { action });
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
        if (newInvite)
          r.sql.exec(
            'UPDATE seats SET token_hash = ?, bot = 0, stand_in = 0, expiries = 0, settings = NULL, name = ? WHERE seat = ?',
            newInvite.hash,
            name ?? old.name ?? `#${s + 1}`,
            s,
          );
        else
          r.sql.exec(
            'UPDATE seats SET token_hash = NULL, bot = 1, stand_in = 0, expiries = 0, settings = NULL, name = ? WHERE seat = ?',
            name ?? old.name ?? `Bot ${s + 1}`,
            s,
          );
        r.seats.reload();
        mm.version++;
        if (st.game) r.clocks.sync(st.game, mm, now);
        // Its open clocks no longer follow the old quiet hours or away time, nor wait for the old orders' moment.
        replanClocks({ seats: r.seats.facts() }, mm, now, r.clocks.window(), [s]);
        for (const c of mm.clocks) if (c.seat === s) delete c.orderAt;
      });
      // Sockets of the old holder lose the seat at once, then are told and closed.
      for (const { ws, att } of r.sockets.list()) if (att.seat === s) r.sockets.drop(ws, att, 'replaced');
      r.bots.runBots(LIMITS.botMovesPerRequest);
      await r.afterChange();
      if (newInvite)
        return ok({ seat: s, token: newInvite.token, seatUrl: `${m.origin}/g/${m.id}#seat=${newInvite.token}` });
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
      await r.afterChange();
      // The host also learns how the table channel fares (a post given up on, posts still waiting).
      return ok({ ...r.sockets.summary(), channel: channelStatus(st.m) });
    }
    default:
      return st.rejected('not_found', `no admin action ${action}`, { action });
  }
  await r.afterChange();
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
    replanClocks({ seats: r.seats.facts() }, mm, now, r.clocks.window());
    mm.version++;
  });
  // A stand-in now allowed answers the away seats' open prompts at once.
  r.bots.runBots(LIMITS.botMovesPerRequest);
  return null;
}
