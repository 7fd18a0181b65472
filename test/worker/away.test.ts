/**
 * Away mode in the room (issue 11 item 3): a seat away in a game whose host allows a stand-in is answered for at
 * once — through the same commit as a hand answer, with the public `room.log.botPlayed` line before the move's own
 * lines — and on its return its own page is shown exactly what was played for it, to it alone. Without the host's
 * leave the clock holds instead and nothing is answered.
 */
import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import type { Meta } from '../../worker/room/core';
import { botAnswer, botRng, createGame as newState, type Answer } from '../../worker/engine';
import { duel as duelDef } from '../fixtures/duel';
import {
  api,
  createGame,
  expectError,
  join,
  logOf,
  logRows,
  promptOf,
  room,
  runAlarm,
  setClock,
  sql,
  stateOf,
  type Table,
} from './helpers';

const DAY = 86_400_000;
const SEED = 'away-test-seed';
// Far ahead of the real clock, so the room's real alarm never fires by itself during a test.
const T0 = Date.parse('2031-03-03T10:00:00Z');

/** Let this room's instance honour the start body's seed (the e2e Worker's TEST_HOOKS var), so twins deal alike. */
async function enableHooks(id: string): Promise<void> {
  await runInDurableObject(room(id), (inst: unknown) => {
    (inst as { env: { TEST_HOOKS?: string } }).env.TEST_HOOKS = '1';
  });
}

async function meta(id: string): Promise<Meta> {
  const [row] = await sql<{ json: string }>(id, 'SELECT json FROM meta WHERE id = 1');
  return JSON.parse(row!.json) as Meta;
}

const moves = (id: string) =>
  sql<{ seat: number; by: string; answer: string }>(id, 'SELECT seat, by, answer FROM moves ORDER BY n');
const logEnd = async (id: string) => (await logRows(id)).length;

/**
 * A two-seat duel with a fixed deal. `clock` reads the shared time (it moves a second per reading, so the seats'
 * request budgets refill as in a real game). Seat 1 goes away for a day before the start when `away`; the host
 * allows a stand-in when `standIn`.
 */
async function duel(o: {
  away: boolean;
  standIn: boolean;
  clock: () => number;
  options?: Record<string, unknown>;
}): Promise<Table> {
  const { id, admin } = await createGame({
    seats: 2,
    deadline: { minutes: 10 },
    ...(o.options ? { options: o.options } : {}),
  });
  await setClock(id, o.clock);
  await enableHooks(id);
  const tokens = [(await join(id, 'A')).token, (await join(id, 'B')).token];
  if (o.standIn)
    expect((await api(`/games/${id}/admin/settings`, { token: admin, body: { awayStandIn: true } })).status).toBe(200);
  if (o.away)
    expect(
      (
        await api(`/games/${id}/me`, {
          method: 'PUT',
          token: tokens[1],
          body: { awayUntil: new Date(T0 + DAY).toISOString() },
        })
      ).status,
    ).toBe(200);
  expect((await api(`/games/${id}/start`, { token: admin, body: { seed: SEED } })).status).toBe(200);
  return { id, admin, tokens };
}

/** Send an answer for a seat with its current version. */
async function send(t: Table, seat: number, a: Answer) {
  const s = await stateOf(t.id, t.tokens[seat]);
  const r = await api(`/games/${t.id}/answers`, { token: t.tokens[seat], body: { version: s.version, answer: a } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Seat 0's moves in both games: colour, then pass the turn, then attack seat 1 with its first card. */
async function seat0Plays(t: Table, step: number): Promise<void> {
  const s = await stateOf(t.id, t.tokens[0]);
  const p = promptOf(s);
  if (step === 0) return send(t, 0, { prompt: p.id, option: 'blue' });
  if (step === 1) return send(t, 0, { prompt: p.id, option: 'pass' });
  const card = p.options.find((x) => x.id === 'attack')!.cards!.from[0]!;
  return send(t, 0, { prompt: p.id, option: 'attack', cards: [card], seats: [1] });
}

describe('away mode with a stand-in', () => {
  it('an away seat is answered at once by the stand-in: every view and the log are those of the same answers by hand, plus the public stand-in line', async () => {
    let now = T0;
    const clock = () => (now += 1000);
    const a = await duel({ away: true, standIn: true, clock });
    // The colour prompt opened at the start and the stand-in answered it at once (the default: red).
    expect((await moves(a.id)).map((m) => [m.seat, m.by, JSON.parse(m.answer).option])).toEqual([
      [1, 'stand-in', 'red'],
    ]);
    for (let step = 0; step < 3; step++) await seat0Plays(a, step);
    const standIns = (await moves(a.id)).filter((m) => m.seat === 1);
    expect(standIns.every((m) => m.by === 'stand-in')).toBe(true);
    // colour, its own turn (pass), the attack on it (take the hit)
    expect(standIns.length).toBe(3);
    // Seat 1 was never left waiting: nothing of it is open.
    expect((await stateOf(a.id, a.tokens[1])).prompts).toEqual([]);

    // The twin: the same deal, seat 1 present and answering by hand exactly what the stand-in answered.
    now = T0;
    const b = await duel({ away: false, standIn: false, clock });
    const answers = standIns.map((m) => JSON.parse(m.answer) as Answer);
    await send(b, 1, answers[0]!);
    await seat0Plays(b, 0);
    await seat0Plays(b, 1);
    await send(b, 1, answers[1]!);
    await seat0Plays(b, 2);
    await send(b, 1, answers[2]!);
    expect((await moves(b.id)).map((m) => [m.seat, m.answer])).toEqual(
      (await moves(a.id)).map((m) => [m.seat, m.answer]),
    );

    // Every seat's and a spectator's view and prompts are the same; the log is the same but for the lines.
    for (const k of [0, 1, null]) {
      const [sa, sb] = [
        await stateOf(a.id, k === null ? null : a.tokens[k]),
        await stateOf(b.id, k === null ? null : b.tokens[k]),
      ];
      expect(sa.view).toEqual(sb.view);
      expect(sa.prompts.map((p) => [p.id, p.kind, p.options])).toEqual(
        sb.prompts.map((p) => [p.id, p.kind, p.options]),
      );
      expect(sa.waiting).toEqual(sb.waiting);
    }
    const la = await logOf(a.id);
    const lb = await logOf(b.id);
    const strip = (l: typeof la) => l.map((e) => ({ to: e.to, msg: e.msg }));
    const line = { to: 'public', msg: { key: 'room.log.botPlayed', params: { seat: 1 } } };
    expect(strip(la).filter((e) => e.msg.key !== 'room.log.botPlayed')).toEqual(strip(lb));
    expect(strip(la).filter((e) => e.msg.key === 'room.log.botPlayed')).toEqual([line, line, line]);
  });

  it('without the host’s leave an away seat’s clock holds and nothing is answered for it; once allowed, the stand-in answers at once', async () => {
    let now = T0;
    const t = await duel({ away: true, standIn: false, clock: () => now });
    const c1 = (await meta(t.id)).clocks.find((c) => c.seat === 1)!;
    // Its 10-minute clock starts when it is back.
    expect(c1.deadlineAt).toBe(T0 + DAY + 10 * 60_000);
    now = T0 + 12 * 3_600_000;
    await setClock(t.id, () => now);
    await runAlarm(t.id);
    expect((await moves(t.id)).filter((m) => m.seat === 1)).toEqual([]);
    expect((await logOf(t.id)).some((e) => e.msg.key === 'room.log.botPlayed')).toBe(false);
    expect(promptOf(await stateOf(t.id, t.tokens[1])).kind).toBe('chooseColour');
    // The host allows a stand-in: the open prompt is answered at once, with the line.
    expect((await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: { awayStandIn: true } })).status).toBe(
      200,
    );
    expect((await moves(t.id)).filter((m) => m.seat === 1).map((m) => m.by)).toEqual(['stand-in']);
    expect((await logOf(t.id)).filter((e) => e.msg.key === 'room.log.botPlayed').map((e) => e.msg.params)).toEqual([
      { seat: 1 },
    ]);
  });

  it('when the host chose bots for absent players, the stand-in plays the bot’s answer (else the default)', async () => {
    let now = T0;
    const t = await duel({ away: true, standIn: true, clock: () => (now += 1000), options: { botsForAbsent: true } });
    const s0 = newState(duelDef, { seats: 2, seed: SEED, options: { botsForAbsent: true } });
    const p = s0.prompts.find((x) => x.seat === 1)!;
    const [m] = await moves(t.id);
    expect(m).toMatchObject({ seat: 1, by: 'stand-in' });
    const bot = botAnswer(duelDef, s0, p, botRng(s0, p));
    // The deal is chosen so that the bot's answer is not the default (red): the test tells them apart.
    expect(bot.option).toBe('blue');
    expect(JSON.parse(m!.answer)).toEqual(bot);
  });

  it('the seat’s return ends the stand-in: after its away time passes, and when it clears it early', async () => {
    let now = T0;
    const t = await duel({ away: true, standIn: true, clock: () => (now += 1000) });
    await seat0Plays(t, 0);
    await seat0Plays(t, 1); // seat 1's turn: the stand-in passes it
    expect((await moves(t.id)).filter((m) => m.seat === 1).length).toBe(2);
    now = T0 + DAY + 1000; // back
    await seat0Plays(t, 2); // seat 1 is attacked: now it is asked
    expect(promptOf(await stateOf(t.id, t.tokens[1])).kind).toBe('respond');
    await runAlarm(t.id);
    expect((await moves(t.id)).filter((m) => m.seat === 1).length).toBe(2);

    let later = T0;
    const u = await duel({ away: true, standIn: true, clock: () => (later += 1000) });
    expect(
      (await api(`/games/${u.id}/me`, { method: 'PUT', token: u.tokens[1], body: { awayUntil: null } })).status,
    ).toBe(200);
    await seat0Plays(u, 0);
    await seat0Plays(u, 1);
    expect(promptOf(await stateOf(u.id, u.tokens[1])).kind).toBe('play');
    expect((await moves(u.id)).filter((m) => m.seat === 1).map((m) => m.by)).toEqual(['stand-in']);
  });
});

describe('hand-back', () => {
  it('on return the seat is shown exactly the lines of the stand-in’s moves, in its own view; nobody else is shown anything', async () => {
    let now = T0;
    const clock = () => (now += 1000);
    const ends: [number, number][] = [];
    const { id, admin } = await createGame({ seats: 2, deadline: { minutes: 10 } });
    await setClock(id, clock);
    const tokens = [(await join(id, 'A')).token, (await join(id, 'B')).token];
    const t: Table = { id, admin, tokens };
    await api(`/games/${id}/admin/settings`, { token: admin, body: { awayStandIn: true } });
    await api(`/games/${id}/me`, {
      method: 'PUT',
      token: tokens[1],
      body: { awayUntil: new Date(T0 + DAY).toISOString() },
    });
    // Each request: [log end before, log end after]; the stand-in's moves run from its line to the request's end.
    const step = async (f: () => Promise<unknown>) => {
      const from = await logEnd(id);
      await f();
      ends.push([from, await logEnd(id)]);
    };
    await step(() => api(`/games/${id}/start`, { token: admin, body: {} }));
    for (let k = 0; k < 3; k++) await step(() => seat0Plays(t, k));
    // Still away: nothing to hand back yet.
    expect((await api(`/games/${id}/me`, { token: tokens[1] })).body.handback).toBeNull();

    const log = await logOf(id);
    const expected: { i: number; msg: unknown }[] = [];
    for (const [from, to] of ends) {
      const start = log.findIndex((e) => e.i >= from && e.i < to && e.msg.key === 'room.log.botPlayed');
      if (start < 0) continue;
      for (const e of log.filter((x) => x.i >= log[start]!.i && x.i < to))
        if (e.to === 'public' || e.to.includes(1)) expected.push({ i: e.i, msg: e.msg });
    }
    // Seat 0's own moves (its colour, its draw) are not in it; seat 1's private draw is.
    expect(expected.some((e) => (e.msg as { key: string }).key === 'duel.youDrew')).toBe(true);
    expect(expected.length).toBeLessThan(log.length);

    now = T0 + DAY + 60_000;
    const me1 = await api(`/games/${id}/me`, { token: tokens[1] });
    expect(me1.status).toBe(200);
    expect(me1.body.handback.lines.map((l: { i: number; msg: unknown }) => ({ i: l.i, msg: l.msg }))).toEqual(expected);
    expect(me1.body.handback.total).toBe(expected.length);
    // Seat 0 has nothing handed back, a spectator has no /me, and no state body carries the hand-back.
    expect((await api(`/games/${id}/me`, { token: tokens[0] })).body.handback).toBeNull();
    expectError(await api(`/games/${id}/me`), 401, 'unauthorized');
    const drawn = expected.find((e) => (e.msg as { key: string }).key === 'duel.youDrew')!;
    for (const token of [tokens[0], null]) {
      const body = await stateOf(id, token);
      expect(JSON.stringify(body)).not.toContain('handback');
      expect(body.log.some((l) => l.i === drawn.i)).toBe(false);
    }
    expect(me1.body.handback.lines.some((l: { i: number }) => l.i === drawn.i)).toBe(true);

    // Dismissed, it is gone; only null dismisses.
    expectError(
      await api(`/games/${id}/me`, { method: 'PUT', token: tokens[1], body: { handback: 1 } }),
      400,
      'bad_request',
    );
    expect((await api(`/games/${id}/me`, { method: 'PUT', token: tokens[1], body: { handback: null } })).status).toBe(
      200,
    );
    expect((await api(`/games/${id}/me`, { token: tokens[1] })).body.handback).toBeNull();
  });
});
