/**
 * Quiet hours in the room's alarm (issue 11): a seat in Shanghai sleeps 23:00–08:00; its clock stops for the
 * night and its deadline does not pass while it sleeps; no notification goes out before 08:00 its time.
 */
import { describe, expect, it } from 'vitest';
import { api, recordDeliveries, runAlarm, setClock, sql, table } from './helpers';
import type { Meta } from '../../worker/room/core';

const at = (iso: string) => Date.parse(iso);

async function meta(id: string): Promise<Meta> {
  const [row] = await sql<{ json: string }>(id, 'SELECT json FROM meta WHERE id = 1');
  return JSON.parse(row!.json) as Meta;
}

describe('quiet hours in the room', () => {
  it('a seat asleep in Shanghai: its 60-minute clock waits for 08:00 there, and the alarm does not expire it at night', async () => {
    let now = at('2026-12-01T15:30:00Z'); // 23:30 in Shanghai
    const t = await table(2, { body: { deadline: { minutes: 60 } }, clock: () => now });
    const put = await api(`/games/${t.id}/me`, {
      method: 'PUT',
      token: t.tokens[1],
      body: { quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' } },
    });
    expect(put.status).toBe(200);
    // Everyone sees that seat 1 sleeps until 08:00 its time, and nothing else of its settings.
    const pub = await api(`/games/${t.id}/state`, { token: t.tokens[0] });
    expect(pub.body.seats.map((x: { asleepUntil?: string }) => x.asleepUntil ?? null)).toEqual([null, '08:00']);
    expect(JSON.stringify(pub.body)).not.toContain('Asia/Shanghai');
    const c1 = (await meta(t.id)).clocks.find((c) => c.seat === 1)!;
    expect(c1.deadlineAt).toBe(at('2026-12-02T01:00:00Z')); // 08:00 + 60 min, Shanghai time
    const c0 = (await meta(t.id)).clocks.find((c) => c.seat === 0)!;
    expect(c0.deadlineAt).toBe(at('2026-12-01T16:30:00Z')); // the seat without quiet hours: an hour from now
    // 00:31 in Shanghai: seat 0's clock is out, seat 1's is not.
    now = at('2026-12-01T16:31:00Z');
    await setClock(t.id, () => now);
    await runAlarm(t.id);
    const moves = await sql<{ seat: number; by: string }>(t.id, 'SELECT seat, by FROM moves ORDER BY n');
    expect(moves).toEqual([{ seat: 0, by: 'expired' }]);
    // 09:01 in Shanghai: now it runs out.
    now = at('2026-12-02T01:01:00Z');
    await setClock(t.id, () => now);
    await runAlarm(t.id);
    expect(
      (await sql<{ seat: number; by: string }>(t.id, 'SELECT seat, by FROM moves ORDER BY n')).some(
        (m) => m.seat === 1 && m.by === 'expired',
      ),
    ).toBe(true);
  });

  it('the host’s cap holds: with a 2-hour cap the clock sleeps only 23:30–01:30', async () => {
    const now = at('2026-12-01T15:30:00Z');
    const t = await table(2, { body: { deadline: { minutes: 60 } }, clock: () => now });
    expect(
      (await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: { quietCapMinutes: 120 } })).status,
    ).toBe(200);
    await api(`/games/${t.id}/me`, {
      method: 'PUT',
      token: t.tokens[1],
      body: { quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' } },
    });
    // The night began at 23:00, so its 2 capped hours end at 01:00 Shanghai (17:00Z); then 60 minutes.
    expect((await meta(t.id)).clocks.find((c) => c.seat === 1)!.deadlineAt).toBe(at('2026-12-01T18:00:00Z'));
    expectBad(await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: { quietCapMinutes: -5 } }));
  });

  it('no notification leaves while the seat sleeps; it goes out at 08:00 its time', async () => {
    let now = at('2026-12-01T15:30:00Z');
    const t = await table(2, { start: false, body: { deadline: { minutes: 600 } }, clock: () => now });
    await api(`/games/${t.id}/me`, {
      method: 'PUT',
      token: t.tokens[1],
      body: { quiet: { start: '23:00', end: '08:00', zone: 'Asia/Shanghai' } },
    });
    const sent = await recordDeliveries(t.id);
    expect(
      (
        await api(`/games/${t.id}/notify`, {
          token: t.tokens[1],
          body: { kind: 'webhook', url: 'https://hooks.example/a', format: 'json' },
        })
      ).status,
    ).toBe(201);
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    await runAlarm(t.id);
    expect(sent.filter((d) => d.msg.seat === 1)).toEqual([]);
    now = at('2026-12-02T00:00:30Z'); // 08:00:30 in Shanghai
    await setClock(t.id, () => now);
    await runAlarm(t.id);
    expect(sent.filter((d) => d.msg.seat === 1).length).toBeGreaterThan(0);
  });
});

function expectBad(r: { status: number; body: { error?: { code: string } } }) {
  expect([r.status, r.body.error?.code]).toEqual([400, 'bad_request']);
}
