import { Hono } from 'hono';
import { getGame } from '../engine';
import type { GameRoom } from '../room/GameRoom';
import { LIMITS } from '../room/core';
import { gameOptions } from '../room/admin';
import { GAME_ID_PATTERN, newGameId } from '../room/seats';
import { bearer, fail, limitBody, readJson, roomOf, send, type App, type Ctx } from './http';

/** Create a game, read its summary and state, start it, answer prompts. */
export const games = new Hono<App>();

games.post('/games', limitBody, async (c) => {
  const j = await readJson(c);
  if (!j.ok) return j.res;
  const b = j.body as Record<string, unknown>;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return fail(c, 'bad_request', 'the body must be an object');
  const def = typeof b.game === 'string' ? getGame(b.game) : undefined;
  if (!def) return fail(c, 'bad_request', `unknown game type ${JSON.stringify(b.game)}`, { game: b.game });
  const seats = b.seats;
  if (!Number.isInteger(seats) || (seats as number) < def.minSeats || (seats as number) > def.maxSeats)
    return fail(c, 'bad_request', `${def.id} is played by ${def.minSeats} to ${def.maxSeats} seats`, { seats });
  const options = gameOptions(def, b.options, seats as number);
  if (typeof options === 'string') return fail(c, 'bad_request', options, { options: b.options });
  let deadlineMinutes: number = LIMITS.defaultDeadlineMinutes;
  if (b.deadline !== undefined) {
    const d = b.deadline as Record<string, unknown>;
    const h = d?.hours ?? 0;
    const m = d?.minutes ?? 0;
    if (
      !d ||
      typeof d !== 'object' ||
      typeof h !== 'number' ||
      typeof m !== 'number' ||
      !Number.isFinite(h) ||
      !Number.isFinite(m)
    )
      return fail(c, 'bad_request', 'deadline is {hours} or {minutes}');
    deadlineMinutes = h * 60 + m;
    if (deadlineMinutes < LIMITS.minDeadlineMinutes || deadlineMinutes > LIMITS.maxDeadlineMinutes)
      return fail(c, 'bad_request', 'a deadline is between 2 minutes and 7 days per decision', { deadlineMinutes });
  }
  const id = newGameId();
  const room = c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id));
  const r = await room.create({
    id,
    game: def.id,
    seats: seats as number,
    options,
    deadlineMinutes,
    origin: publicOrigin(c),
  });
  return send(c, r);
});

/**
 * The origin of the links the game's room makes (invite, seat links, notifications): `PUBLIC_ORIGIN` when set,
 * else the request URL's. On Cloudflare the URL is one the Worker is routed for — routes and custom domains
 * match the request's URL, so a request whose Host names another site never runs this Worker
 * (https://developers.cloudflare.com/workers/configuration/routing/routes/). Under `wrangler dev` the URL is
 * built from whatever Host header the client sent, so `npm start` sets `PUBLIC_ORIGIN` (scripts/devargs.mjs):
 * a forged Host must not become the links every seat is sent (issue 26 point 10).
 */
function publicOrigin(c: Ctx): string {
  const configured = c.env.PUBLIC_ORIGIN;
  return new URL(configured || c.req.url).origin;
}

/** Max games per "my games" request. */
const BATCH = 50;

/**
 * `GET /api/games?ids=a,b,c`: the public line of several games in one request ("my games"): summary, the
 * seats waited for, the earliest deadline. Unknown ids are left out of the answer.
 */
games.get('/games', async (c) => {
  const raw = c.req.query('ids');
  if (raw === undefined) return fail(c, 'bad_request', 'ids is required: /api/games?ids=a,b');
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > BATCH) return fail(c, 'bad_request', `at most ${BATCH} games per request`, { count: ids.length });
  const found = await Promise.all(
    ids
      .filter((id) => GAME_ID_PATTERN.test(id))
      // The RPC stub's type for a Json-typed result is too deep for tsc (TS2589); the shape is GameRoom.glance's.
      .map((id) =>
        (c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id)) as unknown as Pick<GameRoom, 'glance'>).glance(),
      ),
  );
  return c.json({ games: found.filter((g) => g !== null) });
});

games.get('/games/:id', async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  return send(c, await r.room.getSummary());
});

games.post('/games/:id/start', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.start(bearer(c), j.body));
});

games.get('/games/:id/state', async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const q = c.req.query('since');
  let since: number | null = null;
  if (q !== undefined) {
    since = Number(q);
    if (!Number.isInteger(since)) return fail(c, 'bad_request', 'since must be an integer version');
  }
  const log = logStart(c);
  if (log instanceof Response) return log;
  return send(c, await r.room.getState(bearer(c), since, log));
});

/** `?log=N`: the engine log index the client wants lines from; null when absent, a 400 Response when malformed. */
function logStart(c: Ctx): number | null | Response {
  const q = c.req.query('log');
  if (q === undefined) return null;
  const n = Number(q);
  if (q !== '' && Number.isInteger(n) && n >= 0) return n;
  return fail(c, 'bad_request', 'log must be a non-negative integer (the first log index wanted)');
}

/** `GET /api/games/:id/record`: a finished game's parameters, seed, names and moves, for the replay page (404 before the end). */
games.get('/games/:id/record', async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  return send(c, await r.room.record());
});

games.post('/games/:id/answers', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  const log = logStart(c);
  if (log instanceof Response) return log;
  return send(c, await r.room.answer(bearer(c), j.body, log));
});
