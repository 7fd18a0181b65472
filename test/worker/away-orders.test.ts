/**
 * Standing orders timed 'human' in the room (issue 11 item 1): an order whose answer depends on what only the
 * seat knows (三国杀 `passNothing`: it holds nothing to answer with) must not answer at once, or its speed tells
 * the table. The room answers it at a moment drawn per prompt from its own randomness, on the alarm; until then
 * the prompt is open and the seat may answer it by hand.
 */
import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import { apply, botAnswer, botRng, defaultAnswer, type Answer, type Prompt } from '../../worker/engine';
import sanguosha from '../../worker/games/sanguosha';
import type { S } from '../../worker/games/sanguosha/types';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { Meta } from '../../worker/room/core';
import { humanDelayMs } from '../../worker/room/bots';
import { api, logOf, room, runAlarm, setClock, sql, stateOf, table } from './helpers';

const T0 = Date.parse('2031-03-03T10:00:00Z');

function person(s: S, p: Prompt): Answer {
  try {
    return botAnswer(sanguosha, s, p, botRng(s, p));
  } catch {
    return defaultAnswer(sanguosha, s, p);
  }
}

async function inside(id: string): Promise<{ s: S; m: Meta; alarm: number | null }> {
  return runInDurableObject(room(id), async (inst: GameRoom, state) => {
    inst.store.load();
    return {
      s: JSON.parse(JSON.stringify(inst.store.game)) as S,
      m: JSON.parse(JSON.stringify(inst.store.m)) as Meta,
      alarm: await state.storage.getAlarm(),
    };
  });
}

/**
 * A four-seat 三国杀 table (10-minute clocks, autoPass off) whose seats all pass when they hold nothing, with
 * `settings` too; played by hand until a prompt's human-timed order has its moment. The clock is `clock.now`,
 * moved 2 s per hand answer.
 */
async function untilPlanned(clock: { now: number }, settings: Record<string, unknown> = {}) {
  const t = await table(4, {
    body: { game: 'sanguosha', seats: 4, deadline: { minutes: 10 }, options: { noGenerals: true, autoPass: false } },
    clock: () => clock.now,
  });
  for (const token of t.tokens)
    expect(
      (await api(`/games/${t.id}/me`, { method: 'PUT', token, body: { orders: [{ id: 'passNothing' }], ...settings } }))
        .status,
    ).toBe(200);
  for (let n = 0; n < 200; n++) {
    clock.now += 2000;
    const x = await inside(t.id);
    const planned = x.m.clocks.filter((c) => c.orderAt !== undefined);
    if (planned.length) return { t, x, planned };
    const p = x.s.prompts[0]!;
    expect(
      (
        await api(`/games/${t.id}/answers`, {
          token: t.tokens[p.seat],
          body: { version: x.m.version, answer: person(x.s, p) },
        })
      ).status,
    ).toBe(200);
  }
  throw new Error('no prompt of a human-timed order in 200 answers');
}

const moves = (id: string) =>
  sql<{ seat: number; by: string; answer: string }>(id, 'SELECT seat, by, answer FROM moves ORDER BY n');

describe('human-timed standing orders', () => {
  it('“pass when I have nothing” answers after a drawn pause on the alarm, not before, by the same path as a hand answer', async () => {
    let now = T0;
    const t = await table(4, {
      body: { game: 'sanguosha', seats: 4, deadline: { minutes: 10 }, options: { noGenerals: true, autoPass: false } },
      clock: () => now,
    });
    for (const token of t.tokens)
      expect(
        (await api(`/games/${t.id}/me`, { method: 'PUT', token, body: { orders: [{ id: 'passNothing' }] } })).status,
      ).toBe(200);
    // Play by hand until a prompt only "pass" answers is open for a seat: its order has planned a moment.
    let found: { s: S; m: Meta; alarm: number | null } | null = null;
    for (let n = 0; n < 200 && !found; n++) {
      now += 2000;
      const x = await inside(t.id);
      if (x.m.clocks.some((c) => c.orderAt !== undefined)) found = x;
      else {
        const p = x.s.prompts[0]!;
        const r = await api(`/games/${t.id}/answers`, {
          token: t.tokens[p.seat],
          body: { version: x.m.version, answer: person(x.s, p) },
        });
        expect(r.status).toBe(200);
      }
    }
    expect(found).not.toBeNull();
    const { s, m, alarm } = found!;
    const planned = m.clocks.filter((c) => c.orderAt !== undefined);
    // Every planned prompt is one the order answers (only "pass" offered), and its moment lies in the drawn range.
    for (const c of planned) {
      const p = s.prompts.find((x) => x.id === c.prompt)!;
      expect(p.options.map((o) => o.id)).toEqual(['pass']);
      const wait = c.orderAt! - (now - 2000);
      expect(wait).toBeGreaterThanOrEqual(humanDelayMs(10 * 60_000, 0) - 2000);
      expect(wait).toBeLessThanOrEqual(humanDelayMs(10 * 60_000, 0.999999));
    }
    // The alarm wakes for the first of them (every deadline and reminder is later).
    const first = planned.reduce((a, b) => (a.orderAt! <= b.orderAt! ? a : b));
    expect(alarm).toBe(first.orderAt);
    const before = (await moves(t.id)).length;

    // A moment before: nothing answered, the prompt still open to its seat by hand.
    now = first.orderAt! - 1;
    await setClock(t.id, () => now);
    await runAlarm(t.id);
    expect((await moves(t.id)).length).toBe(before);
    expect((await stateOf(t.id, t.tokens[first.seat])).prompts.map((p) => p.id)).toContain(first.prompt);

    // At the moment: answered as the seat's own move, with the lines a hand "pass" writes and no room line.
    const logBefore = (await logOf(t.id)).length;
    now = first.orderAt!;
    await setClock(t.id, () => now);
    await runAlarm(t.id);
    const after = await moves(t.id);
    expect(after[before]).toMatchObject({ seat: first.seat, by: 'order' });
    const a = JSON.parse(after[before]!.answer) as Answer;
    expect(a).toEqual({ prompt: first.prompt, option: 'pass' });
    const byHand = apply(sanguosha, s, first.seat, a);
    if (!byHand.ok) throw new Error(byHand.error.reason);
    const written = (await logOf(t.id)).slice(logBefore);
    expect(written.slice(0, byHand.value.events.length).map((e) => e.msg)).toEqual(
      byHand.value.events.map((e) => e.msg),
    );
    expect(written.map((e) => e.msg.key)).not.toContain('room.log.botPlayed');
  });

  it('a human-timed prompt answered by hand before its moment is simply the hand answer; the alarm answers nothing later', async () => {
    let now = T0;
    const t = await table(4, {
      body: { game: 'sanguosha', seats: 4, deadline: { minutes: 10 }, options: { noGenerals: true, autoPass: false } },
      clock: () => now,
    });
    for (const token of t.tokens)
      await api(`/games/${t.id}/me`, { method: 'PUT', token, body: { orders: [{ id: 'passNothing' }] } });
    let planned: { prompt: string; seat: number; orderAt?: number } | undefined;
    let x = await inside(t.id);
    for (let n = 0; n < 200; n++) {
      now += 2000;
      x = await inside(t.id);
      planned = x.m.clocks.find((c) => c.orderAt !== undefined);
      if (planned) break;
      const p = x.s.prompts[0]!;
      await api(`/games/${t.id}/answers`, {
        token: t.tokens[p.seat],
        body: { version: x.m.version, answer: person(x.s, p) },
      });
    }
    expect(planned).toBeDefined();
    const r = await api(`/games/${t.id}/answers`, {
      token: t.tokens[planned!.seat],
      body: { version: x.m.version, answer: { prompt: planned!.prompt, option: 'pass' } },
    });
    expect(r.status).toBe(200);
    const mine = (await moves(t.id)).filter((mv) => JSON.parse(mv.answer).prompt === planned!.prompt);
    expect(mine.map((mv) => mv.by)).toEqual(['player']);
    // Its moment is gone with the prompt.
    expect((await inside(t.id)).m.clocks.some((c) => c.prompt === planned!.prompt)).toBe(false);
  });

  it('a seat everyone sees asleep does not answer in its sleep: the pause counts from the end of its quiet hours', async () => {
    const clock = { now: T0 }; // 10:00 UTC
    const { planned } = await untilPlanned(clock, { quiet: { start: '09:00', end: '17:00', zone: 'UTC' } });
    const wake = Date.parse('2031-03-03T17:00:00Z');
    for (const c of planned) {
      expect(c.orderAt!).toBeGreaterThanOrEqual(wake + humanDelayMs(10 * 60_000, 0));
      expect(c.orderAt!).toBeLessThanOrEqual(wake + humanDelayMs(10 * 60_000, 0.999999));
    }
  });

  it('a seat away without a stand-in does not answer while away: the pause counts from its return', async () => {
    const clock = { now: T0 };
    const back = T0 + 2 * 86_400_000;
    const { planned } = await untilPlanned(clock, { awayUntil: new Date(back).toISOString() });
    for (const c of planned) {
      expect(c.orderAt!).toBeGreaterThanOrEqual(back + humanDelayMs(10 * 60_000, 0));
      expect(c.orderAt!).toBeLessThanOrEqual(back + humanDelayMs(10 * 60_000, 0.999999));
    }
  });

  it('a pause of the game keeps what is left of a human-timed order’s pause', async () => {
    const clock = { now: T0 };
    const { t, planned } = await untilPlanned(clock);
    const before = (await moves(t.id)).length;
    expect((await api(`/games/${t.id}/admin/pause`, { token: t.admin, body: {} })).status).toBe(200);
    clock.now += 3_600_000;
    expect((await api(`/games/${t.id}/admin/resume`, { token: t.admin, body: {} })).status).toBe(200);
    // Resumed an hour later: each moment an hour later, nothing answered at the resume.
    const after = (await inside(t.id)).m.clocks;
    for (const c of planned) expect(after.find((x) => x.prompt === c.prompt)!.orderAt).toBe(c.orderAt! + 3_600_000);
    expect((await moves(t.id)).length).toBe(before);
  });
});
