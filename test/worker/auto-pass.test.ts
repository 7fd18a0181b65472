/**
 * Issue 26 point 2, through the real Worker: with autoPass (三国杀's option, on by default) the rules used to pass at
 * once for a seat holding nothing that could answer, so "X did not respond" appeared the instant a 杀 landed on a
 * seat without a 闪 and everyone learnt what was not in that hand. Now the rules ask every seat and the room passes
 * for a seat offered nothing but a pass after a person-like pause, the human-timed orders' pause (bots.ts,
 * standing.ts `humanDelayMs`); until then the table shows the seat as asked.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import sanguosha from '../../worker/games/sanguosha';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { StateBody } from '../../worker/protocol';
import { rulesOptions } from '../../worker/room/core';
import { humanDelayMs } from '../../worker/room/bots';
import type { Meta } from '../../worker/room/core';
import { table as layout } from '../games/sanguosha/table';
import { api, runAlarm, room, stateOf, storedMeta, table, type Table, layState } from './helpers';

const T0 = Date.parse('2031-05-05T12:00:00Z');
const CLOCK_MS = 10 * 60_000;

/**
 * A four-seat 三国杀 room (10-minute clocks, autoPass on as by default) laid out with seat 0 in its play phase
 * holding a 杀 and seat 1 holding `card`; seat 0 plays the 杀 on seat 1 through `/answers` at T0.
 */
async function slashOn(card: 'jink' | 'peach'): Promise<Room> {
  const clock = { now: T0 };
  const t = await table(4, {
    body: { game: 'sanguosha', seats: 4, deadline: { minutes: 10 }, options: { noGenerals: true } },
    clock: () => clock.now,
    start: false,
  });
  expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
  const m = await storedMeta<Meta>(t.id);
  expect(m.options.autoPass).toBe(true);
  const laid = layout({
    roles: ['lord', 'rebel', 'loyalist', 'traitor'],
    hands: { 0: ['slash', 'jink'], 1: [card], 2: ['jink'], 3: ['jink'] },
    options: rulesOptions(m.options),
  }).s;
  const from = await runInDurableObject(room(t.id), async (inst: GameRoom) => {
    await layState(inst, laid);
    return inst.log.end;
  });
  const me = await stateOf(t.id, t.tokens[0]);
  const play = me.prompts.find((p) => p.kind === 'play')!;
  const slash = String(laid.g.players[0]!.hand.find((id) => sanguosha.card[id]!.key === 'slash'));
  const r = await api(`/games/${t.id}/answers`, {
    token: t.tokens[0],
    body: { version: me.version, answer: { prompt: play.id, option: `use:${slash}`, cards: [slash], seats: [1] } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { t, clock, from };
}

/** A laid-out room: the table, its clock, and the log index where the layout began. */
type Room = { t: Table; clock: { now: number }; from: number };

/**
 * What a stranger reads: the spectator's body with the log lines since the layout (those before it tell the
 * room's own random deal), numbered from it; the game's id and creation time aside.
 */
async function publicBody(x: Room): Promise<Partial<StateBody>> {
  const { id: _i, createdAt: _c, logFrom: _f, logEnd: _e, log, ...rest } = await stateOf(x.t.id);
  return { ...rest, log: log.filter((l) => l.i >= x.from).map((l) => ({ ...l, i: l.i - x.from })) };
}

const saidNoResponse = (b: Partial<StateBody>) => b.log!.some((l) => l.msg.key === 'sgs.log.noResponse');

describe("the room's autoPass waits a person-like pause (issue 26 point 2)", () => {
  it('the moment "X did not respond" appears does not depend on whether X held a 闪', async () => {
    const holds = await slashOn('jink');
    const none = await slashOn('peach');
    // At once: both tables wait on seat 1, nobody has been told anything.
    const a0 = await publicBody(holds);
    expect(a0.waiting).toEqual([1]);
    expect(saidNoResponse(a0)).toBe(false);
    expect(await publicBody(none)).toEqual(a0);
    // Seat 1 without a 闪 is asked like anyone (its only answer: no response), and the room will pass for it after
    // a pause drawn over the span people take in a game of 10-minute clocks.
    const p = (await stateOf(none.t.id, none.t.tokens[1])).prompts;
    expect(p.map((x) => [x.kind, x.options.map((o) => o.id)])).toEqual([['respond', ['pass']]]);
    const at = (await storedMeta<Meta>(none.t.id)).clocks.find((c) => c.seat === 1)!.orderAt!;
    expect(at).toBeGreaterThanOrEqual(T0 + humanDelayMs(CLOCK_MS, 0));
    expect(at).toBeLessThanOrEqual(T0 + humanDelayMs(CLOCK_MS, 0.999999));
    // Just before it, the alarm changes nothing: still the same table as the seat holding a 闪 and thinking.
    for (const x of [holds, none]) {
      x.clock.now = at - 1000;
      await runAlarm(x.t.id);
    }
    expect(await publicBody(none)).toEqual(await publicBody(holds));
    expect(saidNoResponse(await publicBody(none))).toBe(false);
    // At that moment the room passes for it; the seat holding a 闪 decides, by hand, not to play it then.
    for (const x of [holds, none]) x.clock.now = at;
    await runAlarm(none.t.id);
    const mine = await stateOf(holds.t.id, holds.t.tokens[1]);
    const r = await api(`/games/${holds.t.id}/answers`, {
      token: holds.t.tokens[1],
      body: { version: mine.version, answer: { prompt: mine.prompts[0]!.id, option: 'pass' } },
    });
    expect(r.status).toBe(200);
    const after = await publicBody(none);
    expect(saidNoResponse(after)).toBe(true);
    expect(after).toEqual(await publicBody(holds));
  });
});
