import { it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/e2e/helpers';
import { DESKTOP, PHONE, devServer, profiledPage, sgsTable, type Profile } from './browser';
import { machineLoad, quantile, record } from './report';

/**
 * Answer → every other seat's screen, through `npm start`'s server: a 5-player 三国杀 game, seats 0–2 each a
 * browser context at the profile, every seat's answer (the bots' moves of the seed) posted through the API as the
 * web client posts it. For each answer and each open page of another seat: the time from the answer's send until
 * the page's socket brought the change, until its DOM shows it (the table root's `data-version`, seen by a
 * MutationObserver) and until the frame after that (a rAF, then a task: the change painted). Clocks: the page's
 * `performance.timeOrigin + now()` against this process's, their offset taken on the quietest of 20 round trips.
 * ANSWERS (default 80) answers per profile, from the first; after each, a pause of PAUSE ms (default 300) so the
 * pages settle, as at a real table. PROFILE=phone or PROFILE=desktop measures that profile alone. Targets (issues
 * 24 and 28), phone: median ≤ 50 ms, p95 ≤ 150 ms.
 */
const ANSWERS = Number(process.env.ANSWERS ?? 80);
const PAUSE = Number(process.env.PAUSE ?? 300);
const SEATS = 5;
const PAGES = 3;

/** In the page: for each version it shows, when the socket message came, the DOM showed it, and the frame after. */
function watchVersions(): void {
  type Seen = { msg: number; dom: number; paint?: number };
  const w = window as unknown as { __seen: Record<number, Seen>; __msgAt: number };
  const now = () => performance.timeOrigin + performance.now();
  w.__seen = {};
  w.__msgAt = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', () => (w.__msgAt = now()));
    }
  };
  let shown = -1;
  const check = () => {
    const v = Number(document.querySelector('.table-page')?.getAttribute('data-version') ?? -1);
    if (v <= shown) return;
    shown = v;
    const seen: Seen = { msg: w.__msgAt, dom: now() };
    w.__seen[v] = seen;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (seen.paint = now());
      ch.port2.postMessage(0);
    });
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-version'],
  });
}

/** The page clock minus this process's, from the round trip with the least time on the way. */
async function offset(page: Page): Promise<number> {
  let best = { rtt: Infinity, off: 0 };
  for (let k = 0; k < 20; k++) {
    const t1 = performance.timeOrigin + performance.now();
    const p = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t2 = performance.timeOrigin + performance.now();
    if (t2 - t1 < best.rtt) best = { rtt: t2 - t1, off: p - (t1 + t2) / 2 };
  }
  return best.off;
}

async function measure(profile: Profile) {
  const dev = await devServer();
  const browser = await launchBrowser();
  try {
    const table = await sgsTable(dev, SEATS, `screens-bench-${profile.cpu}`);
    const pages: Page[] = [];
    for (let seat = 0; seat < PAGES; seat++) {
      const { page } = await profiledPage(browser, profile, [watchVersions]);
      await page.goto(table.link(seat));
      await page.waitForFunction(
        (v) => Number(document.querySelector('.table-page')?.getAttribute('data-version')) >= v,
        table.version,
        { timeout: 60_000 },
      );
      pages.push(page);
    }
    await new Promise((r) => setTimeout(r, 2000));
    const offsets = await Promise.all(pages.map(offset));
    const msg: number[] = [];
    const dom: number[] = [];
    const paint: number[] = [];
    /** Per answer: the last of the other screens painted. */
    const all: number[] = [];
    let missed = 0;
    while (table.played < Math.min(ANSWERS, table.moves.length)) {
      const seat = table.moves[table.played]!.seat;
      const t0 = performance.timeOrigin + performance.now();
      const v = await table.next();
      const others = pages.map((p, i) => ({ p, i })).filter((x) => x.i !== seat);
      const seen = await Promise.all(
        others.map(async ({ p, i }) => {
          try {
            await p.waitForFunction(
              (v) =>
                (window as unknown as { __seen: Record<number, { paint?: number }> }).__seen[v]?.paint !== undefined,
              v,
              { timeout: 10_000, polling: 50 },
            );
          } catch {
            return null;
          }
          const s = await p.evaluate(
            (v) =>
              (window as unknown as { __seen: Record<number, { msg: number; dom: number; paint: number }> }).__seen[v]!,
            v,
          );
          const at = (x: number) => x - offsets[i]! - t0;
          return { msg: at(s.msg), dom: at(s.dom), paint: at(s.paint) };
        }),
      );
      for (const s of seen) {
        if (!s) {
          missed++;
          continue;
        }
        msg.push(s.msg);
        dom.push(s.dom);
        paint.push(s.paint);
      }
      if (seen.every((s) => s)) all.push(Math.max(...seen.map((s) => s!.paint)));
      await new Promise((r) => setTimeout(r, PAUSE));
    }
    return { msg, dom, paint, all, missed, answers: table.played };
  } finally {
    await browser.close();
    await dev.stop();
  }
}

it('answer → every other seat’s screen, 5-player 三国杀, three pages, phone (4× CPU) and desktop', async () => {
  for (const profile of [PHONE, DESKTOP].filter(
    (p) => !process.env.PROFILE || p.name.startsWith(process.env.PROFILE!),
  )) {
    const r = await measure(profile);
    const q = (xs: number[], p: number) => quantile(xs, p);
    const target = profile === PHONE ? 'target ≤ ' : '';
    record(`answer → other seats' screens, ${profile.name}, 5-player 三国杀 through wrangler dev`, [
      {
        name: 'screen painted, median',
        value: q(r.paint, 0.5),
        unit: 'ms',
        note: `${target ? `${target}50 ms; ` : ''}${r.paint.length} screens over ${r.answers} answers`,
      },
      { name: 'screen painted, p95', value: q(r.paint, 0.95), unit: 'ms', note: target ? `${target}150 ms` : '' },
      { name: 'DOM updated, median', value: q(r.dom, 0.5), unit: 'ms' },
      { name: 'DOM updated, p95', value: q(r.dom, 0.95), unit: 'ms' },
      { name: 'socket message arrived, median', value: q(r.msg, 0.5), unit: 'ms', note: 'the rest is the page’s work' },
      { name: 'every other screen painted (per answer), median', value: q(r.all, 0.5), unit: 'ms' },
      { name: 'every other screen painted (per answer), p95', value: q(r.all, 0.95), unit: 'ms' },
      { name: 'screens that never showed the answer (10 s)', value: r.missed, unit: 'screens' },
      machineLoad(),
    ]);
  }
});
