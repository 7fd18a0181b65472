/**
 * ntfy: the URL is a topic (`https://ntfy.sh/<topic>`); the body is the text, metadata goes in headers
 * (https://docs.ntfy.sh/publish/). Header values must be ASCII in fetch, so a non-ASCII title is sent as an
 * RFC 2047 encoded word, which ntfy decodes. ntfy has no mentions.
 */
import { asciiUrl, headerText, USER_AGENT, type NotifyFormat } from './format';
import { channelText } from './channeltext';
import { clip } from '../texts';
import type { NotifyKind } from '../types';

const TAGS: Record<NotifyKind, string> = {
  prompt: 'bell',
  reminder: 'hourglass_flowing_sand',
  expired: 'alarm_clock',
  ended: 'checkered_flag',
  disabled: 'warning',
  again: 'repeat',
};
const PRIORITY: Record<NotifyKind, string> = {
  prompt: 'high',
  reminder: 'high',
  expired: 'default',
  ended: 'default',
  disabled: 'low',
  again: 'default',
};

function post(url: string, title: string, tags: string, body: string, click: string, priority?: string) {
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    'User-Agent': USER_AGENT,
    Title: headerText(clip(title, 250)),
    Tags: tags,
  };
  if (priority) headers.Priority = priority;
  const link = asciiUrl(click);
  if (link) headers.Click = link;
  return { url, init: { method: 'POST' as const, headers, body: clip(body, 4000) } };
}

export const ntfy: NotifyFormat = {
  id: 'ntfy',
  label: 'notify.format.ntfy',
  personal: (url, msg) => post(url, msg.title, TAGS[msg.kind], msg.body, msg.url, PRIORITY[msg.kind]),
  channel: (url, input, lang) => {
    const r = channelText(input, lang, {});
    return post(
      url,
      r.heading,
      input.event.kind === 'end' ? 'checkered_flag' : 'hourglass_flowing_sand',
      r.lines.join('\n'),
      input.url,
    );
  },
};
