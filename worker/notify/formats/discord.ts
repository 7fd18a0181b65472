/**
 * A Discord channel webhook. `allowed_mentions` lets only the seats named by their own mention ping, never
 * "@everyone" or a role in a player's name; the deadline is a `<t:…:R>` stamp, which Discord shows in each
 * reader's own time zone and language.
 */
import { asciiUrl, jsonPost, type NotifyFormat } from './format';
import { channelText } from './channeltext';
import { clip } from '../texts';
import type { Lang, NotifyKind } from '../types';
import type { ChannelEvent } from '../channel';

const COLOR: Record<NotifyKind, number> = {
  prompt: 0xc8902c,
  reminder: 0xe67e22,
  expired: 0x95a5a6,
  ended: 0x2e8b57,
  disabled: 0xc0392b,
  again: 0xa83222,
};
const CHANNEL_COLOR: Record<ChannelEvent['kind'], number> = {
  waiting: 0xc8902c,
  start: 0x3a7bd5,
  end: 0x2e8b57,
  again: 0xa83222,
};
const DEADLINE_LABEL: Record<Lang, string> = { 'zh-CN': '截止', 'zh-TW': '截止', en: 'Deadline' };

/** Discord markdown would let a name bold, hide or link text; a backslash shows each character as itself. */
const escape = (s: string) => s.replace(/([\\*_~`|>#[\]<@])/g, '\\$1');
const stamp = (ms: number) => `\n⏰ <t:${Math.floor(ms / 1000)}:R>`;

export const discord: NotifyFormat = {
  id: 'discord',
  label: 'notify.format.discord',
  mention: (m) =>
    /^\d{17,20}$/.test(m)
      ? m
      : { error: 'a Discord mention is your user id (17–20 digits; Developer Mode → Copy User ID)' },
  personal: (url, msg, lang) => {
    const deadlineMs = msg.deadline ? Date.parse(msg.deadline) : NaN;
    const hasDeadline = Number.isFinite(deadlineMs);
    const embed: Record<string, unknown> = {
      title: clip(msg.title, 256),
      description: clip(msg.body, 4000) + (hasDeadline ? stamp(deadlineMs) : ''),
      color: COLOR[msg.kind],
      footer: { text: hasDeadline ? `Teahouse 茶馆 · ${DEADLINE_LABEL[lang]}` : 'Teahouse 茶馆' },
    };
    const link = asciiUrl(msg.url);
    if (link) embed.url = link;
    if (hasDeadline) embed.timestamp = new Date(deadlineMs).toISOString();
    return jsonPost(url, { content: clip(msg.title, 2000), embeds: [embed], allowed_mentions: { parse: [] } });
  },
  channel: (url, input, lang) => {
    const r = channelText(input, lang, { escape, mention: discord.mention, tag: (m) => `<@${m}>`, ownClock: true });
    return jsonPost(url, {
      content: clip(r.lines[0]!, 2000),
      embeds: [
        {
          title: clip(r.heading, 256),
          description: clip(r.lines.slice(1).join('\n') + (r.deadline ? stamp(r.deadline) : ''), 4000) || undefined,
          url: input.url,
          color: CHANNEL_COLOR[input.event.kind],
        },
      ],
      allowed_mentions: { parse: [], users: r.mentioned },
    });
  },
};
