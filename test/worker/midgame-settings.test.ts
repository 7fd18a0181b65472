/**
 * The room reads each seat's settings (standing orders, quiet hours, away) from the seat rows it holds
 * (`Seats.reload`). These tests change each setting in the middle of a game and show that the very next prompt is
 * handled under the new setting — and that a change that fails leaves the held rows as storage is.
 */
import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, defaultAnswer, type Answer, type Prompt, type SeatOrder } from '../../worker/engine';
import sanguosha from '../../worker/games/sanguosha';
import { answer as orderAnswer } from '../../worker/games/sanguosha/orders';
import type { S } from '../../worker/games/sanguosha/types';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { Meta } from '../../worker/room/core';
import { api, createGame, join, promptOf, room, setClock, sql, stateOf, table, type Table } from './helpers';

const ORDERS: SeatOrder[] = [
  'jinkSlash',
  'jinkArchery',
  'slashSavage',
  'eightDiagram',
  'wuxieNever',
  'rescueSelf',
  'rescueOthers',
  'graceBest',
].map((id) => ({ id }));
const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

function person(s: S, p: Prompt): Answer {
  try {
    return botAnswer(sanguosha, s, p, botRng(s, p));
  } catch {
    return defaultAnswer(sanguosha, s, p);
  }
}

async function inside(id: string): Promise<{ s: S; m: Meta }> {
  return runInDurableObject(room(id), (inst: GameRoom) => {
    inst.store.load();
    return { s: JSON.parse(JSON.stringify(inst.store.game)) as S, m: JSON.parse(JSON.stringify(inst.store.m)) as Meta };
  });
}

const moves = (id: string) => sql<{ seat: number; by: string }>(id, 'SELECT seat, by FROM moves ORDER BY n');

/**
 * Answer by hand, as the bot would, until `done` holds or `n` answers were sent (or the game ended); the clock
 * moves 2 s per answer. Returns what the room holds then.
 */
async function play(
  t: Table,
  clock: { now: number },
  n: number,
  done: (x: { s: S; m: Meta }) => boolean = () => false,
): Promise<{ s: S; m: Meta }> {
  for (let k = 0; ; k++) {
    const x = await inside(t.id);
    if (k >= n || done(x) || x.s.outcome) return x;
    clock.now += 2000;
    const p = x.s.prompts[0]!;
    const r = await api(`/games/${t.id}/answers`, {
      token: t.tokens[p.seat],
      body: { version: x.m.version, answer: person(x.s, p) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}

/** A two-seat duel at `now` (its clock `clock`), 60-minute clocks, the host allowing a stand-in when `standIn`. */
async function duel(clock: () => number, standIn = false): Promise<Table> {
  const { id, admin } = await createGame({ seats: 2, deadline: { minutes: 60 } });
  await setClock(id, clock);
  const tokens = [(await join(id, 'A')).token, (await join(id, 'B')).token];
  if (standIn)
    expect((await api(`/games/${id}/admin/settings`, { token: admin, body: { awayStandIn: true } })).status).toBe(200);
  expect((await api(`/games/${id}/start`, { token: admin, body: {} })).status).toBe(200);
  return { id, admin, tokens };
}

async function send(t: Table, seat: number, a: (p: Prompt) => Answer): Promise<void> {
  const s = await stateOf(t.id, t.tokens[seat]);
  const r = await api(`/games/${t.id}/answers`, {
    token: t.tokens[seat],
    body: { version: s.version, answer: a(promptOf(s)) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const colour = (p: Prompt): Answer => ({ prompt: p.id, option: 'red' });
const pass = (p: Prompt): Answer => ({ prompt: p.id, option: 'pass' });

describe('seat settings changed in the middle of a game', () => {
  it('orders a seat sets mid-game answer its next prompts; once it clears them, its prompts wait for it again', async () => {
    const clock = { now: at('2031-03-03T10:00:00Z') };
    const t = await table(4, {
      body: { game: 'sanguosha', seats: 4, options: { noGenerals: true, autoPass: false } },
      clock: () => clock.now,
      seed: 'midgame-orders',
    });
    // Answers by hand with no orders anywhere (the room skips the orders' work) until a prompt an order would answer is open.
    const before = await play(t, clock, 200, (x) => x.s.prompts.some((p) => orderAnswer(x.s, p, ORDERS) !== null));
    expect(before.s.outcome).toBeFalsy();
    expect((await moves(t.id)).some((m) => m.by === 'order')).toBe(false);
    for (const token of t.tokens)
      expect((await api(`/games/${t.id}/me`, { method: 'PUT', token, body: { orders: ORDERS } })).status).toBe(200);
    // The prompt that was open is answered at once, and from now on no prompt an order answers is left open.
    const answered = (await moves(t.id)).filter((m) => m.by === 'order').length;
    expect(answered).toBeGreaterThan(0);
    await play(t, clock, 40, (y) => {
      for (const p of y.s.prompts) expect(orderAnswer(y.s, p, ORDERS), `${p.kind} ${p.message.key}`).toBeNull();
      return false;
    });
    const byOrder = (await moves(t.id)).filter((m) => m.by === 'order').length;
    // Orders cleared: the next prompt an order would have answered stays open for the seat.
    for (const token of t.tokens)
      expect((await api(`/games/${t.id}/me`, { method: 'PUT', token, body: { orders: [] } })).status).toBe(200);
    const open = await play(t, clock, 200, (y) => y.s.prompts.some((p) => orderAnswer(y.s, p, ORDERS) !== null));
    expect(open.s.outcome).toBeFalsy();
    expect((await moves(t.id)).filter((m) => m.by === 'order').length).toBe(byOrder);
  });

  it('quiet hours set mid-game put the seat’s next clock to sleep; cleared, its next clock runs plainly', async () => {
    const now = at('2026-12-01T15:30:00Z'); // 23:30 in Shanghai
    const t = await duel(() => now);
    await send(t, 1, colour);
    expect(
      (
        await api(`/games/${t.id}/me`, {
          method: 'PUT',
          token: t.tokens[1],
          body: { quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' } },
        })
      ).status,
    ).toBe(200);
    await send(t, 0, colour);
    await send(t, 0, pass);
    // Seat 1's turn opened after its quiet hours were set: its hour starts at 08:00 Shanghai (00:00Z).
    const c1 = (await inside(t.id)).m.clocks.find((c) => c.seat === 1)!;
    expect(c1.deadlineAt).toBe(at('2026-12-02T01:00:00Z'));
    expect((await api(`/games/${t.id}/me`, { method: 'PUT', token: t.tokens[1], body: { quiet: null } })).status).toBe(
      200,
    );
    await send(t, 1, pass);
    await send(t, 0, pass);
    const again = (await inside(t.id)).m.clocks.find((c) => c.seat === 1)!;
    expect(again.prompt).not.toBe(c1.prompt);
    expect(again.deadlineAt).toBe(now + HOUR);
  });

  it('a seat that goes away mid-game, with the host’s leave, is stood in for at its next prompt; back, it is asked again', async () => {
    let now = at('2031-03-03T10:00:00Z');
    const t = await duel(() => (now += 1000), true);
    await send(t, 1, colour);
    await send(t, 0, colour);
    expect(
      (
        await api(`/games/${t.id}/me`, {
          method: 'PUT',
          token: t.tokens[1],
          body: { awayUntil: new Date(now + 86_400_000).toISOString() },
        })
      ).status,
    ).toBe(200);
    await send(t, 0, pass);
    // Its turn was played for it at once.
    expect((await moves(t.id)).filter((m) => m.seat === 1).map((m) => m.by)).toEqual(['player', 'stand-in']);
    expect(
      (await api(`/games/${t.id}/me`, { method: 'PUT', token: t.tokens[1], body: { awayUntil: null } })).status,
    ).toBe(200);
    await send(t, 0, pass);
    expect(promptOf(await stateOf(t.id, t.tokens[1])).kind).toBe('play');
    expect((await moves(t.id)).filter((m) => m.seat === 1).map((m) => m.by)).toEqual(['player', 'stand-in']);
  });

  it('a change that fails leaves the held seat rows as storage is: no orders, no quiet hours, no away seat', async () => {
    const t = await duel(() => at('2031-03-03T10:00:00Z'));
    const after = await runInDurableObject(room(t.id), (inst: GameRoom) => {
      inst.store.load();
      const settings = JSON.stringify({
        orders: [{ id: 'x' }],
        quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' },
        awayUntil: at('2031-03-05T10:00:00Z'),
        mention: null,
      });
      expect(() =>
        inst.store.mutate(() => {
          inst.sql.exec('UPDATE seats SET settings = ? WHERE seat = 1', settings);
          inst.seats.reload();
          // Inside the change the held rows read what it wrote.
          expect(inst.seats.settingsOf(1)).toMatchObject({
            orders: [{ id: 'x' }],
            awayUntil: at('2031-03-05T10:00:00Z'),
          });
          throw new Error('refused');
        }),
      ).toThrow('refused');
      return inst.seats.settingsOf(1);
    });
    expect(after).toEqual({ orders: [], quiet: null, awayUntil: null, mention: null });
    expect(
      (await sql<{ settings: string | null }>(t.id, 'SELECT settings FROM seats WHERE seat = 1'))[0]!.settings,
    ).toBeNull();
  });

  it('a seat the host gives to a bot mid-game is played by the bot at once (the bot set is read again)', async () => {
    let now = at('2031-03-03T10:00:00Z');
    const t = await duel(() => (now += 1000));
    await send(t, 0, colour);
    // Seat 1's colour is open; nobody is a bot yet.
    expect((await moves(t.id)).map((m) => m.by)).toEqual(['player']);
    expect(
      (await api(`/games/${t.id}/admin/replace-seat`, { token: t.admin, body: { seat: 1, by: 'bot' } })).status,
    ).toBe(200);
    const by = (await moves(t.id)).filter((m) => m.seat === 1).map((m) => m.by);
    expect(by[0]).toBe('bot');
    // Whatever is open now is seat 0's alone: the bot answered all of its own.
    expect((await inside(t.id)).s.prompts.every((p) => p.seat === 0)).toBe(true);
  });

  it('the alarm follows the clocks while the game runs and the paused game’s expiry once it is paused', async () => {
    const now = at('2031-03-03T10:00:00Z');
    const t = await duel(() => now);
    const alarm = () => runInDurableObject(room(t.id), (_i: GameRoom, state) => state.storage.getAlarm());
    // Two 60-minute clocks: the first reminder is at half time.
    expect(await alarm()).toBe(now + HOUR / 2);
    expect((await api(`/games/${t.id}/admin/pause`, { token: t.admin, body: {} })).status).toBe(200);
    // The earlier alarm finds nothing to do and points at the paused game's end: 90 days after the pause.
    await runInDurableObject(room(t.id), (inst: GameRoom) => inst.alarm());
    expect(await alarm()).toBe(now + 90 * 24 * HOUR);
  });

  it('the lobby’s expiry counts the seats people hold as they join (an empty lobby goes sooner)', async () => {
    const { id } = await createGame({ seats: 2 });
    const expiry = () =>
      runInDurableObject(
        room(id),
        (inst: GameRoom) => (
          inst.store.load(),
          { at: inst.store.expiry(), changed: inst.store.m.changedAt ?? Date.parse(inst.store.m.createdAt) }
        ),
      );
    const empty = await expiry();
    expect(empty.at).toBe(empty.changed + 2 * 24 * HOUR);
    await join(id, 'A');
    const one = await expiry();
    expect(one.at).toBe(one.changed + 30 * 24 * HOUR);
  });
});
