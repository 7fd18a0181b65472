/**
 * Digest instead of a flood (issue 11), through the room's real outbox and alarm: the deliverer is replaced on
 * the instance to record what would be sent.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { DIGEST_WINDOW_MS } from '../../worker/room/outbox';
import { api, recordDeliveries, room, runAlarm, sql, stateOf, table } from './helpers';

const MIN = 60_000;
const T0 = Date.parse('2030-03-01T08:00:00Z');
const hook = { kind: 'webhook', url: 'https://hooks.example/teahouse', format: 'json', lang: 'en' };

/** Queue a prompt notification for `seat` as the room does when a prompt appears (inside a transaction). */
async function owe(id: string, seat: number, prompt: string, now: number, deadlineAt?: number) {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.state.storage.transactionSync(() => {
      inst.outbox.enqueue(inst.store.m, seat, 'prompt', { id: prompt, message: { key: 'duel.askColour' }, ...(deadlineAt ? { deadlineAt } : {}) }, now, prompt);
    });
  });
}

async function setup() {
  const clock = { now: T0 };
  const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
  expect((await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[1] })).status).toBe(201);
  const sent = await recordDeliveries(t.id);
  return { t, clock, sent };
}

describe('digest instead of a flood', () => {
  it('several prompts for one seat due together become one "N decisions wait" notification, not one push each', async () => {
    const { t, sent } = await setup();
    for (const p of ['pa', 'pb', 'pc']) await owe(t.id, 1, p, T0, T0 + 5 * 60 * MIN);
    expect(await sql(t.id, 'SELECT seat FROM outbox')).toHaveLength(3);
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.msg).toMatchObject({ seat: 1, kind: 'prompt', title: expect.stringContaining('3 decisions wait'), body: expect.stringContaining('3 decisions') });
    // A digest names no single decision.
    expect(sent[0]!.msg.promptId).toBeUndefined();
    expect(sent[0]!.msg.url).not.toContain('?prompt=');
    expect(sent[0]!.msg.body).toContain('5 h');
    expect(await sql(t.id, 'SELECT * FROM outbox')).toEqual([]);
  });

  it('the first prompt after a calm spell goes at once; the next ones within the window are held and go as one digest when it closes', async () => {
    const { t, clock, sent } = await setup();
    await owe(t.id, 1, 'p1', T0);
    await runAlarm(t.id);
    expect(sent.map((x) => x.msg.promptId)).toEqual(['p1']);
    clock.now = T0 + 2 * MIN;
    await owe(t.id, 1, 'p2', clock.now);
    clock.now = T0 + 4 * MIN;
    await owe(t.id, 1, 'p3', clock.now);
    await runAlarm(t.id);
    // Still inside the window after the first send: nothing new goes out, the rows wait for its end.
    expect(sent).toHaveLength(1);
    expect((await sql<{ due_at: number }>(t.id, 'SELECT due_at FROM outbox')).map((x) => x.due_at)).toEqual([T0 + DIGEST_WINDOW_MS, T0 + DIGEST_WINDOW_MS]);
    clock.now = T0 + DIGEST_WINDOW_MS;
    await runAlarm(t.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.msg.title).toContain('2 decisions wait');
  });

  it('a held prompt answered before the window closes is not notified at all', async () => {
    const { t, clock, sent } = await setup();
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    await runAlarm(t.id);
    expect(sent.map((x) => x.msg.seat)).toEqual([1]);
    const p = (await stateOf(t.id, t.tokens[1])).prompts[0]!;
    clock.now = T0 + MIN;
    await owe(t.id, 1, p.id, clock.now);
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    const s = await stateOf(t.id, t.tokens[1]);
    expect((await api(`/games/${t.id}/answers`, { body: { version: s.version, answer: { prompt: p.id, option: 'red' } }, token: t.tokens[1] })).status).toBe(200);
    clock.now = T0 + DIGEST_WINDOW_MS + MIN;
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
  });

  it('a seat in quiet hours gets one digest of the prompts still waiting when they end', async () => {
    const { t, clock, sent } = await setup();
    // 08:00 UTC is 17:00 in Tokyo; quiet 16:00–18:00 there ends at 09:00 UTC.
    expect((await api(`/games/${t.id}/me`, { method: 'PUT', body: { quiet: { start: '16:00', end: '18:00', zone: 'Asia/Tokyo' } }, token: t.tokens[1] })).status).toBe(200);
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
