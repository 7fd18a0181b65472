/**
 * A test push receiver: what a browser and a push service do with our requests, written independently of
 * worker/notify (its own base64url, and HKDF spelled out with HMAC as in RFC 5869) so a shared mistake
 * cannot pass unnoticed. WebCrypto only, no Node imports: the room's workerd tests reuse it.
 *
 * - `makeSubscriber(endpoint)`: a fresh subscription (P-256 key pair + auth secret), as a browser makes.
 * - `decryptAes128gcm(body, subscriber)`: RFC 8291 / RFC 8188 decryption.
 * - `verifyVapid(authorization, endpoint, now)`: RFC 8292 checks, throwing with the reason.
 * - `openPush(request, subscriber, now)`: both, plus the Web Push headers.
 * - `recordingFetch(respond)`: a fetch stub that records each request and answers with `respond`.
 */

export type Bytes = Uint8Array<ArrayBuffer>;

export function fromB64url(s: string): Bytes {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)) as Bytes;
}

export function toB64url(bytes: Uint8Array | ArrayBuffer): string {
  const u = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return btoa(Array.from(u, (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const enc = (s: string): Bytes => new TextEncoder().encode(s) as Bytes;
const cat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0)) as Bytes;
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
};

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Bytes> {
  const k = await crypto.subtle.importKey('raw', key as Bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data as Bytes)) as Bytes;
}

/** RFC 5869 with one expand block (every length here is ≤ 32). */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, len: number): Promise<Bytes> {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, cat(info, new Uint8Array([1])))).slice(0, len) as Bytes;
}

export interface Subscriber {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: CryptoKey;
  publicKey: Bytes;
  auth: Bytes;
}

export async function makeSubscriber(endpoint: string): Promise<Subscriber> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer) as Bytes;
  const auth = crypto.getRandomValues(new Uint8Array(16)) as Bytes;
  return {
    subscription: { endpoint, keys: { p256dh: toB64url(publicKey), auth: toB64url(auth) } },
    privateKey: pair.privateKey,
    publicKey,
    auth,
  };
}

/** A subscriber from known keys (the RFC 8291 example): private scalar and public point in base64url. */
export async function subscriberFromKeys(
  endpoint: string,
  privateD: string,
  publicPoint: string,
  auth: string,
): Promise<Subscriber> {
  const pub = fromB64url(publicPoint);
  const jwk = { kty: 'EC', crv: 'P-256', d: privateD, x: toB64url(pub.subarray(1, 33)), y: toB64url(pub.subarray(33)) };
  const privateKey = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ]);
  return {
    subscription: { endpoint, keys: { p256dh: publicPoint, auth } },
    privateKey,
    publicKey: pub,
    auth: fromB64url(auth),
  };
}

/** Decrypt an `aes128gcm` body (one record). Throws when the body is malformed or was not for this key. */
export async function decryptAes128gcm(
  body: Uint8Array,
  sub: Pick<Subscriber, 'privateKey' | 'publicKey' | 'auth'>,
): Promise<Bytes> {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error(`key id is ${idlen} bytes, expected the 65-byte sender key`);
  const asPublic = body.slice(21, 21 + idlen);
  const record = body.slice(21 + idlen);
  if (record.length > rs) throw new Error('more than one record');
  const asKey = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: asKey }, sub.privateKey, 256));
  const ikm = await hkdf(sub.auth, ecdh, cat(enc('WebPush: info\0'), sub.publicKey, asPublic), 32);
  const cek = await hkdf(salt, ikm, enc('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, enc('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('missing the last-record delimiter 0x02');
  return plain.slice(0, end) as Bytes;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  [k: string]: unknown;
}

/**
 * Check an `Authorization: vapid t=…, k=…` header as a push service does (RFC 8292): ES256 signature by
 * `k`, audience = the endpoint's origin, expiry in the future and at most 24 h away, a contact subject.
 * `now` in milliseconds. Returns the claims and the key; throws with the reason otherwise.
 */
export async function verifyVapid(
  authorization: string | null,
  endpoint: string,
  now: number,
  expectedKey?: string,
): Promise<{ claims: VapidClaims; key: string }> {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), ?k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=<jwt>, k=<key>": ${authorization}`);
  const [jwt, k] = [m[1]!, m[2]!];
  if (expectedKey !== undefined && k !== expectedKey) throw new Error('k is not the application server key');
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(new TextDecoder().decode(fromB64url(h)));
  if (header.alg !== 'ES256') throw new Error(`alg is ${header.alg}, not ES256`);
  const pub = fromB64url(k);
  if (pub.length !== 65 || pub[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = await crypto.subtle.importKey('raw', pub, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const sig = fromB64url(s);
  if (sig.length !== 64) throw new Error('signature is not 64 bytes (r‖s)');
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, sig, enc(`${h}.${p}`))))
    throw new Error('bad ES256 signature');
  const claims = JSON.parse(new TextDecoder().decode(fromB64url(p))) as VapidClaims;
  const origin = new URL(endpoint).origin;
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, expected ${origin}`);
  const nowSec = now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSec) throw new Error('exp is missing or past');
  if (claims.exp > nowSec + 24 * 3600) throw new Error('exp is more than 24 hours away');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`sub is not a contact URL: ${claims.sub}`);
  return { claims, key: k };
}

export interface ReceivedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: Bytes;
}

export interface OpenedPush {
  payload: unknown;
  claims: VapidClaims;
  ttl: number;
  urgency: string | null;
  topic: string | null;
}

/** Everything a push service and a browser check, in one call. */
export async function openPush(
  req: ReceivedRequest,
  sub: Subscriber,
  now: number,
  expectedKey?: string,
): Promise<OpenedPush> {
  if (req.method !== 'POST') throw new Error(`method ${req.method}`);
  if (req.headers.get('content-encoding') !== 'aes128gcm')
    throw new Error(`Content-Encoding is ${req.headers.get('content-encoding')}`);
  const ttl = Number(req.headers.get('ttl'));
  if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header missing or invalid (RFC 8030 §5.2)');
  const { claims } = await verifyVapid(req.headers.get('authorization'), sub.subscription.endpoint, now, expectedKey);
  const payload = JSON.parse(new TextDecoder().decode(await decryptAes128gcm(req.body, sub)));
  return { payload, claims, ttl, urgency: req.headers.get('urgency'), topic: req.headers.get('topic') };
}

/** A fetch stub: records every request (body read fully) and answers with `respond` (default 201). */
export function recordingFetch(
  respond: (req: ReceivedRequest) => Response | Promise<Response> = () => new Response(null, { status: 201 }),
) {
  const requests: ReceivedRequest[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const r = new Request(input, init);
    const rec: ReceivedRequest = {
      url: r.url,
      method: r.method,
      headers: r.headers,
      body: new Uint8Array(await r.arrayBuffer()) as Bytes,
    };
    requests.push(rec);
    return respond(rec);
  };
  return { fetch: stub as typeof fetch, requests };
}

/** Fresh VAPID keys in the raw base64url form the app reads from its secrets. */
export async function makeVapid(
  subject = 'mailto:test@teahouse.invalid',
): Promise<{ publicKey: string; privateKey: string; subject: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const pub = await crypto.subtle.exportKey('raw', pair.publicKey);
  return { publicKey: toB64url(pub as ArrayBuffer), privateKey: jwk.d!, subject };
}
