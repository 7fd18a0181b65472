/**
 * Identity without accounts (DESIGN §4): 128-bit random tokens, stored only as SHA-256 hashes and compared
 * in constant time; unguessable game ids.
 */
import { b64urlEncode } from '../notify/b64';

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A fresh 128-bit token, base64url (22 characters). */
export function newToken(): string {
  return b64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
}

/** Hex SHA-256 of a token: the only form in which the server keeps it. */
export async function hashToken(token: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return hex(new Uint8Array(d));
}

/** Constant-time comparison of two hashes (a timing side channel must not reveal a prefix). */
export function sameHash(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.byteLength !== y.byteLength) return false;
  // workerd's extension of SubtleCrypto: https://developers.cloudflare.com/workers/runtime-apis/web-crypto/#timingsafeequal
  return (crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }).timingSafeEqual(x, y);
}

/** 32 letters and digits without look-alikes (no 0/o, 1/l): easy to read aloud, 5 bits each. */
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const GAME_ID_LENGTH = 14; // 70 bits
export const GAME_ID_PATTERN = /^[a-z2-9]{14}$/;

export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GAME_ID_LENGTH));
  return [...bytes].map((b) => ID_ALPHABET[b & 31]).join('');
}

/** The game's random seed: 128 bits, kept server-side only (views strip the PRNG state). */
export function newSeed(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}
