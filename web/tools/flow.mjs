// Drive a 2-seat fixture game through the UI in two browser contexts and screenshot the steps: a secret pick,
// an option with card + seat picks, the other side seeing it live. Run after `npx vite build`:
//   npx node web/tools/flow.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { startDev } from '../../test/e2e/helpers/dev.ts';
import { launchBrowser } from '../../test/e2e/helpers/browser.ts';

const out = process.argv[2] ?? '/tmp/teahouse-shots';
mkdirSync(out, { recursive: true });
const dev = await startDev();
const browser = await launchBrowser();
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
try {
  const host = await (await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en' })).newPage();
  const guest = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', deviceScaleFactor: 2 })
  ).newPage();
  for (const p of [host, guest]) p.on('pageerror', (e) => console.error('pageerror', e.message));
  await host.goto(`${dev.url}/?game=duel`);
  await host.getByRole('combobox', { name: /Players/ }).selectOption('2');
  await host.getByRole('textbox', { name: /Your name/ }).fill('Host Anna');
  await host.getByRole('button', { name: 'Create the table' }).click();
  await host.waitForURL(/\/g\//);
  await host.waitForSelector('.lobby-grid');
  const invite = await host.getByRole('textbox', { name: /Invite link/ }).inputValue();
  log('invite', invite);
  await guest.goto(invite);
  await guest.getByRole('textbox', { name: '你的名字' }).fill('李四');
  await guest.getByRole('button', { name: '坐下' }).click();
  await guest.waitForSelector('text=你已入座');
  await host.getByRole('button', { name: 'Start the game' }).click();
  await host.waitForSelector('.prompt-panel.asking');
  await guest.waitForSelector('.prompt-panel.asking');
  log('both asked');
  await host.locator('.options .btn').first().click();
  await guest.locator('.options .btn').nth(1).click();
  // Whoever's turn it is now gets an option with picks.
  const turn = (p) => p.waitForSelector('.btn.option:has-text("attack")', { timeout: 15000 }).then(() => p);
  let me;
  try {
    me = await Promise.any([turn(host), turn(guest)]);
  } catch (e) {
    await host.screenshot({ path: `${out}/flow-fail-host.png`, fullPage: true });
    await guest.screenshot({ path: `${out}/flow-fail-guest.png`, fullPage: true });
    throw e;
  }
  const other = me === host ? guest : host;
  await me.locator('.btn.option', { hasText: 'attack' }).click();
  await me.screenshot({ path: `${out}/flow-picking.png`, fullPage: true });
  await me.locator('.picks .card-pick').first().click();
  // A forced choice (one possible target) comes pre-picked; otherwise pick the first seat.
  const seatBtn = me.locator('.game-area .seat-pick').first();
  if ((await seatBtn.getAttribute('aria-pressed')) !== 'true') await seatBtn.click();
  await me.screenshot({ path: `${out}/flow-picked.png`, fullPage: true });
  await me.locator('.picks .confirm').click();
  await other.waitForSelector('.prompt-panel.asking');
  log('the other side is asked to respond, live');
  await other.screenshot({ path: `${out}/flow-respond.png`, fullPage: true });
  await me.screenshot({ path: `${out}/flow-waiting.png`, fullPage: true });
  // The attacker leaves for the home page; the defender answers; "my games" and the title badge follow.
  const gameUrl = me.url();
  await me.goto(`${dev.url}/`);
  await me.waitForSelector('.game-item');
  // Answer whatever the defender is asked (the last option: take the hit, decline the skill) until the
  // attacker is asked again.
  for (let i = 0; i < 6 && (await other.locator('.prompt-panel.asking').count()); i++) {
    await other.locator('.prompt-panel.asking .options .btn').last().click();
    await other.waitForTimeout(500);
  }
  try {
    await me.waitForSelector('.badge.turn', { timeout: 30000 });
  } catch (e) {
    await me.screenshot({ path: `${out}/flow-fail-home.png` });
    await other.screenshot({ path: `${out}/flow-fail-other.png` });
    console.log(await me.evaluate(() => localStorage.getItem('teahouse.games')));
    throw e;
  }
  log('home shows your turn; title:', await me.title());
  await me.screenshot({ path: `${out}/flow-home-badge.png` });
  await me.goto(gameUrl);
  await me.waitForSelector('.since');
  await me.locator('.admin button').first().click();
  await me.locator('.table-tools .bell').click();
  await me.screenshot({ path: `${out}/flow-since-admin-notify.png`, fullPage: true });
  console.log(
    ['flow-picking', 'flow-picked', 'flow-respond', 'flow-waiting', 'flow-home-badge', 'flow-since-admin-notify']
      .map((n) => `${out}/${n}.png`)
      .join('\n'),
  );
} finally {
  await browser.close();
  await dev.stop();
}
