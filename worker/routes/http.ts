import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env';
import type { GameRoom } from '../room/GameRoom';
import { LIMITS } from '../room/core';
import { reject, type ErrorCode, type Reply } from '../room/core';
import { GAME_ID_PATTERN } from '../room/seats';

/** Shared by every sub-app: the Env bindings. */
export type App = { Bindings: Env };
export type Ctx = Context<App>;

/**
 * How long a client over the room's per-seat limit waits: its bucket refills a request in well under a second
 * (`LIMITS.ratePerSecond`), so one second always suffices.
 */
export const ROOM_RETRY_AFTER_SECONDS = 1;

/** Turn a room reply into a Response (304 has no body; a 429 says when to try again). */
export function send(c: Ctx, r: Reply): Response {
  if (r.status === 304) return c.body(null, 304);
  return withRetryAfter(c.json(r.body as object, r.status as 200));
}

/** A 429 without `Retry-After` (the room's own limits) gets one. */
export function withRetryAfter(res: Response): Response {
  if (res.status !== 429 || res.headers.has('retry-after')) return res;
  const out = new Response(res.body, res);
  out.headers.set('Retry-After', String(ROOM_RETRY_AFTER_SECONDS));
  return out;
}

/** A rejection decided in the Worker (before the room is reached): logged and returned as JSON. */
export function fail(c: Ctx, code: ErrorCode, message: string, ctx: Record<string, unknown> = {}): Response {
  return send(c, reject(code, message, { method: c.req.method, path: new URL(c.req.url).pathname, ...ctx }));
}

/** 413 for bodies over the limit, checked before anything is read. */
export const limitBody = bodyLimit({
  maxSize: LIMITS.bodyBytes,
  onError: (c) => fail(c as Ctx, 'too_large', `the body is larger than ${LIMITS.bodyBytes} bytes`),
});

/** The JSON body, `{}` when empty, or a 400 Response for malformed JSON. */
export async function readJson(c: Ctx): Promise<{ ok: true; body: unknown } | { ok: false; res: Response }> {
  const text = await c.req.text();
  if (!text.trim()) return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, res: fail(c, 'bad_request', 'the body is not valid JSON') };
  }
}

/** `Authorization: Bearer <token>` → the token, or null when absent. */
export function bearer(c: Ctx): string | null {
  const h = c.req.header('authorization');
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : '';
}

/** The room of a game id, or a 404 Response for an id that cannot exist (no object is touched). */
export function roomOf(c: Ctx): { ok: true; room: DurableObjectStub<GameRoom> } | { ok: false; res: Response } {
  const id = c.req.param('id') ?? '';
  if (!GAME_ID_PATTERN.test(id)) return { ok: false, res: fail(c, 'not_found', 'no such game', { id }) };
  return { ok: true, room: c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id)) };
}
