import { describe, expect, it } from 'vitest';
import { shellStrings } from '../../web/i18n';
import type { Lang } from '../../web/games/types';
import { apiPost, startedGame, useDevAndBrowser } from './helpers';

/**
 * Away mode at the table (issue 11 item 3, "Browser"), in Chromium against `wrangler dev`: a player sets "away
 * until" from the ⚙ panel; while away, with the host's leave, a stand-in answers its prompts at once; when the
 * player clears it and is back, the page shows what was played for it in a small panel, which it dismisses.
 * Once in Chinese, once in English.
 */
const env = useDevAndBrowser();

const call = (path: string, body: unknown, token?: string) => apiPost(env.dev.url, path, body, token);

async function get(path: string, token: string): Promise<any> {
  const r = await fetch(`${env.dev.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  return r.json();
}

/** A started four-seat 三国杀 table whose host lets a stand-in play for away seats. */
const table = () =>
  startedGame(env.dev.url, {
    game: 'sanguosha',
    seats: 4,
    beforeStart: (g) => call(`/api/games/${g.id}/admin/settings`, { awayStandIn: true }, g.adminToken),
  });

/** The other seats answer their open prompts (the first option, its fewest cards and seats) until seat 1 was played for. */
async function othersPlayUntilStandIn(id: string, tokens: string[]): Promise<void> {
  for (let n = 0; n < 20; n++) {
    const me = await get(`/api/games/${id}/state`, tokens[1]!);
    if (me.log.some((l: any) => l.msg.key === 'room.log.botPlayed' && l.msg.params?.seat === 1)) return;
    for (const seat of [0, 2, 3]) {
      const s = await get(`/api/games/${id}/state`, tokens[seat]!);
      const p = s.prompts[0];
      if (!p) continue;
      const o = p.options[0];
      const answer: any = { prompt: p.id, option: o.id };
      if (o.cards) answer.cards = o.cards.from.slice(0, o.cards.min);
      if (o.seats) answer.seats = o.seats.from.slice(0, o.seats.min);
      await call(`/api/games/${id}/answers`, { version: s.version, answer }, tokens[seat]);
    }
  }
  throw new Error('the stand-in never played for seat 1');
}

const cases: { lang: Lang; zone: string }[] = [
  { lang: 'zh-CN', zone: 'Asia/Shanghai' },
  { lang: 'en', zone: 'Europe/Berlin' },
];

describe('away mode from the table in Chromium', () => {
  for (const c of cases) {
    it(`set away from the settings panel, then on return see what was played for you, in ${c.lang}`, async () => {
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
      const settings = page.getByRole('button', { name: shell['settings.title']!, exact: true });
      await settings.click();
      const panel = page.locator('#seat-settings');
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      await panel.locator('input[name=away-until]').fill(day);
      await panel.getByRole('button', { name: shell['settings.save']!, exact: true }).click();
      await panel.getByRole('status').filter({ hasText: shell['settings.saved']! }).waitFor();
      expect((await get(`/api/games/${id}/me`, tokens[1]!)).settings.awayUntil).not.toBeNull();

      await othersPlayUntilStandIn(id, tokens);
      // Still away: nothing is handed back yet.
      expect(await page.locator('section.handback').count()).toBe(0);

      // Back: the date cleared and saved, the panel appears with the stand-in's moves.
      await panel.locator('input[name=away-until]').fill('');
      await panel.getByRole('button', { name: shell['settings.save']!, exact: true }).click();
      const handback = page.locator('section.handback');
      await handback.waitFor({ timeout: 15_000 });
      const mine = await get(`/api/games/${id}/me`, tokens[1]!);
      const n = mine.handback.total;
      expect(mine.handback.lines.length).toBe(n);
      expect(n).toBeGreaterThan(0);
      await expect(handback.getByRole('heading').textContent()).resolves.toBe(
        shell['handback.title']!.replace('{n}', String(n)),
      );
      const line = shell['room.log.botPlayed']!.split('{seat}')[0]!.trim();
      await expect(handback.textContent()).resolves.toContain(line);

      // Another seat's page shows nothing of it.
      const other = await ctx.newPage();
      await other.goto(`${env.dev.url}/g/${id}#seat=${tokens[0]}`);
      await other.getByRole('button', { name: shell['settings.title']!, exact: true }).waitFor();
      await other.waitForTimeout(500);
      expect(await other.locator('section.handback').count()).toBe(0);
      await other.close();

      // The settings panel closes (Escape), and the hand-back is dismissed: gone from the page and from GET /me, also after a reload.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await handback.getByRole('button', { name: shell['handback.ok']!, exact: true }).click();
      await handback.waitFor({ state: 'detached' });
      expect((await get(`/api/games/${id}/me`, tokens[1]!)).handback).toBeNull();
      await page.reload();
      await page.getByRole('button', { name: shell['settings.title']!, exact: true }).waitFor();
      expect(await page.locator('section.handback').count()).toBe(0);
      await ctx.close();
    });
  }
});
