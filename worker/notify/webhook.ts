/**
 * A seat's personal webhook: the request its format builds (`NotifyFormat.personal`, one file per format in
 * `formats/`). Pure: `buildWebhookRequest` returns what `send` will fetch.
 */
import { FORMATS, type Formats, type WebhookRequest } from './formats';
import type { Lang, NotifyMessage } from './types';

export function buildWebhookRequest(
  target: { url: string; format: string; lang: Lang },
  msg: NotifyMessage,
  formats: Formats = FORMATS,
): WebhookRequest {
  const build = formats.get(target.format)?.personal;
  if (!build) throw new Error(`no personal webhook format '${target.format}'`);
  return build(target.url, msg, target.lang);
}
