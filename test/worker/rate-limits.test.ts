import { describe, expect, it } from 'vitest';
import { api, createGame, expectError, freshAddress, insideOneWindow } from './helpers';

const create = (from: string) => api('/games', { body: { game: 'duel', seats: 2 }, from });

describe('issue 9 point 5: strangers are rate-limited per client address', () => {
  it('a burst of 200 creates from one address gets 429s with Retry-After, and creates only up to the limit', async () => {
    const from = freshAddress();
    await insideOneWindow();
    const replies = await Promise.all([...Array(200)].map(() => create(from)));
    const created = replies.filter((r) => r.status === 201);
    const limited = replies.filter((r) => r.status === 429);
    expect(created.length + limited.length).toBe(200);
    expect(created.length).toBeLessThanOrEqual(10);
    expect(limited.length).toBeGreaterThanOrEqual(190);
    for (const r of limited) {
      expectError(r, 429, 'rate_limited');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('another address is not held back by the burst', async () => {
    const from = freshAddress();
    await Promise.all([...Array(30)].map(() => create(from)));
    expect((await create(freshAddress())).status).toBe(201);
  });

  it('an ordinary group creating a few games never meets the limit', async () => {
    const from = freshAddress();
    for (let i = 0; i < 5; i++) expect((await create(from)).status).toBe(201);
  });

  it('spectator reads from one address are limited, with Retry-After', async () => {
    const { id } = await createGame();
    const from = freshAddress();
    await insideOneWindow();
    const replies = await Promise.all([...Array(400)].map(() => api(`/games/${id}/state`, { from })));
    const limited = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(300);
    expect(limited.length).toBeGreaterThanOrEqual(100);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a made-up token does not exempt a read from the limit', async () => {
    const { id } = await createGame();
    const from = freshAddress();
    await insideOneWindow();
    const replies = await Promise.all(
      [...Array(400)].map(() => api(`/games/${id}`, { from, token: 'AAAAAAAAAAAAAAAAAAAAAA' })),
    );
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(100);
  });

  it('an IPv6 client is counted per /64: rotating addresses inside it does not help', async () => {
    await insideOneWindow();
    const replies = await Promise.all(
      [...Array(40)].map((_, i) => create(`2001:db8:1234:5678::${(i + 1).toString(16)}`)),
    );
    expect(replies.filter((r) => r.status === 201).length).toBeLessThanOrEqual(10);
    expect((await create('2001:db8:1234:9999::1')).status).toBe(201);
  });
});
