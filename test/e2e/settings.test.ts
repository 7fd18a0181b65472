import { describe, expect, it } from 'vitest';
import { shellStrings } from '../../web/i18n';
import type { Lang } from '../../web/games/types';
import { strings as sgs } from '../../worker/games/sanguosha/i18n';
import { startedGame, useDevAndBrowser } from './helpers';

/**
 * The seat's settings at the table (issue 11, "Browser"), in Chromium against `wrangler dev`: a player opens
 * the settings from the table header, sets a standing order the game offers (listed by its own label) and
 * quiet hours (the page proposes 23:00–08:00 in the browser's zone), saves, and GET /me gives them back; the
 * panel shows them again after a reload. Once in Chinese, once in English, each in a zone far from UTC.
 */
const env = useDevAndBrowser();

/** A started four-seat 三国杀 table; the tokens in seat order. */
const table = () => startedGame(env.dev.url, { game: 'sanguosha', seats: 4 });

async function mine(id: string, token: string): Promise<any> {
  const r = await fetch(`${env.dev.url}/api/games/${id}/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  return r.json();
}

const cases: { lang: Lang; zone: string; order: string }[] = [
  { lang: 'zh-CN', zone: 'Asia/Shanghai', order: 'wuxieNever' },
  { lang: 'en', zone: 'America/Vancouver', order: 'jinkSlash' },
];

describe('seat settings from the table in Chromium', () => {
  for (const c of cases) {
    it(`a standing order and quiet hours set from the table in ${c.lang} come back from GET /me`, async () => {
      const { id, tokens } = await table();
      const shell = shellStrings[c.lang];
      const ctx = await env.browser.newContext({
        locale: c.lang,
        timezoneId: c.zone,
        viewport: { width: 390, height: 844 },
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      await page.goto(`${env.dev.url}/g/${id}#seat=${tokens[1]}`);
      const open = page.getByRole('button', { name: shell['settings.title']!, exact: true });
      await open.click();
      const panel = page.locator('#seat-settings');
      const label = sgs[c.lang]!['sgs.order.' + c.order]!;
      await panel.getByRole('checkbox', { name: new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).check();
      await panel.getByRole('checkbox', { name: new RegExp(shell['settings.quietOn']!) }).check();
      // The page proposes 23:00–08:00 in the browser's own zone.
      expect(await panel.locator('input[name=quiet-start]').inputValue()).toBe('23:00');
      expect(await panel.locator('input[name=quiet-end]').inputValue()).toBe('08:00');
      expect(await panel.locator('select[name=quiet-zone]').inputValue()).toBe(c.zone);
      await panel.getByRole('button', { name: shell['settings.save']!, exact: true }).click();
      await panel.getByRole('status').filter({ hasText: shell['settings.saved']! }).waitFor();

      const me = await mine(id, tokens[1]!);
      expect(me.seat).toBe(1);
      expect(me.settings.orders).toEqual([{ id: c.order }]);
      expect(me.settings.quiet).toEqual({ start: '23:00', end: '08:00', zone: c.zone });
      // Nobody else's settings moved.
      expect((await mine(id, tokens[0]!)).settings).toEqual({
        orders: [],
        quiet: null,
        awayUntil: null,
        mention: null,
      });

      // After a reload the panel shows what the room stored.
      await page.reload();
      await page.getByRole('button', { name: shell['settings.title']!, exact: true }).click();
      await expect(page.locator(`#seat-settings input[name=order-${c.order}]`).isChecked()).resolves.toBe(true);
      await expect(page.locator('#seat-settings input[name=quiet-on]').isChecked()).resolves.toBe(true);
      await ctx.close();
    });
  }
});
