import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shellStrings } from '../../web/i18n';
import { strings as sgs } from '../../worker/games/sanguosha/i18n';
import { useDevAndBrowser } from './helpers';

/**
 * Only the visitor's language ships (issue 8, item 8), in Chromium against the built client: a page fetches
 * the strings chunks of its own language and of no other; switching the language fetches the new one's
 * (the shell's and the open game's) and the page reads in it at once.
 */
const env = useDevAndBrowser();

async function open(locale: string): Promise<{ page: Page; strings: () => string[] }> {
  const ctx = await env.browser.newContext({ locale, viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  const seen: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/strings-([a-z]+-(?:zh-CN|zh-TW|en))-/.exec(r.url());
    if (m) seen.push(m[1]!);
  });
  return { page, strings: () => [...new Set(seen)].sort() };
}

describe('languages in Chromium', () => {
  it("the home page fetches only its visitor's strings; switching to English fetches the English ones", async () => {
    const { page, strings } = await open('zh-TW');
    await page.goto(`${env.dev.url}/`);
    await page.waitForFunction((t) => document.title === t, shellStrings['zh-TW']['home.title']!);
    expect(strings()).toEqual(['shell-zh-TW']);
    await page.locator('.lang-switch select').first().selectOption('en');
    await page.waitForFunction((t) => document.title === t, shellStrings.en['home.title']!);
    expect(strings()).toEqual(['shell-en', 'shell-zh-TW']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });

  it("a 三国杀 table fetches the game's strings in the visitor's language only, and the new language's on switching", async () => {
    const r = await fetch(`${env.dev.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'sanguosha', seats: 4 }),
    });
    const { id } = (await r.json()) as { id: string };
    const { page, strings } = await open('zh-CN');
    await page.goto(`${env.dev.url}/g/${id}`);
    await page.waitForSelector(`text=${shellStrings['zh-CN']['lobby.eyebrow']!}`);
    expect(await page.title()).toContain(sgs['zh-CN']['sgs.title'] ?? '三国杀');
    expect(strings()).toEqual(['sanguosha-zh-CN', 'shell-zh-CN']);
    await page.locator('.lang-switch select').first().selectOption('zh-TW');
    await page.waitForSelector(`text=${shellStrings['zh-TW']['lobby.eyebrow']!}`);
    expect(strings()).toEqual(['sanguosha-zh-CN', 'sanguosha-zh-TW', 'shell-zh-CN', 'shell-zh-TW']);
    await page.context().close();
  });
});
