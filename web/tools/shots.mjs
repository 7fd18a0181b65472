// Screenshots of every main screen, for both games, in the three languages, at phone (390×844) and desktop
// (1280×800) size, against `wrangler dev` (the e2e config) serving the built client. Anyone can look:
//   npx vite build && npm run shots [outDir]        (default outDir: /tmp/teahouse-shots)
// Screens: home, lobby, join, table waiting, table with picks open (a card picked, targets lit), a card being
// read, the log drawer (phone), a finished table, a 10-seat 三国杀 table, the rules page.
// Chinese text needs a CJK font on the machine (Debian: apt-get install fonts-wqy-microhei), or it shows as boxes.
// SHOTS_LANGS=en,zh-CN, SHOTS_SIZES=phone and SHOTS_ONLY=ghost,sanguosha-table narrow the run.
import { mkdirSync } from 'node:fs';
import { startDev } from '../../test/e2e/helpers/dev.ts';
import { launchBrowser } from '../../test/e2e/helpers/browser.ts';

const out = process.argv[2] ?? '/tmp/teahouse-shots';
const only = process.env.SHOTS_ONLY?.split(',');
mkdirSync(out, { recursive: true });
const dev = await startDev();
const browser = await launchBrowser();
const post = async (path, body, token) => {
  const r = await fetch(dev.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
};
const state = async (id, token) =>
  (
    await fetch(`${dev.url}/api/games/${id}/state`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  ).json();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A game with me in seat 0 and bots elsewhere, started; `until` waits for a state the screen needs. */
async function table(game, seats, seed, options = game === 'sanguosha' ? { noGenerals: true } : undefined) {
  const r = await post('/api/games', { game, seats, deadline: { hours: 12 }, ...(options ? { options } : {}) });
  const me = await post(`/api/games/${r.id}/seats`, { name: '张三' });
  await post(`/api/games/${r.id}/start`, { fillWithBots: true, seed }, r.adminToken);
  return { ...r, token: me.token };
}

/** A finished game: every seat a bot (mine handed over), played to the end by the room. */
async function finished(game, seats, seed) {
  const t = await table(game, seats, seed);
  await post(`/api/games/${t.id}/admin/replace-seat`, { seat: 0, by: 'bot' }, t.adminToken);
  for (let i = 0; i < 120; i++) {
    const st = await state(t.id);
    if (st.status === 'finished') break;
    await sleep(500);
  }
  return t;
}

try {
  const games = {
    sanguosha: await table('sanguosha', 5, 'shots-1'),
    ghost: await table('ghost', 5, 'shots-1'),
  };
  const ten = await table('sanguosha', 10, 'shots-10');
  const select = await table('sanguosha', 5, 'shots-1', {});
  const done = {
    sanguosha: await finished('sanguosha', 4, 'shots-end'),
    ghost: await finished('ghost', 4, 'shots-end'),
  };
  const lobby = await post('/api/games', {
    game: 'sanguosha',
    seats: 6,
    options: { deck: 'standard', botsForAbsent: true },
    deadline: { minutes: 15 },
  });
  const la = await post(`/api/games/${lobby.id}/seats`, { name: '张三' });
  await post(`/api/games/${lobby.id}/seats`, { name: 'Li Si' });

  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
  for (const lang of process.env.SHOTS_LANGS?.split(',') ?? ['zh-CN', 'zh-TW', 'en']) {
    for (const [size, viewport] of Object.entries(sizes).filter(
      ([k]) => !process.env.SHOTS_SIZES || process.env.SHOTS_SIZES.includes(k),
    )) {
      const ctx = await browser.newContext({ viewport, locale: lang, deviceScaleFactor: size === 'phone' ? 2 : 1 });
      await ctx.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      const shot = async (name, full = false) => {
        if (only && !only.some((o) => name.startsWith(o))) return;
        await page.waitForTimeout(300);
        const file = `${out}/${name}-${lang}-${size}.png`;
        await page.screenshot({ path: file, fullPage: full });
        console.log(file);
      };
      await page.goto(`${dev.url}/g/${lobby.id}#seat=${la.token}&admin=${lobby.adminToken}`);
      await page.waitForSelector('.lobby-grid');
      await shot('lobby', true);
      await page.goto(`${dev.url}/`);
      await page.waitForSelector('.game-item');
      await shot('home', true);
      for (const [game, r] of Object.entries(games)) {
        await page.goto(`${dev.url}/g/${r.id}#seat=${r.token}&admin=${r.adminToken}`);
        await page.waitForSelector('.game-area');
        await page.waitForTimeout(800);
        await shot(`${game}-table`);
        // Picks open: the first card of the hand the question lets me pick, then (if any) a lit target.
        const card = page.locator('.game-area button[data-card][aria-pressed]').first();
        if (await card.count()) {
          await card.click();
          const seat = page
            .locator('.game-area .can-pick button, .game-area button.pickable[aria-pressed="false"]')
            .first();
          if (await seat.count()) await seat.click().catch(() => {});
          await shot(`${game}-picking`);
          const back = page.locator('.prompt-panel .btn.back');
          if (await back.count()) await back.click();
        } else {
          const opt = page.locator('.prompt-panel .btn.option').first();
          if (await opt.count()) {
            await opt.click();
            await shot(`${game}-picking`);
          }
        }
        const any = page.locator('.game-area [data-card]').first();
        if (await any.count()) {
          // Just under the header: lower down it may be under the hand kept above the question.
          await any.evaluate((e) => scrollBy(0, e.getBoundingClientRect().top - 120));
          await any.click({ button: 'right', position: { x: 4, y: 4 } });
          await page.waitForSelector('.card-sheet[open]');
          await shot(`${game}-card`);
          await page.keyboard.press('Escape');
        }
        if (size === 'phone') {
          await page.locator('.drawer-btn').click();
          await page.waitForTimeout(300);
          await shot(`${game}-drawer`);
          await page.locator('.drawer-head .icon-btn').click();
        }
        await page.goto(`${dev.url}/g/${done[game].id}`);
        await page.waitForSelector('.game-area');
        await page.waitForTimeout(600);
        await shot(`${game}-finished`);
        await page.goto(`${dev.url}/rules/${game}`);
        await page.waitForSelector('.rules h1');
        await shot(`${game}-rules`, true);
      }
      await page.goto(`${dev.url}/g/${select.id}#seat=${select.token}`);
      await page.waitForSelector('.prompt-panel.asking');
      await page.waitForTimeout(600);
      await shot('sanguosha-generals');
      await page.goto(`${dev.url}/g/${ten.id}#seat=${ten.token}`);
      await page.waitForSelector('.game-area .hand');
      await page.waitForTimeout(600);
      await shot('sanguosha-10seats');
      if (size === 'phone') {
        const p2 = await (await browser.newContext({ viewport, locale: lang })).newPage();
        await p2.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
        await p2.goto(`${dev.url}/g/${lobby.id}`);
        await p2.waitForSelector('form.join');
        if (!only || only.includes('join')) {
          await p2.screenshot({ path: `${out}/join-${lang}-${size}.png`, fullPage: true });
          console.log(`${out}/join-${lang}-${size}.png`);
        }
        await p2.context().close();
      }
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await dev.stop();
}
