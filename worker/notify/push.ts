/**
 * One Web Push request (RFC 8030) with an encrypted body (RFC 8291) and VAPID (RFC 8292). Pure apart from
 * WebCrypto: the caller passes `now` and does the fetch (see `send`).
 */
import { b64urlDecode, b64urlEncode, utf8, type Bytes } from './b64';
import { encryptAes128gcm, MAX_PLAINTEXT_BYTES, type EncryptOptions } from './ece';
import { vapidAuthorization } from './vapid';
import { clip } from './texts';
import type { NotifyKind, NotifyMessage, PushSubscriptionJSON, VapidKeys } from './types';

/**
 * What the service worker receives (JSON, after the browser decrypts it). It shows
 * `showNotification(title, { body, tag, data: { url } })` and opens `url` on click; `tag` makes a newer
 * notification of the same game and seat replace the older one in the tray.
 */
export interface PushPayload {
  v: 1;
  kind: NotifyKind;
  title: string;
  body: string;
  url: string;
  tag: string;
  gameId: string;
  game: string;
  seat: number;
  promptId?: string;
  deadline?: string;
}

export function pushPayload(msg: NotifyMessage): PushPayload {
  const p: PushPayload = {
    v: 1,
    kind: msg.kind,
    title: msg.title,
    body: msg.body,
    url: msg.url,
    // A channel note must not replace the "your turn" notification in the tray.
    tag: `teahouse:${msg.gameId}:${msg.seat}${msg.kind === 'disabled' ? ':note' : ''}`,
    gameId: msg.gameId,
    game: msg.game,
    seat: msg.seat,
  };
  if (msg.promptId !== undefined) p.promptId = msg.promptId;
  if (msg.deadline !== undefined) p.deadline = msg.deadline;
  return p;
}

/** The payload as bytes, with the body shortened until it fits one push message. */
export function encodePayload(msg: NotifyMessage): Bytes {
  const p = pushPayload(msg);
  let bytes = utf8(JSON.stringify(p));
  for (let max = Array.from(p.body).length; bytes.length > MAX_PLAINTEXT_BYTES && max > 0; ) {
    max = Math.floor(max * 0.8);
    bytes = utf8(JSON.stringify({ ...p, body: clip(msg.body, max) }));
  }
  if (bytes.length > MAX_PLAINTEXT_BYTES) throw new Error('notification too large even without a body');
  return bytes;
}

const DAY = 24 * 60 * 60;

/**
 * How long the push service keeps an undelivered message (RFC 8030 §5.2), in seconds: a prompt is worth
 * delivering until its deadline, a game's end or a channel note for a week.
 */
export function ttlSeconds(msg: NotifyMessage, now: number): number {
  if ((msg.kind === 'prompt' || msg.kind === 'reminder') && msg.deadline) {
    const left = Math.floor((Date.parse(msg.deadline) - now) / 1000);
    if (Number.isFinite(left)) return Math.min(28 * DAY, Math.max(60, left));
  }
  return msg.kind === 'ended' || msg.kind === 'disabled' ? 7 * DAY : DAY;
}

/** RFC 8030 §5.3: a decision waiting on you wakes the device; the rest may wait for a good moment. */
export function urgencyOf(kind: NotifyKind): 'high' | 'normal' | 'low' {
  return kind === 'prompt' || kind === 'reminder' ? 'high' : kind === 'disabled' ? 'low' : 'normal';
}

/**
 * RFC 8030 §5.4: a message with the same topic replaces an undelivered one, so a phone that was off all
 * night gets the latest news of each game, not a pile. A topic is at most 32 base64url characters, so it
 * is a hash of the game and seat.
 */
export async function topicOf(msg: NotifyMessage): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8(`teahouse:${msg.gameId}:${msg.seat}`));
  return b64urlEncode(new Uint8Array(digest).subarray(0, 24));
}

export interface PushRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: Bytes };
}

/**
 * Build the request for one push. Throws when the subscription's keys are unusable (the caller drops the
 * target) or the VAPID keys are malformed.
 *
 * @example
 * const { url, init } = await buildPushRequest(sub, msg, vapid, Date.now());
 * const res = await fetch(url, init);
 */
export async function buildPushRequest(
  sub: PushSubscriptionJSON,
  msg: NotifyMessage,
  vapid: VapidKeys,
  now: number,
  enc: EncryptOptions = { padBlock: 256 },
): Promise<PushRequest> {
  const p256dh = b64urlDecode(sub.keys.p256dh);
  const auth = b64urlDecode(sub.keys.auth);
  if (!p256dh || !auth) throw new Error('subscription keys are not base64url');
  const body = await encryptAes128gcm(encodePayload(msg), { p256dh, auth }, enc);
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(sub.endpoint, vapid, now),
    TTL: String(ttlSeconds(msg, now)),
    Urgency: urgencyOf(msg.kind),
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
  };
  if (msg.kind !== 'disabled') headers.Topic = await topicOf(msg);
  return { url: sub.endpoint, init: { method: 'POST', headers, body } };
}
