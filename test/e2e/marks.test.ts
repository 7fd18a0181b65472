import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useDevAndBrowser } from './helpers/table';

/**
 * Identity marks (标记身份, issue 28): a player marks another seat with a suspicion; the mark is stored with the
 * seat's settings (`GET /me`), shows on the seat's other devices, and no other seat's state or socket carries it —
 * nor does the marking seat's own socket (marks travel only in its `/me`).
 */
const env = useDevAndBrowser();

type Json = Record<string, any>;

async function call(path: string, body?: unknown, token?: string, method?: string): Promise<Json> {
  const r = await fetch(env.dev.url + path, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const j = (await r.json()) as Json;
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

/** A page that keeps every text its sockets receive (`window.__texts`). */
async function recording(browser: Browser, lang: string, viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: lang });
  await ctx.addInitScript((l) => {
    localStorage.setItem('teahouse.lang', l);
    const w = window as unknown as { __texts: string[] };
    w.__texts = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (ev) => w.__texts.push(String(ev.data)));
      }
    };
  }, lang);
  return ctx.newPage();
}
const texts = (p: Page) => p.evaluate(() => (window as unknown as { __texts: string[] }).__texts);

describe('identity marks', () => {
  it("a mark is stored with the seat, shows on its other device, and no other seat's view or socket carries it", {
    timeout: 120_000,
  }, async () => {
    const g = await call('/api/games', {
      game: 'sanguosha',
      seats: 5,
      deadline: { hours: 12 },
      options: { noGenerals: true },
    });
    const a = await call(`/api/games/${g.id}/seats`, { name: 'A' });
    const b = await call(`/api/games/${g.id}/seats`, { name: 'B' });
    await call(`/api/games/${g.id}/start`, { fillWithBots: true, seed: 'marks-1' }, g.adminToken);

    const pa = await recording(env.browser, 'zh-CN', { width: 390, height: 844 });
    const pb = await recording(env.browser, 'en', { width: 1280, height: 800 });
    try {
      await pa.goto(`${env.dev.url}/g/${g.id}#seat=${a.token}`);
      await pb.goto(`${env.dev.url}/g/${g.id}#seat=${b.token}`);
      // The first seat of A's whose identity A does not know; a tap marks it 主忠 (lord side).
      const btn = pa.locator('.game-area .mark-btn').first();
      await btn.waitFor({ timeout: 15_000 });
      const seat = await btn.evaluate((e) => Number(e.closest<HTMLElement>('[data-seat]')!.dataset.seat));
      await btn.click();
      await expect
        .poll(async () => (await call(`/api/games/${g.id}/me`, undefined, a.token)).settings.marks, { timeout: 10_000 })
        .toEqual({ [seat]: 'loyal' });
      await expect.poll(() => btn.innerText()).toBe('主忠');

      // Another device of seat A (a desktop, English) shows it.
      const pa2 = await recording(env.browser, 'en', { width: 1280, height: 800 });
      await pa2.goto(`${env.dev.url}/g/${g.id}#seat=${a.token}`);
      await pa2.locator(`.game-area [data-seat="${seat}"] .mark-btn.mark-loyal`).waitFor({ timeout: 15_000 });
      await pa2.context().close();

      // A move after the mark, so every socket gets a fresh state: none of them carries the mark.
      const sa = await call(`/api/games/${g.id}/state`, undefined, a.token);
      const before = (await texts(pb)).length;
      if (sa.prompts.length) {
        const p = sa.prompts[0];
        const ids: string[] = p.options.map((o: Json) => o.id);
        const pass = ['end', 'pass'].find((x) => ids.includes(x));
        if (pass)
          await call(
            `/api/games/${g.id}/answers`,
            { version: sa.version, answer: { prompt: p.id, option: pass } },
            a.token,
          );
        await expect.poll(async () => (await texts(pb)).length, { timeout: 10_000 }).toBeGreaterThan(before);
      }
      for (const [who, p] of [
        ['B', pb],
        ['A', pa],
      ] as const) {
        const all = await texts(p);
        expect(all.length, `${who} got socket messages`).toBeGreaterThan(0);
        expect(
          all.filter((x) => x.includes('"marks"') || x.includes('"loyal"')),
          `${who}'s socket`,
        ).toEqual([]);
      }
      for (const token of [b.token, undefined])
        expect(JSON.stringify(await call(`/api/games/${g.id}/state`, undefined, token))).not.toMatch(/"marks"|"loyal"/);
      expect((await call(`/api/games/${g.id}/me`, undefined, b.token)).settings.marks).toBeUndefined();
      // A mark that is not one of the game's is refused, and changes nothing.
      await expect(call(`/api/games/${g.id}/me`, { marks: { [seat]: 'red' } }, a.token, 'PUT')).rejects.toThrow(/400/);
      expect((await call(`/api/games/${g.id}/me`, undefined, a.token)).settings.marks).toEqual({ [seat]: 'loyal' });
    } finally {
      await pa.context().close();
      await pb.context().close();
    }
  });
});
