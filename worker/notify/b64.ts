/**
 * base64url without padding (RFC 4648 §5), the encoding of every key in Web Push and of JWT parts.
 * Written on `atob`/`btoa` so it runs unchanged in workerd, Node and the browser.
 */

/** Bytes backed by a plain ArrayBuffer, which is what WebCrypto accepts as a `BufferSource`. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Plain base64 with padding (RFC 4648 §4), as RFC 2047 encoded words want it. */
export function b64Encode(data: Uint8Array | ArrayBuffer): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function b64urlEncode(data: Uint8Array | ArrayBuffer): string {
  return b64Encode(data).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decode base64url (padding optional). Plain base64 (`+`, `/`) is accepted too, since some clients send
 * keys that way; anything else gives null rather than an exception, so callers can answer a 400.
 */
export function b64urlDecode(text: string): Bytes | null {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(text)) return null;
  const clean = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (clean.length % 4 === 1) return null;
  try {
    const bin = atob(clean + '='.repeat((4 - (clean.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export const utf8 = (s: string): Bytes => new TextEncoder().encode(s) as Bytes;
