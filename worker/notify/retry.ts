/**
 * What to do after an attempt. The room keeps, per pending send, the number of failed attempts; this file
 * holds the whole policy so the room only stores a counter and a time.
 *
 * Policy (issue 5: "a slow or failing endpoint never delays or breaks the game: timeouts, retries with
 * backoff, then disabled with a note to the seat"):
 * - 2xx: delivered.
 * - 404 / 410: the subscription or webhook is gone: drop it at once (RFC 8030 §7.3 for push).
 * - 429 (and 503 with `Retry-After`): wait at least what the endpoint asked, never less than our backoff.
 * - 408, 425, 5xx, timeouts and network errors: transient; retry with exponential backoff, up to
 *   `MAX_ATTEMPTS` attempts in all (about an hour of outage), then disable the target.
 * - any other 4xx (400, 401, 403, 413, ...): the endpoint understood and refused. The same request will
 *   almost surely be refused again, but a 401/403 from a user's ntfy ACL or a proxy can be fixed on their
 *   side, so it gets `CLIENT_ERROR_ATTEMPTS` attempts (a couple of minutes) and then the target is
 *   disabled with a note to the seat rather than retried for an hour.
 * The room should also drop a pending retry whose prompt has been answered or has expired.
 */
import type { DeliveryResult } from './types';

export const MAX_ATTEMPTS = 8;
export const CLIENT_ERROR_ATTEMPTS = 3;
const BASE_MS = 30_000;
const CAP_MS = 60 * 60_000;
/** An endpoint asking for more than this is treated as asking for this much (a stale notification is useless). */
export const MAX_RETRY_AFTER_MS = 6 * 60 * 60_000;

/**
 * Delay before the next attempt after `attempt` failed attempts (1 after the first failure):
 * 30 s, 1 min, 2 min, 4 min ... capped at 1 h. No jitter: each room schedules its own few retries on its own
 * alarm, so there is no herd to spread.
 *
 * @example backoffMs(1) === 30_000; backoffMs(3) === 120_000
 */
export function backoffMs(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(CAP_MS, BASE_MS * 2 ** Math.min(n - 1, 30));
}

/**
 * `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Discord sends fractional seconds, which
 * are accepted. Returns milliseconds from `now`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.min(MAX_RETRY_AFTER_MS, Math.ceil(Number(v) * 1000));
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now));
}

/** Classify an HTTP answer from a push service or a webhook. */
export function resultOfStatus(status: number, retryAfter: string | null, now: number): DeliveryResult {
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 404 || status === 410) return { ok: false, drop: true, status, error: `gone (${status})` };
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(retryAfter, now) : undefined;
  return retryAfterMs === undefined
    ? { ok: false, drop: false, status, error: `HTTP ${status}` }
    : { ok: false, drop: false, status, retryAfterMs, error: `HTTP ${status}` };
}

const isClientRefusal = (status: number | undefined): boolean =>
  status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;

export type Plan =
  | { do: 'done' }
  | { do: 'drop'; reason: string }
  | { do: 'retry'; inMs: number }
  | { do: 'disable'; reason: string };

/**
 * The next step after attempt number `attempt` (1-based: the attempt that produced `result`). A 4xx refusal is
 * tried `clientErrorAttempts` times in all (the table channel tries once: a group chat's hook has no owner to fix it).
 *
 * @example
 * const plan = retryPlan(await send(t, m, opts), pending.attempt);
 * if (plan.do === 'retry') pending.at = now + plan.inMs;
 */
export function retryPlan(result: DeliveryResult, attempt: number, clientErrorAttempts = CLIENT_ERROR_ATTEMPTS): Plan {
  if (result.ok) return { do: 'done' };
  const reason = result.error ?? (result.status ? `HTTP ${result.status}` : 'failed');
  if (result.drop) return { do: 'drop', reason };
  const limit = isClientRefusal(result.status) ? clientErrorAttempts : MAX_ATTEMPTS;
  if (attempt >= limit) return { do: 'disable', reason: attempt > 1 ? `${reason} after ${attempt} attempts` : reason };
  return { do: 'retry', inMs: Math.max(backoffMs(attempt), result.retryAfterMs ?? 0) };
}
