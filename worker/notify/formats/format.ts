/**
 * What one notification format is (`NotifyFormat`), and the small pieces of an HTTP request the formats share.
 * A format is one file in this folder and one line in `index.ts`; validation, both senders and the client's
 * format menus read the registry, so nothing else changes when a format is added.
 */
import { b64Encode, utf8 } from '../b64';
import type { Lang, NotifyMessage } from '../types';
import type { ChannelInput } from '../channel';

/** What `send` and `postChannel` fetch. */
export interface WebhookRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

/**
 * One notification format. It is offered for personal webhooks when it has `personal`, for the table channel
 * when it has `channel`.
 * @example
 * export const matrix: NotifyFormat = { id: 'matrix', label: 'notify.format.matrix', personal: (url, msg) => jsonPost(url, { msgtype: 'm.text', body: msg.body }) };
 */
export interface NotifyFormat {
  /** Stored with each target (`format`). */
  id: string;
  /** The shell strings key of its name in the format menus (web/i18n/client.ts). */
  label: string;
  /** What the URL must be beyond the public-host rule every target obeys: a reason for the 400, or null. */
  checkUrl?: (url: URL) => string | null;
  /** The request for one seat's notification, in the target's language. */
  personal?: (url: string, msg: NotifyMessage, lang: Lang) => WebhookRequest;
  /** The request for one table-channel post, in the channel's language. */
  channel?: (url: string, input: ChannelInput, lang: Lang) => WebhookRequest;
  /** Check a seat's mention (already trimmed) for this format's channel: normalised, or why not. Default: one short line. */
  mention?: (m: string) => string | { error: string };
}

export const USER_AGENT = 'Teahouse-Notify/1';

/** A JSON POST. */
export function jsonPost(url: string, body: unknown, headers: Record<string, string> = {}): WebhookRequest {
  return {
    url,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT, ...headers },
      body: JSON.stringify(body),
    },
  };
}

/** RFC 2047 encoded word for non-ASCII header text; ASCII passes unchanged. */
export function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(oneLine)) return oneLine;
  return `=?UTF-8?B?${b64Encode(utf8(oneLine))}?=`;
}

/** A URL safe for a header: percent-encoded by the URL parser; empty when it is not an absolute URL. */
export function asciiUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return '';
  }
}
