/**
 * Webhook requests in three formats. Pure: `buildWebhookRequest` returns what `send` will fetch.
 *
 * - `json`: a generic JSON POST, stable field names, for scripts and home automation.
 * - `ntfy`: the URL is an ntfy topic (`https://ntfy.sh/<topic>`); the body is the text, metadata goes in
 *   headers (https://docs.ntfy.sh/publish/). Header values must be ASCII in fetch, so a non-ASCII title is
 *   sent as an RFC 2047 encoded word, which ntfy decodes.
 * - `discord`: a Discord channel webhook; `allowed_mentions: {parse: []}` so a player named "@everyone"
 *   cannot ping a whole server; the deadline as a `<t:…:R>` stamp, which Discord shows in each reader's
 *   own time zone and language.
 * - `telegram`: the Bot API `sendMessage` URL with `?chat_id=` (https://core.telegram.org/bots/api#sendmessage);
 *   the chat moves into the JSON body, the text is plain (no parse_mode, so a name cannot inject markup).
 */
import { b64Encode, utf8 } from './b64';
import { clip } from './push';
import { telegramChat } from './validate';
import type { Lang, NotifyKind, NotifyMessage, WebhookFormat } from './types';

/** The body of a `json` webhook. */
export interface WebhookJson {
  type: 'teahouse.notification';
  v: 1;
  kind: NotifyKind;
  gameId: string;
  game: string;
  seat: number;
  lang: Lang;
  title: string;
  body: string;
  url: string;
  promptId: string | null;
  deadline: string | null;
}

export interface WebhookRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

const USER_AGENT = 'Teahouse-Notify/1';

const NTFY_TAGS: Record<NotifyKind, string> = {
  prompt: 'bell',
  reminder: 'hourglass_flowing_sand',
  expired: 'alarm_clock',
  ended: 'checkered_flag',
  disabled: 'warning',
};
const NTFY_PRIORITY: Record<NotifyKind, string> = { prompt: 'high', reminder: 'high', expired: 'default', ended: 'default', disabled: 'low' };
const DISCORD_COLOR: Record<NotifyKind, number> = { prompt: 0xc8902c, reminder: 0xe67e22, expired: 0x95a5a6, ended: 0x2e8b57, disabled: 0xc0392b };
const DEADLINE_LABEL: Record<Lang, string> = { 'zh-CN': '截止', 'zh-TW': '截止', en: 'Deadline' };

/** RFC 2047 encoded word for non-ASCII header text; ASCII passes unchanged. */
export function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(oneLine)) return oneLine;
  return `=?UTF-8?B?${b64Encode(utf8(oneLine))}?=`;
}

/** A URL safe for a header: percent-encoded by the URL parser; empty when it is not an absolute URL. */
function asciiUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return '';
  }
}

export function webhookJson(msg: NotifyMessage, lang: Lang): WebhookJson {
  return {
    type: 'teahouse.notification',
    v: 1,
    kind: msg.kind,
    gameId: msg.gameId,
    game: msg.game,
    seat: msg.seat,
    lang,
    title: msg.title,
    body: msg.body,
    url: msg.url,
    promptId: msg.promptId ?? null,
    deadline: msg.deadline ?? null,
  };
}

export function buildWebhookRequest(target: { url: string; format: WebhookFormat; lang: Lang }, msg: NotifyMessage): WebhookRequest {
  const { url, format, lang } = target;
  if (format === 'ntfy') {
    const headers: Record<string, string> = {
      'Content-Type': 'text/plain; charset=utf-8',
      'User-Agent': USER_AGENT,
      Title: headerText(clip(msg.title, 250)),
      Tags: NTFY_TAGS[msg.kind],
      Priority: NTFY_PRIORITY[msg.kind],
    };
    const click = asciiUrl(msg.url);
    if (click) headers.Click = click;
    return { url, init: { method: 'POST', headers, body: clip(msg.body, 4000) } };
  }
  if (format === 'telegram') return telegramRequest(url, [msg.title, msg.body, msg.url].filter(Boolean).join('\n'));
  if (format === 'discord') {
    const deadlineMs = msg.deadline ? Date.parse(msg.deadline) : NaN;
    const stamp = Number.isFinite(deadlineMs) ? `\n⏰ <t:${Math.floor(deadlineMs / 1000)}:R>` : '';
    const embed: Record<string, unknown> = {
      title: clip(msg.title, 256),
      description: clip(msg.body, 4000) + stamp,
      color: DISCORD_COLOR[msg.kind],
      footer: { text: Number.isFinite(deadlineMs) ? `Teahouse 茶馆 · ${DEADLINE_LABEL[lang]}` : 'Teahouse 茶馆' },
    };
    const link = asciiUrl(msg.url);
    if (link) embed.url = link;
    if (Number.isFinite(deadlineMs)) embed.timestamp = new Date(deadlineMs).toISOString();
    const body = { content: clip(msg.title, 2000), embeds: [embed], allowed_mentions: { parse: [] } };
    return { url, init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT }, body: JSON.stringify(body) } };
  }
  return {
    url,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': USER_AGENT, 'X-Teahouse-Event': msg.kind },
      body: JSON.stringify(webhookJson(msg, lang)),
    },
  };
}

/** A Bot API `sendMessage` of plain `text` to the chat named in `url` (`?chat_id=`), which moves into the body. */
export function telegramRequest(url: string, text: string): WebhookRequest {
  const u = new URL(url);
  const chat = telegramChat(u);
  if (!chat) throw new Error('telegram url has no chat_id');
  u.searchParams.delete('chat_id');
  const body = { chat_id: /^-?\d+$/.test(chat) ? Number(chat) : chat, text: clip(text, 4096), link_preview_options: { is_disabled: true } };
  return { url: u.href, init: { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT }, body: JSON.stringify(body) } };
}
