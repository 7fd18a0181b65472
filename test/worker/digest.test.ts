/**
 * Digest instead of a flood (issue 11), through the room's real outbox and alarm: the deliverer is replaced on
 * the instance to record what would be sent. The duel asks each seat one thing at a time, so the extra prompts
 * of a burst are queued by hand exactly as `Clocks.sync` queues a new prompt (`owe`); the first of them is a
 * real prompt of the game.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { DIGEST_WINDOW_MS } from '../../worker/room/outbox';
import { answer, api, pickColours, recordDeliveries, room, runAlarm, setClock, sql, stateOf, table } from './helpers';

const MIN = 60_000;
const T0 = Date.parse('2030-03-01T08:00:00Z');
const hook = { kind: 'webhook', url: 'https://hooks.example/teahouse', format: 'json', lang: 'en' };

/** Queue a prompt notification for `seat` as the room does when a prompt appears (inside a transaction). */
async function owe(id: string, seat: number, prompt: string, now: number, deadlineAt?: number) {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.state.storage.transactionSync(() => {
      inst.outbox.enqueue(
        inst.store.m,
        seat,
        'prompt',
        { id: prompt, message: { key: 'duel.askColour' }, ...(deadlineAt ? { deadlineAt } : {}) },
        now,
        prompt,
      );
    });
  });
}

/** A 2-seat duel on a fake clock whose `seats` registered a json webhook; deliveries recorded. */
async function setup(seats: number[] = [1], start = true) {
  const clock = { now: T0 };
  const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
  for (const s of seats)
    expect((await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[s] })).status).toBe(201);
  const sent = await recordDeliveries(t.id);
  if (start) expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
  return { t, clock, sent };
}

const alarmAt = (id: string) => runInDurableObject(room(id), (_i: GameRoom, state) => state.storage.getAlarm());
const lastSentOf = async (id: string) =>
  (JSON.parse((await sql<{ json: string }>(id, 'SELECT json FROM meta'))[0]!.json) as { lastSent?: unknown }).lastSent;

describe('digest instead of a flood', () => {
  it('several prompts for one seat that fall due together become one "N decisions wait" delivery, not one push each', async () => {
    const { t, sent } = await setup();
    // The colour question (real) and two more for seat 1 before the alarm runs.
    await owe(t.id, 1, 'pb', T0, T0 + 5 * 60 * MIN);
    await owe(t.id, 1, 'pc', T0, T0 + 5 * 60 * MIN);
    expect(await sql(t.id, 'SELECT seat FROM outbox')).toHaveLength(3);
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg).toMatchObject({
      seat: 1,
      kind: 'prompt',
      title: expect.stringContaining('3 decisions wait'),
      body: expect.stringContaining('3 decisions'),
    });
    // A digest names no single decision; it carries the earliest deadline.
    expect(sent[0]!.msg.promptId).toBeUndefined();
    expect(sent[0]!.msg.url).not.toContain('?prompt=');
    expect(sent[0]!.msg.body).toContain('5 h');
    expect(await sql(t.id, 'SELECT * FROM outbox')).toEqual([]);
  });

  it('a prompt answered before the digest goes out is not counted in it', async () => {
    const { t, sent } = await setup();
    await owe(t.id, 1, 'pb', T0);
    await owe(t.id, 1, 'pc', T0);
    // Seat 1 answers its colour question before any alarm: its row goes with the prompt.
    expect((await answer(t.id, t.tokens[1]!, { option: 'red' }, 'chooseColour')).status).toBe(200);
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg.title).toContain('2 decisions wait');
  });

  it('a single prompt after a calm spell goes at once, and so does the next one once the seat has answered the first', async () => {
    const { t, clock, sent } = await setup([0, 1]);
    await runAlarm(t.id);
    const colour = (await stateOf(t.id, t.tokens[0])).prompts[0]!.id;
    expect(sent.map((x) => [x.msg.seat, x.msg.title.includes('decisions')])).toEqual([
      [0, false],
      [1, false],
    ]);
    expect(sent.find((x) => x.msg.seat === 0)!.msg.promptId).toBe(colour);
    // A minute later, well inside the window: seat 0 has answered its colour, so its turn is news, not a flood.
    clock.now = T0 + MIN;
    await pickColours(t);
    const turn = (await stateOf(t.id, t.tokens[0])).prompts[0]!;
    expect(turn.kind).toBe('play');
    await runAlarm(t.id);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.msg).toMatchObject({ seat: 0, promptId: turn.id });
    expect(sent[2]!.msg.url).toContain(`?prompt=${encodeURIComponent(turn.id)}`);
  });

  it('prompts arriving while the last one is unread are held, wake the alarm when the window closes and go as one digest — across an eviction', async () => {
    const { t, clock, sent } = await setup();
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    const colour = sent[0]!.msg.promptId!;
    expect(await lastSentOf(t.id)).toEqual([{ seat: 1, at: T0, prompts: [colour] }]);
    // Seat 1 has not answered its colour; two more questions come within minutes.
    clock.now = T0 + 2 * MIN;
    await owe(t.id, 1, 'p2', clock.now);
    clock.now = T0 + 4 * MIN;
    await owe(t.id, 1, 'p3', clock.now);
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect((await sql<{ due_at: number }>(t.id, 'SELECT due_at FROM outbox')).map((x) => x.due_at)).toEqual([
      T0 + DIGEST_WINDOW_MS,
      T0 + DIGEST_WINDOW_MS,
    ]);
    // The held rows have an alarm of their own.
    expect(await alarmAt(t.id)).toBe(T0 + DIGEST_WINDOW_MS);

    // Evicted in the middle of the window: the new instance still knows the seat was told at T0.
    await evictDurableObject(room(t.id));
    await setClock(t.id, () => clock.now);
    const after = await recordDeliveries(t.id);
    clock.now = T0 + 6 * MIN;
    await runAlarm(t.id);
    expect(after).toEqual([]);
    expect(await alarmAt(t.id)).toBe(T0 + DIGEST_WINDOW_MS);

    clock.now = T0 + DIGEST_WINDOW_MS;
    await runAlarm(t.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.msg).toMatchObject({ seat: 1, title: expect.stringContaining('2 decisions wait') });
    expect(await sql(t.id, 'SELECT * FROM outbox')).toEqual([]);
    expect(await lastSentOf(t.id)).toEqual([{ seat: 1, at: T0 + DIGEST_WINDOW_MS, prompts: ['p2', 'p3'] }]);
  });

  it('a send that fails does not open a window: the seat was not told', async () => {
    const clock = { now: T0 };
    const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
    expect((await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[1] })).status).toBe(201);
    const sent = await recordDeliveries(t.id, () => ({ ok: false, drop: false, error: 'HTTP 500' }));
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect(await lastSentOf(t.id)).toBeUndefined();
    // Before the failed one's retry (30 s backoff) falls due: the new prompt goes at once, not held.
    clock.now = T0 + 10_000;
    await owe(t.id, 1, 'p2', clock.now);
    await runAlarm(t.id);
    expect(sent.map((x) => x.msg.promptId)).toEqual([sent[0]!.msg.promptId, 'p2']);
  });

  it('a seat that changes hands starts without the old holder’s digest window', async () => {
    const { t, clock, sent } = await setup();
    await runAlarm(t.id);
    expect(await lastSentOf(t.id)).toHaveLength(1);
    const r = await api(`/games/${t.id}/admin/replace-seat`, { token: t.admin, body: { seat: 1, by: 'invite' } });
    expect(r.status).toBe(200);
    expect(await lastSentOf(t.id)).toEqual([]);
    // The new holder registers and is asked again within the old window: told at once, not held.
    expect((await api(`/games/${t.id}/notify`, { body: hook, token: r.body.token })).status).toBe(201);
    clock.now = T0 + MIN;
    await owe(t.id, 1, 'p2', clock.now);
    await runAlarm(t.id);
    expect(sent.map((x) => x.msg.promptId)).toEqual([sent[0]!.msg.promptId, 'p2']);
  });

  it('a seat in quiet hours gets one digest of the prompts still waiting when they end', async () => {
    const { t, clock, sent } = await setup([1], false);
    // 08:00 UTC is 17:00 in Tokyo; quiet 16:00–18:00 there ends at 09:00 UTC.
    expect(
      (
        await api(`/games/${t.id}/me`, {
          method: 'PUT',
          body: { quiet: { start: '16:00', end: '18:00', zone: 'Asia/Tokyo' } },
          token: t.tokens[1],
        })
      ).status,
    ).toBe(200);
    await owe(t.id, 1, 'q1', T0);
    await owe(t.id, 1, 'q2', T0 + MIN);
    clock.now = T0 + 30 * MIN;
    await runAlarm(t.id);
    expect(sent).toEqual([]);
    clock.now = T0 + 60 * MIN;
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg.title).toContain('2 decisions wait');
  });
});
