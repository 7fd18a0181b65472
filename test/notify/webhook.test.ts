import { afterEach, describe, expect, it } from 'vitest';
import { send, type NotifyMessage, type NotifyTarget, type WebhookFormat } from '../../worker/notify';
import { startServer, type TestServer } from './http-server';
import { recordingFetch } from './receiver';

const msg: NotifyMessage = {
  gameId: 'g7Yx2kQp9Lm',
  game: 'ghost',
  seat: 3,
  kind: 'prompt',
  title: '轮到你了 — 驱鬼',
  body: '饿死鬼的驱鬼投票 · @everyone',
  url: 'https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p9',
  promptId: 'p9',
  deadline: '2026-11-29T15:00:00.000Z',
};

const hook = (url: string, format: WebhookFormat, lang: NotifyTarget['lang'] = 'zh-CN'): NotifyTarget => ({
  kind: 'webhook',
  url,
  format,
  lang,
});
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const rfc2047 = (h: string | null) => {
  const m = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(h ?? '');
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : h;
};

const servers: TestServer[] = [];
const serve = async (...a: Parameters<typeof startServer>) => {
  const s = await startServer(...a);
  servers.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('webhook formats delivered to a local HTTP server', () => {
  it('json: one POST with the generic JSON body', async () => {
    const s = await serve(() => ({ status: 200 }));
    expect(await send(hook(`${s.origin}/hooks/teahouse`, 'json'), msg, { now: 0 })).toEqual({ ok: true });
    const req = s.received[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${s.origin}/hooks/teahouse`);
    expect(req.headers.get('content-type')).toMatch(/^application\/json/);
    expect(req.headers.get('x-teahouse-event')).toBe('prompt');
    expect(JSON.parse(text(req.body))).toEqual({
      type: 'teahouse.notification',
      v: 1,
      kind: 'prompt',
      gameId: 'g7Yx2kQp9Lm',
      game: 'ghost',
      seat: 3,
      lang: 'zh-CN',
      title: '轮到你了 — 驱鬼',
      body: '饿死鬼的驱鬼投票 · @everyone',
      url: 'https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p9',
      promptId: 'p9',
      deadline: '2026-11-29T15:00:00.000Z',
    });
  });

  it('ntfy: the text as the body, a UTF-8 title as an RFC 2047 header, the table link as Click', async () => {
    const s = await serve(() => ({ status: 200 }));
    expect(await send(hook(`${s.origin}/teahouse-alerts`, 'ntfy'), msg, { now: 0 })).toEqual({ ok: true });
    const req = s.received[0]!;
    expect(text(req.body)).toBe('饿死鬼的驱鬼投票 · @everyone');
    expect(req.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(rfc2047(req.headers.get('title'))).toBe('轮到你了 — 驱鬼');
    expect(req.headers.get('click')).toBe('https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p9');
    expect(req.headers.get('tags')).toBe('bell');
    expect(req.headers.get('priority')).toBe('high');
  });

  it('ntfy: an ASCII title is sent as is', async () => {
    const s = await serve(() => ({ status: 200 }));
    await send(
      hook(`${s.origin}/t`, 'ntfy', 'en'),
      { ...msg, title: 'Your turn — Exorcism'.replace('—', '-') },
      { now: 0 },
    );
    expect(s.received[0]!.headers.get('title')).toBe('Your turn - Exorcism');
  });

  it('discord: content and an embed with the link and the deadline, and no mentions allowed', async () => {
    const s = await serve(() => ({ status: 204 }));
    expect(await send(hook(`${s.origin}/api/webhooks/1/abc`, 'discord', 'en'), msg, { now: 0 })).toEqual({ ok: true });
    const body = JSON.parse(text(s.received[0]!.body));
    expect(body.content).toBe('轮到你了 — 驱鬼');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({
      title: '轮到你了 — 驱鬼',
      url: 'https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p9',
      timestamp: '2026-11-29T15:00:00.000Z',
      footer: { text: 'Teahouse 茶馆 · Deadline' },
    });
    expect(body.embeds[0].description).toBe(
      `饿死鬼的驱鬼投票 · @everyone\n⏰ <t:${Date.parse(msg.deadline!) / 1000}:R>`,
    );
  });
});

describe('webhook failures never hold the caller', () => {
  it('an endpoint that never answers gives a timeout failure (to retry), not a hang', { timeout: 10_000 }, async () => {
    const s = await serve(() => 'hang');
    const r = await send(hook(`${s.origin}/slow`, 'json'), msg, { timeoutMs: 300, now: 0 });
    expect(r).toEqual({ ok: false, drop: false, error: 'timeout after 300 ms' });
    expect(s.received).toHaveLength(1);
  });

  it('a fetch that ignores its abort signal is still cut off at the timeout', { timeout: 10_000 }, async () => {
    const never = (() => new Promise<Response>(() => {})) as typeof fetch;
    const r = await send(hook('https://hooks.example/x', 'json'), msg, { timeoutMs: 200, fetch: never, now: 0 });
    expect(r).toMatchObject({ ok: false, drop: false, error: 'timeout after 200 ms' });
  });

  it('a refused connection is a network failure to retry', async () => {
    const s = await serve();
    const url = `${s.origin}/gone`;
    await s.close();
    servers.pop();
    const r = await send(hook(url, 'json'), msg, { now: 0 });
    expect(r).toMatchObject({ ok: false, drop: false });
    expect(r.ok === false && r.error).toMatch(/^network:/);
  });

  it('500 from a webhook is a failure to retry', async () => {
    const s = await serve(() => ({ status: 500 }));
    expect(await send(hook(`${s.origin}/err`, 'json'), msg, { now: 0 })).toMatchObject({
      ok: false,
      drop: false,
      status: 500,
    });
  });

  it('404 and 410 from a webhook drop it', async () => {
    const s = await serve((req) => ({ status: req.url.endsWith('/404') ? 404 : 410 }));
    expect(await send(hook(`${s.origin}/404`, 'ntfy'), msg, { now: 0 })).toMatchObject({
      ok: false,
      drop: true,
      status: 404,
    });
    expect(await send(hook(`${s.origin}/410`, 'discord'), msg, { now: 0 })).toMatchObject({
      ok: false,
      drop: true,
      status: 410,
    });
  });

  it('429 from Discord with fractional Retry-After seconds asks to wait that long (rounded up)', async () => {
    const rec = recordingFetch(
      () => new Response('{"retry_after":1.5}', { status: 429, headers: { 'Retry-After': '1.5' } }),
    );
    const r = await send(hook('https://discord.example/api/webhooks/1/x', 'discord'), msg, {
      fetch: rec.fetch,
      now: 0,
    });
    expect(r).toMatchObject({ ok: false, drop: false, status: 429, retryAfterMs: 1500 });
  });

  it('403 from a webhook is a failure kept for a few attempts, not dropped at once', async () => {
    const rec = recordingFetch(() => new Response('forbidden', { status: 403 }));
    const r = await send(hook('https://ntfy.example/topic', 'ntfy'), msg, { fetch: rec.fetch, now: 0 });
    expect(r).toMatchObject({ ok: false, drop: false, status: 403 });
  });
});
