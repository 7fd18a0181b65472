/** A Slack incoming webhook (table channel only). Mentions are member ids written `<@U…>`. */
import { jsonPost, type NotifyFormat } from './format';
import { channelText } from './channeltext';

/** Slack's own three escapes (https://api.slack.com/reference/surfaces/formatting#escaping). */
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const slack: NotifyFormat = {
  id: 'slack',
  label: 'notify.format.slack',
  mention: (m) =>
    /^[UW][A-Z0-9]{2,20}$/.test(m)
      ? m
      : { error: 'a Slack mention is your member id (U… from your profile → Copy member ID)' },
  channel: (url, input, lang) => {
    const r = channelText(input, lang, { escape, mention: slack.mention, tag: (m) => `<@${m}>` });
    return jsonPost(url, {
      text: `*${r.heading}*\n${r.lines.join('\n')}\n<${escape(input.url)}>`,
      unfurl_links: false,
    });
  },
};
