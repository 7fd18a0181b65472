/**
 * Check what a seat registers (`POST /api/games/:id/notify`) before the room stores it. Returns the
 * normalised target, keeping only known fields so storage stays bounded, or a reason for the 400.
 */
import { b64urlDecode, b64urlEncode } from './b64';
import type { Lang, NotifyTarget, WebhookFormat } from './types';

export const MAX_URL_LENGTH = 2048;
const MAX_KEY_LENGTH = 200;
/** Plain http is allowed only to the local machine, for the test receivers and `wrangler dev`. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORMATS: readonly WebhookFormat[] = ['json', 'ntfy', 'discord', 'telegram'];

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Map a browser language tag to one of ours: zh-TW/zh-HK/zh-Hant → zh-TW, other zh → zh-CN, en* → en. */
export function normaliseLang(raw: unknown): Lang | null {
  if (raw === undefined || raw === null || raw === '') return 'zh-CN';
  if (typeof raw !== 'string' || raw.length > 35) return null;
  const l = raw.toLowerCase();
  if (/^zh-(tw|hk|mo|hant)/.test(l)) return 'zh-TW';
  if (l === 'zh' || l.startsWith('zh-')) return 'zh-CN';
  if (l === 'en' || l.startsWith('en-')) return 'en';
  return null;
}

function parseUrl(raw: unknown, what: string, httpsOnly: boolean): URL | string {
  if (typeof raw !== 'string' || raw === '') return `${what} must be a URL string`;
  if (raw.length > MAX_URL_LENGTH) return `${what} is longer than ${MAX_URL_LENGTH} characters`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `${what} is not a valid URL`;
  }
  if (u.username || u.password) return `${what} must not contain a user name or password`;
  if (u.protocol === 'https:') return u;
  if (u.protocol !== 'http:') return `${what} must use https`;
  if (httpsOnly && !LOCAL_HOSTS.has(u.hostname)) return `${what} must use https (plain http only for localhost)`;
  return u;
}

function key(raw: unknown, name: string, bytes: number): string | { error: string } {
  if (typeof raw !== 'string' || raw === '') return { error: `keys.${name} is missing` };
  if (raw.length > MAX_KEY_LENGTH) return { error: `keys.${name} is too long` };
  const b = b64urlDecode(raw);
  if (!b) return { error: `keys.${name} is not base64url` };
  if (b.length !== bytes) return { error: `keys.${name} must be ${bytes} bytes, got ${b.length}` };
  if (name === 'p256dh' && b[0] !== 4) return { error: 'keys.p256dh must be an uncompressed P-256 point (starting with 0x04)' };
  return b64urlEncode(b);
}

/** The chat a Telegram bot URL names (`?chat_id=` a number or an @channel name), or null. */
export function telegramChat(url: URL): string | null {
  const chat = url.searchParams.get('chat_id');
  return chat && /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chat) ? chat : null;
}

/**
 * @example
 * const t = validateTarget(await c.req.json());
 * if (typeof t === 'string') return c.json({ error: { code: 'bad_request', message: t } }, 400);
 */
export function validateTarget(raw: unknown): NotifyTarget | string {
  if (!isObj(raw)) return 'body must be a JSON object';
  const lang = normaliseLang(raw.lang);
  if (!lang) return "lang must be 'zh-CN', 'zh-TW' or 'en'";
  // The kind may be left out: a subscription means push, a url means webhook.
  const kind = raw.kind ?? (raw.subscription !== undefined ? 'push' : raw.url !== undefined ? 'webhook' : undefined);

  if (kind === 'push') {
    const sub = raw.subscription;
    if (!isObj(sub)) return 'subscription must be an object {endpoint, keys: {p256dh, auth}}';
    const endpoint = parseUrl(sub.endpoint, 'subscription.endpoint', true);
    // Stored exactly as the browser gave it: the push service matches the path byte for byte.
    if (typeof endpoint === 'string') return endpoint;
    if (!isObj(sub.keys)) return 'subscription.keys must be an object {p256dh, auth}';
    const p256dh = key(sub.keys.p256dh, 'p256dh', 65);
    if (typeof p256dh !== 'string') return `subscription.${p256dh.error}`;
    const auth = key(sub.keys.auth, 'auth', 16);
    if (typeof auth !== 'string') return `subscription.${auth.error}`;
    return { kind: 'push', subscription: { endpoint: sub.endpoint as string, keys: { p256dh, auth } }, lang };
  }
  if (kind === 'webhook') {
    const url = parseUrl(raw.url, 'url', false);
    if (typeof url === 'string') return url;
    const format = raw.format ?? 'json';
    if (!FORMATS.includes(format as WebhookFormat)) return "format must be 'json', 'ntfy', 'discord' or 'telegram'";
    if (format === 'telegram' && !telegramChat(url)) return 'a telegram url is the bot API sendMessage URL with the chat: https://api.telegram.org/bot<token>/sendMessage?chat_id=<chat id or @channel>';
    return { kind: 'webhook', url: url.href, format: format as WebhookFormat, lang };
  }
  return "kind must be 'push' or 'webhook'";
}
