// JS+CSS gzip bytes each page really loads, read from what Chromium fetched (so lazy chunks and shared chunks
// are counted exactly once per page), and the time to a rendered table on loopback. After `npx vite build`:
//   npx node web/tools/bytes.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startDev } from '../../test/e2e/helpers/dev.ts';
import { launchBrowser } from '../../test/e2e/helpers/browser.ts';

const dev = await startDev();
const browser = await launchBrowser();
const post = async (path, body, token) =>
  (
    await fetch(dev.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json();
const gz = (path) => gzipSync(readFileSync(`dist/client${path}`), { level: 9 }).length;
try {
  const tables = {};
  for (const game of ['sanguosha', 'ghost']) {
    const g = await post('/api/games', { game, seats: 5, deadline: { hours: 12 } });
    const me = await post(`/api/games/${g.id}/seats`, { name: 'A' });
    await post(`/api/games/${g.id}/start`, { fillWithBots: true }, g.adminToken);
    tables[game] = `/g/${g.id}#seat=${me.token}`;
  }
  const lobby = await post('/api/games', { game: 'sanguosha', seats: 5, deadline: { hours: 12 } });
  const pages = {
    home: ['/', '.home'],
    lobby: [`/g/${lobby.id}`, '.lobby-grid'],
    'sanguosha table': [tables.sanguosha, '.game-area .hand'],
    'ghost table': [tables.ghost, '.game-area .gh-hand'],
    'sanguosha rules': ['/rules/sanguosha', '.rules h1'],
    'ghost rules': ['/rules/ghost', '.rules h1'],
  };
  for (const [name, [path, sel]] of Object.entries(pages)) {
    const ctx = await browser.newContext({ locale: 'zh-CN' });
    const page = await ctx.newPage();
    const files = new Set();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/\.(js|css)$/.test(u.pathname) && u.pathname.startsWith('/assets/')) files.add(u.pathname);
    });
    const t0 = Date.now();
    await page.goto(dev.url + path);
    await page.waitForSelector(sel);
    const ms = Date.now() - t0;
    const js = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
    const css = [...files].filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(f), 0);
    console.log(
      `${name.padEnd(16)} JS ${String(js).padStart(6)} + CSS ${String(css).padStart(5)} = ${String(js + css).padStart(6)} bytes gzip · rendered in ${ms} ms · ${files.size} files`,
    );
    await ctx.close();
  }
} finally {
  await browser.close();
  await dev.stop();
}
