import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDevAndBrowser } from './helpers';

/**
 * The platform in a real browser against `wrangler dev` (the fixture duel game, built client): a host creates
 * a table, two friends join from the invite link, the game starts, each answers a prompt, and every page
 * follows every change live; a personal seat link opened in a fresh browser resumes that seat.
 */
const env = useDevAndBrowser();

async function page(locale = 'en', viewport = { width: 1200, height: 900 }): Promise<Page> {
  const p = await (await env.browser.newContext({ locale, viewport })).newPage();
  p.on('pageerror', (e) => console.error('pageerror', e.message));
  return p;
}

/** What a page's table says about the game, from its own state request (the page's own token). */
async function stateOf(
  p: Page,
): Promise<{ version: number; you: number | null; prompts: { kind: string }[]; status: string }> {
  return p.evaluate(async () => {
    const id = location.pathname.split('/')[2]!;
    const all = JSON.parse(localStorage.getItem('teahouse.games') ?? '{}') as Record<string, { token?: string }>;
    const token = all[id]?.token;
    const r = await fetch(`/api/games/${id}/state`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return r.json();
  });
}

describe('platform in Chromium', () => {
  it('a host creates a table, two friends join by the invite link, everyone answers and sees every change live; a seat link resumes the seat elsewhere', async () => {
    const host = await page('en');
    const ann = await page('zh-CN', { width: 390, height: 844 });
    const bo = await page('en', { width: 390, height: 844 });

    await host.goto(`${env.dev.url}/?game=duel`);
    await host.getByRole('combobox', { name: /Players/ }).selectOption('3');
    await host.getByRole('textbox', { name: /Your name/ }).fill('Host');
    await host.getByRole('button', { name: 'Create the table' }).click();
    await host.waitForURL(/\/g\//);
    await host.waitForFunction(() =>
      [...document.querySelectorAll<HTMLInputElement>('input.linkbox-url')].some((e) => !e.value.includes('#seat=')),
    );
    const links = await host
      .locator('input.linkbox-url')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const invite = links.find((u) => !u.includes('#seat='))!;
    expect(invite).toMatch(/\/g\/[a-z0-9]{10,}$/);

    await ann.goto(invite);
    await ann.getByRole('textbox', { name: '你的名字' }).fill('安');
    await ann.getByRole('button', { name: '坐下' }).click();
    await ann.waitForSelector('text=你已入座');
    await bo.goto(invite);
    await bo.getByRole('textbox', { name: 'Your name' }).fill('Bo');
    await bo.getByRole('button', { name: 'Sit down' }).click();

    // The host's lobby shows both friends without a reload.
    await host.waitForSelector('text=Bo');
    await host.waitForSelector('text=安');
    await host.getByRole('button', { name: 'Start the game' }).click();

    // Everyone is asked the secret pick at once, live.
    for (const p of [host, ann, bo]) await p.waitForSelector('.prompt-panel.asking', { timeout: 20_000 });
    const versions = await Promise.all([host, ann, bo].map(stateOf));
    expect(versions.map((v) => v.you)).toEqual([0, 1, 2]);

    // Each answers its own prompt; every page sees that seat stop being waited for, without a reload.
    const players = [host, ann, bo];
    for (let i = 0; i < players.length; i++) {
      await players[i]!.locator('.prompt-panel.asking .options .btn').first().click();
      for (const q of players)
        await q.waitForSelector(`.seat-list >> nth=0 >> li:nth-child(${i + 1}):not(.waiting)`, { timeout: 15_000 });
    }
    // After the picks, seat 0 (the host) has the turn: the others see whom the table waits for.
    await host.waitForSelector('.btn.option:has-text("Attack")', { timeout: 15_000 });
    await bo.waitForSelector('.prompt-panel:not(.asking)');
    expect(await bo.locator('.prompt-panel').innerText()).toContain('Host');

    // The host attacks Bo; Bo is asked to respond without reloading.
    await host.locator('.btn.option', { hasText: 'Attack' }).click();
    await host.locator('.picks .card-pick').first().click();
    // Targets light up once the card is picked; Bo's seat on the table takes the pick.
    await host.locator('.seat-list .seat-pick', { hasText: 'Bo' }).click();
    await host.locator('.picks .btn.primary').click();
    await bo.waitForSelector('.prompt-panel.asking', { timeout: 15_000 });

    // Bo's personal seat link, opened in a fresh browser context, resumes Bo's seat with Bo's question.
    const seatLink = await bo.evaluate(() => {
      const id = location.pathname.split('/')[2]!;
      const all = JSON.parse(localStorage.getItem('teahouse.games') ?? '{}') as Record<string, { token?: string }>;
      return `${location.origin}/g/${id}#seat=${all[id]!.token}`;
    });
    const elsewhere = await page('en');
    await elsewhere.goto(seatLink);
    await elsewhere.waitForSelector('.prompt-panel.asking', { timeout: 15_000 });
    expect(elsewhere.url()).not.toContain('#seat='); // the token left the address bar for localStorage
    expect((await stateOf(elsewhere)).you).toBe(2);
  });
});
