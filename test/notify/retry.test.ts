import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  CLIENT_ERROR_ATTEMPTS,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  retryPlan,
} from '../../worker/notify';

describe('backoff', () => {
  it('doubles from 30 seconds after each failed attempt', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits more than an hour', () => {
    expect(backoffMs(8)).toBe(3_600_000);
    expect(backoffMs(1000)).toBe(3_600_000);
  });

  it('gives up on a failing endpoint after about an hour of tries', () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(60 * 60_000);
    expect(total).toBeLessThan(3 * 60 * 60_000);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 12:02:00 GMT', now)).toBe(120_000);
  });
  it('treats a date in the past as now, and garbage as absent', () => {
    expect(parseRetryAfter('Sun, 29 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
  it('caps an absurd wait', () => expect(parseRetryAfter('99999999', now)).toBe(MAX_RETRY_AFTER_MS));
});

describe('retryPlan', () => {
  it('a delivery is done and a gone target is dropped', () => {
    expect(retryPlan({ ok: true }, 1)).toEqual({ do: 'done' });
    expect(retryPlan({ ok: false, drop: true, status: 410 }, 1)).toMatchObject({ do: 'drop' });
  });

  it('a 5xx or timeout is retried with backoff until the last attempt, then the target is disabled', () => {
    expect(retryPlan({ ok: false, drop: false, status: 502 }, 1)).toEqual({ do: 'retry', inMs: 30_000 });
    expect(retryPlan({ ok: false, drop: false, error: 'timeout after 5000 ms' }, 3)).toEqual({
      do: 'retry',
      inMs: 120_000,
    });
    expect(retryPlan({ ok: false, drop: false, status: 500 }, MAX_ATTEMPTS)).toMatchObject({ do: 'disable' });
  });

  it('Retry-After longer than the backoff is honoured; shorter is not allowed to hammer', () => {
    expect(retryPlan({ ok: false, drop: false, status: 429, retryAfterMs: 600_000 }, 1)).toEqual({
      do: 'retry',
      inMs: 600_000,
    });
    expect(retryPlan({ ok: false, drop: false, status: 429, retryAfterMs: 1_000 }, 2)).toEqual({
      do: 'retry',
      inMs: 60_000,
    });
  });

  it('a 4xx refusal other than 408/429 disables the target after a few attempts, not after an hour', () => {
    expect(retryPlan({ ok: false, drop: false, status: 403 }, CLIENT_ERROR_ATTEMPTS - 1)).toMatchObject({
      do: 'retry',
    });
    expect(retryPlan({ ok: false, drop: false, status: 403 }, CLIENT_ERROR_ATTEMPTS)).toMatchObject({ do: 'disable' });
    expect(retryPlan({ ok: false, drop: false, status: 429 }, CLIENT_ERROR_ATTEMPTS)).toMatchObject({ do: 'retry' });
    expect(retryPlan({ ok: false, drop: false, status: 408 }, CLIENT_ERROR_ATTEMPTS)).toMatchObject({ do: 'retry' });
  });
});
