/**
 * The table channel (issue 11): one webhook the host registers for the whole game — a Discord or Slack channel,
 * a Telegram group through a bot, an ntfy topic, or generic JSON — that posts when the table waits on someone,
 * naming them with the mention each seat set for itself, and when the game starts and ends.
 *
 * Only public facts go in: the game's title (the host may name it), seat names, the table's public "waiting
 * for" list (`waitingSeats`: during a 无懈可击 window that is everyone), each seat's sleep and away state, the
 * deadline, and at the end the public outcome. The input type has no room for a hand, an identity or a prompt's
 * options, so a channel message cannot carry one. Pure: `buildChannelRequest` returns what `postChannel` fetches.
 */
import { clip } from './push';
import { resultOfStatus } from './retry';
import { timedFetch, DEFAULT_TIMEOUT_MS } from './send';
import { formatDuration } from './texts';
import { headerText, telegramRequest, type WebhookRequest } from './webhook';
import { normaliseLang, parseUrl, telegramChat, type TargetScope } from './validate';
import type { DeliveryResult, Lang } from './types';

export type ChannelFormat = 'discord' | 'slack' | 'telegram' | 'ntfy' | 'json';
export const CHANNEL_FORMATS: readonly ChannelFormat[] = ['discord', 'slack', 'telegram', 'ntfy', 'json'];

/** The host's channel, stored with the game. */
export interface ChannelTarget {
  url: string;
  format: ChannelFormat;
  lang: Lang;
}

/** One seat as the channel names it. `mention` is what the seat itself set; it is used only if it fits the format. */
export interface ChannelSeat {
  seat: number;
  name: string;
  mention?: string | null;
  /** "asleep until 08:00 their time" (quiet.ts `asleep`), or null. */
  asleepUntil?: string | null;
  away?: boolean;
}

export type ChannelEvent =
  | { kind: 'waiting'; seats: number[]; deadline?: number | null }
  | { kind: 'start' }
  | { kind: 'end'; winners: number[]; reason: string };

export interface ChannelInput {
  gameId: string;
  /** Game id ('sanguosha' | 'ghost'). */
  game: string;
  /** The game's display name in the channel's language ("三国杀"). */
  gameTitle: string;
  /** The host's name for this game ("周五夜局"), if any. */
  title?: string | null;
  /** The table's public address (spectators' view), absolute. */
  url: string;
  seats: ChannelSeat[];
  event: ChannelEvent;
  /** ms since the epoch, for "5 h left". */
  now: number;
}

interface Texts {
  waiting: string;
  start: string;
  end: string;
  winners: string;
  draw: string;
  asleep: string;
  away: string;
  left: string;
  sep: string;
}

const TEXTS: Record<Lang, Texts> = {
  'zh-CN': { waiting: '等待：{names}', start: '对局开始：{names}', end: '对局结束：{reason}', winners: '胜者：{names}', draw: '平局', asleep: '{name}在睡觉，当地时间{time}醒', away: '{name}暂时离开', left: '还剩{t}', sep: '、' },
  'zh-TW': { waiting: '等待：{names}', start: '對局開始：{names}', end: '對局結束：{reason}', winners: '勝者：{names}', draw: '平局', asleep: '{name}在睡覺，當地時間{time}醒', away: '{name}暫時離開', left: '還剩{t}', sep: '、' },
  en: { waiting: 'Waiting on {names}', start: 'The game has started: {names}', end: 'The game is over: {reason}', winners: 'Winners: {names}', draw: 'a draw', asleep: '{name} is asleep until {time} their time', away: '{name} is away', left: '{t} left', sep: ', ' },
};

/**
 * Check a mention a seat sets for the channel's format: a Discord user id, a Slack member id, a Telegram
 * @username. Returns it normalised, or a reason for the 400. ntfy and JSON take any short text (shown as is).
 */
export function parseMention(format: ChannelFormat, raw: unknown): string | null | { error: string } {
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 64) return { error: 'mention must be a short text' };
  const m = raw.trim();
  if (format === 'discord') return /^\d{17,20}$/.test(m) ? m : { error: 'a Discord mention is your user id (17–20 digits; Developer Mode → Copy User ID)' };
  if (format === 'slack') return /^[UW][A-Z0-9]{2,20}$/.test(m) ? m : { error: 'a Slack mention is your member id (U… from your profile → Copy member ID)' };
  if (format === 'telegram') return /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(m) ? (m.startsWith('@') ? m : `@${m}`) : { error: 'a Telegram mention is your @username' };
  return /^[^\r\n]{1,32}$/.test(m) ? m : { error: 'mention must be one short line' };
}

/** The mention if it is valid for `format`, else null (a mention set for another format is not used). */
const mentionFor = (format: ChannelFormat, m: string | null | undefined): string | null => {
  const v = m ? parseMention(format, m) : null;
  return typeof v === 'string' ? v : null;
};

/**
 * Check the host's channel (host `settings` action): a URL that passes `parseUrl` under the Worker's target
 * `scope` (in `public` scope https to a public host only), a known format, a Telegram URL naming
 * its chat. Returns the target to store, or a reason for the 400.
 */
export function validateChannel(raw: unknown, scope: TargetScope = 'public'): ChannelTarget | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'channel must be an object {url, format, lang?}';
  const o = raw as Record<string, unknown>;
  // The same public-host rule as personal webhooks: a channel must not make the site call into a private network.
  const u = parseUrl(o.url, 'channel.url', scope);
  if (typeof u === 'string') return u;
  const format = o.format ?? 'json';
  if (!CHANNEL_FORMATS.includes(format as ChannelFormat)) return `channel.format must be one of ${CHANNEL_FORMATS.join(', ')}`;
  if (format === 'telegram' && !telegramChat(u)) return 'a telegram channel url is https://api.telegram.org/bot<token>/sendMessage?chat_id=<chat id or @channel>';
  const lang = normaliseLang(o.lang);
  if (!lang) return "channel.lang must be 'zh-CN', 'zh-TW' or 'en'";
  return { url: u.href, format: format as ChannelFormat, lang };
}

const fill = (tpl: string, v: Record<string, string>) => tpl.replace(/\{(\w+)\}/g, (w, k: string) => v[k] ?? w);
/** Discord markdown would let a name bold, hide or link text; a backslash shows each character as itself. */
const discordEscape = (s: string) => s.replace(/([\\*_~`|>#\[\]<@])/g, '\\$1');
/** Slack's own three escapes (https://api.slack.com/reference/surfaces/formatting#escaping). */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Rendered {
  heading: string;
  /** Lines of text, each already escaped for the format. */
  lines: string[];
  /** Discord user ids mentioned (for `allowed_mentions`). */
  discordUsers: string[];
  deadline: number | null;
}

function render(format: ChannelFormat, lang: Lang, input: ChannelInput): Rendered {
  const t = TEXTS[lang] ?? TEXTS['zh-CN'];
  const esc = format === 'discord' ? discordEscape : format === 'slack' ? slackEscape : (s: string) => s;
  const bySeat = new Map(input.seats.map((s) => [s.seat, s]));
  const discordUsers: string[] = [];
  const nameOf = (seat: number, withMention: boolean): string => {
    const s = bySeat.get(seat);
    const name = esc(clip(s?.name?.trim() || `#${seat + 1}`, 40));
    // ntfy has no mentions, and JSON carries them in its own field.
    const m = withMention && format !== 'ntfy' && format !== 'json' ? mentionFor(format, s?.mention) : null;
    if (!m) return name;
    if (format === 'discord') {
      discordUsers.push(m);
      return `${name} <@${m}>`;
    }
    if (format === 'slack') return `${name} <@${m}>`;
    return `${name} ${m}`;
  };
  const heading = esc(clip(input.title?.trim() ? `${input.title.trim()} · ${input.gameTitle}` : input.gameTitle, 120));
  const lines: string[] = [];
  let deadline: number | null = null;
  const ev = input.event;
  if (ev.kind === 'waiting') {
    const seats = [...new Set(ev.seats)].sort((a, b) => a - b);
    lines.push(fill(t.waiting, { names: seats.map((s) => nameOf(s, true)).join(t.sep) }));
    for (const s of seats) {
      const seat = bySeat.get(s);
      if (seat?.asleepUntil) lines.push(fill(t.asleep, { name: nameOf(s, false), time: esc(seat.asleepUntil) }));
      else if (seat?.away) lines.push(fill(t.away, { name: nameOf(s, false) }));
    }
    if (ev.deadline && ev.deadline > input.now) {
      deadline = ev.deadline;
      if (format !== 'discord') lines.push(fill(t.left, { t: formatDuration(ev.deadline - input.now, lang) }));
    }
  } else if (ev.kind === 'start') {
    lines.push(fill(t.start, { names: input.seats.map((s) => nameOf(s.seat, true)).join(t.sep) }));
  } else {
    lines.push(fill(t.end, { reason: esc(clip(ev.reason, 300)) }));
    lines.push(ev.winners.length ? fill(t.winners, { names: ev.winners.map((s) => nameOf(s, true)).join(t.sep) }) : t.draw);
  }
  return { heading, lines, discordUsers: [...new Set(discordUsers)], deadline };
}

const USER_AGENT = 'Teahouse-Notify/1';
const COLOR: Record<ChannelEvent['kind'], number> = { waiting: 0xc8902c, start: 0x3a7bd5, end: 0x2e8b57 };

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

/**
 * The request for one channel post.
 * @example buildChannelRequest({ url, format: 'discord', lang: 'zh-CN' }, { ..., event: { kind: 'waiting', seats: [2] } })
 */
export function buildChannelRequest(target: ChannelTarget, input: ChannelInput): WebhookRequest {
  const { format, lang, url } = target;
  const r = render(format, lang, input);
  const json = { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT };
  if (format === 'discord') {
    const stamp = r.deadline ? `\n⏰ <t:${Math.floor(r.deadline / 1000)}:R>` : '';
    const body = {
      content: clip(r.lines[0]!, 2000),
      embeds: [{ title: clip(r.heading, 256), description: clip(r.lines.slice(1).join('\n') + stamp, 4000) || undefined, url: input.url, color: COLOR[input.event.kind] }],
      // Only the seats named by their own mention may be pinged; never @everyone, roles, or a name's text.
      allowed_mentions: { parse: [], users: r.discordUsers },
    };
    return { url, init: { method: 'POST', headers: json, body: JSON.stringify(body) } };
  }
  if (format === 'slack') {
    const text = `*${r.heading}*\n${r.lines.join('\n')}\n<${slackEscape(input.url)}>`;
    return { url, init: { method: 'POST', headers: json, body: JSON.stringify({ text, unfurl_links: false }) } };
  }
  if (format === 'telegram') return telegramRequest(url, [r.heading, ...r.lines, input.url].join('\n'));
  if (format === 'ntfy') {
    const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', 'User-Agent': USER_AGENT, Title: headerText(clip(r.heading, 250)), Tags: input.event.kind === 'end' ? 'checkered_flag' : 'hourglass_flowing_sand' };
    try {
      headers.Click = new URL(input.url).href;
    } catch {
      /* no click target */
    }
    return { url, init: { method: 'POST', headers, body: clip(r.lines.join('\n'), 4000) } };
  }
  const ev = input.event;
  const named = ev.kind === 'waiting' ? ev.seats : ev.kind === 'end' ? ev.winners : input.seats.map((s) => s.seat);
  const body: ChannelJson = {
    type: 'teahouse.table',
    v: 1,
    event: ev.kind,
    gameId: input.gameId,
    game: input.game,
    title: r.heading,
    text: r.lines.join('\n'),
    url: input.url,
    seats: [...new Set(named)].sort((a, b) => a - b).map((seat) => {
      const s = input.seats.find((x) => x.seat === seat);
      return { seat, name: s?.name ?? '', mention: mentionFor('json', s?.mention), asleepUntil: s?.asleepUntil ?? null, away: !!s?.away };
    }),
    deadline: r.deadline ? new Date(r.deadline).toISOString() : null,
    winners: ev.kind === 'end' ? [...ev.winners] : null,
  };
  return { url, init: { method: 'POST', headers: { ...json, 'Content-Type': 'application/json; charset=utf-8', 'X-Teahouse-Event': `table.${ev.kind}` }, body: JSON.stringify(body) } };
}

/**
 * Post one channel message. Never throws and never takes longer than `timeoutMs`: the room calls it from its
 * alarm; retries follow `retryPlan` as for personal webhooks.
 */
export async function postChannel(target: ChannelTarget, input: ChannelInput, opts: { fetch?: typeof fetch; timeoutMs?: number; now?: number } = {}): Promise<DeliveryResult> {
  let req: WebhookRequest;
  try {
    req = buildChannelRequest(target, input);
  } catch (e) {
    return { ok: false, drop: false, error: `bad request: ${e instanceof Error ? e.message : String(e)}` };
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const out = await timedFetch(opts.fetch ?? fetch, req.url, req.init, timeoutMs);
    if ('timeout' in out) return { ok: false, drop: false, error: `timeout after ${timeoutMs} ms` };
    out.res.body?.cancel().catch(() => {});
    return resultOfStatus(out.res.status, out.res.headers.get('Retry-After'), opts.now ?? input.now);
  } catch (e) {
    return { ok: false, drop: false, error: `network: ${e instanceof Error ? e.message : String(e)}` };
  }
}
