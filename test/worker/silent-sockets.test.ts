import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { ADMISSION } from '../../worker/room/sockets';
import { frameTooLarge } from '../../worker/room/GameRoom';
import { LIMITS } from '../../worker/room/core';
import { freshAddress, openLive as open, room, runAlarm, summaryOf, table } from './helpers';

const liveSockets = (id: string) =>
  runInDurableObject(
    room(id),
    (_i: GameRoom, state) =>
      state.getWebSockets().filter((ws) => !(ws.deserializeAttachment() as { gone?: string }).gone).length,
  );

describe('issue 9 point 4: silent sockets cannot lock a seat out', () => {
  it('100 silent sockets do not stop a seat from connecting, and are closed once their time to say hello is up', async () => {
    const clock = { now: Date.UTC(2026, 11, 1, 12) };
    const t = await table(2, { clock: () => clock.now });
    const silent = await Promise.all([...Array(100)].map(() => open(t.id)));
    expect(silent.every((s) => s.status === 101)).toBe(true);
    const seat = await open(t.id);
    if (!seat.ok) throw new Error(`the seat got ${seat.status}`);
    seat.hello(t.tokens[0]);
    expect((await seat.next('state')).you).toBe(0);
    expect((await summaryOf(t.id)).seats[0]!.online).toBe(true);
    // Their time is up: the alarm closes every silent socket and none of them counts any more.
    clock.now += ADMISSION.helloMs;
    await runAlarm(t.id);
    for (const s of silent) if (s.ok) expect(await s.closed).toBe(4008);
    expect(await liveSockets(t.id)).toBe(1);
    expect((await summaryOf(t.id)).seats[0]!.online).toBe(true);
  });

  it('one address can keep only a few sockets waiting for hello; other addresses are not affected (429 with Retry-After)', async () => {
    const t = await table(2);
    const from = freshAddress();
    const tries = await Promise.all([...Array(ADMISSION.pendingPerAddress + 5)].map(() => open(t.id, from)));
    const refused = tries.filter((x) => x.status === 429);
    expect(refused).toHaveLength(5);
    expect(Number((refused[0] as { retryAfter: string | null }).retryAfter)).toBeGreaterThan(0);
    expect((await open(t.id)).status).toBe(101);
  });

  it("a seat over its socket limit closes its own oldest socket, never another seat's", async () => {
    const clock = { now: Date.UTC(2026, 11, 1, 12) };
    const t = await table(2, { clock: () => clock.now });
    const other = await open(t.id);
    if (!other.ok) throw new Error('no socket');
    other.hello(t.tokens[1]);
    await other.next('state');
    const mine = [];
    for (let i = 0; i < ADMISSION.perSeat + 1; i++) {
      clock.now += 1000;
      const s = await open(t.id);
      if (!s.ok) throw new Error('no socket');
      s.hello(t.tokens[0]);
      await s.next('state');
      mine.push(s);
    }
    expect(await mine[0]!.closed).toBe(4029);
    expect(await liveSockets(t.id)).toBe(ADMISSION.perSeat + 1);
    expect((await summaryOf(t.id)).seats.map((s) => s.online)).toEqual([true, true]);
  });

  it('spectators beyond their places are refused at hello', async () => {
    const t = await table(2);
    const watchers = [];
    for (let i = 0; i < ADMISSION.spectators; i++) {
      const s = await open(t.id);
      if (!s.ok) throw new Error('no socket');
      s.hello();
      await s.next('state');
      watchers.push(s);
    }
    const late = await open(t.id);
    if (!late.ok) throw new Error('no socket');
    late.hello();
    expect((await late.next('error')).error.code).toBe('rate_limited');
    expect(await late.closed).toBe(4029);
    // A seat still gets in.
    const seat = await open(t.id);
    if (!seat.ok) throw new Error('no socket');
    seat.hello(t.tokens[0]);
    expect((await seat.next('state')).you).toBe(0);
  });
});

describe('issue 9 point 8: the socket frame limit counts bytes', () => {
  it('frameTooLarge counts UTF-8 bytes at the limit, whatever the units', () => {
    const limit = LIMITS.bodyBytes;
    expect(frameTooLarge('x'.repeat(limit))).toBe(false);
    expect(frameTooLarge('x'.repeat(limit + 1))).toBe(true);
    // 汉字 are 3 bytes each: a third of the limit in units fits, one more does not.
    expect(frameTooLarge('茶'.repeat(Math.floor(limit / 3)))).toBe(false);
    expect(frameTooLarge('茶'.repeat(Math.floor(limit / 3) + 1))).toBe(true);
    expect(frameTooLarge(new ArrayBuffer(limit))).toBe(false);
    expect(frameTooLarge(new ArrayBuffer(limit + 1))).toBe(true);
  });

  it('a frame within the limit in UTF-16 units but over it in UTF-8 bytes is too large', async () => {
    const t = await table(2);
    const s = await open(t.id);
    if (!s.ok) throw new Error('no socket');
    s.hello(t.tokens[0]);
    await s.next('state');
    // 6,000 汉字: 6,000 UTF-16 units, 18,000 bytes.
    s.ws.send(JSON.stringify({ type: 'visible', visible: true, pad: '茶'.repeat(6000) }));
    expect((await s.next('error')).error.code).toBe('too_large');
  });
});
