/**
 * Render an engine `Msg` with a game's strings, following the parameter convention every part shares
 * (common brief): a number in a param named `seat`, `target`, `source`, `from`, `to`, `by`, `host`,
 * `voter` or ending in `Seat` is a seat, shown as the player's name; `seats` / `targets` (number[]) are
 * seats; `card` / `cards` are card ids (the game's label when one is given); a `{key, params}` value is a
 * nested message; anything else is shown as is. The convention itself lives in worker/protocol.ts, shared
 * with the client's renderer.
 */
import type { Json, Msg } from '../engine/types';
import type { Lang } from './types';
import { isMsg, isSeatParam, SEATS_PARAMS } from '../protocol';

export { isSeatParam };

const MAX_DEPTH = 8;

export interface RenderOptions {
  /** Picks the list separator ("、" or ", "). Default zh-CN. */
  lang?: Lang;
  /** A card id as text ("杀 ♠7"); default: the id itself. */
  cardLabel?: (id: string) => string;
  /** Game-specific rendering of one param; undefined falls back to the convention. */
  formatParam?: (name: string, value: unknown) => string | undefined;
}

/**
 * The platform's own messages that reach a game's outcome or log — the host ending a game, the room's lines for a
 * move it made — so a text the server renders (a channel post, a notification) says them in words, never as a raw
 * key. The same rows as the client's (web/i18n/rows/common.ts; test/notify/texts.test.ts keeps them equal).
 */
export const PLATFORM_STRINGS: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    'common.endedByHost': '房主结束了牌局。',
    'room.log.timedOut': '{seat}超时，已按默认选项处理。',
    'room.log.botPlayed': '代打已替{seat}作答。',
  },
  'zh-TW': {
    'common.endedByHost': '房主結束了牌局。',
    'room.log.timedOut': '{seat}逾時，已按預設選項處理。',
    'room.log.botPlayed': '代打已替{seat}作答。',
  },
  en: {
    'common.endedByHost': 'The host ended the game.',
    'room.log.timedOut': 'Time ran out for {seat}: the default was taken.',
    'room.log.botPlayed': 'A stand-in answered for {seat}.',
  },
};

/**
 * The strings of one language with fallbacks filled in key by key: zh-TW falls back to zh-CN, then en;
 * zh-CN to zh-TW, then en; en to zh-CN. The platform's own messages (`PLATFORM_STRINGS`) are under a game's.
 */
export function pickStrings(
  all: Record<string, Record<string, string>> | undefined,
  lang: Lang,
): Record<string, string> {
  const chain: Lang[] =
    lang === 'en' ? ['en', 'zh-CN'] : lang === 'zh-TW' ? ['zh-TW', 'zh-CN', 'en'] : ['zh-CN', 'zh-TW', 'en'];
  return Object.assign({}, PLATFORM_STRINGS[lang], ...chain.reverse().map((l) => all?.[l] ?? {}));
}

/**
 * @example
 * renderMsg({ 'ghost.vote': '{ghost}的驱鬼投票 · {by}发起' }, { key: 'ghost.vote', params: { ghost: '饿死鬼', by: 2 } }, (s) => names[s])
 * // → '饿死鬼的驱鬼投票 · 王五发起'
 */
export function renderMsg(
  strings: Record<string, string>,
  msg: Msg,
  nameOf: (seat: number) => string,
  opts: RenderOptions = {},
): string {
  const sep = (opts.lang ?? 'zh-CN') === 'en' ? ', ' : '、';
  const seatName = (v: unknown): string => (typeof v === 'number' && Number.isInteger(v) ? nameOf(v) : String(v));

  const param = (name: string, value: Json | undefined, depth: number): string => {
    const custom = opts.formatParam?.(name, value);
    if (custom !== undefined) return custom;
    if (value === null || value === undefined) return '';
    if (isMsg(value)) return render(value, depth + 1);
    if (isSeatParam(name) && typeof value === 'number') return seatName(value);
    if (SEATS_PARAMS.has(name) && Array.isArray(value)) return value.map(seatName).join(sep);
    if (name === 'card') return opts.cardLabel ? opts.cardLabel(String(value)) : String(value);
    if (name === 'cards' && Array.isArray(value))
      return value.map((c) => (opts.cardLabel ? opts.cardLabel(String(c)) : String(c))).join(sep);
    if (Array.isArray(value)) return value.map((v) => (isMsg(v) ? render(v, depth + 1) : String(v))).join(sep);
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };

  const render = (m: Msg, depth: number): string => {
    if (depth > MAX_DEPTH) return m.key;
    const template = strings[m.key];
    if (template === undefined) return m.key;
    const params = m.params ?? {};
    return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? param(name, params[name], depth) : whole,
    );
  };

  return render(msg, 0);
}
