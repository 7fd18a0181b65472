import { describe, expect, it } from 'vitest';
import { encryptNotification } from '@block65/webcrypto-web-push';
import { encryptAes128gcm, MAX_PLAINTEXT_BYTES } from '../../worker/notify/ece';
import { decryptAes128gcm, fromB64url, makeSubscriber, subscriberFromKeys, toB64url, type Bytes } from './receiver';

/** RFC 8291 Appendix A ("Intermediate Values for Encryption"). */
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s) as Bytes;

async function rfcSender(): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  const pub = fromB64url(RFC.asPublic);
  const jwk = { kty: 'EC', crv: 'P-256', x: toB64url(pub.subarray(1, 33)), y: toB64url(pub.subarray(33)) };
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { ...jwk, d: RFC.asPrivate },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  const publicKey = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
  return { privateKey, publicKey };
}

const rfcSubscriber = () => subscriberFromKeys('https://push.example.net/x', RFC.uaPrivate, RFC.uaPublic, RFC.auth);

describe('RFC 8291 aes128gcm', () => {
  it('the test receiver decrypts the RFC 8291 appendix A message with the example keys', async () => {
    expect(text(await decryptAes128gcm(fromB64url(RFC.body), await rfcSubscriber()))).toBe(RFC.plaintext);
  });

  it('encrypting with the appendix A salt and sender key gives the exact example body', async () => {
    const body = await encryptAes128gcm(
      bytes(RFC.plaintext),
      { p256dh: fromB64url(RFC.uaPublic), auth: fromB64url(RFC.auth) },
      { salt: fromB64url(RFC.salt), ephemeral: await rfcSender(), padBlock: 0 },
    );
    expect(toB64url(body)).toBe(RFC.body);
  });

  it('a message for another subscription does not decrypt', async () => {
    const other = await makeSubscriber('https://push.example.net/y');
    await expect(decryptAes128gcm(fromB64url(RFC.body), other)).rejects.toThrow();
  });

  it('a body with one flipped bit is rejected by the GCM tag', async () => {
    const body = fromB64url(RFC.body);
    body[body.length - 20]! ^= 1;
    await expect(decryptAes128gcm(body, await rfcSubscriber())).rejects.toThrow();
  });

  it('each message gets a fresh salt and sender key, so equal texts give different bodies', async () => {
    const sub = await makeSubscriber('https://push.example.net/z');
    const keys = { p256dh: sub.publicKey, auth: sub.auth };
    const [a, b] = [await encryptAes128gcm(bytes('same'), keys), await encryptAes128gcm(bytes('same'), keys)];
    expect(toB64url(a.slice(0, 16))).not.toBe(toB64url(b.slice(0, 16)));
    expect(toB64url(a.slice(21, 86))).not.toBe(toB64url(b.slice(21, 86)));
    expect(text(await decryptAes128gcm(a, sub))).toBe('same');
  });

  it('padding to 256-byte blocks gives texts of different lengths the same body size, and both decrypt', async () => {
    const sub = await makeSubscriber('https://push.example.net/p');
    const keys = { p256dh: sub.publicKey, auth: sub.auth };
    const short = await encryptAes128gcm(bytes('a'), keys, { padBlock: 256 });
    const long = await encryptAes128gcm(bytes('a'.repeat(200)), keys, { padBlock: 256 });
    expect(short.length).toBe(long.length);
    expect(short.length).toBe(86 + 256 + 16);
    expect(text(await decryptAes128gcm(short, sub))).toBe('a');
    expect(text(await decryptAes128gcm(long, sub))).toBe('a'.repeat(200));
  });

  it('a plaintext over the one-message limit is refused rather than sent too large', async () => {
    const sub = await makeSubscriber('https://push.example.net/big');
    await expect(
      encryptAes128gcm(new Uint8Array(MAX_PLAINTEXT_BYTES + 1) as Bytes, { p256dh: sub.publicKey, auth: sub.auth }),
    ).rejects.toThrow(/maximum/);
  });

  it('the test receiver also decrypts what @block65/webcrypto-web-push encrypts (interoperability)', async () => {
    const sub = await makeSubscriber('https://push.example.net/lib');
    const body = await encryptNotification(
      { endpoint: sub.subscription.endpoint, expirationTime: null, keys: sub.subscription.keys },
      bytes('你好 hello'),
    );
    expect(text(await decryptAes128gcm(body, sub))).toBe('你好 hello');
  });
});
