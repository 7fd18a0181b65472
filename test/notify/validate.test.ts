import { describe, expect, it } from 'vitest';
import { validateTarget } from '../../worker/notify';
import { makeSubscriber } from './receiver';

const b64 = (n: number, first = 4) => {
  const b = new Uint8Array(n).fill(9);
  b[0] = first;
  return Buffer.from(b).toString('base64url');
};
const keys = { p256dh: b64(65), auth: b64(16, 1) };
const push = (endpoint: string, k: Record<string, unknown> = keys, extra: Record<string, unknown> = {}) => ({
  kind: 'push',
  subscription: { endpoint, keys: k },
  lang: 'en',
  ...extra,
});

describe('validateTarget accepts', () => {
  it('a browser subscription (PushSubscription.toJSON) and keeps only the known fields', async () => {
    const sub = await makeSubscriber('https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH');
    const t = validateTarget({
      kind: 'push',
      subscription: { ...sub.subscription, expirationTime: null, extra: 'x' },
      lang: 'zh-CN',
      junk: 1,
    });
    expect(t).toEqual({ kind: 'push', subscription: sub.subscription, lang: 'zh-CN' });
  });

  it('an http endpoint on localhost or 127.0.0.1 (test receivers) only where private targets are allowed', () => {
    expect(validateTarget(push('http://127.0.0.1:9911/push/1'), 'private')).toMatchObject({ kind: 'push' });
    expect(validateTarget(push('http://localhost:9911/push/1'), 'private')).toMatchObject({ kind: 'push' });
    expect(validateTarget({ kind: 'webhook', url: 'http://192.168.1.20:8123/hook' }, 'private')).toMatchObject({
      kind: 'webhook',
    });
    expect(typeof validateTarget(push('http://127.0.0.1:9911/push/1'))).toBe('string');
  });

  it('a public IP literal over https', () => {
    expect(validateTarget({ kind: 'webhook', url: 'https://93.184.215.14/hook' })).toMatchObject({ kind: 'webhook' });
    expect(validateTarget({ kind: 'webhook', url: 'https://[2606:4700:4700::1111]/hook' })).toMatchObject({
      kind: 'webhook',
    });
  });

  it('a webhook in each format, defaulting to json', () => {
    expect(validateTarget({ kind: 'webhook', url: 'https://ntfy.sh/my-topic', format: 'ntfy', lang: 'zh-TW' })).toEqual(
      { kind: 'webhook', url: 'https://ntfy.sh/my-topic', format: 'ntfy', lang: 'zh-TW' },
    );
    expect(
      validateTarget({ kind: 'webhook', url: 'https://discord.com/api/webhooks/1/a', format: 'discord' }),
    ).toMatchObject({ format: 'discord', lang: 'zh-CN' });
    expect(validateTarget({ kind: 'webhook', url: 'https://home.example:8123/hook' })).toMatchObject({
      format: 'json',
    });
  });

  it('browser language tags, mapped to ours', () => {
    expect(validateTarget({ url: 'https://x.example/h', lang: 'zh-Hant-TW' })).toMatchObject({
      kind: 'webhook',
      lang: 'zh-TW',
    });
    expect(validateTarget({ url: 'https://x.example/h', lang: 'zh-Hans' })).toMatchObject({ lang: 'zh-CN' });
    expect(validateTarget({ url: 'https://x.example/h', lang: 'en-GB' })).toMatchObject({ lang: 'en' });
  });

  it('keys in padded or plain base64, normalised to base64url', () => {
    const std = Buffer.from(new Uint8Array(16).fill(251)).toString('base64');
    const t = validateTarget(push('https://push.example/1', { p256dh: keys.p256dh + '=', auth: std }));
    expect(t).toMatchObject({
      subscription: { keys: { auth: Buffer.from(new Uint8Array(16).fill(251)).toString('base64url') } },
    });
  });
});

describe('validateTarget rejects with a reason', () => {
  const reason = (raw: unknown, scope: 'public' | 'private' = 'public') => {
    const r = validateTarget(raw, scope);
    expect(typeof r).toBe('string');
    return r as string;
  };

  it('a body that is not an object', () => {
    expect(reason(null)).toMatch(/object/);
    expect(reason('https://x')).toMatch(/object/);
    expect(reason([1])).toMatch(/object/);
  });

  it('an unknown kind', () => expect(reason({ kind: 'sms', to: '+1' })).toMatch(/kind/));

  it('a plain http push endpoint on a public host', () =>
    expect(reason(push('http://push.example.net/1'))).toMatch(/https/));

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
    expect(reason(push('https://p.example/1', { p256dh: keys.p256dh, auth: b64(12, 1) }))).toMatch(
      /auth must be 16 bytes/,
    );
    expect(reason(push('https://p.example/1', { p256dh: 'A'.repeat(500), auth: keys.auth }))).toMatch(/too long/);
  });

  it('a webhook of an unknown format or a non-http URL', () => {
    expect(reason({ kind: 'webhook', url: 'https://x.example/h', format: 'slack' })).toMatch(/format/);
    expect(reason({ kind: 'webhook', url: 'file:///etc/passwd' })).toMatch(/https/);
    expect(reason({ kind: 'webhook', url: 42 })).toMatch(/URL string/);
  });

  it('a plain http webhook, even to a public host', () => {
    expect(reason({ kind: 'webhook', url: 'http://home.example:8123/hook' })).toMatch(/https/);
    expect(reason({ kind: 'webhook', url: 'http://home.example:8123/hook' }, 'private')).toMatch(/https/);
  });

  // Every target the attacker got accepted, and their relatives (issue 9 point 3).
  const privateTargets = [
    'https://127.0.0.1/x',
    'https://127.0.0.1:8787/api',
    'https://127.1/x',
    'https://2130706433/x', // decimal 127.0.0.1
    'https://0x7f000001/x', // hex
    'https://0x7f.0.0.1/x',
    'https://0177.0.0.1/x', // octal
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://app.localhost/x',
    'https://ｌｏｃａｌｈｏｓｔ/x', // full-width letters, mapped by IDNA
    'https://[::1]/x',
    'https://[::]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:a9fe:a9fe]/x', // mapped 169.254.169.254
    'https://[64:ff9b::a00:1]/x', // NAT64 of 10.0.0.1
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
    'https://[2002:7f00:1::]/x', // 6to4 of 127.0.0.1
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/x',
    'https://10.255.255.255/x',
    'https://172.16.0.1/x',
    'https://172.31.255.255/x',
    'https://192.168.1.1/x',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://0/x',
    'https://224.0.0.1/x',
    'https://255.255.255.255/x',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata/x',
    'https://printer.local/x',
    'https://router.home.arpa/x',
    'https://1.0.0.127.in-addr.arpa/x',
    'http://127.0.0.1:9911/x',
    'http://localhost/x',
  ];

  it('each loopback, private, link-local, reserved or internal target, as a webhook and as a push endpoint', () => {
    for (const url of privateTargets) {
      expect(reason({ kind: 'webhook', url }), url).toMatch(/public host|https/);
      expect(reason(push(url)), url).toMatch(/public host|https/);
    }
  });

  it('public neighbours of the private ranges are still accepted', () => {
    for (const url of [
      'https://172.32.0.1/x',
      'https://172.15.255.255/x',
      'https://100.128.0.1/x',
      'https://169.255.0.1/x',
      'https://11.0.0.1/x',
      'https://192.169.0.1/x',
    ])
      expect(validateTarget({ kind: 'webhook', url }), url).toMatchObject({ kind: 'webhook' });
  });

  it('a language we do not speak', () =>
    expect(reason({ kind: 'webhook', url: 'https://x.example/h', lang: 'fr' })).toMatch(/lang/));
});
