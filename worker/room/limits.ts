import type { Answer } from '../engine';

/** Every limit of the room in one place. */
export const LIMITS = {
  /** Request bodies and WebSocket messages. */
  bodyBytes: 16 * 1024,
  nameChars: 24,
  chatChars: 500,
  chatLines: 100,
  /** Bot moves applied while a request waits; the rest continue from a 0-delay alarm. */
  botMovesPerRequest: 8,
  botMovesPerAlarm: 200,
  expiriesPerAlarm: 50,
  /** Expiries in a row after which the bot stands in for the seat. */
  expiriesToStandIn: 3,
  /** How long a stand-in waits for its player before the bot answers. */
  standInGraceMs: 2 * 60_000,
  minDeadlineMinutes: 2,
  maxDeadlineMinutes: 7 * 24 * 60,
  defaultDeadlineMinutes: 24 * 60,
  targetsPerSeat: 5,
  outboxBatch: 20,
  /** Token bucket per seat for answers, chat and notification changes. */
  rateBurst: 30,
  ratePerSecond: 3,
} as const;

/**
 * The client address a limit is counted for, from `CF-Connecting-IP` (set by Cloudflare, which a client cannot
 * override): an IPv6 address cut to its /64 (one subscriber usually holds a whole /64). Without the header (local
 * development) every request shares one key. The Worker's rate limits and the room's socket admission use it.
 * @example addressKey('2001:db8:1:2:3:4:5:6') // '2001:db8:1:2::/64'
 */
export function addressKey(header: string | null | undefined): string {
  const ip = header?.trim().toLowerCase();
  if (!ip) return 'local';
  if (!ip.includes(':')) return ip;
  let groups: string[];
  try {
    const h = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    const [head = '', tail] = h.split('::');
    const l = head ? head.split(':') : [];
    const r = tail ? tail.split(':') : [];
    groups = tail === undefined ? l : [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r];
  } catch {
    return ip;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Step 1 of the fixed order: the answer body's shape. */
export function parseAnswerBody(b: unknown): { version: number; answer: Answer } | string {
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'the body must be an object {version, answer}';
  const { version, answer } = b as { version?: unknown; answer?: unknown };
  if (!Number.isInteger(version) || (version as number) < 0) return 'version must be a non-negative integer';
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    return 'answer must be an object {prompt, option}';
  const a = answer as Record<string, unknown>;
  if (typeof a.prompt !== 'string' || typeof a.option !== 'string') return 'an answer names a prompt and an option';
  if (a.cards !== undefined && (!Array.isArray(a.cards) || !a.cards.every((x) => typeof x === 'string')))
    return 'cards must be a list of card ids';
  if (a.seats !== undefined && (!Array.isArray(a.seats) || !a.seats.every((x) => Number.isInteger(x))))
    return 'seats must be a list of seat numbers';
  const out: Answer = { prompt: a.prompt, option: a.option };
  if (a.cards !== undefined) out.cards = a.cards as string[];
  if (a.seats !== undefined) out.seats = a.seats as number[];
  return { version: version as number, answer: out };
}

/** `{minutes}` and/or `{hours}` → ms, between 1 minute and 7 days. */
export function parseDuration(b: Record<string, unknown>): number | string {
  const h = b.hours ?? 0;
  const mi = b.minutes ?? 0;
  if (typeof h !== 'number' || typeof mi !== 'number' || !Number.isFinite(h) || !Number.isFinite(mi))
    return 'hours and minutes must be numbers';
  const minutes = h * 60 + mi;
  if (minutes < 1 || minutes > LIMITS.maxDeadlineMinutes) return 'extend by 1 minute to 7 days';
  return Math.round(minutes * 60_000);
}
