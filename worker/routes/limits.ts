import { createMiddleware } from 'hono/factory';
import { addressKey } from '../room/core';
import { GAME_ID_PATTERN, tokenKind } from '../room/seats';
import { bearer, fail, type App, type Ctx } from './http';

/**
 * Limits and the token check, before any room is reached, with Cloudflare's Workers rate-limiting binding
 * (declared in wrangler.toml; the numbers live there, the windows here for `Retry-After`). A stranger's script
 * could otherwise create permanent Durable Objects by the hundred, read spectator views without end, or make a
 * room wake and hash a made-up token per request (issue 26 point 4).
 * https://developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit/
 *
 * - `CREATE_LIMIT`: `POST /api/games` per address — a group creates a few games a day, a script hundreds a second.
 * - `READ_LIMIT`: every read (`GET`, the live socket's upgrade) and every join (`POST …/seats`). A read with a
 *   token this server signed for the game (room/tokens.ts) counts against that token — one per seat — not its
 *   address, so a household, a dorm or a carrier's shared address is not throttled together, nor is a group on
 *   `npm start`, where every request may share one address (issue 26 point 9). Anything else counts per address.
 * - `AUTH_FAIL_LIMIT`: failed authentications per address — a token that fails its MAC (refused here, no room
 *   wakes), or one the room rejects (revoked, or without a MAC in an old game). Over it, tokens the Worker cannot
 *   vouch for get 429 without reaching a room; signed tokens are never held back by their address.
 *
 * The binding counts per Cloudflare location and is eventually consistent, so a burst may get a few more
 * through than the limit before the 429s start; it is a brake, not an exact quota.
 */
export const LIMIT_WINDOW_SECONDS = { CREATE_LIMIT: 60, READ_LIMIT: 60, AUTH_FAIL_LIMIT: 60 } as const;
type Limiter = keyof typeof LIMIT_WINDOW_SECONDS;

/** Which limiter a request counts against, if any (a seat's writes have the room's per-seat buckets). */
export function limiterFor(method: string, path: string): Limiter | null {
  if (method === 'POST' && /^\/api\/games\/?$/.test(path)) return 'CREATE_LIMIT';
  if (method === 'GET' || method === 'HEAD') return 'READ_LIMIT';
  if (method === 'POST' && /^\/api\/games\/[^/]+\/seats\/?$/.test(path)) return 'READ_LIMIT';
  return null;
}

/** The client address a limit is counted for (room/limits.ts `addressKey`: IPv6 per /64, 'local' without one). */
export function clientKey(c: Ctx): string {
  return addressKey(c.req.header('cf-connecting-ip'));
}

/** The game a path names (`/api/games/:id/…`), when its id can exist. */
const gameOf = (path: string): string | null => {
  const id = /^\/api\/games\/([^/]+)(?:\/|$)/.exec(path)?.[1];
  return id && GAME_ID_PATTERN.test(id) ? id : null;
};

/** Routes that want the admin token: a token refused here gets the room's 403 for them, else its 401. */
const ADMIN_ROUTE = /^\/api\/games\/[^/]+\/(?:admin\/|start\/?$)/;

/**
 * Addresses over their failure budget, known to this isolate until the window ends: a token without a MAC from
 * them is refused before its room wakes. The binding only answers while counting, so it cannot be asked first
 * without counting a request the room may accept; this remembers its last "no". Bounded: cleared when full.
 */
const overBudget = new Map<string, number>();
const OVER_BUDGET_MAX = 10_000;

/** 429 `rate_limited` with `Retry-After` (the window's length), for an address or (`seat`) a seat's own budget. */
function limited(c: Ctx, which: Limiter, client: string, who: 'address' | 'seat' = 'address'): Response {
  const wait = LIMIT_WINDOW_SECONDS[which];
  const res = fail(c, 'rate_limited', `too many requests from this ${who}; try again in ${wait} seconds`, {
    limiter: which,
    client,
  });
  res.headers.set('Retry-After', String(wait));
  return res;
}

/** Count one request against `which` for `key`; false when over the limit (no binding: never). */
async function count(c: Ctx, which: Limiter, key: string): Promise<boolean> {
  const rl = c.env[which];
  return rl ? (await rl.limit({ key })).success : true;
}

/** Count a failed authentication for the client's address; false once the address is over its budget. */
async function failed(c: Ctx, client: string): Promise<boolean> {
  if (await count(c, 'AUTH_FAIL_LIMIT', client)) return true;
  if (overBudget.size >= OVER_BUDGET_MAX) overBudget.clear();
  overBudget.set(client, Date.now() + LIMIT_WINDOW_SECONDS.AUTH_FAIL_LIMIT * 1000);
  return false;
}

/** The route's own rejection of a token the Worker refuses (what the room would have said). */
function refused(c: Ctx, path: string): Response {
  return ADMIN_ROUTE.test(path)
    ? fail(c, 'forbidden', 'this is not the admin token of this game', { route: 'guard' })
    : fail(c, 'unauthorized', 'this seat token is not valid for this game', { route: 'guard' });
}

/**
 * Before any route: the request's token is checked here, and the request counted, so that a request over its
 * limit, or with a token this server did not make for the game, reaches no room.
 */
export const rateLimit = createMiddleware<App>(async (c, next) => {
  const path = new URL(c.req.url).pathname;
  const method = c.req.method;
  const client = clientKey(c);
  const id = gameOf(path);
  const token = id ? bearer(c) : null;
  const kind = id && token !== null ? await tokenKind(id, token, c.env.TOKEN_SECRET) : null;
  if (kind === 'forged') return (await failed(c, client)) ? refused(c, path) : limited(c, 'AUTH_FAIL_LIMIT', client);
  if (kind === 'legacy') {
    const until = overBudget.get(client);
    if (until !== undefined && until > Date.now()) return limited(c, 'AUTH_FAIL_LIMIT', client);
    if (until !== undefined) overBudget.delete(client);
  }
  // A signed token's requests count against that token — one per seat — by the tail of its MAC (nothing of the
  // token's secret part, no address). A token only the room can judge (an old game's) counts per address on
  // every request, writes too, so that such tokens reach a room at most READ_LIMIT times a window per address,
  // whichever Worker instance they meet.
  const which = kind === 'legacy' ? 'READ_LIMIT' : limiterFor(method, path);
  const key = kind === 'signed' && token ? `seat:${id}:${token.slice(-11)}` : client;
  if (which && !(await count(c, which, key)))
    return kind === 'signed' ? limited(c, which, `a seat of ${id}`, 'seat') : limited(c, which, client);
  await next();
  // The room rejected the token (revoked, or a made-up one in an old game): the address's budget pays.
  if (kind === null || !(await rejectedToken(c.res))) return;
  const within = await failed(c, client);
  // An old-format token that found the budget spent is told so (the next ones wait here); a signed one keeps the
  // room's 401, which tells its page to stop using it.
  if (!within && kind === 'legacy') c.res = limited(c, 'AUTH_FAIL_LIMIT', client);
});

/** Whether a room's answer refuses the token itself (401, or 403 `forbidden`; not a seat's 403 `not_your_prompt`). */
async function rejectedToken(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (res.status !== 403) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === 'forbidden';
}
