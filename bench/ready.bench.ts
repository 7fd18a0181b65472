import { it } from 'vitest';
import { launchBrowser } from '../test/e2e/helpers';
import { PHONE_ON_4G, devServer, profiledPage, sgsTable } from './browser';
import { machineLoad, metric as m, record } from './report';

/**
 * Table ready on a phone: a player opens their table in the middle of a 5-player 三国杀 game, on the phone
 * profile (390×844, 4× CPU, 1.6 Mbps down / 750 kbps up / 150 ms RTT), through `npm start`'s server. Ready is
 * the moment the page shows every seat and the player's hand (`[data-seat]` of each seat in the game area and a
 * card in `[data-hand]`), timed from the navigation's start by a MutationObserver the page is given before its
 * own code runs. Cold: a fresh context (empty cache), opened by the personal seat link. Warm: the same context
 * opening the table again (its cache and stored seat token kept). Return visit: once more, after the service worker
 * has installed (it precaches the client and then answers for it). LOADS (default 5) loads each; the median.
 */
const LOADS = Number(process.env.LOADS ?? 5);
const SEATS = 5;

/** Records `window.__ready` (ms since the navigation started) the first time the seats and the hand are drawn. */
function watchReady(): void {
  const w = window as unknown as { __ready?: number };
  const check = () => {
    if (w.__ready !== undefined) return;
    const area = document.querySelector('.game-area');
    if (!area || !area.querySelector('[data-hand] [data-card]')) return;
    const seats = new Set([...area.querySelectorAll('[data-seat]')].map((e) => e.getAttribute('data-seat')));
    if (seats.size >= (window as unknown as { __seats: number }).__seats) {
      w.__ready = performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(check);
  obs.observe(document, { childList: true, subtree: true });
}

it('table ready on a phone (slow 4G, 4× CPU): cold and warm load of a 5-player 三国杀 table mid-game', async () => {
  const dev = await devServer();
  const browser = await launchBrowser();
  try {
    const table = await sgsTable(dev, SEATS, 'ready-bench');
    // Past the choice of generals and into the first rounds: every seat has a general and the player a hand.
    while (table.played < 60) await table.next();
    const cold: number[] = [];
    const warm: number[] = [];
    const withSw: number[] = [];
    const bytes: number[] = [];
    const seatsScript = `window.__seats = ${SEATS};`;
    for (let k = 0; k < LOADS; k++) {
      const seat = k % SEATS;
      const { ctx, page } = await profiledPage(browser, PHONE_ON_4G, [watchReady]);
      await ctx.addInitScript(seatsScript);
      const ready = async () => {
        await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, null, {
          timeout: 60_000,
          polling: 200,
        });
        return page.evaluate(() => (window as unknown as { __ready: number }).__ready);
      };
      await page.goto(table.link(seat));
      cold.push(await ready());
      bytes.push(
        await page.evaluate(() =>
          [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
            (n, e) => n + (e as PerformanceResourceTiming).transferSize,
            0,
          ),
        ),
      );
      await page.goto(`${dev.url}/g/${table.id}`);
      warm.push(await ready());
      // A later return: the service worker (registered a few seconds after a load) has the client precached.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      });
      await page.goto(`${dev.url}/g/${table.id}`);
      withSw.push(await ready());
      await ctx.close();
    }
    record(`table ready on a phone (${PHONE_ON_4G.name}), 5-player 三国杀 mid-game, ${LOADS} loads each`, [
      m('cold load: seats and hand drawn', cold, 'ms', 'empty cache, by the personal seat link'),
      m('warm load: seats and hand drawn', warm, 'ms', 'cache and stored seat kept'),
      m('return visit: seats and hand drawn', withSw, 'ms', 'as warm, the service worker serving the precached client'),
      m('cold load: bytes transferred', bytes, 'bytes', "as wrangler dev serves them (a CDN's compression may differ)"),
      machineLoad(),
    ]);
  } finally {
    await browser.close();
    await dev.stop();
  }
});
