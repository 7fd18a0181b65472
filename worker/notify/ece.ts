/**
 * Web Push message encryption: RFC 8291 over the `aes128gcm` content coding of RFC 8188, one record.
 *
 * Why our own code rather than `@block65/webcrypto-web-push` v2 (read in node_modules): it pads every body
 * to 4096 octets, which is over the limit of Mozilla's push service (autopush accepts about 4 KiB of
 * *base64* data, ~3 KiB raw); it cannot take an injected salt or ephemeral key (so the RFC 8291 appendix
 * vector cannot be reproduced); it refuses `http://` endpoints (our local test receivers); and its JWT
 * reads `Date.now()`. The algorithm is forty lines of WebCrypto, all of it below. The test suite checks it
 * against the RFC vector and decrypts the library's own output with our test receiver for interop.
 */
import { utf8, type Bytes } from './b64';

/** Record size written in the header. The whole body is one record, so any value ≥ its length works. */
export const RECORD_SIZE = 4096;
/** salt (16) + rs (4) + idlen (1) + the sender's public key (65). */
export const HEADER_BYTES = 86;
const TAG_BYTES = 16;
/**
 * Ceiling for a whole body: Mozilla's autopush takes ~4096 bytes of base64, i.e. about 3070 raw bytes;
 * 3000 leaves room and suits FCM and Apple (4096) as well.
 */
export const MAX_BODY_BYTES = 3000;
/** The most plaintext a body can hold: the header, the GCM tag and the 0x02 delimiter are paid for. */
export const MAX_PLAINTEXT_BYTES = MAX_BODY_BYTES - HEADER_BYTES - TAG_BYTES - 1;

export interface EncryptOptions {
  /** 16 random bytes; injected only by tests (a reused salt with the same key would repeat a GCM nonce). */
  salt?: Bytes;
  /** The sender's ephemeral ECDH key pair; injected only by tests. */
  ephemeral?: { privateKey: CryptoKey; publicKey: CryptoKey };
  /**
   * Pad the plaintext up to a multiple of this many bytes (then cap at the maximum), so the body length
   * says little about the text inside. 0 = no padding (the RFC example).
   */
  padBlock?: number;
}

async function hkdf(salt: Bytes, ikm: Bytes | ArrayBuffer, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

const concat = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
};

/**
 * Encrypt `plaintext` for a subscription (its `p256dh` point, 65 bytes, and `auth` secret, 16 bytes).
 * Returns the complete request body: header then the single record.
 *
 * @example
 * const body = await encryptAes128gcm(utf8('{"title":"…"}'), { p256dh, auth });
 */
export async function encryptAes128gcm(
  plaintext: Bytes,
  keys: { p256dh: Bytes; auth: Bytes },
  opts: EncryptOptions = {},
): Promise<Bytes> {
  if (keys.p256dh.length !== 65 || keys.p256dh[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  if (keys.auth.length !== 16) throw new Error('auth secret is not 16 bytes');
  if (plaintext.length > MAX_PLAINTEXT_BYTES)
    throw new Error(`payload is ${plaintext.length} bytes, the maximum is ${MAX_PLAINTEXT_BYTES}`);
  const salt = opts.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (salt.length !== 16) throw new Error('salt must be 16 bytes');

  const uaPublic = await crypto.subtle.importKey('raw', keys.p256dh, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const eph =
    opts.ephemeral ??
    ((await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', eph.publicKey)) as ArrayBuffer);
  const ecdhSecret = await crypto.subtle.deriveBits({ name: 'ECDH', public: uaPublic }, eph.privateKey, 256);

  // RFC 8291 §3.3–3.4: the auth secret salts the ECDH secret, bound to both public keys.
  const keyInfo = concat(utf8('WebPush: info\0'), keys.p256dh, asPublic);
  const ikm = await hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2–2.3: content key and nonce from the per-message salt.
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);

  const block = opts.padBlock ?? 0;
  const padded =
    block > 0
      ? Math.min(Math.ceil((plaintext.length + 1) / block) * block, MAX_PLAINTEXT_BYTES + 1)
      : plaintext.length + 1;
  // 0x02 marks the last (only) record; the zero bytes after it are padding (RFC 8188 §2).
  const record = new Uint8Array(padded);
  record.set(plaintext);
  record[plaintext.length] = 2;

  const aes = await crypto.subtle.importKey('raw', cek, { name: 'AES-GCM' }, false, ['encrypt']);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, record));

  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = 65;
  header.set(asPublic, 21);
  return concat(header, sealed);
}
