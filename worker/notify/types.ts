/** The shapes the room stores and passes in. Everything here is plain JSON. */

export type Lang = 'zh-CN' | 'zh-TW' | 'en';

/** What the browser's `PushSubscription.toJSON()` gives, keys in base64url. */
export interface PushSubscriptionJSON {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The id of a format in the registry (notify/formats): 'json', 'ntfy', 'discord', 'telegram'… */
export type WebhookFormat = string;

/** One channel of one seat. `lang` is the language the texts are rendered in. */
export type NotifyTarget =
  | { kind: 'push'; subscription: PushSubscriptionJSON; lang: Lang }
  | { kind: 'webhook'; url: string; format: WebhookFormat; lang: Lang };

export type NotifyKind = 'prompt' | 'reminder' | 'expired' | 'ended' | 'disabled' | 'again';

/**
 * One notification for one seat, already rendered in the target's language (see `notificationFor`).
 * `url` is absolute (webhooks are read outside the site) and opens the table at the prompt.
 */
export interface NotifyMessage {
  gameId: string;
  /** Game id: 'ghost' | 'sanguosha'. */
  game: string;
  seat: number;
  kind: NotifyKind;
  title: string;
  body: string;
  url: string;
  promptId?: string;
  /** ISO time. */
  deadline?: string;
}

/** base64url raw keys, as `web-push generate-vapid-keys` and `scripts/vapid.mjs` print them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact for the push service operator (RFC 8292 §2.1). */
  subject: string;
}

/**
 * The outcome of one attempt.
 * - `ok: true`: the endpoint accepted it.
 * - `drop: true`: the target is gone for good (push 404/410, webhook 404/410, a subscription whose keys
 *   cannot be used); remove it, do not retry.
 * - otherwise retry later: `retryAfterMs` when the endpoint said when (429 `Retry-After`); `retryPlan`
 *   turns any failure into the next step.
 */
export type DeliveryResult =
  | { ok: true }
  | { ok: false; drop: boolean; retryAfterMs?: number; status?: number; error?: string };
