/**
 * VAPID (RFC 8292): the application server proves who it is to the push service with a short-lived ES256
 * JWT whose audience is the push service's origin. The keys are the raw base64url strings that web-push
 * tools print: the public key is the 65-byte uncompressed point, the private key the 32-byte scalar `d`.
 */
import { b64urlDecode, b64urlEncode, utf8 } from './b64';
import type { VapidKeys } from './types';

/** Lifetime of a token. RFC 8292 §2 forbids more than 24 hours; 12 leaves room for clock skew. */
export const VAPID_TTL_SECONDS = 12 * 60 * 60;

// Importing a JWK costs more than signing; a Worker isolate signs for many rooms with the same key.
const keyCache = new Map<string, Promise<CryptoKey>>();

function signingKey(vapid: VapidKeys): Promise<CryptoKey> {
  const id = `${vapid.publicKey}|${vapid.privateKey}`;
  let key = keyCache.get(id);
  if (!key) {
    const pub = b64urlDecode(vapid.publicKey);
    const d = b64urlDecode(vapid.privateKey);
    if (!pub || pub.length !== 65 || pub[0] !== 4)
      return Promise.reject(new Error('VAPID public key is not a 65-byte P-256 point'));
    if (!d || d.length !== 32) return Promise.reject(new Error('VAPID private key is not 32 bytes'));
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: b64urlEncode(pub.subarray(1, 33)),
      y: b64urlEncode(pub.subarray(33)),
      d: b64urlEncode(d),
    };
    key = crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    key.catch(() => keyCache.delete(id));
    keyCache.set(id, key);
  }
  return key;
}

/**
 * The value of the `Authorization` header for a push to `endpoint` (RFC 8292 §3):
 * `vapid t=<JWT>, k=<public key>`. `now` is milliseconds since the epoch (the caller owns the clock).
 *
 * @example
 * headers.Authorization = await vapidAuthorization(sub.endpoint, env.vapid, Date.now());
 */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, now: number): Promise<string> {
  if (!/^(mailto:|https:)/.test(vapid.subject)) throw new Error('VAPID subject must be a mailto: or https: URL');
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + VAPID_TTL_SECONDS, sub: vapid.subject };
  const part = (o: object) => b64urlEncode(utf8(JSON.stringify(o)));
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  // WebCrypto ECDSA signatures are already r‖s (IEEE P1363), the form JWS ES256 wants (RFC 7518 §3.4).
  const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(vapid), utf8(unsigned));
  return `vapid t=${unsigned}.${b64urlEncode(sig)}, k=${vapid.publicKey}`;
}
