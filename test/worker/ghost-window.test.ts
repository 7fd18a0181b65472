/**
 * Issue 26 points 1–2 for 驱鬼, through the real Worker: a ⚡ reaction window used to ask only the seats holding a
 * playable ⚡ spell, so the public waiting list and the moment the window moved on told the table who held one.
 * Now the room runs the rules with autoPass off (bots.ts `rulesOptions`): every seat is asked in turn order, and
 * the room passes for a seat offered nothing but a pass (pass / always pass) after a person-like pause.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StateBody } from '../../worker/protocol';
import { rulesOptions } from '../../worker/room/core';
import type { GameRoom } from '../../worker/room/GameRoom';
import { humanDelayMs } from '../../worker/room/bots';
import type { Meta } from '../../worker/room/core';
import { table as layout } from '../games/ghost/fixture';
import { api, room, runAlarm, stateOf, storedMeta, table, type Table, layState } from './helpers';

const T0 = Date.parse('2031-05-05T12:00:00Z');
const CLOCK_MS = 10 * 60_000;

/** A laid-out room: the table, its clock, and the log index where the layout began. */
type Room = { t: Table; clock: { now: number }; from: number };

/** A four-seat 驱鬼 room (10-minute clocks, autoPass as by default) at seat 1's turn's night window, seat 1 holding `card`. */
async function windowWith(card: string): Promise<Room> {
  const clock = { now: T0 };
  const t = await table(4, {
    body: { game: 'ghost', seats: 4, deadline: { minutes: 10 } },
    clock: () => clock.now,
    start: false,
  });
  expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
  const m = await storedMeta<Meta>(t.id);
  expect(m.options.autoPass).toBe(true);
  expect(rulesOptions(m.options).autoPass).toBe(false);
  const laid = layout({
    step: 'night',
    current: 1,
    hands: { 0: [], 1: [card], 2: [], 3: [] },
    spirit: { 1: 5 },
    askAll: true,
  }).s;
  laid.options = rulesOptions(m.options);
  const from = await runInDurableObject(room(t.id), async (inst: GameRoom) => {
    await layState(inst, laid);
    return inst.log.end;
  });
  // The alarm at the moment the window opened: nothing answers yet, the room plans its pass.
  await runAlarm(t.id);
  return { t, clock, from };
}

/** What a stranger reads: the spectator's body with the log lines since the layout; the game's id and time aside. */
async function publicBody(x: Room): Promise<Partial<StateBody>> {
  const { id: _i, createdAt: _c, logFrom: _f, logEnd: _e, log, ...rest } = await stateOf(x.t.id);
  return { ...rest, log: log.filter((l) => l.i >= x.from).map((l) => ({ ...l, i: l.i - x.from })) };
}

describe('a 驱鬼 ⚡ window asks every seat, card or not (issue 26)', () => {
  it('a seat without a ⚡ spell is asked like one holding one, and the room passes for it only after a pause', async () => {
    const holds = await windowWith('S06-R1');
    const none = await windowWith('S01-R1');
    const a0 = await publicBody(holds);
    expect(a0.waiting).toEqual([1]);
    expect(await publicBody(none)).toEqual(a0);
    const [ph, pn] = [
      (await stateOf(holds.t.id, holds.t.tokens[1])).prompts,
      (await stateOf(none.t.id, none.t.tokens[1])).prompts,
    ];
    expect(pn.map((p) => [p.kind, p.message, p.options.map((o) => o.id)])).toEqual([
      ['respond', ph[0]!.message, ['pass', 'passAlways']],
    ]);
    expect(ph[0]!.kind).toBe('respond');
    expect(ph[0]!.options.map((o) => o.id)).toContain('play:S06-R1');
    const at = (await storedMeta<Meta>(none.t.id)).clocks.find((c) => c.seat === 1)!.orderAt!;
    expect(at).toBeGreaterThanOrEqual(T0 + humanDelayMs(CLOCK_MS, 0));
    expect(at).toBeLessThanOrEqual(T0 + humanDelayMs(CLOCK_MS, 0.999999));
    // Just before it the alarm changes nothing: the same table as the seat holding a ⚡ spell and thinking.
    none.clock.now = at - 1000;
    await runAlarm(none.t.id);
    expect(await publicBody(none)).toEqual(a0);
    // At that moment the room passes for it, once (not "always"); the window moves on to the next seat.
    none.clock.now = at;
    await runAlarm(none.t.id);
    expect((await publicBody(none)).waiting).toEqual([2]);
    const mine = await stateOf(none.t.id, none.t.tokens[1]);
    expect((mine.view as { players: { autoPass: boolean }[] }).players[1]!.autoPass).toBe(false);
  });
});
