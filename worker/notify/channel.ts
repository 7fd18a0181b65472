/**
 * The table channel (issue 11): one webhook the host registers for the whole game — a Discord or Slack channel,
 * a Telegram group through a bot, an ntfy topic, or generic JSON — that posts when the table waits on someone,
 * naming them with the mention each seat set for itself, and when the game starts and ends.
 *
 * Only public facts go in: the game's title (the host may name it), seat names, the table's public "waiting
 * for" list (`waitingSeats`: during a 无懈可击 window that is everyone), each seat's sleep and away state, the
 * deadline, and at the end the public outcome. The input type has no room for a hand, an identity or a prompt's
 * options, so a channel message cannot carry one. Pure: `buildChannelRequest` returns what `postChannel` fetches;
 * each format lays the post out in its own file (`NotifyFormat.channel`, notify/formats).
 */
import { checkFormat, formatIds, FORMATS, type Formats, type WebhookRequest } from './formats';
import { checkMention } from './formats/channeltext';
import { resultOfStatus } from './retry';
import { timedFetch, DEFAULT_TIMEOUT_MS } from './send';
import { normaliseLang, parseUrl, type TargetScope } from './validate';
import type { DeliveryResult, Lang } from './types';

/** The id of a format in the registry (notify/formats) that has a channel message. */
export type ChannelFormat = string;
/** The formats the registry offers for the table channel. */
export const CHANNEL_FORMATS: readonly ChannelFormat[] = formatIds('channel');

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
  | { kind: 'end'; winners: number[]; reason: string }
  /** Another game with this table is proposed (room/again.ts): who proposed it (null: the host), who is asked. */
  | { kind: 'again'; by: number | null; seats: number[]; deadline: number };

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

/**
 * Check a mention a seat sets for the channel's format (`NotifyFormat.mention`: a Discord user id, a Slack member
 * id, a Telegram @username; by default one short line, shown as is). Returns it normalised, or a reason for the 400.
 */
export function parseMention(
  format: ChannelFormat,
  raw: unknown,
  formats: Formats = FORMATS,
): string | null | { error: string } {
  return checkMention(formats.get(format)?.mention, raw);
}

/**
 * Check the host's channel (host `settings` action): a URL that passes `parseUrl` under the Worker's target
 * `scope` (in `public` scope https to a public host only), and a format of `formats` that has a channel message,
 * whose own URL check it passes (a Telegram URL names its chat). Returns the target to store, or a reason for the 400.
 */
export function validateChannel(
  raw: unknown,
  scope: TargetScope = 'public',
  formats: Formats = FORMATS,
): ChannelTarget | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return 'channel must be an object {url, format, lang?}';
  const o = raw as Record<string, unknown>;
  // The same public-host rule as personal webhooks: a channel must not make the site call into a private network.
  const u = parseUrl(o.url, 'channel.url', scope);
  if (typeof u === 'string') return u;
  const format = checkFormat(o.format ?? 'json', u, 'channel', 'channel.format', formats);
  if (typeof format === 'string') return format;
  const lang = normaliseLang(o.lang);
  if (!lang) return "channel.lang must be 'zh-CN', 'zh-TW' or 'en'";
  return { url: u.href, format: format.id, lang };
}

/**
 * The request for one channel post.
 * @example buildChannelRequest({ url, format: 'discord', lang: 'zh-CN' }, { ..., event: { kind: 'waiting', seats: [2] } })
 */
export function buildChannelRequest(
  target: ChannelTarget,
  input: ChannelInput,
  formats: Formats = FORMATS,
): WebhookRequest {
  const build = formats.get(target.format)?.channel;
  if (!build) throw new Error(`no table channel format '${target.format}'`);
  return build(target.url, input, target.lang);
}

/**
 * Post one channel message. Never throws and never takes longer than `timeoutMs`: the room calls it from its
 * alarm; retries follow `retryPlan` as for personal webhooks.
 */
export async function postChannel(
  target: ChannelTarget,
  input: ChannelInput,
  opts: { fetch?: typeof fetch; timeoutMs?: number; now?: number; formats?: Formats } = {},
): Promise<DeliveryResult> {
  let req: WebhookRequest;
  try {
    req = buildChannelRequest(target, input, opts.formats);
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
