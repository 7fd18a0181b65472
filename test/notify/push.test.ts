import { afterEach, describe, expect, it } from 'vitest';
import { send, type NotifyMessage, type NotifyTarget } from '../../worker/notify';
import { MAX_PLAINTEXT_BYTES } from '../../worker/notify/ece';
import { startServer, type TestServer } from './http-server';
import { makeSubscriber, makeVapid, openPush, recordingFetch, verifyVapid, type Subscriber } from './receiver';

const NOW = Date.parse('2026-11-29T12:00:00Z');

const msg = (over: Partial<NotifyMessage> = {}): NotifyMessage => ({
  gameId: 'g7Yx2kQp9Lm',
  game: 'ghost',
  seat: 2,
  kind: 'prompt',
  title: '轮到你了 — 驱鬼',
  body: '饿死鬼的驱鬼投票 · 还剩 3 小时',
  url: 'https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p41',
  promptId: 'p41',
  deadline: '2026-11-29T15:00:00.000Z',
  ...over,
});

const pushTarget = (sub: Subscriber): NotifyTarget => ({ kind: 'push', subscription: sub.subscription, lang: 'zh-CN' });

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Web Push through send', () => {
  it('a push to a stub receiver decrypts to the expected JSON and carries a valid VAPID JWT', async () => {
    const vapid = await makeVapid();
    const sub = await makeSubscriber('https://push.example.net/wpush/v2/abc123');
    const rec = recordingFetch();
    const result = await send(pushTarget(sub), msg(), { vapid, fetch: rec.fetch, now: NOW });
    expect(result).toEqual({ ok: true });
    expect(rec.requests).toHaveLength(1);
    const req = rec.requests[0]!;
    expect(req.url).toBe('https://push.example.net/wpush/v2/abc123');
    expect(req.headers.get('authorization')).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const opened = await openPush(req, sub, NOW, vapid.publicKey);
    expect(opened.payload).toEqual({
      v: 1,
      kind: 'prompt',
      title: '轮到你了 — 驱鬼',
      body: '饿死鬼的驱鬼投票 · 还剩 3 小时',
      url: 'https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p41',
      tag: 'teahouse:g7Yx2kQp9Lm:2',
      gameId: 'g7Yx2kQp9Lm',
      game: 'ghost',
      seat: 2,
      promptId: 'p41',
      deadline: '2026-11-29T15:00:00.000Z',
    });
    expect(opened.claims.aud).toBe('https://push.example.net');
    expect(opened.claims.sub).toBe('mailto:test@teahouse.invalid');
    expect(opened.claims.exp).toBeLessThanOrEqual(NOW / 1000 + 24 * 3600);
    expect(opened.claims.exp).toBeGreaterThan(NOW / 1000);
  });

  it('a push to a real HTTP server on 127.0.0.1 decrypts to the expected JSON and carries a valid VAPID JWT', async () => {
    server = await startServer(() => ({ status: 201 }));
    const vapid = await makeVapid('https://teahouse.example/contact');
    const sub = await makeSubscriber(`${server.origin}/push/sub-1`);
    const now = Date.now();
    const result = await send(pushTarget(sub), msg({ kind: 'reminder', title: '还剩 1 小时 — 驱鬼' }), { vapid, now });
    expect(result).toEqual({ ok: true });
    expect(server.received).toHaveLength(1);
    const req = server.received[0]!;
    expect(req.url).toBe(`${server.origin}/push/sub-1`);
    const opened = await openPush(req, sub, now, vapid.publicKey);
    expect(opened.payload).toMatchObject({ kind: 'reminder', title: '还剩 1 小时 — 驱鬼', seat: 2, promptId: 'p41' });
    expect(opened.claims.aud).toBe(server.origin);
    expect(opened.claims.sub).toBe('https://teahouse.example/contact');
  });

  it('the receiver refuses a JWT whose audience is another origin or that another key signed', async () => {
    const vapid = await makeVapid();
    const sub = await makeSubscriber('https://push.example.net/s');
    const rec = recordingFetch();
    await send(pushTarget(sub), msg(), { vapid, fetch: rec.fetch, now: NOW });
    const auth = rec.requests[0]!.headers.get('authorization');
    await expect(verifyVapid(auth, 'https://other.example.net/s', NOW)).rejects.toThrow(/aud/);
    const other = await makeVapid();
    const forged = auth!.replace(/k=[\w-]+$/, `k=${other.publicKey}`);
    await expect(verifyVapid(forged, 'https://push.example.net/s', NOW)).rejects.toThrow(/signature/);
    await expect(verifyVapid(auth, 'https://push.example.net/s', NOW + 13 * 3600_000)).rejects.toThrow(/exp/);
  });

  it('a prompt push lives until its deadline and is sent with high urgency and a per-seat topic', async () => {
    const vapid = await makeVapid();
    const sub = await makeSubscriber('https://push.example.net/t');
    const rec = recordingFetch();
    await send(pushTarget(sub), msg(), { vapid, fetch: rec.fetch, now: NOW });
    await send(pushTarget(sub), msg({ kind: 'ended', deadline: undefined, promptId: undefined }), {
      vapid,
      fetch: rec.fetch,
      now: NOW,
    });
    const [prompt, ended] = rec.requests.map((r) => r.headers);
    expect(prompt!.get('ttl')).toBe(String(3 * 3600));
    expect(prompt!.get('urgency')).toBe('high');
    expect(prompt!.get('topic')).toMatch(/^[\w-]{1,32}$/);
    expect(ended!.get('ttl')).toBe(String(7 * 24 * 3600));
    expect(ended!.get('urgency')).toBe('normal');
    expect(ended!.get('topic')).toBe(prompt!.get('topic'));
  });

  it('a channel note neither replaces the turn notification in the tray nor shares its push topic', async () => {
    const vapid = await makeVapid();
    const sub = await makeSubscriber('https://push.example.net/note');
    const rec = recordingFetch();
    await send(pushTarget(sub), msg(), { vapid, fetch: rec.fetch, now: NOW });
    await send(
      pushTarget(sub),
      msg({ kind: 'disabled', title: '通知已停用 — 驱鬼', body: '…', promptId: undefined, deadline: undefined }),
      { vapid, fetch: rec.fetch, now: NOW },
    );
    const [turn, note] = await Promise.all(rec.requests.map((r) => openPush(r, sub, NOW)));
    expect((turn!.payload as { tag: string }).tag).toBe('teahouse:g7Yx2kQp9Lm:2');
    expect((note!.payload as { tag: string }).tag).not.toBe('teahouse:g7Yx2kQp9Lm:2');
    expect(note!.topic).toBeNull();
    expect(note!.urgency).toBe('low');
  });

  it('a body too long for one push message is shortened, and still decrypts', async () => {
    const vapid = await makeVapid();
    const sub = await makeSubscriber('https://push.example.net/long');
    const rec = recordingFetch();
    const result = await send(pushTarget(sub), msg({ body: '鬼'.repeat(3000) }), { vapid, fetch: rec.fetch, now: NOW });
    expect(result.ok).toBe(true);
    const opened = await openPush(rec.requests[0]!, sub, NOW);
    const body = (opened.payload as { body: string }).body;
    expect(body.endsWith('…')).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(opened.payload)).length).toBeLessThanOrEqual(MAX_PLAINTEXT_BYTES);
    expect(rec.requests[0]!.body.length).toBeLessThanOrEqual(3000);
  });
});

describe('push service answers', () => {
  const answer = async (status: number, headers: Record<string, string> = {}) => {
    const sub = await makeSubscriber('https://push.example.net/r');
    const rec = recordingFetch(() => new Response(null, { status, headers }));
    return send(pushTarget(sub), msg(), { vapid: await makeVapid(), fetch: rec.fetch, now: NOW });
  };

  it('404 drops the subscription', async () => {
    expect(await answer(404)).toMatchObject({ ok: false, drop: true, status: 404 });
  });

  it('410 Gone drops the subscription', async () => {
    expect(await answer(410)).toMatchObject({ ok: false, drop: true, status: 410 });
  });

  it('429 with Retry-After in seconds asks to retry after that many seconds', async () => {
    const r = await answer(429, { 'Retry-After': '120' });
    expect(r).toMatchObject({ ok: false, drop: false, status: 429, retryAfterMs: 120_000 });
  });

  it('429 with Retry-After as an HTTP date asks to retry at that time', async () => {
    const r = await answer(429, { 'Retry-After': new Date(NOW + 90_000).toUTCString() });
    expect(r).toMatchObject({ ok: false, drop: false, status: 429, retryAfterMs: 90_000 });
  });

  it('500 is a failure to retry, not a drop', async () => {
    const r = await answer(500);
    expect(r).toMatchObject({ ok: false, drop: false, status: 500 });
    expect(r.ok === false && r.retryAfterMs).toBeFalsy();
  });

  it('200 and 201 are deliveries', async () => {
    expect(await answer(200)).toEqual({ ok: true });
    expect(await answer(201)).toEqual({ ok: true });
  });

  it('a subscription whose p256dh is not a point on the curve is dropped without a request', async () => {
    const sub = await makeSubscriber('https://push.example.net/bad');
    const bad = new Uint8Array(65).fill(7);
    bad[0] = 4;
    const target: NotifyTarget = {
      kind: 'push',
      subscription: {
        ...sub.subscription,
        keys: { ...sub.subscription.keys, p256dh: Buffer.from(bad).toString('base64url') },
      },
      lang: 'en',
    };
    const rec = recordingFetch();
    const r = await send(target, msg(), { vapid: await makeVapid(), fetch: rec.fetch, now: NOW });
    expect(r).toMatchObject({ ok: false, drop: true });
    expect(rec.requests).toHaveLength(0);
  });

  it('missing VAPID keys fail without dropping the subscription (a server problem, not the subscriber’s)', async () => {
    const sub = await makeSubscriber('https://push.example.net/novapid');
    const rec = recordingFetch();
    const r = await send(pushTarget(sub), msg(), { fetch: rec.fetch, now: NOW });
    expect(r).toMatchObject({ ok: false, drop: false });
    expect(rec.requests).toHaveLength(0);
    const broken = await send(pushTarget(sub), msg(), {
      vapid: { publicKey: 'xx', privateKey: 'yy', subject: 'mailto:a@b.c' },
      fetch: rec.fetch,
      now: NOW,
    });
    expect(broken).toMatchObject({ ok: false, drop: false });
  });
});
