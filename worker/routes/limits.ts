import { createMiddleware } from 'hono/factory';
import { fail, type App, type Ctx } from './http';

/**
 * Limits per client address, with Cloudflare's Workers rate-limiting binding (declared in wrangler.toml; the
 * numbers live there, the windows here for `Retry-After`). A stranger's script could otherwise create
 * permanent Durable Objects by the hundred or read spectator views without end.
 * https://developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit/
 *
 * - `CREATE_LIMIT`: `POST /api/games` — a group creates a few games a day, a script hundreds a second.
 * - `READ_LIMIT`: every read (`GET`, the live socket's upgrade) and every join (`POST …/seats`), the requests
 *   anyone may make without a seat. A token does not exempt a read: the Worker cannot tell a made-up token from
 *   a real one without waking the room, so the limit is high enough for a whole table behind one address.
 *
 * The binding counts per Cloudflare location and is eventually consistent, so a burst may get a few more
 * through than the limit before the 429s start; it is a brake, not an exact quota.
 */
export const LIMIT_WINDOW_SECONDS = { CREATE_LIMIT: 60, READ_LIMIT: 60 } as const;
type Limiter = keyof typeof LIMIT_WINDOW_SECONDS;

/** Which limiter a request counts against, if any (authenticated writes have the room's per-seat buckets). */
export function limiterFor(method: string, path: string): Limiter | null {
  if (method === 'POST' && /^\/api\/games\/?$/.test(path)) return 'CREATE_LIMIT';
  if (method === 'GET' || method === 'HEAD') return 'READ_LIMIT';
  if (method === 'POST' && /^\/api\/games\/[^/]+\/seats\/?$/.test(path)) return 'READ_LIMIT';
  return null;
}

/**
 * The client address a limit is counted for: `CF-Connecting-IP` (set by Cloudflare, which a client cannot
 * override), an IPv6 address cut to its /64 (one subscriber usually holds a whole /64). Without the header
 * (local development) every request shares one key.
 */
export function clientKey(c: Ctx): string {
  const ip = c.req.header('cf-connecting-ip')?.trim().toLowerCase();
  if (!ip) return 'local';
  if (!ip.includes(':')) return ip;
  let groups: string[];
  try {
    const h = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    const [head = '', tail] = h.split('::');
    const l = head ? head.split(':') : [];
    const r = tail ? tail.split(':') : [];
    groups = tail === undefined ? l : [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r];
  } catch {
    return ip;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** 429 `rate_limited` with `Retry-After` (the window's length) when the client's address is over its limit. */
export const rateLimit = createMiddleware<App>(async (c, next) => {
  const which = limiterFor(c.req.method, new URL(c.req.url).pathname);
  const rl = which ? c.env[which] : undefined;
  if (which && rl) {
    const key = clientKey(c);
    const { success } = await rl.limit({ key });
    if (!success) {
      const wait = LIMIT_WINDOW_SECONDS[which];
      const res = fail(c, 'rate_limited', `too many requests from this address; try again in ${wait} seconds`, { limiter: which, client: key });
      res.headers.set('Retry-After', String(wait));
      return res;
    }
  }
  await next();
});
