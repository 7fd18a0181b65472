import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { strings as practiceStrings } from '../../web/practice/practice.strings';
import { strings as replayStrings } from '../../web/pages/replay.strings';
import { launchBrowser, OUT, startDev, type DevServer } from './helpers';
import { axeViolations } from './helpers/axe';

/**
 * Practice against the bots (issue 27, items 3 and 4) in Chromium on a phone. The site is visited once; then the
 * network is cut for real (the browser goes offline and the server is stopped): the practice page still opens
 * from the service worker's precache, a 三国杀 game with generals starts in the page's Web Worker, the player
 * answers by clicking the table's own controls, the game survives a reload, and once the bots finish it for the
 * player it opens in the replay. Besides: the hashed assets are served immutable, the pages are not.
 */
let dev: DevServer;
let browser: Browser;
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  dev = await startDev();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

const version = (page: Page) => page.locator('.table-page').getAttribute('data-version').then(Number);

/**
 * Answer the open question with the table's controls, as a player would: "pass" where the question offers it;
 * else each option in turn (in the question, or drawn on the table: a general on offer; none to click when the
 * question has chosen its only one), picking cards and seats (in the question or on the table) until it may be
 * confirmed, and going back to try the next option when the rules refuse the picks. Resolves once the table has
 * moved on.
 */
async function answerByClicking(page: Page): Promise<void> {
  const v0 = await version(page);
  const moved = (ms: number) =>
    page
      .waitForFunction((v) => Number(document.querySelector('.table-page')?.getAttribute('data-version')) > v, v0, {
        timeout: ms,
      })
      .then(
        () => true,
        () => false,
      );
  const panel = page.locator('.prompt-panel');
  const pass = panel.locator('.options button.option.pass');
  if (await pass.count()) await pass.first().click();
  else {
    const options = panel.locator('.options button.option').or(page.locator('.game-area button[data-option]'));
    const n = await options.count();
    for (let o = 0; o < Math.max(n, 1) && !(await moved(300)); o++) {
      if (n) await options.nth(o).click();
      for (let i = 0; i < 12 && !(await moved(300)); i++) {
        const confirm = panel.locator('button.confirm');
        if ((await confirm.count()) && (await confirm.isEnabled())) {
          await confirm.click();
          break;
        }
        const pick = panel
          .locator('button.pick:not(.on)')
          .or(page.locator('.game-area button.pickable[aria-pressed="false"]'))
          .or(page.locator('.game-area .can-pick button.tile-name[aria-pressed="false"]'))
          .first();
        if (!(await pick.count())) break;
        await pick.click();
      }
      const back = panel.locator('button.back');
      if (!(await moved(500)) && (await back.count())) await back.click();
    }
  }
  if (!(await moved(15_000))) throw new Error(`no answer by clicking: ${await panel.innerText()}`);
}

describe('practice against the bots, offline, on a phone', () => {
  it('a 三国杀 practice game starts offline, plays 20 moves, survives a reload and ends in the replay', async () => {
    const zh = practiceStrings['zh-CN'];
    const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The first visit: the home page, whose practice button leads to /practice; the service worker installs
    // with the whole client precached.
    await page.goto(`${dev.url}/`);
    await page.getByRole('link', { name: '单人练习' }).click();
    await page.waitForURL('**/practice');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });

    // The network goes: the browser is offline and the server is gone.
    await ctx.setOffline(true);
    await dev.stop();
    await page.reload();
    await page.getByRole('heading', { name: zh['practice.heading']! }).waitFor();
    await page.screenshot({ path: `${OUT}/practice-form-390-zh-CN.png`, fullPage: true });
    expect(await axeViolations(page), 'the practice form').toEqual([]);
    await page.getByRole('radio', { name: /三国杀/ }).check();
    await page.getByRole('button', { name: zh['practice.start']! }).click();
    await page.locator('.table-page .game-area').waitFor();

    // The player answers by clicking until the table has moved 20 times (the bots answer in between).
    let mine = 0;
    while ((await version(page)) < 20 || mine < 3) {
      await page.locator('.prompt-panel.asking').waitFor({ timeout: 15_000 });
      await answerByClicking(page);
      mine++;
    }
    const before = await version(page);
    expect(before).toBeGreaterThanOrEqual(20);
    const hand = await page.locator('.game-area [data-hand] [data-card]').count();
    await page.screenshot({ path: `${OUT}/practice-table-390-zh-CN.png`, fullPage: true });

    // A reload, still offline: the same table, at the same move, from IndexedDB.
    await page.reload();
    await page.locator('.table-page').waitFor();
    await page.waitForFunction(
      (v) => document.querySelector('.table-page')?.getAttribute('data-version') === v,
      String(before),
    );
    expect(await page.locator('.game-area [data-hand] [data-card]').count()).toBe(hand);
    expect(await axeViolations(page), 'the practice table').toEqual([]);

    // The bots finish the game for the player: the replay opens at its end, from the player's seat.
    await page.getByRole('checkbox', { name: zh['practice.autoplay']! }).check();
    await page.waitForURL('**/practice/replay**', { timeout: 60_000 });
    await page.getByText(replayStrings['zh-CN']['replay.end']!).waitFor();
    const step = await page.locator('.replay-step').innerText();
    const [k, n] = step.match(/\d+/g)!.map(Number);
    expect(k).toBe(n);
    expect(n).toBeGreaterThan(before);
    await page.screenshot({ path: `${OUT}/practice-replay-390-zh-CN.png`, fullPage: true });
    expect(errors).toEqual([]);
    // A table needs its room: offline, its address shows the offline page.
    await page.goto(`${dev.url}/g/offline00test`);
    await page.getByText('Teahouse needs a connection to show the table.').waitFor();
    await ctx.close();
  }, 240_000);
});

describe('the service worker built by vite-plugin-pwa', () => {
  it('still shows a Web Push as a notification that opens the table', async () => {
    const d = await startDev();
    const ctx = await browser.newContext({ locale: 'en', viewport: { width: 390, height: 844 } });
    try {
      await ctx.grantPermissions(['notifications'], { origin: d.url });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      const registered = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
          const r = e.registrations.find((x) => x.scopeURL === `${d.url}/` && !x.isDeleted);
          if (r) resolve(r.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      await page.goto(`${d.url}/`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const body = { title: '茶馆 · test', body: 'Your turn', gameId: 'abc123def456' };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: d.url,
        registrationId: await registered,
        data: JSON.stringify(body),
      });
      const shown = () =>
        page.evaluate(async () => {
          const n = await (await navigator.serviceWorker.ready).getNotifications();
          return n.length ? { title: n[0]!.title, body: n[0]!.body, url: (n[0]!.data as { url: string }).url } : null;
        });
      for (let i = 0; i < 50 && !(await shown()); i++) await page.waitForTimeout(100);
      expect(await shown()).toEqual({ title: body.title, body: body.body, url: '/g/abc123def456' });
    } finally {
      await ctx.close();
      await d.stop();
    }
  }, 180_000);
});

describe('hashed assets are immutable', () => {
  it('serves /assets/* with a year-long immutable Cache-Control, and pages without it', async () => {
    const d = await startDev();
    try {
      const html = await (await fetch(`${d.url}/practice`)).text();
      const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
      const asset = await fetch(`${d.url}${entry}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const page = await fetch(`${d.url}/`);
      expect(page.headers.get('cache-control') ?? '').not.toContain('immutable');
      const sw = await fetch(`${d.url}/sw.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control') ?? '').not.toContain('immutable');
    } finally {
      await d.stop();
    }
  }, 180_000);
});
