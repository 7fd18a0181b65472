// Screenshots of the client against `wrangler dev` (the e2e config: fixture game + built client), for looking
// at the screens by eye. Run after `npx vite build`:  npx node web/tools/shots.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { startDev } from '../../test/e2e/helpers/dev.ts';
import { launchBrowser } from '../../test/e2e/helpers/browser.ts';

const out = process.argv[2] ?? '/tmp/teahouse-shots';
mkdirSync(out, { recursive: true });
const dev = await startDev();
const browser = await launchBrowser();
const post = async (path, body, token) => {
  const r = await fetch(dev.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
};
try {
  // A running game: 3 seats, the first prompt (a secret pick by everyone at once) already answered by two.
  const g = await post('/api/games', { game: 'duel', seats: 3, options: { botsForAbsent: true }, deadline: { hours: 24 } });
  const a = await post(`/api/games/${g.id}/seats`, { name: '张三' });
  const b = await post(`/api/games/${g.id}/seats`, { name: 'Li Si' });
  const c = await post(`/api/games/${g.id}/seats`, { name: '王五' });
  await post(`/api/games/${g.id}/start`, {}, g.adminToken);
  for (const s of [b, c]) {
    const st = await (await fetch(`${dev.url}/api/games/${g.id}/state`, { headers: { authorization: `Bearer ${s.token}` } })).json();
    const p = st.prompts[0];
    await post(`/api/games/${g.id}/answers`, { version: st.version, answer: { prompt: p.id, option: p.options[0].id } }, s.token);
  }
  await post(`/api/games/${g.id}/chat`, { text: '大家好，慢慢来 🍵' }, b.token);
  // A lobby: 4 seats, one taken.
  const l = await post('/api/games', { game: 'duel', seats: 4, deadline: { minutes: 15 } });
  const la = await post(`/api/games/${l.id}/seats`, { name: '张三' });

  // The real games, with bots in the other seats: the shell around each game's own table.
  const real = {};
  for (const [game, seats] of [['sanguosha', 5], ['ghost', 5]]) {
    const r = await post('/api/games', { game, seats, deadline: { hours: 12 } });
    const me = await post(`/api/games/${r.id}/seats`, { name: '张三' });
    await post(`/api/games/${r.id}/start`, { fillWithBots: true }, r.adminToken);
    real[game] = { ...r, token: me.token };
  }

  const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 860 } };
  for (const lang of ['zh-CN', 'en', 'zh-TW']) {
    for (const [size, viewport] of Object.entries(sizes)) {
      if (lang === 'zh-TW' && size === 'desktop') continue;
      const ctx = await browser.newContext({ viewport, locale: lang, deviceScaleFactor: size === 'phone' ? 2 : 1 });
      await ctx.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      const shot = async (name) => {
        await page.waitForTimeout(400);
        const file = `${out}/${name}-${lang}-${size}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      // Seat link with the admin token too: the host's view of the table.
      await page.goto(`${dev.url}/g/${g.id}#seat=${a.token}&admin=${g.adminToken}`);
      await page.waitForSelector('.prompt-panel');
      await shot('table');
      await page.goto(`${dev.url}/`);
      await page.waitForSelector('.game-item');
      await page.waitForTimeout(800);
      await shot('home');
      for (const [game, r] of Object.entries(real)) {
        await page.goto(`${dev.url}/g/${r.id}#seat=${r.token}`);
        await page.waitForSelector('.prompt-panel');
        await page.waitForTimeout(1500);
        await shot(game);
      }
      await page.goto(`${dev.url}/rules/sanguosha`);
      await page.waitForSelector('.rules h1');
      await shot('rules');
      await page.goto(`${dev.url}/g/${l.id}#seat=${la.token}&admin=${l.adminToken}`);
      await page.waitForSelector('.lobby-grid');
      await shot('lobby');
      if (size === 'phone') {
        const p2 = await (await browser.newContext({ viewport, locale: lang })).newPage();
        await p2.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
        await p2.goto(`${dev.url}/g/${l.id}`);
        await p2.waitForSelector('form.join');
        await p2.screenshot({ path: `${out}/join-${lang}-${size}.png`, fullPage: true });
        console.log(`${out}/join-${lang}-${size}.png`);
        await p2.context().close();
      }
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await dev.stop();
}
