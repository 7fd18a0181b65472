import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { offsetAt, localClock } from '../../worker/room/clocks';

/** The offset and wall clock Intl gives for `zone` at `t`, asked directly (what clocks.ts keeps by quarter hour). */
function fromIntl(zone: string, t: number): { offset: number; clock: string } {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const x of f.formatToParts(new Date(t))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  const offset =
    Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!) - Math.floor(t / 1000) * 1000;
  return { offset, clock: `${String(p.hour! % 24).padStart(2, '0')}:${String(p.minute!).padStart(2, '0')}` };
}

// Zones with summer time both ways, half- and quarter-hour offsets, a 30-minute summer shift (Lord Howe), a
// date-line jump (Apia) and an old 00:01 change (St John's until 2011, which the quarter-hour rule cannot hold).
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/St_Johns',
  'Pacific/Apia',
  'Asia/Shanghai',
  'UTC',
];

describe('time zones: offsets kept by quarter hour', () => {
  it('the offset and the wall clock at any instant are what Intl says, across summer-time changes in every kind of zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2040, 0, 1) }),
        (zone, t) => {
          const want = fromIntl(zone, t);
          expect(offsetAt(zone, t)).toBe(want.offset);
          expect(localClock(zone, t)).toBe(want.clock);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('each minute around every clock change from 2010 to 2026, and each second of the minute it happens in (St John’s 00:01 changes among them), has the offset Intl says', () => {
    // Mismatches are collected and compared once: an `expect` per instant made this test take minutes in workerd.
    const wrong: string[] = [];
    let checked = 0;
    const check = (zone: string, u: number, intl: number) => {
      checked++;
      const ours = offsetAt(zone, u);
      if (ours !== intl) wrong.push(`${zone} ${new Date(u).toISOString()}: ${ours}, Intl ${intl}`);
    };
    for (const zone of ZONES) {
      for (let t = Date.UTC(2010, 0, 1); t < Date.UTC(2027, 0, 1); t += 6 * 3_600_000) {
        if (offsetAt(zone, t) === offsetAt(zone, t + 6 * 3_600_000)) continue;
        // A change inside these six hours: every minute of them, and the seconds around the minute it happens.
        let intl = fromIntl(zone, t).offset;
        for (let u = t; u <= t + 6 * 3_600_000; u += 60_000) {
          check(zone, u, intl);
          const next = fromIntl(zone, u + 60_000).offset;
          if (intl !== next) for (let v = u + 1000; v < u + 60_000; v += 1000) check(zone, v, fromIntl(zone, v).offset);
          intl = next;
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every zone that changes its clocks was looked at minute by minute (a loop that skipped all would pass).
    expect(checked).toBeGreaterThan(50_000);
  });
});
