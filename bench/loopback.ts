import type { Answer, Prompt } from '../worker/protocol';

/** What the loopback benches (room, notify) share: quantiles, the fixture's simplest answer, JSON posts. */

export const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** The simplest legal answer of the fixture game: pass where possible, else the first option without picks. */
export function simpleAnswer(p: Prompt): Answer {
  const o = p.options.find((x) => x.id === 'pass') ?? p.options.find((x) => !x.cards && !x.seats) ?? p.options[0]!;
  return { prompt: p.id, option: o.id };
}

/** POST JSON (with a Bearer token when given); throws with the body on a non-2xx answer. */
export async function postJson(url: string, body: unknown, token?: string): Promise<Record<string, any>> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return r.json() as Promise<Record<string, any>>;
}
