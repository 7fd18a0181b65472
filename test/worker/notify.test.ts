/**
 * The notification library inside workerd, the runtime it ships in: its WebCrypto (ECDH, HKDF, ECDSA, JWK
 * import) and fetch behave as the Node tests assume.
 */
import { describe, expect, it } from 'vitest';
import { send, type NotifyMessage } from '../../worker/notify';
import {
  decryptAes128gcm,
  fromB64url,
  makeSubscriber,
  makeVapid,
  openPush,
  recordingFetch,
  subscriberFromKeys,
} from '../notify/receiver';

const msg: NotifyMessage = {
  gameId: 'g7Yx2kQp9Lm',
  game: 'sanguosha',
  seat: 1,
  kind: 'prompt',
  title: '轮到你了 — 三国杀',
  body: '张三对你使用了杀，是否打出闪？',
  url: 'https://teahouse.example/g/g7Yx2kQp9Lm?prompt=p3',
  promptId: 'p3',
};

describe('notify in workerd', () => {
  it('the RFC 8291 appendix A message decrypts in workerd', async () => {
    const sub = await subscriberFromKeys(
      'https://push.example.net/x',
      'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      'BTBZMqHH6r4Tts7J_aSIgg',
    );
    const body = fromB64url(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
    expect(new TextDecoder().decode(await decryptAes128gcm(body, sub))).toBe(
      'When I grow up, I want to be a watermelon',
    );
  });

  it('a push built in workerd decrypts to the expected JSON and carries a valid VAPID JWT', async () => {
    const vapid = await makeVapid();
    const sub = await makeSubscriber('https://push.example.net/wp/1');
    const rec = recordingFetch();
    const now = Date.now();
    expect(
      await send({ kind: 'push', subscription: sub.subscription, lang: 'zh-CN' }, msg, {
        vapid,
        fetch: rec.fetch,
        now,
      }),
    ).toEqual({ ok: true });
    const opened = await openPush(rec.requests[0]!, sub, now, vapid.publicKey);
    expect(opened.payload).toMatchObject({
      title: '轮到你了 — 三国杀',
      body: '张三对你使用了杀，是否打出闪？',
      promptId: 'p3',
      seat: 1,
    });
    expect(opened.claims.aud).toBe('https://push.example.net');
  });

  it('a webhook that never answers is cut off at the timeout in workerd', async () => {
    const never = (() => new Promise<Response>(() => {})) as typeof fetch;
    const r = await send({ kind: 'webhook', url: 'https://hooks.example/x', format: 'ntfy', lang: 'zh-CN' }, msg, {
      fetch: never,
      timeoutMs: 100,
    });
    expect(r).toMatchObject({ ok: false, drop: false, error: 'timeout after 100 ms' });
  });

  it('an ntfy webhook with a Chinese title is a valid request in workerd (header encoded as ASCII)', async () => {
    const rec = recordingFetch(() => new Response(null, { status: 200 }));
    const r = await send({ kind: 'webhook', url: 'https://ntfy.example/topic', format: 'ntfy', lang: 'zh-CN' }, msg, {
      fetch: rec.fetch,
    });
    expect(r).toEqual({ ok: true });
    expect(rec.requests[0]!.headers.get('title')).toMatch(/^=\?UTF-8\?B\?/);
  });
});
