// Screenshots of the ghost table for looking at it by eye (not part of the build or the tests). After
// `npx vite build`: npx node web/games/ghost/shots.mjs  → /tmp/gshots/{vote,caught,reveal,end}-<lang>-<size>.png
// (vote: mid-vote with later voters not yet asked; caught: a challenged voter's cards thrown out; reveal: a pool with 敕令符 if one comes up)
import { startDev } from '../../../test/e2e/helpers/dev.ts';
import { launchBrowser } from '../../../test/e2e/helpers/browser.ts';
const out = '/tmp/gshots';
import { mkdirSync } from 'node:fs';
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
  (await fetch(`${dev.url}/api/games/${id}/state`, { headers: { authorization: `Bearer ${token}` } })).json();
const shoot = async (g, who, name, langs = ['zh-CN', 'en']) => {
  for (const lang of langs)
    for (const [size, viewport] of Object.entries({
      phone: { width: 390, height: 844 },
      desktop: { width: 1280, height: 900 },
    })) {
      const ctx = await browser.newContext({ viewport, locale: lang });
      await ctx.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      await page.goto(`${dev.url}/g/${g.id}#seat=${who.token}`);
      await page.waitForSelector('.ghost', { timeout: 20000 });
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/${name}-${lang}-${size}.png`, fullPage: true });
      // The vote / reveal panel alone, at full resolution (a full phone page is too tall to read scaled down).
      for (const sel of ['.gh-vote', '.gh-reveal']) {
        const el = await page.$(sel);
        if (el) await el.screenshot({ path: `${out}/${name}-${lang}-${size}-${sel.slice(4)}.png` });
      }
      await ctx.close();
      console.log(name, lang, size);
    }
};
try {
  const g = await post('/api/games', { game: 'ghost', seats: 5, deadline: { hours: 24 } });
  const seats = [];
  for (const n of ['张三', 'Li Si', '王五', 'Zoe', '赵六'])
    seats.push(await post(`/api/games/${g.id}/seats`, { name: n }));
  await post(`/api/games/${g.id}/start`, {}, g.adminToken);
  let midShot = false;
  let revealShot = false;
  let caughtShot = false;
  let heavyShot = false;
  for (let k = 0; k < 3000; k++) {
    let st, who;
    for (const s of seats) {
      st = await state(g.id, s.token);
      if (st.prompts.length) {
        who = s;
        break;
      }
    }
    if (!who) break;
    const p = st.prompts[0];
    if (!midShot && p.kind === 'vote' && Object.keys(st.view.vote.counts).length >= 2) {
      midShot = true;
      await shoot(g, who, 'vote');
    }
    if (!caughtShot && st.view.vote && st.view.vote.challenged.some((c) => st.view.vote.counts[c] === undefined)) {
      caughtShot = true;
      await shoot(g, who, 'caught');
    }
    const heavy = st.view.lastReveal?.pool.some((c) => c.startsWith('S04'));
    if (
      midShot &&
      (!revealShot || (heavy && !heavyShot)) &&
      st.view.lastReveal &&
      !st.view.lastReveal.failedBy &&
      !st.view.vote
    ) {
      revealShot = true;
      heavyShot = heavy;
      await shoot(g, who, 'reveal');
    }
    const ids = p.options.map((o) => o.id);
    let a;
    if (p.kind === 'host' && ids.includes('target')) a = { option: 'target', cards: [p.options[0].cards.from[0]] };
    else if (p.kind === 'vote') a = { option: 'vote', cards: p.options[0].cards.from.slice(0, 2) };
    else if (p.kind === 'discard')
      a = { option: 'discard', cards: p.options[0].cards.from.slice(0, p.options[0].cards.min) };
    else if (p.kind === 'challenge' && k % 2) a = { option: 'challenge', seats: [p.options[0].seats.from[0]] };
    else a = { option: ['end', 'pass', 'reveal', 'continue'].find((x) => ids.includes(x)) ?? ids[0] };
    await post(`/api/games/${g.id}/answers`, { version: st.version, answer: { prompt: p.id, ...a } }, who.token);
  }
  await shoot(g, seats[0], 'end');
} finally {
  await browser.close();
  await dev.stop();
}
