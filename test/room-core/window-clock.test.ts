import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewFor, waitingSeats, type Json } from '../../worker/engine';
import sanguosha from '../../worker/games/sanguosha';
import type { Role } from '../../worker/games/sanguosha/types';
import {
  expiredClock,
  extendClocks,
  publicDeadline,
  replanClocks,
  syncClocks,
  windowSeats,
  type QuietHours,
} from '../../worker/room/clocks';
import { decideMove, type Seat, type Table } from '../../worker/room/core';
import { NO_SEAT_SETTINGS, type Meta } from '../../worker/room/core';
import { table } from '../games/sanguosha/table';

/**
 * Issue 26 point 1: who is asked in a 无懈可击 window is hidden (with autoPass only the seats that could answer), so
 * nothing public about time may follow the asked seats' clocks. Seeded tables with random quiet hours, away times,
 * stand-ins and clock lengths; the same window opened twice with 无懈可击 dealt to different seats; every public
 * body (waiting list, deadline, the spectator's view, the moment the window's clocks run out) compared, also after
 * a host's per-seat extend and a seat's new quiet hours.
 */

const T0 = Date.UTC(2026, 2, 3, 21, 17);
const MIN = 60_000;
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Shanghai', 'Pacific/Auckland', 'America/St_Johns'];
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

const quiet = fc.option(
  fc
    .record({
      start: fc.integer({ min: 0, max: 23 }),
      len: fc.integer({ min: 1, max: 12 }),
      zone: fc.constantFrom(...ZONES),
    })
    .map((q): QuietHours => ({ start: hh(q.start), end: hh((q.start + q.len) % 24), zone: q.zone })),
  { nil: null },
);

const seatFacts = fc.record({
  quiet,
  awayHours: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
  standIn: fc.boolean(),
  bot: fc.boolean(),
});

const caseOf = fc
  .record({
    n: fc.integer({ min: 4, max: 8 }),
    seats: fc.array(seatFacts, { minLength: 8, maxLength: 8 }),
    minutes: fc.constantFrom(2, 30, 60, 12 * 60, 24 * 60),
    awayStandIn: fc.boolean(),
    holdersA: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    holdersB: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    extendSeat: fc.integer({ min: 0, max: 7 }),
    replanSeat: fc.integer({ min: 0, max: 7 }),
    newQuiet: quiet,
    // The rules' autoPass: off as the room runs them now (it passes itself, bots.ts), on as in games started before.
    rulesAutoPass: fc.boolean(),
  })
  // With the rules' autoPass, at least one human seat holds a 无懈可击 in each deal, so the window opens in both.
  .filter(
    (c) =>
      (!c.rulesAutoPass || [c.holdersA, c.holdersB].every((h) => h.some((x, i) => x && i < c.n && !c.seats[i]!.bot))) &&
      !c.seats[0]!.bot &&
      // The deck holds seven 无懈可击.
      [c.holdersA, c.holdersB].every((h) => h.slice(0, c.n).filter(Boolean).length <= 6),
  );

type Case = typeof caseOf extends fc.Arbitrary<infer C> ? C : never;

/** Four seats, 30-minute clocks: seat 0 awake, seats 1–3 asleep from 20:00 to 08:00 UTC (it is 21:17). */
const SLEEPERS: Case = {
  n: 4,
  seats: [...Array(8)].map((_, i) => ({
    quiet: i === 0 ? null : { start: '20:00', end: '08:00', zone: 'UTC' },
    awayHours: null,
    standIn: false,
    bot: false,
  })),
  minutes: 30,
  awayStandIn: false,
  holdersA: [true, false, false, false, false, false, false, false],
  holdersB: [false, true, false, false, false, false, false, false],
  extendSeat: 0,
  replanSeat: 0,
  newQuiet: null,
  rulesAutoPass: true,
};

/** Seat 0 plays 无中生有 with `holders` each holding a 无懈可击 (everyone else a 闪): the table as the core sees it then. */
function windowOpened(c: Case, holders: boolean[]): Table {
  const roles: Role[] = (
    ['lord', 'rebel', 'loyalist', 'traitor', 'rebel', 'rebel', 'loyalist', 'rebel'] as Role[]
  ).slice(0, c.n);
  const hands: Record<number, string[]> = {};
  for (let i = 0; i < c.n; i++) hands[i] = [holders[i] ? 'nullification' : 'jink'];
  hands[0]!.push('ex_nihilo');
  const t = table({ roles, hands, options: { autoPass: c.rulesAutoPass } });
  const seats: Seat[] = [...Array(c.n).keys()].map((i) => {
    const x = c.seats[i]!;
    return {
      seat: i,
      name: null,
      tokenHash: null,
      bot: i > 0 && x.bot,
      standIn: x.standIn && !(i > 0 && x.bot),
      expiries: 0,
      settings: {
        ...NO_SEAT_SETTINGS,
        quiet: x.quiet,
        awayUntil: x.awayHours === null ? null : T0 + x.awayHours * 3_600_000,
      },
    };
  });
  const meta: Meta = {
    id: 'g',
    game: 'sanguosha',
    seats: c.n,
    options: t.s.options as Record<string, Json>,
    deadlineMinutes: c.minutes,
    createdAt: new Date(T0).toISOString(),
    origin: 'https://teahouse.test',
    adminHash: '',
    seed: 'w',
    status: 'playing',
    paused: false,
    version: 5,
    gameVersion: 5,
    clocks: [],
    host: { title: null, quietCapMinutes: null, awayStandIn: c.awayStandIn, channel: null },
  };
  const before: Table = { def: sanguosha, meta, state: t.s, seats, looking: new Set(), now: T0 - MIN };
  syncClocks(before, t.s, meta);
  const card = t.g.players[0]!.hand.find((id) => sanguosha.card[id]!.key === 'ex_nihilo')!;
  const play = t.prompt(0);
  const ch = decideMove(
    { ...before, now: T0 },
    0,
    { prompt: play.id, option: `use:${card}`, cards: [String(card)] },
    'player',
  );
  if ('code' in ch) throw new Error(ch.message);
  return { ...before, meta: ch.meta, state: ch.state!, now: T0 };
}

/** Everything a stranger reads of the table at this moment. */
function publicBody(t: Table) {
  const s = t.state!;
  const { view } = viewFor(t.def, s, null);
  return { waiting: waitingSeats(t.def, s), deadline: publicDeadline(t.meta.clocks), view };
}

/** Whether any clock ran out by `at` (the alarm would close a prompt then). */
const expiresBy = (t: Table, at: number) => expiredClock(t.meta, at) !== null;

describe('one clock for a 无懈可击 window (issue 26 point 1)', () => {
  it('every public body is the same whoever holds 无懈可击, whatever the seats quiet hours, away times and stand-ins', () => {
    fc.assert(
      fc.property(caseOf, (c) => {
        const [a, b] = [windowOpened(c, c.holdersA), windowOpened(c, c.holdersB)];
        // The window is open in both (someone was asked) and the asked seats differ in some cases.
        expect(a.state!.prompts.length).toBeGreaterThan(0);
        expect(b.state!.prompts.length).toBeGreaterThan(0);
        expect(publicBody(a)).toEqual(publicBody(b));
        const d = publicDeadline(a.meta.clocks)!;
        expect(expiresBy(a, d - 1)).toBe(false);
        expect(expiresBy(b, d - 1)).toBe(false);
        expect(expiresBy(a, d) && expiresBy(b, d)).toBe(true);

        // The host gives one seat more time: the window's clock moves the same whether that seat was asked.
        const window = windowSeats(sanguosha, a.state!);
        expect(window).toEqual(waitingSeats(sanguosha, a.state!));
        const extend = c.extendSeat % c.n;
        for (const x of [a, b]) extendClocks(x.meta, 30 * MIN, extend, window);
        expect(publicDeadline(a.meta.clocks)).toBe(publicDeadline(b.meta.clocks));

        // A seat sets new quiet hours an hour later: the window is re-planned the same.
        const seat = c.replanSeat % c.n;
        for (const x of [a, b]) {
          const seats = x.seats.map((f) =>
            f.seat === seat ? { ...f, settings: { ...f.settings, quiet: c.newQuiet } } : f,
          );
          replanClocks({ seats }, x.meta, T0 + 60 * MIN, window, [seat]);
        }
        expect(publicDeadline(a.meta.clocks)).toBe(publicDeadline(b.meta.clocks));
      }),
      { numRuns: 300, seed: 26 },
    );
  });

  it('a clock that runs out in a window writes no "time ran out" line and counts toward no stand-in, which would say the seat held something', () => {
    fc.assert(
      fc.property(caseOf, (c) => {
        const t = windowOpened({ ...c, awayStandIn: false }, c.holdersA);
        for (const p of t.state!.prompts) {
          if (t.seats[p.seat]!.standIn) continue;
          const ch = decideMove(t, p.seat, { prompt: p.id, option: 'pass' }, 'expired');
          if ('code' in ch) throw new Error(ch.message);
          expect(ch.lines.map((l) => l.msg.key)).not.toContain('room.log.timedOut');
          expect(ch.seat).toBeUndefined();
        }
      }),
      { numRuns: 50, seed: 27 },
    );
    // Seat 0 holds the only 无懈可击: its window prompt runs out without a line; its own play phase then writes one.
    const t = windowOpened(SLEEPERS, SLEEPERS.holdersA);
    const wuxie = t.state!.prompts.find((p) => p.seat === 0)!;
    const ch = decideMove(t, 0, { prompt: wuxie.id, option: 'pass' }, 'expired');
    if ('code' in ch) throw new Error(ch.message);
    expect(ch.lines.map((l) => l.msg.key)).not.toContain('room.log.timedOut');
    const after: Table = { ...t, meta: ch.meta, state: ch.state! };
    const play = after.state!.prompts.find((p) => p.kind === 'play')!;
    const out = decideMove(after, play.seat, { prompt: play.id, option: 'pass' }, 'expired');
    if ('code' in out) throw new Error(out.message);
    expect(out.lines[0]!.msg).toEqual({ key: 'room.log.timedOut', params: { seat: 0 } });
    expect(out.seat).toEqual({ seat: 0, expiries: 1, standIn: false });
  });

  it('a window asks only the seats that could answer (autoPass), so the clock it shows is not theirs alone', () => {
    // Seat 0 awake holds the only 无懈可击 in one deal, a sleeper in the other: the asked seats differ.
    const c = SLEEPERS;
    const [a, b] = [windowOpened(c, c.holdersA), windowOpened(c, c.holdersB)];
    expect(a.state!.prompts.map((p) => p.seat)).toEqual([0]);
    expect(b.state!.prompts.map((p) => p.seat)).toEqual([1]);
    // The sleepers' clock: 30 minutes from 08:00 the next morning.
    expect(publicDeadline(a.meta.clocks)).toBe(Date.UTC(2026, 2, 4, 8, 30));
    expect(publicDeadline(b.meta.clocks)).toBe(Date.UTC(2026, 2, 4, 8, 30));
  });
});
