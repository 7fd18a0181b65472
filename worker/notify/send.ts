/**
 * One delivery attempt to one target. Never throws and never takes longer than `timeoutMs` (plus the time
 * to encrypt): the room calls it from its alarm or `waitUntil`, and a hanging endpoint must not hold the
 * room. Retrying is the room's job, guided by `retryPlan`.
 */
import { buildPushRequest } from './push';
import { resultOfStatus } from './retry';
import { buildWebhookRequest } from './webhook';
import type { Formats } from './formats';
import type { DeliveryResult, NotifyMessage, NotifyTarget, VapidKeys } from './types';

export const DEFAULT_TIMEOUT_MS = 5000;

export interface SendOptions {
  /** Needed for push targets (from the Worker's secrets). */
  vapid?: VapidKeys | null;
  timeoutMs?: number;
  /** Injected by tests; default: the global fetch. */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch, for the VAPID expiry and `Retry-After` dates; default `Date.now()`. */
  now?: number;
  /** The webhook formats known; default: the registry (notify/formats). */
  formats?: Formats;
}

export type Timed = { res: Response } | { timeout: true };

/**
 * Fetch with a hard deadline. The abort signal stops a real fetch; the race also covers a fetch (or stub)
 * that ignores its signal, so the caller is released on time whatever the endpoint does.
 */
export async function timedFetch(f: typeof fetch, url: string, init: RequestInit, ms: number): Promise<Timed> {
  const ctl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Timed>((resolve) => {
    timer = setTimeout(() => {
      ctl.abort();
      resolve({ timeout: true });
    }, ms);
  });
  try {
    return await Promise.race([f(url, { ...init, signal: ctl.signal }).then((res) => ({ res })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * @example
 * const r = await send(target, msg, { vapid: env.vapid, now: Date.now() });
 * if (!r.ok && r.drop) removeTarget(seat, target);
 */
export async function send(target: NotifyTarget, msg: NotifyMessage, opts: SendOptions = {}): Promise<DeliveryResult> {
  const now = opts.now ?? Date.now();
  const f = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  let req: { url: string; init: RequestInit };
  if (target.kind === 'push') {
    if (!opts.vapid) return { ok: false, drop: false, error: 'config: VAPID keys are not set' };
    try {
      req = await buildPushRequest(target.subscription, msg, opts.vapid, now);
    } catch (e) {
      const text = errorText(e);
      // Malformed server keys are our fault: keep the subscription. Unusable subscription keys never heal.
      if (/VAPID/.test(text)) return { ok: false, drop: false, error: `config: ${text}` };
      return { ok: false, drop: true, error: `subscription unusable: ${text}` };
    }
  } else {
    try {
      req = buildWebhookRequest(target, msg, opts.formats);
    } catch (e) {
      return { ok: false, drop: false, error: `bad request: ${errorText(e)}` };
    }
  }

  let outcome: Timed;
  try {
    outcome = await timedFetch(f, req.url, req.init, timeoutMs);
  } catch (e) {
    return { ok: false, drop: false, error: `network: ${errorText(e)}` };
  }
  if ('timeout' in outcome) return { ok: false, drop: false, error: `timeout after ${timeoutMs} ms` };
  const { res } = outcome;
  // Nothing in the answer is needed; release the connection without waiting on a slow body.
  res.body?.cancel().catch(() => {});
  return resultOfStatus(res.status, res.headers.get('Retry-After'), now);
}
