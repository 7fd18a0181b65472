/**
 * Identity without accounts (DESIGN §4): 128-bit random tokens, stored only as SHA-256 hashes and compared
 * in constant time; unguessable game ids.
 *
 * Why a token carries a MAC (issue 26 points 4 and 9): the room is the only one that knows which tokens are
 * current, but asking it costs a Durable Object wake-up and a hash per request, so a script sending made-up tokens
 * used to cost every room it named something, and the Worker could not tell a seat's reads from a stranger's.
 * A token is now 16 random bytes followed by the first 16 bytes of HMAC-SHA-256 under the `TOKEN_SECRET` secret
 * over (game id, those bytes), base64url (43 characters). The Worker checks the MAC before any room wakes: a token
 * that fails it costs one HMAC, is counted against its address's failure budget and never reaches a room; one that
 * passes is a token this server made for this game, so its reads are counted per seat. The room still decides
 * whether it is *current* (its hash is the seat's; replace-seat revokes it).
 *
 * Tokens of games made before the MAC (22 characters, 16 random bytes) keep working in those games only: such a
 * game has a 14-character id, a newer one 16 characters, so the Worker knows without waking anything whether a
 * token without a MAC can be real. In an old game it goes to the room as before (counted per address, and
 * against the address's failure budget when the room rejects it); in a new game it is refused at once.
 */
import { b64urlDecode, b64urlEncode } from '../notify/b64';

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

const RANDOM_BYTES = 16;
const MAC_BYTES = 16;
/** A token's length with its MAC (base64url of 32 bytes). */
export const TOKEN_LENGTH = 43;
/** A token made before tokens carried a MAC (base64url of 16 bytes): accepted only in games as old as it. */
export const LEGACY_TOKEN_LENGTH = 22;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

async function macOf(secret: string, gameId: string, random: Uint8Array): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const label = enc.encode(`teahouse token v1\0${seriesRoot(gameId)}\0`);
  const data = new Uint8Array(label.length + random.length);
  data.set(label);
  data.set(random, label.length);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, data)).slice(0, MAC_BYTES);
}

/**
 * A fresh token for game `gameId`: 128 random bits and their MAC, base64url (43 characters). Throws without a
 * secret: a server that cannot sign tokens must not hand out ones the Worker would refuse.
 * @example await newToken('k7m2p9qrstuvwxyz', env.TOKEN_SECRET) // 'Xq3…' (43 characters)
 */
export async function newToken(gameId: string, secret: string | undefined): Promise<string> {
  if (!secret)
    throw new Error('TOKEN_SECRET is not set: `wrangler secret put TOKEN_SECRET` (npm start writes one to .dev.vars)');
  const random = crypto.getRandomValues(new Uint8Array(RANDOM_BYTES));
  const mac = await macOf(secret, gameId, random);
  const out = new Uint8Array(RANDOM_BYTES + MAC_BYTES);
  out.set(random);
  out.set(mac, RANDOM_BYTES);
  return b64urlEncode(out);
}

/**
 * What the Worker can tell of a bearer token for game `gameId` without asking its room:
 * - `signed`: made by this server for this game (the room still checks that it is current);
 * - `legacy`: a token without a MAC in a game made before tokens had one — only its room can tell;
 * - `forged`: neither — made up, or made for another game.
 * @example await tokenKind(id, 'AAAAAAAAAAAAAAAAAAAAAA', secret) // 'forged' in a game with a 16-character id
 */
export async function tokenKind(
  gameId: string,
  token: string,
  secret: string | undefined,
): Promise<'signed' | 'legacy' | 'forged'> {
  if (!TOKEN_PATTERN.test(token)) return 'forged';
  if (token.length === LEGACY_TOKEN_LENGTH) return isLegacyGame(gameId) ? 'legacy' : 'forged';
  if (token.length !== TOKEN_LENGTH || !secret) return 'forged';
  const bytes = b64urlDecode(token);
  // Only the canonical spelling: the last character's two spare bits must be zero.
  if (!bytes || bytes.length !== RANDOM_BYTES + MAC_BYTES || b64urlEncode(bytes) !== token) return 'forged';
  const mac = await macOf(secret, gameId, bytes.subarray(0, RANDOM_BYTES));
  return sameBytes(mac, bytes.subarray(RANDOM_BYTES)) ? 'signed' : 'forged';
}

/** Hex SHA-256 of a token: the only form in which the server keeps it. */
export async function hashToken(token: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return hex(new Uint8Array(d));
}

/** Constant-time comparison of two hashes (a timing side channel must not reveal a prefix). */
export function sameHash(a: string, b: string): boolean {
  return sameBytes(new TextEncoder().encode(a), new TextEncoder().encode(b));
}

function sameBytes(x: Uint8Array, y: Uint8Array): boolean {
  if (x.byteLength !== y.byteLength) return false;
  // workerd's extension of SubtleCrypto: https://developers.cloudflare.com/workers/runtime-apis/web-crypto/#timingsafeequal
  return (
    crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }
  ).timingSafeEqual(x, y);
}

/** 32 letters and digits without look-alikes (no 0/o, 1/l): easy to read aloud, 5 bits each. */
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 80 bits. Games made before tokens carried a MAC have 14 characters (70 bits); see the top of this file. */
export const GAME_ID_LENGTH = 16;
/**
 * A game played again (again.ts) has its series' first id followed by 8 random characters (24 in all): tokens
 * are signed over the series' first id (`seriesRoot`), so a seat that accepts keeps its token in every game of
 * the series, and the Worker still tells a made-up token from ours without waking a room. The room decides
 * whether the token is a seat's there (a seat that declined is not).
 */
const AGAIN_SUFFIX = 8;
export const GAME_ID_PATTERN = /^[a-z2-9]{14}(?:[a-z2-9]{2}(?:[a-z2-9]{8})?)?$/;

/**
 * The first game of a game's series: the id its tokens are signed over.
 * @example seriesRoot('abcdefghijkmnpqrstuvwxyz') // 'abcdefghijkmnpqr'
 */
export const seriesRoot = (id: string): string => id.slice(0, GAME_ID_LENGTH);

/** The id of the next game of `id`'s series: its first id and 8 random characters. */
export const nextGameId = (id: string): string => seriesRoot(id) + newGameId().slice(0, AGAIN_SUFFIX);
/** A game made before tokens carried a MAC: only there may a token without one be real. */
export const isLegacyGame = (id: string): boolean => id.length === 14;

export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GAME_ID_LENGTH));
  return [...bytes].map((b) => ID_ALPHABET[b & 31]).join('');
}

/** The game's random seed: 128 bits, kept server-side only (views strip the PRNG state). */
export function newSeed(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}
