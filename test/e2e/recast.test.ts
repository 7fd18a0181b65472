import { describe, expect, it } from 'vitest';
import { useDevAndBrowser } from './helpers/table';

/**
 * 铁索连环 can be recast (重铸) from the table (issue 28, item 2): tapping the card picks "use" as before, and the
 * question then offers the card's other option, "Recast", which a tap switches to and confirm sends. Searches seeds
 * of a 5-seat table (me in seat 0, bots elsewhere, no generals) for a play phase of mine holding 铁索连环.
 */
const env = useDevAndBrowser();

type Json = Record<string, any>;

async function call(path: string, body?: unknown, token?: string): Promise<Json> {
  const r = await fetch(env.dev.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const j = (await r.json()) as Json;
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

/** A table where seat 0 is in its play phase with a recast option; its id, token and the chain's card id. */
async function chainInHand(): Promise<{ id: string; token: string; card: string }> {
  for (let k = 0; k < 40; k++) {
    const g = await call('/api/games', {
      game: 'sanguosha',
      seats: 5,
      deadline: { hours: 12 },
      options: { noGenerals: true },
    });
    const me = await call(`/api/games/${g.id}/seats`, { name: 'Me' });
    await call(`/api/games/${g.id}/start`, { fillWithBots: true, seed: `recast-${k}` }, g.adminToken);
    for (let step = 0; step < 60; step++) {
      const st = await call(`/api/games/${g.id}/state?log=0`, undefined, me.token);
      if (st.status === 'finished') break;
      const p = st.prompts[0];
      if (!p) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const recast = p.options.find((o: Json) => o.id.startsWith('recast:'));
      if (recast) return { id: g.id, token: me.token, card: recast.cards.from[0] };
      const ids: string[] = p.options.map((o: Json) => o.id);
      const pass = ['end', 'pass', 'continue'].find((x) => ids.includes(x));
      const o = pass
        ? { option: pass }
        : {
            option: ids[0],
            ...(p.options[0].cards ? { cards: p.options[0].cards.from.slice(0, p.options[0].cards.min) } : {}),
          };
      await call(`/api/games/${g.id}/answers`, { version: st.version, answer: { prompt: p.id, ...o } }, me.token);
      if (step > 20) break;
    }
  }
  throw new Error('no seed gave seat 0 an iron chain in its play phase');
}

describe('铁索连环 on the table', () => {
  for (const [lang, size] of [
    ['zh-CN', { width: 390, height: 844 }],
    ['en', { width: 1280, height: 800 }],
  ] as const)
    it(`tapping the chain then "recast" recasts it: the card leaves the hand and the log says so (${lang}, ${size.width}×${size.height})`, {
      timeout: 180_000,
    }, async () => {
      const t = await chainInHand();
      const ctx = await env.browser.newContext({ viewport: size, locale: lang });
      await ctx.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
      const page = await ctx.newPage();
      try {
        await page.goto(`${env.dev.url}/g/${t.id}#seat=${t.token}`);
        const card = page.locator(`.game-area [data-hand] [data-card="${t.card}"]`);
        await card.click();
        const recast = page.locator('.prompt-panel .also-option', { hasText: lang === 'en' ? 'Recast' : '重铸' });
        await expect.poll(() => recast.count()).toBe(1);
        await recast.click();
        await page.locator('.prompt-panel .confirm-row .btn.primary').click();
        await expect
          .poll(
            async () =>
              (await call(`/api/games/${t.id}/state`, undefined, t.token)).log.some(
                (l: Json) => l.msg.key === 'sgs.log.recast' && l.msg.params.seat === 0,
              ),
            { timeout: 10_000 },
          )
          .toBe(true);
        await expect.poll(() => card.count()).toBe(0);
      } finally {
        await ctx.close();
      }
    });
});
