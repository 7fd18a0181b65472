/** Generic JSON, stable field names, for scripts and home automation. */
import type { NotifyFormat } from './format';
import { jsonPost } from './format';
import { channelText, validMention } from './channeltext';
import type { Lang, NotifyKind, NotifyMessage } from '../types';
import type { ChannelEvent } from '../channel';

/** The body of a personal `json` webhook. */
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

/** The body of a `json` channel post. */
export interface ChannelJson {
  type: 'teahouse.table';
  v: 1;
  event: ChannelEvent['kind'];
  gameId: string;
  game: string;
  title: string;
  text: string;
  url: string;
  /** The seats named, with their mentions, sleep and away state. */
  seats: { seat: number; name: string; mention: string | null; asleepUntil: string | null; away: boolean }[];
  deadline: string | null;
  winners: number[] | null;
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

export const json: NotifyFormat = {
  id: 'json',
  label: 'notify.format.json',
  personal: (url, msg, lang) =>
    jsonPost(url, webhookJson(msg, lang), {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Teahouse-Event': msg.kind,
    }),
  channel: (url, input, lang) => {
    // Mentions go in their own field, not in the text.
    const r = channelText(input, lang, {});
    const ev = input.event;
    const named =
      ev.kind === 'waiting' || ev.kind === 'again'
        ? ev.seats
        : ev.kind === 'end'
          ? ev.winners
          : input.seats.map((s) => s.seat);
    const body: ChannelJson = {
      type: 'teahouse.table',
      v: 1,
      event: ev.kind,
      gameId: input.gameId,
      game: input.game,
      title: r.heading,
      text: r.lines.join('\n'),
      url: input.url,
      seats: [...new Set(named)]
        .sort((a, b) => a - b)
        .map((seat) => {
          const s = input.seats.find((x) => x.seat === seat);
          return {
            seat,
            name: s?.name ?? '',
            mention: validMention(undefined, s?.mention),
            asleepUntil: s?.asleepUntil ?? null,
            away: !!s?.away,
          };
        }),
      deadline: r.deadline ? new Date(r.deadline).toISOString() : null,
      winners: ev.kind === 'end' ? [...ev.winners] : null,
    };
    return jsonPost(url, body, {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Teahouse-Event': `table.${ev.kind}`,
    });
  },
};
