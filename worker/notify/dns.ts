/**
 * The second half of "targets point to public hosts only": a public-looking name may still resolve to a
 * loopback or private address (`127.0.0.1.nip.io`, a name whose owner points it at 10.0.0.1 later — DNS
 * rebinding). Workers cannot resolve names themselves and cannot pin the address a fetch will use, so just
 * before each send the name is looked up with DNS over HTTPS and the send is refused when any A or AAAA
 * answer is not public. A lookup that fails does not block the send: on Cloudflare the fetch leaves from the
 * edge, which has no route into anybody's private network; the check matters most where the Worker runs on
 * a machine of its own (workerd, `wrangler dev`).
 * https://developers.cloudflare.com/1.1.1.1/encryption/dns-over-https/make-api-requests/dns-json/
 */
import { nonPublicHost, privateAnswer, type TargetScope } from './validate';

export const DOH_URL = 'https://cloudflare-dns.com/dns-query';
const DOH_TIMEOUT_MS = 2000;
const A = 1;
const AAAA = 28;

/** The A and AAAA answers for `name` (empty when the lookup failed or found nothing). */
async function lookup(name: string, f: typeof fetch, doh: string): Promise<string[]> {
  const one = async (type: 'A' | 'AAAA'): Promise<string[]> => {
    try {
      const res = await f(`${doh}?name=${encodeURIComponent(name)}&type=${type}`, {
        headers: { accept: 'application/dns-json' },
        signal: AbortSignal.timeout(DOH_TIMEOUT_MS),
      });
      if (!res.ok) return [];
      const j = (await res.json()) as { Answer?: { type?: number; data?: unknown }[] };
      return (j.Answer ?? []).filter((r) => (r.type === A || r.type === AAAA) && typeof r.data === 'string').map((r) => r.data as string);
    } catch {
      return [];
    }
  };
  return (await Promise.all([one('A'), one('AAAA')])).flat();
}

/**
 * Why a send to `url` must not happen, or null. `private` scope (tests, local development) allows anything
 * the registration allowed. Re-checks the form of the host too: a target stored before the rule existed is
 * refused here.
 * @example
 * const bad = await refusedTarget(target.url, 'public');
 * if (bad) return { ok: false, drop: true, error: `target: ${bad}` };
 */
export async function refusedTarget(url: string, scope: TargetScope, f: typeof fetch = fetch, doh: string = DOH_URL): Promise<string | null> {
  if (scope === 'private') return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a valid URL';
  }
  if (u.protocol !== 'https:') return 'not https';
  const form = nonPublicHost(u.hostname);
  if (form) return form;
  // IP literals are judged by their form alone.
  if (u.hostname.startsWith('[') || /^[\d.]+$/.test(u.hostname)) return null;
  const bad = (await lookup(u.hostname.replace(/\.+$/, ''), f, doh)).find(privateAnswer);
  return bad ? `the name resolves to a non-public address (${bad})` : null;
}
