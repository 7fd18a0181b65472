import { describe, expect, it } from 'vitest';
import { digestText, planChannel, planDigest, type LastSent, type Owed } from '../../worker/room/outbox';
import { notifyAt } from '../../worker/room/clocks';

const MIN = 60_000;
const DAY_MS = 24 * 60 * MIN;

/**
 * Drive the digest like the room's alarm would: prompts appear at the given minutes, the alarm runs whenever
 * the plan asks to wake and after each new prompt. Returns what was sent, with the minute it was sent.
 */
function simulate(
  prompts: { seat: number; minute: number; answeredAt?: number }[],
  o: { windowMs?: number; notBefore?: (seat: number, now: number) => number; until: number; t0?: number },
) {
  const t0 = o.t0 ?? 0;
  let owed: Owed[] = [];
  const lastSent = new Map<number, LastSent>();
  const sent: { minute: number; seat: number; kind: string; ids: string[] }[] = [];
  const events = new Set<number>(prompts.map((p) => t0 + p.minute * MIN));
  let wake: number | null = null;
  for (let t = t0; t <= t0 + o.until * MIN; t += MIN) {
    for (const [i, p] of prompts.entries())
      if (t0 + p.minute * MIN === t) owed.push({ seat: p.seat, promptId: `p${i}`, at: t });
    if (!events.has(t) && wake !== t) continue;
    const plan = planDigest({
      owed,
      now: t,
      windowMs: o.windowMs,
      notBefore: o.notBefore,
      lastSent: (s) => lastSent.get(s) ?? null,
      open: (id) => {
        const p = prompts[Number(id.slice(1))]!;
        return p.answeredAt === undefined || t0 + p.answeredAt * MIN > t;
      },
    });
    for (const x of plan.send) {
      sent.push({ minute: (t - t0) / MIN, seat: x.seat, kind: x.kind, ids: x.promptIds });
      lastSent.set(x.seat, { at: t, prompts: x.promptIds });
    }
    owed = plan.keep;
    wake = plan.wakeAt;
  }
  return sent;
}

describe('digest instead of a flood', () => {
  it('three prompts in two minutes: one push at once, then one digest of the other two when the window closes', () => {
    const sent = simulate(
      [
        { seat: 1, minute: 0 },
        { seat: 1, minute: 1 },
        { seat: 1, minute: 2 },
      ],
      { until: 30 },
    );
    expect(sent).toEqual([
      { minute: 0, seat: 1, kind: 'prompt', ids: ['p0'] },
      { minute: 10, seat: 1, kind: 'digest', ids: ['p1', 'p2'] },
    ]);
  });

  it('a prompt for a seat that has answered what it was told goes out at once, even inside the window', () => {
    // The turn after a colour: the seat answered p0 at minute 1, so p1 at minute 2 is news, not a flood.
    const sent = simulate(
      [
        { seat: 0, minute: 0, answeredAt: 1 },
        { seat: 0, minute: 2, answeredAt: 3 },
        { seat: 0, minute: 4 },
      ],
      { until: 30 },
    );
    expect(sent.map((s) => [s.minute, s.kind, s.ids])).toEqual([
      [0, 'prompt', ['p0']],
      [2, 'prompt', ['p1']],
      [4, 'prompt', ['p2']],
    ]);
  });

  it('several prompts due together with none sent yet are one digest at once', () => {
    const sent = simulate(
      [
        { seat: 2, minute: 0 },
        { seat: 2, minute: 0 },
        { seat: 2, minute: 0 },
      ],
      { until: 30 },
    );
    expect(sent).toEqual([{ minute: 0, seat: 2, kind: 'digest', ids: ['p0', 'p1', 'p2'] }]);
  });

  it('a held prompt wakes the alarm when the window closes, per seat', () => {
    const plan = planDigest({
      owed: [
        { seat: 1, promptId: 'b', at: 5 },
        { seat: 2, promptId: 'd', at: 5 },
      ],
      lastSent: (s) => (s === 1 ? { at: 0, prompts: ['a'] } : { at: 3, prompts: ['c'] }),
      open: () => true,
      now: 6,
      windowMs: 100,
    });
    expect(plan.send).toEqual([]);
    expect(plan.keep.map((k) => [k.promptId, k.until])).toEqual([
      ['b', 100],
      ['d', 103],
    ]);
    expect(plan.wakeAt).toBe(100);
  });

  it('a prompt after a calm spell goes out at once', () => {
    const sent = simulate(
      [
        { seat: 2, minute: 0 },
        { seat: 2, minute: 25 },
      ],
      { until: 40 },
    );
    expect(sent.map((s) => [s.minute, s.kind])).toEqual([
      [0, 'prompt'],
      [25, 'prompt'],
    ]);
  });

  it('decisions answered while held are not announced; one still open is sent alone as a prompt', () => {
    const sent = simulate(
      [
        { seat: 1, minute: 0 },
        { seat: 1, minute: 1, answeredAt: 3 },
        { seat: 1, minute: 2 },
      ],
      { until: 30 },
    );
    expect(sent[1]).toEqual({ minute: 10, seat: 1, kind: 'prompt', ids: ['p2'] });
  });

  it('each seat has its own window', () => {
    const sent = simulate(
      [
        { seat: 0, minute: 0 },
        { seat: 3, minute: 1 },
        { seat: 0, minute: 2 },
      ],
      { until: 30 },
    );
    expect(sent.map((s) => [s.minute, s.seat, s.kind])).toEqual([
      [0, 0, 'prompt'],
      [1, 3, 'prompt'],
      [10, 0, 'prompt'],
    ]);
  });

  it('a seat in quiet hours gets nothing during them, then one digest of everything still waiting', () => {
    // Shanghai, quiet 23:00–08:00; t0 = 22:50 local. Four prompts arrive in the night.
    const t0 = Date.parse('2026-12-01T14:50:00Z');
    const q = { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' };
    const sent = simulate(
      [
        { seat: 4, minute: 20 },
        { seat: 4, minute: 95 },
        { seat: 4, minute: 300 },
        { seat: 4, minute: 420 },
      ],
      { t0, until: 700, notBefore: (_s, now) => notifyAt(q, now) },
    );
    expect(sent).toEqual([{ minute: 550, seat: 4, kind: 'digest', ids: ['p0', 'p1', 'p2', 'p3'] }]); // 08:00 local
  });

  it('the digest names how many decisions wait, in each language, and the earliest deadline', () => {
    expect(digestText('zh-CN', 3, '三国杀')).toEqual({
      title: '3 个决定等你 — 三国杀',
      body: '牌桌在等你做 3 个决定。',
    });
    expect(digestText('zh-TW', 2, '驅鬼').title).toBe('2 個決定等你 — 驅鬼');
    expect(digestText('en', 3, 'Sanguosha', { deadline: 5 * 3_600_000, now: 0 })).toEqual({
      title: '3 decisions wait — Sanguosha',
      body: 'The table is waiting on 3 decisions from you. · the first has 5 h left',
    });
  });

  it('a digest carries the earliest deadline of its decisions', () => {
    const plan = planDigest({
      owed: [
        { seat: 1, promptId: 'a', at: 0, deadline: 900 },
        { seat: 1, promptId: 'b', at: 1, deadline: 500 },
        { seat: 1, promptId: 'b', at: 1, deadline: 500 },
      ],
      lastSent: () => null,
      open: () => true,
      now: 10,
    });
    expect(plan.send).toEqual([{ seat: 1, kind: 'digest', promptIds: ['a', 'b'], deadline: 500 }]);
    expect(plan.wakeAt).toBeNull();
  });
});

describe('when the table channel posts “waiting on …”', () => {
  const t0 = 1_000_000_000_000;
  it('not during a quick exchange: only once the table has waited on the same seats for five minutes', () => {
    expect(planChannel({ waiting: [2], since: t0, last: null, now: t0 + 60_000 })).toEqual({ wakeAt: t0 + 5 * MIN });
    expect(planChannel({ waiting: [2], since: t0, last: null, now: t0 + 5 * MIN })).toEqual({ post: [2] });
  });
  it('not twice for the same seats, and at most once per half hour', () => {
    const last = { seats: [2], at: t0 };
    expect(planChannel({ waiting: [2], since: t0 - 10 * MIN, last, now: t0 + 60 * MIN })).toBeNull();
    expect(planChannel({ waiting: [1, 3], since: t0 + MIN, last, now: t0 + 10 * MIN })).toEqual({
      wakeAt: t0 + 30 * MIN,
    });
    expect(planChannel({ waiting: [3, 1], since: t0 + MIN, last, now: t0 + 30 * MIN })).toEqual({ post: [1, 3] });
  });
  it('nothing when nobody is waited on', () => {
    expect(planChannel({ waiting: [], since: t0, last: null, now: t0 + DAY_MS })).toBeNull();
  });
});
