/**
 * Telegram through a bot: the Bot API `sendMessage` URL with `?chat_id=`
 * (https://core.telegram.org/bots/api#sendmessage). The chat moves into the JSON body; the text is plain (no
 * parse_mode, so a name cannot inject markup). Mentions are @usernames.
 */
import { jsonPost, type NotifyFormat, type WebhookRequest } from './format';
import { channelText } from './channeltext';
import { clip } from '../texts';

/** The chat a Telegram bot URL names (`?chat_id=` a number or an @channel name), or null. */
function chatOf(url: URL): string | null {
  const chat = url.searchParams.get('chat_id');
  return chat && /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chat) ? chat : null;
}

/** A `sendMessage` of plain `text` to the chat named in `url`, which moves into the body. */
function send(url: string, text: string): WebhookRequest {
  const u = new URL(url);
  const chat = chatOf(u);
  if (!chat) throw new Error('telegram url has no chat_id');
  u.searchParams.delete('chat_id');
  return jsonPost(u.href, {
    chat_id: /^-?\d+$/.test(chat) ? Number(chat) : chat,
    text: clip(text, 4096),
    link_preview_options: { is_disabled: true },
  });
}

export const telegram: NotifyFormat = {
  id: 'telegram',
  label: 'notify.format.telegram',
  checkUrl: (u) =>
    chatOf(u)
      ? null
      : 'a telegram url is the Bot API sendMessage URL with the chat: https://api.telegram.org/bot<token>/sendMessage?chat_id=<chat id or @channel>',
  mention: (m) =>
    /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(m)
      ? m.startsWith('@')
        ? m
        : `@${m}`
      : { error: 'a Telegram mention is your @username' },
  personal: (url, msg) => send(url, [msg.title, msg.body, msg.url].filter(Boolean).join('\n')),
  channel: (url, input, lang) => {
    const r = channelText(input, lang, { mention: telegram.mention, tag: (m) => m });
    return send(url, [r.heading, ...r.lines, input.url].join('\n'));
  },
};
