import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDevAndBrowser } from './helpers';

/**
 * Issue "Never miss your turn", in the page: "my games" and the title badge follow another player's move
 * without a reload (the fixture duel game, 2 seats).
 */
const env = useDevAndBrowser();

async function page(locale: string): Promise<Page> {
  const p = await (await env.browser.newContext({ locale, viewport: { width: 900, height: 900 } })).newPage();
  p.on('pageerror', (e) => console.error('pageerror', e.message));
  return p;
}

const answerFirst = async (p: Page, option: RegExp) => {
  await p.waitForSelector('.prompt-panel.asking', { timeout: 15_000 });
  await p.locator('.prompt-panel.asking .options .btn', { hasText: option }).first().click();
};

describe('my games and the title badge', () => {
  it('the title badge and "my games" show your turn when another player moves, without a reload', async () => {
    const host = await page('en');
    const guest = await page('en');
    await host.goto(`${env.dev.url}/?game=duel`);
    await host.getByRole('combobox', { name: /Players/ }).selectOption('2');
    await host.getByRole('textbox', { name: /Your name/ }).fill('Host');
    await host.getByRole('button', { name: 'Create the table' }).click();
    await host.waitForURL(/\/g\//);
    const gameUrl = host.url();
    await guest.goto(gameUrl);
    await guest.getByRole('textbox', { name: 'Your name' }).fill('Guest');
    await guest.getByRole('button', { name: 'Sit down' }).click();
    await host.waitForSelector('text=Guest');
    await host.getByRole('button', { name: 'Start the game' }).click();

    // Both pick a colour; the host then has the turn and ends it at once (draw 1), so the guest is asked.
    await answerFirst(host, /./);
    await answerFirst(guest, /./);
    await answerFirst(host, /Draw 1|passTurn/);
    await guest.waitForSelector('.prompt-panel.asking', { timeout: 15_000 });

    // The host goes to the home page: the game is listed, waiting for the others; no count in the title.
    await host.goto(`${env.dev.url}/`);
    await host.waitForSelector('.game-item');
    await expect.poll(() => host.title()).not.toMatch(/^\(\d+\)/);
    expect(await host.locator('.game-item .badge.turn').count()).toBe(0);

    // The guest moves; the host's home page follows: "your turn" in my games, "(1)" in the title.
    await answerFirst(guest, /Draw 1|passTurn/);
    await host.waitForSelector('.game-item .badge.turn', { timeout: 45_000 });
    await expect.poll(() => host.title(), { timeout: 15_000 }).toMatch(/^\(1\) /);
  });
});
