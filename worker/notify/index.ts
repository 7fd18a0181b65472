/**
 * Notification channels, server side (issue 5, DESIGN §6): Web Push (RFC 8291 `aes128gcm`, RFC 8292
 * VAPID) and webhooks in the formats of the registry (`formats/`, one file per format: JSON, ntfy, Discord, Slack,
 * Telegram). A small library the GameRoom calls from its alarm;
 * it holds no state and no clock of its own (callers pass `now` where time matters).
 *
 * Typical use in the room:
 * ```ts
 * const target = validateTarget(body);              // on POST /notify; a string is the 400 reason
 * const question = renderMsg(pickStrings(def.strings, lang), prompt.message, nameOf, { lang });
 * const { title, body } = notificationFor('prompt', { lang, gameTitle, question, deadline, now });
 * const result = await send(target, { gameId, game, seat, kind: 'prompt', title, body, url, promptId, deadline },
 *                           { vapid, now });
 * const plan = retryPlan(result, attempt);          // done | drop | retry in N ms | disable (tell the seat)
 * ```
 */
export type { Lang, NotifyTarget, NotifyKind, NotifyMessage, VapidKeys, DeliveryResult, WebhookFormat } from './types';
export { validateTarget, privateAnswer, type TargetScope } from './validate';
export { send } from './send';
export { checkTarget, refusedTarget, UnansweredLookup, DOH_URL } from './dns';
export {
  backoffMs,
  MAX_ATTEMPTS,
  CLIENT_ERROR_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  retryPlan,
} from './retry';
export { notificationFor, formatDuration } from './texts';
export { renderMsg, pickStrings } from './render';
export { FORMATS, registry, formatMenu, type NotifyFormat } from './formats';
