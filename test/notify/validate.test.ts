import { describe, expect, it } from 'vitest';
import { validateTarget } from '../../worker/notify';
import { makeSubscriber } from './receiver';

const b64 = (n: number, first = 4) => {
  const b = new Uint8Array(n).fill(9);
  b[0] = first;
  return Buffer.from(b).toString('base64url');
};
const keys = { p256dh: b64(65), auth: b64(16, 1) };
const push = (endpoint: string, k: Record<string, unknown> = keys, extra: Record<string, unknown> = {}) => ({ kind: 'push', subscription: { endpoint, keys: k }, lang: 'en', ...extra });

describe('validateTarget accepts', () => {
  it('a browser subscription (PushSubscription.toJSON) and keeps only the known fields', async () => {
    const sub = await makeSubscriber('https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH');
    const t = validateTarget({ kind: 'push', subscription: { ...sub.subscription, expirationTime: null, extra: 'x' }, lang: 'zh-CN', junk: 1 });
    expect(t).toEqual({ kind: 'push', subscription: sub.subscription, lang: 'zh-CN' });
  });

  it('an http endpoint on localhost or 127.0.0.1 (test receivers)', () => {
    expect(validateTarget(push('http://127.0.0.1:9911/push/1'))).toMatchObject({ kind: 'push' });
    expect(validateTarget(push('http://localhost:9911/push/1'))).toMatchObject({ kind: 'push' });
  });

  it('a webhook in each format, defaulting to json', () => {
    expect(validateTarget({ kind: 'webhook', url: 'https://ntfy.sh/my-topic', format: 'ntfy', lang: 'zh-TW' })).toEqual({ kind: 'webhook', url: 'https://ntfy.sh/my-topic', format: 'ntfy', lang: 'zh-TW' });
    expect(validateTarget({ kind: 'webhook', url: 'https://discord.com/api/webhooks/1/a', format: 'discord' })).toMatchObject({ format: 'discord', lang: 'zh-CN' });
    expect(validateTarget({ kind: 'webhook', url: 'http://home.example:8123/hook' })).toMatchObject({ format: 'json' });
  });

  it('browser language tags, mapped to ours', () => {
    expect(validateTarget({ url: 'https://x.example/h', lang: 'zh-Hant-TW' })).toMatchObject({ kind: 'webhook', lang: 'zh-TW' });
    expect(validateTarget({ url: 'https://x.example/h', lang: 'zh-Hans' })).toMatchObject({ lang: 'zh-CN' });
    expect(validateTarget({ url: 'https://x.example/h', lang: 'en-GB' })).toMatchObject({ lang: 'en' });
  });

  it('keys in padded or plain base64, normalised to base64url', () => {
    const std = Buffer.from(new Uint8Array(16).fill(251)).toString('base64');
    const t = validateTarget(push('https://push.example/1', { p256dh: keys.p256dh + '=', auth: std }));
    expect(t).toMatchObject({ subscription: { keys: { auth: Buffer.from(new Uint8Array(16).fill(251)).toString('base64url') } } });
  });
});

describe('validateTarget rejects with a reason', () => {
  const reason = (raw: unknown) => {
    const r = validateTarget(raw);
    expect(typeof r).toBe('string');
    return r as string;
  };

  it('a body that is not an object', () => {
    expect(reason(null)).toMatch(/object/);
    expect(reason('https://x')).toMatch(/object/);
    expect(reason([1])).toMatch(/object/);
  });

  it('an unknown kind', () => expect(reason({ kind: 'sms', to: '+1' })).toMatch(/kind/));

  it('a plain http push endpoint on a public host', () => expect(reason(push('http://push.example.net/1'))).toMatch(/https/));

  it('a push endpoint that is not a URL, too long, or of another scheme', () => {
    expect(reason(push('not a url'))).toMatch(/valid URL/);
    expect(reason(push(`https://push.example/${'a'.repeat(2100)}`))).toMatch(/longer than 2048/);
    expect(reason(push('ftp://push.example/1'))).toMatch(/https/);
    expect(reason(push('javascript:alert(1)'))).toMatch(/https/);
  });

  it('a URL with a user name and password', () => {
    expect(reason(push('https://u:p@push.example/1'))).toMatch(/password/);
    expect(reason({ kind: 'webhook', url: 'https://u:p@hooks.example/1' })).toMatch(/password/);
  });

  it('missing or malformed keys', () => {
    expect(reason({ kind: 'push', subscription: { endpoint: 'https://p.example/1' }, lang: 'en' })).toMatch(/keys/);
    expect(reason(push('https://p.example/1', { auth: keys.auth }))).toMatch(/p256dh is missing/);
    expect(reason(push('https://p.example/1', { p256dh: 'not*base64', auth: keys.auth }))).toMatch(/base64url/);
    expect(reason(push('https://p.example/1', { p256dh: b64(33, 2), auth: keys.auth }))).toMatch(/65 bytes, got 33/);
    expect(reason(push('https://p.example/1', { p256dh: b64(65, 3), auth: keys.auth }))).toMatch(/uncompressed/);
    expect(reason(push('https://p.example/1', { p256dh: keys.p256dh, auth: b64(12, 1) }))).toMatch(/auth must be 16 bytes/);
    expect(reason(push('https://p.example/1', { p256dh: 'A'.repeat(500), auth: keys.auth }))).toMatch(/too long/);
  });

  it('a webhook of an unknown format or a non-http URL', () => {
    expect(reason({ kind: 'webhook', url: 'https://x.example/h', format: 'slack' })).toMatch(/format/);
    expect(reason({ kind: 'webhook', url: 'file:///etc/passwd' })).toMatch(/https/);
    expect(reason({ kind: 'webhook', url: 42 })).toMatch(/URL string/);
  });

  it('a language we do not speak', () => expect(reason({ kind: 'webhook', url: 'https://x.example/h', lang: 'fr' })).toMatch(/lang/));
});
