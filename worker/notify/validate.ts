/**
 * Check what a seat registers (`POST /api/games/:id/notify`) before the room stores it. Returns the
 * normalised target, keeping only known fields so storage stays bounded, or a reason for the 400.
 */
import { b64urlDecode, b64urlEncode } from './b64';
import { checkFormat, FORMATS, type Formats } from './formats';
import type { Lang, NotifyTarget } from './types';

export const MAX_URL_LENGTH = 2048;
const MAX_KEY_LENGTH = 200;

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

/**
 * How far a target may point. `public` (production, the default): https to a public host only. `private`
 * (only the tests' and local development's Worker, `ALLOW_PRIVATE_TARGETS=1`): loopback and private hosts too,
 * over plain http as well, so the test receivers on 127.0.0.1 can be reached.
 */
export type TargetScope = 'public' | 'private';

const ipv4 = (h: string): number[] | null => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (!m) return null;
  const b = m.slice(1).map(Number);
  return b.every((x) => x <= 255) ? b : null;
};

/** Public IPv4: not this-network, private, shared (CGNAT), loopback, link-local, documentation, benchmark, multicast or reserved. */
function publicV4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a! >= 224) return false;
  if (a === 100 && b! >= 64 && b! < 128) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b! >= 16 && b! < 32) return false;
  if (a === 192 && ((b === 0 && (c === 0 || c === 2)) || b === 168 || (b === 88 && c === 99))) return false;
  if (a === 198 && (b === 18 || b === 19 || (b === 51 && c === 100))) return false;
  if (a === 203 && b === 0 && c === 113) return false;
  return true;
}

/** The eight 16-bit groups of an IPv6 literal as the URL parser prints it (lowercase hex, `::` compressed). */
function ipv6Groups(h: string): number[] | null {
  if (!/^[0-9a-f:]+$/.test(h)) return null;
  const [head, tail, extra] = h.split('::');
  if (extra !== undefined) return null;
  const part = (x: string | undefined) => (x ? x.split(':').map((g) => parseInt(g, 16)) : []);
  const l = part(head);
  const r = part(tail);
  if (tail === undefined) return l.length === 8 ? l : null;
  return [...l, ...Array(8 - l.length - r.length).fill(0), ...r];
}

/**
 * Public IPv6: global unicast (2000::/3) only, without documentation (2001:db8::/32), Teredo (2001::/32) and
 * 6to4 (2002::/16), which tunnel to addresses of their own. Loopback, unspecified, IPv4-mapped (::ffff:0:0/96),
 * NAT64 (64:ff9b::/96), unique-local, link-local and multicast all lie outside 2000::/3.
 */
function publicV6(g: number[]): boolean {
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] === 0x0db8 || g[1] === 0)) return false;
  return g[0] !== 0x2002;
}

/** Names that resolve to this machine or a private network by convention: no public DNS answers for them. */
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'arpa',
];

/**
 * Why `hostname` (as `URL.hostname` gives it: lowercased, IPv4 in dotted form whatever the input — decimal,
 * hex, octal, short —, IPv6 in brackets) is not a public host, or null when it is one. Names are judged by
 * their form only; whether a public name resolves to a private address is checked separately (`privateAnswer`).
 */
export function nonPublicHost(hostname: string): string | null {
  const h = hostname.replace(/\.+$/, '');
  if (h.startsWith('[')) {
    const g = ipv6Groups(h.slice(1, -1));
    return g && publicV6(g) ? null : 'a loopback, private or reserved IPv6 address';
  }
  const v4 = ipv4(h);
  if (v4) return publicV4(v4) ? null : 'a loopback, private or reserved IPv4 address';
  if (!h.includes('.')) return 'a name without a domain (only a local network resolves it)';
  if (PRIVATE_SUFFIXES.some((x) => h === x || h.endsWith(`.${x}`))) return 'a local or internal name';
  return null;
}

/**
 * Is this DNS answer (an A or AAAA record's data) an address a target may not reach? For the
 * resolve-then-refuse check of a public-looking name (DNS over HTTPS, where the platform allows it).
 */
export function privateAnswer(address: string): boolean {
  const a = address.trim().toLowerCase();
  if (ipv4(a)) return nonPublicHost(a) !== null;
  try {
    return nonPublicHost(new URL(`http://[${a}]/`).hostname) !== null;
  } catch {
    return true;
  }
}

/**
 * Parse and check a target URL under `scope` (see `TargetScope`): the one public-host rule every outbound target
 * obeys — personal webhooks, push endpoints and the table channel. Returns the URL, or a reason for the 400.
 */
export function parseUrl(raw: unknown, what: string, scope: TargetScope): URL | string {
  if (typeof raw !== 'string' || raw === '') return `${what} must be a URL string`;
  if (raw.length > MAX_URL_LENGTH) return `${what} is longer than ${MAX_URL_LENGTH} characters`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `${what} is not a valid URL`;
  }
  if (u.username || u.password) return `${what} must not contain a user name or password`;
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `${what} must use https`;
  const notPublic = nonPublicHost(u.hostname);
  if (scope === 'private') {
    // Tests and local development: plain http only where it stays on this machine or network.
    if (u.protocol === 'http:' && !notPublic) return `${what} must use https (plain http only for local hosts)`;
    return u;
  }
  if (u.protocol !== 'https:') return `${what} must use https`;
  if (notPublic) return `${what} must point to a public host, not ${notPublic}`;
  return u;
}

function key(raw: unknown, name: string, bytes: number): string | { error: string } {
  if (typeof raw !== 'string' || raw === '') return { error: `keys.${name} is missing` };
  if (raw.length > MAX_KEY_LENGTH) return { error: `keys.${name} is too long` };
  const b = b64urlDecode(raw);
  if (!b) return { error: `keys.${name} is not base64url` };
  if (b.length !== bytes) return { error: `keys.${name} must be ${bytes} bytes, got ${b.length}` };
  if (name === 'p256dh' && b[0] !== 4)
    return { error: 'keys.p256dh must be an uncompressed P-256 point (starting with 0x04)' };
  return b64urlEncode(b);
}

/**
 * `scope` is `public` unless the Worker's `ALLOW_PRIVATE_TARGETS` is "1" (tests and local development only);
 * a webhook's format is one of `formats` that has a personal message (default: the registry).
 * @example
 * const t = validateTarget(await c.req.json(), 'public');
 * if (typeof t === 'string') return c.json({ error: { code: 'bad_request', message: t } }, 400);
 */
export function validateTarget(
  raw: unknown,
  scope: TargetScope = 'public',
  formats: Formats = FORMATS,
): NotifyTarget | string {
  if (!isObj(raw)) return 'body must be a JSON object';
  const lang = normaliseLang(raw.lang);
  if (!lang) return "lang must be 'zh-CN', 'zh-TW' or 'en'";
  // The kind may be left out: a subscription means push, a url means webhook.
  const kind = raw.kind ?? (raw.subscription !== undefined ? 'push' : raw.url !== undefined ? 'webhook' : undefined);

  if (kind === 'push') {
    const sub = raw.subscription;
    if (!isObj(sub)) return 'subscription must be an object {endpoint, keys: {p256dh, auth}}';
    const endpoint = parseUrl(sub.endpoint, 'subscription.endpoint', scope);
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
    const url = parseUrl(raw.url, 'url', scope);
    if (typeof url === 'string') return url;
    const format = checkFormat(raw.format ?? 'json', url, 'personal', 'format', formats);
    if (typeof format === 'string') return format;
    return { kind: 'webhook', url: url.href, format: format.id, lang };
  }
  return "kind must be 'push' or 'webhook'";
}
