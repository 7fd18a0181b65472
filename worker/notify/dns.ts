/**
 * The second half of "targets point to public hosts only": a public-looking name may still resolve to a
 * loopback or private address (`127.0.0.1.nip.io`, a name whose owner points it at 10.0.0.1 later — DNS
 * rebinding). Workers cannot resolve names themselves and cannot pin the address a fetch will use, so just
 * before each send the name is looked up with DNS over HTTPS (A and AAAA) and the send is refused when any
 * answer is not public.
 *
 * The check fails closed: a resolver that answers an error, times out or answers something unreadable has
 * said nothing about where the name points, so nothing is sent. That is a transient failure, not a refusal:
 * the delivery is tried again later like any other (retry.ts), and given up on after as many attempts.
 * https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/
 */
import { nonPublicHost, privateAnswer, type TargetScope } from './validate';

export const DOH_URL = 'https://cloudflare-dns.com/dns-query';
const DOH_TIMEOUT_MS = 2000;
const TYPES = { A: 1, AAAA: 28 } as const;
type RecordType = keyof typeof TYPES;

/**
 * The addresses one DoH answer gives for `type`, or why it is no answer: an HTTP error, a body that is not DNS JSON,
 * a DNS error (`Status` other than 0: SERVFAIL, NXDOMAIN, REFUSED…), or a record of the type whose data is not an
 * address of that type. An answer without records of the type (an IPv4-only name asked for AAAA) is an empty list.
 * Pure.
 * @example dohAnswer(200, { Status: 0, Answer: [{ type: 1, data: '93.184.215.14' }] }, 'A') // ['93.184.215.14']
 */
export function dohAnswer(status: number, body: unknown, type: RecordType): string[] | { none: string } {
  if (status < 200 || status >= 300) return { none: `HTTP ${status}` };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { none: 'not a DNS JSON answer' };
  const j = body as { Status?: unknown; Answer?: unknown };
  if (j.Status !== 0)
    return { none: typeof j.Status === 'number' ? `DNS status ${j.Status}` : 'not a DNS JSON answer' };
  if (j.Answer === undefined) return [];
  if (!Array.isArray(j.Answer)) return { none: 'not a DNS JSON answer' };
  const out: string[] = [];
  for (const r of j.Answer as { type?: unknown; data?: unknown }[]) {
    if (r?.type !== TYPES[type]) continue;
    if (typeof r.data !== 'string' || !isAddress(r.data, type)) return { none: `an unreadable ${type} record` };
    out.push(r.data);
  }
  return out;
}

function isAddress(data: string, type: RecordType): boolean {
  if (type === 'A') return /^\d{1,3}(\.\d{1,3}){3}$/.test(data);
  if (!data.includes(':')) return false;
  try {
    new URL(`http://[${data}]/`);
    return true;
  } catch {
    return false;
  }
}

/** What the check decides: send, never send to this target (`refused`), or not now (`unanswered`: try again later). */
export type TargetVerdict = { send: true } | { refused: string } | { unanswered: string };

/**
 * The decision from the A and AAAA lookups of a name. Pure. Any non-public address refuses the target; else both
 * lookups must have answered and given at least one address between them (a name that resolves to nothing has
 * no address the check could judge, so it is unanswered too).
 * @example targetVerdict('hooks.example', [['93.184.215.14'], []]) // { send: true }
 */
export function targetVerdict(name: string, lookups: readonly (string[] | { none: string })[]): TargetVerdict {
  const addresses = lookups.flatMap((l) => (Array.isArray(l) ? l : []));
  // A private address is refused even if the other lookup failed: no later answer makes the name safe.
  const bad = addresses.find(privateAnswer);
  if (bad) return { refused: `the name resolves to a non-public address (${bad})` };
  const none = lookups.find((l) => !Array.isArray(l));
  if (none) return { unanswered: `no DNS answer for ${name} (${(none as { none: string }).none})` };
  return addresses.length ? { send: true } : { unanswered: `no DNS answer for ${name} (no address)` };
}

/** One lookup of `name`: its addresses, or why there is none (the resolver failed, timed out or answered garbage). */
async function lookup(
  name: string,
  type: RecordType,
  f: typeof fetch,
  doh: string,
): Promise<string[] | { none: string }> {
  try {
    const res = await f(`${doh}?name=${encodeURIComponent(name)}&type=${type}`, {
      headers: { accept: 'application/dns-json' },
      signal: AbortSignal.timeout(DOH_TIMEOUT_MS),
    });
    const body: unknown = res.ok ? await res.json().catch(() => null) : (res.body?.cancel().catch(() => {}), null);
    return dohAnswer(res.status, body, type);
  } catch (e) {
    return { none: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Whether a send to `url` may happen now. `private` scope (tests, local development) allows anything the
 * registration allowed. Re-checks the form of the host too: a target stored before the rule existed is refused
 * here. IP literals are judged by their form alone.
 */
export async function checkTarget(
  url: string,
  scope: TargetScope,
  f: typeof fetch = fetch,
  doh: string = DOH_URL,
): Promise<TargetVerdict> {
  if (scope === 'private') return { send: true };
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { refused: 'not a valid URL' };
  }
  if (u.protocol !== 'https:') return { refused: 'not https' };
  const form = nonPublicHost(u.hostname);
  if (form) return { refused: form };
  if (u.hostname.startsWith('[') || /^[\d.]+$/.test(u.hostname)) return { send: true };
  const name = u.hostname.replace(/\.+$/, '');
  return targetVerdict(name, await Promise.all([lookup(name, 'A', f, doh), lookup(name, 'AAAA', f, doh)]));
}

/** Thrown by `refusedTarget` when the resolver gave no answer: nothing may be sent now; try again later. */
export class UnansweredLookup extends Error {
  override name = 'UnansweredLookup';
}

/**
 * Why a send to `url` must never happen, or null when it may happen now (`checkTarget`). When the resolver gave
 * no answer it rejects with `UnansweredLookup`: the room's senders turn a rejection into a transient failure
 * (`{ ok: false, drop: false }`), so the delivery is retried with backoff and, after `MAX_ATTEMPTS`, given up on and
 * reported (a seat's target disabled with a note in its chat; a channel post noted for the host).
 * @example
 * const bad = await refusedTarget(target.url, 'public');
 * if (bad) return { ok: false, drop: true, error: `target: ${bad}` };
 */
export async function refusedTarget(
  url: string,
  scope: TargetScope,
  f: typeof fetch = fetch,
  doh: string = DOH_URL,
): Promise<string | null> {
  const v = await checkTarget(url, scope, f, doh);
  if ('unanswered' in v) throw new UnansweredLookup(v.unanswered);
  return 'refused' in v ? v.refused : null;
}
