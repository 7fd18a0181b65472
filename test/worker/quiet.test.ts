/**
 * Quiet hours and away mode (issue 11) inside workerd, the runtime the room's alarm runs in: its Intl time-zone
 * data must put each night where it really falls, daylight-saving changes included.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  asleep,
  DAY,
  deadlineFor,
  HOUR,
  instantOf,
  isQuiet,
  localClock,
  MINUTE,
  notifyAt,
  offsetAt,
  parseAwayUntil,
  parseQuietHours,
  proposedQuiet,
  quietIntervals,
  type QuietHours,
} from '../../worker/room/clocks';

const at = (iso: string) => Date.parse(iso);
const night = (zone: string, start = '23:00', end = '08:00'): QuietHours => ({ start, end, zone });
/** The quiet time (ms) that stops a clock in [from, to), each night cut to `capMs`. */
const quietWithin = (q: QuietHours, from: number, to: number, capMs: number | null = null): number =>
  quietIntervals(q, from, to, capMs).reduce((n, i) => n + Math.max(0, Math.min(i.to, to) - Math.max(i.from, from)), 0);

describe('local time in zones far from UTC', () => {
  it('offsets: Shanghai +8, Kathmandu +5:45, Kiritimati +14, Pago Pago −11, Los Angeles −7 in summer and −8 in winter', () => {
    const t = at('2026-07-01T12:00:00Z');
    expect(offsetAt('Asia/Shanghai', t)).toBe(8 * HOUR);
    expect(offsetAt('Asia/Kathmandu', t)).toBe(5 * HOUR + 45 * MINUTE);
    expect(offsetAt('Pacific/Kiritimati', t)).toBe(14 * HOUR);
    expect(offsetAt('Pacific/Pago_Pago', t)).toBe(-11 * HOUR);
    expect(offsetAt('America/Los_Angeles', t)).toBe(-7 * HOUR);
    expect(offsetAt('America/Los_Angeles', at('2026-12-01T12:00:00Z'))).toBe(-8 * HOUR);
    // Vancouver: -7 in summer. (workerd's time-zone data keeps British Columbia on -7 from November 2026, Node's
    // older data does not: the server's clock math is the one that counts, the page shows the instants it sends.)
    expect(offsetAt('America/Vancouver', t)).toBe(-7 * HOUR);
  });

  it('a wall time skipped in spring is taken when the clocks jump; one that happens twice in autumn, the first time', () => {
    // Berlin 2027-03-28: 02:00 CET → 03:00 CEST at 01:00Z, so 02:30 never happens.
    expect(instantOf('Europe/Berlin', { y: 2027, m: 3, d: 28, hh: 2, mm: 30 })).toBe(at('2027-03-28T01:00:00Z'));
    // Berlin 2026-10-25: 03:00 CEST → 02:00 CET at 01:00Z, so 02:30 happens at 00:30Z and again at 01:30Z.
    expect(instantOf('Europe/Berlin', { y: 2026, m: 10, d: 25, hh: 2, mm: 30 })).toBe(at('2026-10-25T00:30:00Z'));
    expect(instantOf('Pacific/Kiritimati', { y: 2026, m: 12, d: 1, hh: 8, mm: 0 })).toBe(at('2026-11-30T18:00:00Z'));
  });
});

describe('quiet hours', () => {
  it('a seat in Shanghai is quiet from 23:00 to 08:00 its own time, and not notified then', () => {
    const q = night('Asia/Shanghai');
    expect(isQuiet(q, at('2026-12-01T15:30:00Z'))).toBe(true); // 23:30 in Shanghai
    expect(isQuiet(q, at('2026-12-01T23:59:00Z'))).toBe(true); // 07:59
    expect(isQuiet(q, at('2026-12-02T00:00:00Z'))).toBe(false); // 08:00
    expect(isQuiet(q, at('2026-12-01T14:59:00Z'))).toBe(false); // 22:59
    expect(notifyAt(q, at('2026-12-01T15:30:00Z'))).toBe(at('2026-12-02T00:00:00Z'));
    expect(notifyAt(q, at('2026-12-01T12:00:00Z'))).toBe(at('2026-12-01T12:00:00Z'));
  });

  it('the table shows “asleep until 08:00 their time”', () => {
    expect(asleep(night('America/Los_Angeles'), at('2026-12-01T09:00:00Z'))).toEqual({
      until: at('2026-12-01T16:00:00Z'),
      local: '08:00',
      zone: 'America/Los_Angeles',
    });
    expect(asleep(night('America/Los_Angeles'), at('2026-12-01T20:00:00Z'))).toBeNull();
    expect(asleep(null, 0)).toBeNull();
  });

  it('quiet hours that do not cross midnight (13:00–14:30 in Kathmandu)', () => {
    const q = night('Asia/Kathmandu', '13:00', '14:30');
    expect(quietIntervals(q, at('2026-12-01T00:00:00Z'), at('2026-12-02T00:00:00Z'))).toEqual([
      { from: at('2026-12-01T07:15:00Z'), to: at('2026-12-01T08:45:00Z') },
    ]);
  });

  it('the night the clocks go back in Los Angeles is an hour longer, and the clock sleeps through all of it', () => {
    // 2026-11-01 02:00 PDT → 01:00 PST. Quiet from 23:00 PDT (06:00Z) to 08:00 PST (16:00Z): ten real hours.
    const q = night('America/Los_Angeles');
    const [n] = quietIntervals(q, at('2026-11-01T05:00:00Z'), at('2026-11-01T17:00:00Z'));
    expect(n).toEqual({ from: at('2026-11-01T06:00:00Z'), to: at('2026-11-01T16:00:00Z') });
    // A 12-hour clock opened at 22:00 PDT: 1 h, then asleep, then 11 h → 19:00 PST the next evening.
    const d = deadlineFor({ start: at('2026-11-01T05:00:00Z'), lengthMs: 12 * HOUR, quiet: q });
    expect(d).toBe(at('2026-11-02T03:00:00Z'));
    expect(localClock('America/Los_Angeles', d)).toBe('19:00');
  });

  it('the night the clocks go forward in Berlin is an hour shorter', () => {
    // 2027-03-28 02:00 CET → 03:00 CEST. Quiet from 23:00 CET (22:00Z) to 08:00 CEST (06:00Z): eight real hours.
    const q = night('Europe/Berlin');
    expect(quietIntervals(q, at('2027-03-27T21:00:00Z'), at('2027-03-28T07:00:00Z'))).toEqual([
      { from: at('2027-03-27T22:00:00Z'), to: at('2027-03-28T06:00:00Z') },
    ]);
    const d = deadlineFor({ start: at('2027-03-27T21:00:00Z'), lengthMs: 12 * HOUR, quiet: q });
    expect(localClock('Europe/Berlin', d)).toBe('19:00');
    expect(d).toBe(at('2027-03-28T17:00:00Z'));
  });

  it('a 12-hour deadline that starts at 23:00 in Berlin no longer expires before breakfast', () => {
    const start = at('2026-12-01T22:00:00Z'); // 23:00 CET
    const d = deadlineFor({ start, lengthMs: 12 * HOUR, quiet: night('Europe/Berlin') });
    expect(localClock('Europe/Berlin', d)).toBe('20:00');
    expect(d - start).toBe(21 * HOUR);
  });

  it('the host’s cap holds: a 4-hour cap stops the clock at most 4 hours a night', () => {
    const start = at('2026-12-01T21:00:00Z'); // 22:00 in Berlin
    const q = night('Europe/Berlin');
    const d = deadlineFor({ start, lengthMs: 12 * HOUR, quiet: q, quietCapMs: 4 * HOUR });
    expect(localClock('Europe/Berlin', d)).toBe('14:00'); // 1 h, asleep 23:00–03:00, then 11 h
    expect(quietWithin(q, start, d, 4 * HOUR)).toBe(4 * HOUR);
    // A cap of zero: quiet hours still silence notifications but never stop the clock.
    expect(deadlineFor({ start, lengthMs: 12 * HOUR, quiet: q, quietCapMs: 0 })).toBe(start + 12 * HOUR);
    expect(isQuiet(q, at('2026-12-02T01:00:00Z'))).toBe(true);
  });

  it('a three-day clock sleeps three nights', () => {
    const start = at('2026-12-01T04:00:00Z'); // 12:00 in Shanghai
    const d = deadlineFor({ start, lengthMs: 3 * DAY, quiet: night('Asia/Shanghai') });
    // Awake 11 h on the first day, then 15 h a day: 11 + 15 × 4 = 71 h by the 5th night, the last hour on the 6th morning.
    expect(d - start - quietWithin(night('Asia/Shanghai'), start, d)).toBe(3 * DAY);
    expect(localClock('Asia/Shanghai', d)).toBe('09:00');
    expect(d).toBe(at('2026-12-06T01:00:00Z'));
  });

  const zones = [
    'Asia/Shanghai',
    'America/Vancouver',
    'Europe/Berlin',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/St_Johns',
  ];
  const hhmm = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it('the deadline never falls inside quiet hours, and the clock runs exactly its length outside them (any zone, any season)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        hhmm,
        hhmm,
        fc.integer({ min: at('2026-01-01T00:00:00Z') / MINUTE, max: at('2027-12-31T00:00:00Z') / MINUTE }),
        fc.integer({ min: 1, max: 7 * 24 * 60 }),
        (zone, start, end, startMin, lenMin) => {
          fc.pre(start !== end);
          const q = { start, end, zone };
          // Only what a seat can store (at most 16 quiet hours a day).
          fc.pre(typeof parseQuietHours(q) === 'object');
          const t0 = startMin * MINUTE;
          const d = deadlineFor({ start: t0, lengthMs: lenMin * MINUTE, quiet: q });
          expect(isQuiet(q, d - 1)).toBe(false);
          expect(d - t0 - quietWithin(q, t0, d)).toBe(lenMin * MINUTE);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with a cap, no night stops the clock longer than the cap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        hhmm,
        hhmm,
        fc.integer({ min: 0, max: 10 * 60 }),
        (zone, start, end, capMin) => {
          fc.pre(start !== end);
          const q = { start, end, zone };
          for (const i of quietIntervals(q, at('2026-10-20T00:00:00Z'), at('2026-11-10T00:00:00Z'), capMin * MINUTE))
            expect(i.to - i.from).toBeLessThanOrEqual(capMin * MINUTE);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('quiet hours are checked before they are stored', () => {
    expect(parseQuietHours({ start: '23:00', end: '08:00', zone: 'Asia/Shanghai' })).toEqual({
      start: '23:00',
      end: '08:00',
      zone: 'Asia/Shanghai',
    });
    expect(parseQuietHours(null)).toBeNull();
    expect(parseQuietHours({ start: '24:00', end: '08:00', zone: 'Asia/Shanghai' })).toMatch(/quiet.start/);
    expect(parseQuietHours({ start: '23:00', end: '8:00', zone: 'Asia/Shanghai' })).toMatch(/quiet.end/);
    expect(parseQuietHours({ start: '08:00', end: '08:00', zone: 'Asia/Shanghai' })).toMatch(/differ/);
    expect(parseQuietHours({ start: '23:00', end: '08:00', zone: 'Mars/Olympus' })).toMatch(/IANA/);
    expect(parseQuietHours({ start: '23:00', end: '08:00', zone: 'UTC', x: 1 })).toMatch(/unknown field/);
    expect(parseQuietHours('23-08')).toMatch(/null or/);
    expect(parseQuietHours({ start: '08:00', end: '07:00', zone: 'UTC' })).toMatch(/at most 16 hours/);
    expect(parseQuietHours({ start: '20:00', end: '12:00', zone: 'UTC' })).toMatchObject({ start: '20:00' });
    expect(proposedQuiet('Europe/Berlin')).toEqual({ start: '23:00', end: '08:00', zone: 'Europe/Berlin' });
  });
});

describe('away mode', () => {
  const now = at('2026-12-01T10:00:00Z');
  it('the clock does not run while the seat is away', () => {
    const back = at('2026-12-05T08:00:00Z');
    expect(deadlineFor({ start: now, lengthMs: 12 * HOUR, awayUntil: back })).toBe(back + 12 * HOUR);
    // Back already: nothing changes.
    expect(deadlineFor({ start: now, lengthMs: HOUR, awayUntil: now - 1 })).toBe(now + HOUR);
  });
  it('away and quiet together: the clock starts on return and still sleeps at night', () => {
    const back = at('2026-12-05T21:00:00Z'); // 22:00 in Berlin
    expect(
      localClock(
        'Europe/Berlin',
        deadlineFor({ start: now, lengthMs: 12 * HOUR, awayUntil: back, quiet: night('Europe/Berlin') }),
      ),
    ).toBe('19:00');
  });
  it('“away until” is checked before it is stored', () => {
    expect(parseAwayUntil('2026-12-24T08:00:00+01:00', now)).toBe(at('2026-12-24T07:00:00Z'));
    expect(parseAwayUntil(null, now)).toBeNull();
    expect(parseAwayUntil('2026-11-30T00:00:00Z', now)).toMatch(/future/);
    expect(parseAwayUntil('2027-06-01T00:00:00Z', now)).toMatch(/within 60 days/);
    expect(parseAwayUntil('soon', now)).toMatch(/ISO/);
  });
});
