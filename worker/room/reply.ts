/**
 * What a GameRoom method returns to the routes: a status and a JSON body. Plain data, so it crosses the
 * Durable Object RPC boundary unchanged; the routes only turn it into a Response.
 */
import { logFields } from '../log';

export type ErrorCode =
  | 'bad_request'
  | 'illegal'
  | 'unauthorized'
  | 'forbidden'
  | 'not_your_prompt'
  | 'not_found'
  | 'stale'
  | 'full'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'internal';

/** DESIGN §4 status per code; `full` (no free seat) and `conflict` (wrong phase: paused, not started...) are 409s. */
export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  illegal: 400,
  unauthorized: 401,
  forbidden: 403,
  not_your_prompt: 403,
  not_found: 404,
  stale: 409,
  full: 409,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
  [extra: string]: unknown;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export const ok = <T>(body: T, status = 200): Reply<T> => ({ status, body });

/**
 * A rejection. Every rejection is logged as `key=[value]` pairs so logs can be grepped by code or game.
 * `extra` is merged into the body (the 409 `stale` carries the current state).
 */
export function reject(
  code: ErrorCode,
  message: string,
  ctx: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Reply<ErrorBody> {
  logRejection(code, message, ctx);
  return { status: STATUS[code], body: { ...extra, error: { code, message } } };
}

/** Request fields are escaped (worker/log.ts): a forged newline cannot start a log line of its own. */
export function logRejection(code: string, message: string, ctx: Record<string, unknown> = {}): void {
  console.log(`rejected ${logFields({ code, ...ctx, message })}`);
}
