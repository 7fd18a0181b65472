import { describe, expect, it } from 'vitest';
import { defaultAnswer, startGame, type GameState } from '../../worker/engine';
import {
  expiredClock,
  extendClocks,
  freezeClocks,
  reminderOffsets,
  STAND_IN_GRACE_MS,
  syncClocks,
  thawClocks,
} from '../../worker/room/clocks';
import {
  checkAnswer,
  decideExpiry,
  decideHost,
  decideMove,
  decideReplace,
  decideReturn,
  decideSettings,
  decideStart,
  dueReminders,
  type Change,
  type Refusal,
  type Seat,
  type Table,
} from '../../worker/room/core';
import { LIMITS, NO_SEAT_SETTINGS, type Meta } from '../../worker/room/core';
import { duel } from '../fixtures/duel';

/** The room's pure core in plain Node: what an event changes, decided as data, with no SQLite, socket or alarm. */

const T0 = Date.UTC(2026, 0, 1, 12);
const HOUR = 3_600_000;

const seat = (n: number, o: Partial<Seat> = {}): Seat => ({
  seat: n,
  name: null,
  tokenHash: null,
  bot: false,
  standIn: false,
  expiries: 0,
  settings: NO_SEAT_SETTINGS,
  ...o,
});

/** A three-seat duel just started: every seat is asked its colour at once, each prompt with its clock. */
function started(o: { seats?: Seat[]; looking?: number[]; deadlineMinutes?: number } = {}): Table {
  const { state } = startGame(duel, { seats: 3, seed: 'core', options: {} });
  const meta: Meta = {
    id: 'g',
    game: 'duel',
    seats: 3,
    options: {},
    deadlineMinutes: o.deadlineMinutes ?? 24 * 60,
    createdAt: new Date(T0).toISOString(),
    origin: 'https://teahouse.test',
    adminHash: '',
    seed: 'core',
    status: 'playing',
    paused: false,
    version: 2,
    gameVersion: 2,
    clocks: [],
  };
  const t: Table = {
    def: duel,
    meta,
    state,
    seats: o.seats ?? [seat(0), seat(1), seat(2)],
    looking: new Set(o.looking ?? []),
    now: T0,
  };
  syncClocks(t, state, meta);
  return t;
}

const promptOf = (s: GameState<any>, n: number) => s.prompts.find((p) => p.seat === n)!;
const pick = (t: Table, n: number, colour = 'red') => ({ prompt: promptOf(t.state!, n).id, option: colour });

/** The table after a change was carried out (what the adapters do: hold the new meta, state and seat row). */
function after(t: Table, c: Change, now = t.now): Table {
  const seats = c.seat
    ? t.seats.map((x) => (x.seat === c.seat!.seat ? { ...x, expiries: c.seat!.expiries, standIn: c.seat!.standIn } : x))
    : t.seats;
  return { ...t, meta: c.meta, state: c.state ?? t.state, seats, now };
}

function move(
  t: Table,
  n: number,
  answer: { prompt: string; option: string },
  by: Parameters<typeof decideMove>[3] = 'player',
): Change {
  const c = decideMove(t, n, answer, by);
  if (!('meta' in c)) throw new Error(`refused: ${c.code} ${c.message}`);
  return c;
}

describe('the fixed order of an answer, before apply', () => {
  it('a game that is not running refuses every answer: not started, over, or paused', () => {
    const t = started();
    for (const [status, paused, message] of [
      ['lobby', false, 'the game has not started'],
      ['finished', false, 'the game is over'],
      ['playing', true, 'the game is paused'],
    ] as const)
      expect(checkAnswer({ ...t, meta: { ...t.meta, status, paused } }, 0, t.meta.version, pick(t, 0))).toEqual({
        code: 'conflict',
        message,
      });
  });

  it("another seat's open prompt is refused exactly like a prompt that does not exist", () => {
    const t = started();
    const other = checkAnswer(t, 0, t.meta.version, pick(t, 1));
    const none = checkAnswer(t, 0, t.meta.version, { prompt: 'no-such-prompt', option: 'red' });
    expect(other).toEqual({ code: 'not_your_prompt', message: 'no open prompt with this id is addressed to you' });
    expect(other).toEqual(none);
  });

  it('an answer made before the last game change is stale, unless its prompt was already open then and still is', () => {
    let t = started();
    const v = t.meta.version;
    t = after(t, move(t, 0, pick(t, 0)));
    // Seat 1's prompt opened before seat 0 answered: its answer made at the old version still answers it.
    expect(checkAnswer(t, 1, v, pick(t, 1))).toBeNull();
    // An answer from before the prompt existed is stale, and so is one from a version the room never had.
    expect(checkAnswer(t, 1, v - 1, pick(t, 1))).toMatchObject({ code: 'stale', stale: true });
    expect(checkAnswer(t, 1, t.meta.version + 1, pick(t, 1))).toMatchObject({ code: 'stale', stale: true });
    // A closed prompt at a stale version: the client is behind, not wrong.
    expect(checkAnswer(t, 0, v - 1, { prompt: 'gone', option: 'red' })).toMatchObject({ code: 'stale' });
  });
});

describe('an answer decided as data', () => {
  it('carries the move row, the new state, its log lines and one version step; the table before is left as it was', () => {
    const t = started();
    const before = structuredClone({ meta: t.meta, state: t.state });
    const c = move(t, 0, pick(t, 0));
    expect(c.move).toEqual({ seat: 0, answer: pick(t, 0), by: 'player', at: new Date(T0).toISOString() });
    expect(c.state!.step).toBe(t.state!.step + 1);
    expect(c.meta.version).toBe(t.meta.version + 1);
    expect(c.meta.gameVersion).toBe(c.meta.version);
    expect(c.closed).toEqual([promptOf(t.state!, 0).id]);
    expect(c.meta.clocks.map((x) => x.seat)).toEqual([1, 2]);
    expect({ meta: t.meta, state: t.state }).toEqual(before);
  });

  it('the rules refusing an answer changes nothing and says why', () => {
    const t = started();
    expect(decideMove(t, 0, { prompt: promptOf(t.state!, 0).id, option: 'green' }, 'player')).toMatchObject({
      code: 'illegal',
    });
  });

  it('a move made for an absent seat starts with the public room line, counts toward the stand-in, and tells the seat when it is not looking', () => {
    let t = started();
    const p = promptOf(t.state!, 1);
    const c = move(t, 1, defaultAnswer(duel, t.state!, p), 'expired');
    expect(c.lines[0]).toEqual({
      at: t.state!.step,
      to: 'public',
      msg: { key: 'room.log.timedOut', params: { seat: 1 } },
    });
    expect(c.seat).toEqual({ seat: 1, expiries: 1, standIn: false });
    expect(c.notices).toContainEqual({ seat: 1, kind: 'expired', about: { message: p.message }, prompt: null });
    // Looking at the table, the seat sees it happen: no notification.
    t = { ...t, looking: new Set([1]) };
    expect(move(t, 1, defaultAnswer(duel, t.state!, p), 'expired').notices.filter((n) => n.kind === 'expired')).toEqual(
      [],
    );
  });

  it(`after ${LIMITS.expiriesToStandIn} expiries in a row the seat gets a stand-in, and its own answer hands it back`, () => {
    const t = started({ seats: [seat(0), seat(1, { expiries: LIMITS.expiriesToStandIn - 1 }), seat(2)] });
    expect(move(t, 1, defaultAnswer(duel, t.state!, promptOf(t.state!, 1)), 'expired').seat).toEqual({
      seat: 1,
      expiries: LIMITS.expiriesToStandIn,
      standIn: true,
    });
    const back = { ...t, seats: [seat(0), seat(1, { expiries: 3, standIn: true }), seat(2)] };
    expect(move(back, 1, pick(back, 1)).seat).toEqual({ seat: 1, expiries: 0, standIn: false });
    // An ordinary answer writes no seat row.
    expect(move(t, 0, pick(t, 0)).seat).toBeUndefined();
  });
});

describe('clocks as data', () => {
  it('a new prompt gets a clock with its reminders and one notification per seat that is not looking', () => {
    const t = started({ looking: [2] });
    const m = structuredClone(t.meta);
    m.clocks = [];
    const { notices } = syncClocks(t, t.state!, m);
    expect(m.clocks.map((c) => [c.seat, c.deadlineAt, c.reminders])).toEqual(
      [0, 1, 2].map((n) => [n, T0 + 24 * HOUR, reminderOffsets(24 * HOUR)]),
    );
    expect(notices.map((n) => [n.seat, n.kind])).toEqual([
      [0, 'prompt'],
      [1, 'prompt'],
    ]);
  });

  it('a bot seat has no clock', () => {
    const t = started({ seats: [seat(0), seat(1, { bot: true }), seat(2)] });
    expect(t.meta.clocks.map((c) => c.seat)).toEqual([0, 2]);
  });

  it('pause keeps what is left of each clock and resume gives back exactly that time; extend adds to it', () => {
    const t = started();
    const m = structuredClone(t.meta);
    freezeClocks(m, T0 + HOUR);
    expect(m.clocks.every((c) => c.deadlineAt === null && c.remainingMs === 23 * HOUR)).toBe(true);
    // Outside a window seat 1's clock alone moves; in a window of all three, the window's one clock.
    extendClocks(m, HOUR, 1, []);
    thawClocks(m, T0 + 10 * HOUR);
    expect(m.clocks.map((c) => c.deadlineAt)).toEqual([T0 + 33 * HOUR, T0 + 34 * HOUR, T0 + 33 * HOUR]);
    extendClocks(m, HOUR, 1, [0, 1, 2]);
    expect(m.clocks.map((c) => c.deadlineAt)).toEqual([T0 + 34 * HOUR, T0 + 35 * HOUR, T0 + 34 * HOUR]);
  });

  it('a due reminder is struck from its clock when queued, so the same alarm delivered twice queues it once', () => {
    const t = started();
    const at = { ...t, now: T0 + 12 * HOUR };
    const first = dueReminders(at)!;
    expect(first.notices.map((n) => [n.seat, n.kind])).toEqual([
      [0, 'reminder'],
      [1, 'reminder'],
      [2, 'reminder'],
    ]);
    expect(dueReminders({ ...at, meta: first.meta })).toBeNull();
  });

  it('the clock that ran out first is the one the alarm expires; none before its deadline, none while paused', () => {
    const t = started();
    const m = structuredClone(t.meta);
    m.clocks[2]!.deadlineAt = T0 + HOUR;
    expect(expiredClock(m, T0 + HOUR - 1)).toBeNull();
    expect(expiredClock(m, T0 + 30 * HOUR)!.seat).toBe(2);
    expect(expiredClock({ ...m, paused: true }, T0 + 30 * HOUR)).toBeNull();
  });
});

/** A change the core decided, or the test fails with its refusal. */
function decided(c: Change | Refusal): Change {
  if (!('meta' in c)) throw new Error(`refused: ${c.code} ${c.message}`);
  return c;
}

describe('the deal decided as data', () => {
  /** The same table in the lobby: no state, no seed, no clocks. */
  const lobby = (o: Parameters<typeof started>[0] = {}): Table => {
    const t = started(o);
    return {
      ...t,
      state: null,
      meta: { ...t.meta, status: 'lobby', seed: null, version: 1, gameVersion: 1, clocks: [] },
    };
  };

  it('the start deals from the seed, gives the free seats to bots and opens clocks for the people only', () => {
    const c = decided(decideStart(lobby({ looking: [0] }), 'core', [2]));
    expect(c.state).toEqual(startGame(duel, { seats: 3, seed: 'core', options: {} }).state);
    expect(c.bots).toEqual([2]);
    expect(c.lines.length).toBeGreaterThan(0);
    expect(c.meta).toMatchObject({ seed: 'core', status: 'playing', version: 2, gameVersion: 2 });
    expect(c.meta.clocks.map((x) => x.seat)).toEqual([0, 1]);
    // Seat 0 is looking at the table: only seat 1 is told.
    expect(c.notices.map((n) => [n.seat, n.kind])).toEqual([[1, 'prompt']]);
  });

  it('a setup that throws is refused and changes nothing', () => {
    const broken = {
      ...duel,
      setup: () => {
        throw new Error('no deck');
      },
    };
    expect(decideStart({ ...lobby(), def: broken }, 'core', [])).toEqual({
      code: 'internal',
      message: 'the game could not be set up',
    });
  });
});

describe("the host's controls decided as data", () => {
  it('only a running game is paused, once; only a paused game resumes, with the time each clock had left', () => {
    const t = started();
    expect(decideHost({ ...t, meta: { ...t.meta, status: 'lobby' } }, { kind: 'pause' })).toMatchObject({
      code: 'conflict',
      message: 'only a running game can be paused',
    });
    expect(decideHost(t, { kind: 'resume' })).toMatchObject({ code: 'conflict', message: 'the game is not paused' });
    const paused = decided(decideHost({ ...t, now: T0 + HOUR }, { kind: 'pause' }));
    expect(paused.meta).toMatchObject({ paused: true, version: t.meta.version + 1 });
    expect(paused.meta.clocks.every((c) => c.deadlineAt === null && c.remainingMs === 23 * HOUR)).toBe(true);
    const p = after(t, paused, T0 + 5 * HOUR);
    expect(decideHost(p, { kind: 'pause' })).toMatchObject({ message: 'the game is already paused' });
    const resumed = decided(decideHost(p, { kind: 'resume' }));
    expect(resumed.meta.paused).toBe(false);
    expect(resumed.meta.clocks.map((c) => c.deadlineAt)).toEqual([0, 1, 2].map(() => T0 + 28 * HOUR));
    // Neither touches the game: no state, no line.
    expect([paused.state, resumed.state, paused.lines, resumed.lines]).toEqual([undefined, undefined, [], []]);
  });

  it("more time moves one seat's clock, or every clock; a game not running has no deadlines", () => {
    const t = started();
    const one = decided(decideHost(t, { kind: 'extend', ms: HOUR, seat: 1 }));
    expect(one.meta.clocks.map((c) => c.deadlineAt)).toEqual([T0 + 24 * HOUR, T0 + 25 * HOUR, T0 + 24 * HOUR]);
    const all = decided(decideHost(t, { kind: 'extend', ms: HOUR, seat: null }));
    expect(all.meta.clocks.map((c) => c.deadlineAt)).toEqual([0, 1, 2].map(() => T0 + 25 * HOUR));
    expect(
      decideHost({ ...t, meta: { ...t.meta, status: 'finished' } }, { kind: 'extend', ms: HOUR, seat: null }),
    ).toEqual({ code: 'conflict', message: 'only a running game has deadlines' });
  });

  it('the end leaves no prompt and no clock, sets the outcome, and drops every pending prompt notification', () => {
    const t = started();
    const c = decided(decideHost(t, { kind: 'end' }));
    expect(c.state).toMatchObject({
      prompts: [],
      stack: [],
      outcome: { winners: [], reason: { key: 'common.endedByHost' } },
    });
    expect(c.meta).toMatchObject({ status: 'finished', clocks: [], version: t.meta.version + 1 });
    expect(c.meta.gameVersion).toBe(c.meta.version);
    expect(c.closed.sort()).toEqual(t.state!.prompts.map((p) => p.id).sort());
    expect(decideHost(after(t, c), { kind: 'end' })).toEqual({ code: 'conflict', message: 'the game is already over' });
  });

  it("the host's settings re-plan the clocks under a new cap on quiet time, and a new channel forgets the old one's failure", () => {
    const quiet = { start: '00:00', end: '08:00', zone: 'UTC' };
    const t = started({ seats: [seat(0, { settings: { ...NO_SEAT_SETTINGS, quiet } }), seat(1), seat(2)] });
    // Opened at 12:00 UTC, a 24-hour clock sleeps 8 hours of the night: it ends at 20:00 the next day.
    expect(t.meta.clocks[0]!.deadlineAt).toBe(T0 + 32 * HOUR);
    const failed = { at: 'x', event: 'start' as const, error: 'HTTP 404' };
    const channel = (url: string) => ({ url, format: 'json' as const, lang: 'en' as const });
    const host = { title: null, quietCapMinutes: 60, awayStandIn: false, channel: channel('https://b.example') };
    const meta = { ...t.meta, host: { ...host, quietCapMinutes: null, channel: channel('https://a.example') } };
    const c = decided(decideHost({ ...t, meta: { ...meta, channel: { failed } } }, { kind: 'settings', host }));
    expect(c.meta.host).toEqual(host);
    expect(c.meta.channel?.failed).toBeNull();
    // The same channel keeps its failure for the host to read.
    const same = decided(
      decideHost({ ...t, meta: { ...meta, channel: { failed } } }, { kind: 'settings', host: meta.host }),
    );
    expect(same.meta.channel?.failed).toEqual(failed);
    expect(c.meta.clocks.map((x) => x.deadlineAt)).toEqual([T0 + 25 * HOUR, T0 + 24 * HOUR, T0 + 24 * HOUR]);
    expect(c.meta.version).toBe(t.meta.version + 1);
  });

  it("a seat given to a bot loses its clock and its digest window; given to an invite, it keeps its clock without the old orders' moment", () => {
    const t = started();
    t.meta.lastSent = [
      { seat: 1, at: T0, prompts: [] },
      { seat: 2, at: T0, prompts: [] },
    ];
    t.meta.clocks[1]!.orderAt = T0 + HOUR;
    const bot = decided(decideReplace(t, 1, 'Bot 2', null));
    expect(bot.replace).toEqual({ seat: 1, name: 'Bot 2', tokenHash: null });
    expect(bot.meta.clocks.map((c) => c.seat)).toEqual([0, 2]);
    expect(bot.closed).toEqual([promptOf(t.state!, 1).id]);
    expect(bot.meta.lastSent).toEqual([{ seat: 2, at: T0, prompts: [] }]);
    const invite = decided(decideReplace(t, 1, 'Newcomer', 'hash'));
    expect(invite.meta.clocks.map((c) => c.seat)).toEqual([0, 1, 2]);
    expect(invite.meta.clocks[1]!.orderAt).toBeUndefined();
    expect(decideReplace({ ...t, meta: { ...t.meta, status: 'finished' } }, 1, 'x', null)).toEqual({
      code: 'conflict',
      message: 'the game is over',
    });
  });
});

describe("a seat's own settings and its return decided as data", () => {
  it("going away holds the seat's clock until it is back and is public (the version moves); quiet hours alone are not", () => {
    const t = started();
    const away = decided(decideSettings(t, 1, { ...NO_SEAT_SETTINGS, awayUntil: T0 + 48 * HOUR }));
    expect(away.settings).toEqual({ seat: 1, settings: { ...NO_SEAT_SETTINGS, awayUntil: T0 + 48 * HOUR } });
    expect(away.meta.clocks.map((c) => c.deadlineAt)).toEqual([T0 + 24 * HOUR, T0 + 72 * HOUR, T0 + 24 * HOUR]);
    expect(away.meta.version).toBe(t.meta.version + 1);
    const quiet = decideSettings(t, 1, { ...NO_SEAT_SETTINGS, quiet: { start: '00:00', end: '08:00', zone: 'UTC' } });
    expect(quiet.meta.clocks[1]!.deadlineAt).toBe(T0 + 32 * HOUR);
    expect(quiet.meta.version).toBe(t.meta.version);
  });

  it('a player back at the table takes its seat from the stand-in: a whole clock again, one version step', () => {
    const t = started({ seats: [seat(0), seat(1, { standIn: true, expiries: 3 }), seat(2)] });
    expect(t.meta.clocks[1]!.remainingMs).toBe(STAND_IN_GRACE_MS);
    const c = decideReturn(t, 1);
    expect(c.seat).toEqual({ seat: 1, expiries: 0, standIn: false });
    expect(c.meta.clocks[1]).toMatchObject({ standIn: false, remainingMs: 24 * HOUR, deadlineAt: T0 + 24 * HOUR });
    expect(c.meta.version).toBe(t.meta.version + 1);
  });
});

describe("the alarm's expiry decided as data", () => {
  it('a clock run out answers its prompt with the default, or the bot when the host chose bots for absent players', () => {
    const t = { ...started(), now: T0 + 24 * HOUR };
    const due = expiredClock(t.meta, t.now)!;
    const p = promptOf(t.state!, due.seat);
    const c = decideExpiry(t, due);
    expect(c.move).toMatchObject({ seat: due.seat, by: 'expired', answer: defaultAnswer(duel, t.state!, p) });
    const bots = decideExpiry({ ...t, meta: { ...t.meta, options: { botsForAbsent: true } } }, due);
    expect(bots.move?.by).toBe('absent-bot');
  });

  it('a clock whose prompt is gone is dropped without a move, so the alarm does not spin on it', () => {
    const t = { ...started(), now: T0 + 24 * HOUR };
    const due = { ...expiredClock(t.meta, t.now)!, prompt: 'gone' };
    const c = decideExpiry({ ...t, meta: { ...t.meta, clocks: [...t.meta.clocks, due] } }, due);
    expect(c.move).toBeUndefined();
    expect(c.meta.clocks.map((x) => x.prompt)).toEqual(t.meta.clocks.map((x) => x.prompt));
    expect(c.meta.version).toBe(t.meta.version);
  });
});
