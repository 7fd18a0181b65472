import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { strings as seriesStrings } from '../../web/pages/series.strings';
import { apiPost, OUT, useDevAndBrowser } from './helpers';

/**
 * Playing again in a real browser (issue 27 "must show"): two players finish a 三国杀 table (the host ends it:
 * the shortest real end), both press "again" on the end screen, follow the link to the next game and play its
 * first move — choosing a general — from the same seat links, without joining again.
 */
const env = useDevAndBrowser();
const en = seriesStrings.en;

async function seatPage(link: string, viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await env.browser.newContext({ locale: 'en', viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  await page.goto(link);
  return page;
}

const summary = async (id: string) => (await (await fetch(`${env.dev.url}/api/games/${id}`)).json()) as any;

/** Whether the seat holding `token` is asked to choose its general in game `id`. */
const choosing = async (id: string, token: string) => {
  const res = await fetch(`${env.dev.url}/api/games/${id}/state`, { headers: { authorization: `Bearer ${token}` } });
  const st = (await res.json()) as { prompts: { kind: string }[] };
  return st.prompts.some((p) => p.kind === 'chooseGeneral');
};

describe('playing again with the same table', () => {
  it('two players finish a game, both press again, and play the first move of the next game from the same links', async () => {
    const base = env.dev.url;
    const g = await apiPost(base, '/api/games', { game: 'sanguosha', seats: 4, deadline: { hours: 1 } });
    const seats = [
      await apiPost(base, `/api/games/${g.id}/seats`, { name: 'Ann' }),
      await apiPost(base, `/api/games/${g.id}/seats`, { name: 'Bo' }),
    ];
    await apiPost(base, `/api/games/${g.id}/start`, { fillWithBots: true }, g.adminToken);
    // Ann is the host too: her page holds the admin token, and she sets the next game's options.
    const pages = [
      await seatPage(`${seats[0].seatUrl}&admin=${g.adminToken}`, { width: 390, height: 844 }),
      await seatPage(seats[1].seatUrl, { width: 1280, height: 800 }),
    ];
    await apiPost(base, `/api/games/${g.id}/admin/end`, {}, g.adminToken);

    // Ann proposes from the end screen; Bo sees who has answered and accepts.
    await pages[0]!.getByRole('button', { name: en['again.propose']! }).click();
    await pages[1]!.getByRole('button', { name: en['again.accept']! }).waitFor();
    const autoPass = pages[0]!.locator('.again-options input[type=checkbox]').first();
    await autoPass.waitFor();
    expect(await autoPass.isChecked()).toBe(true);
    await autoPass.uncheck();
    await expect.poll(async () => (await summary(g.id)).again.options.autoPass).toBe(false);
    await pages[0]!.locator('.again').screenshot({ path: `${OUT}/again-host-390.png` });
    await pages[1]!.locator('.again-answers').getByText('Ann').waitFor();
    await pages[1]!.screenshot({ path: `${OUT}/again-proposed-1280.png`, fullPage: true });
    await pages[1]!.getByRole('button', { name: en['again.accept']! }).click();

    // Everyone answered: the next game exists, and both follow the link there.
    const next = (await summary(g.id)).next as string;
    expect(next).toMatch(new RegExp(`^${g.id}[a-z2-9]{8}$`));
    for (const p of pages) {
      const link = p.getByRole('link', { name: en['again.toNext']! });
      await link.waitFor();
      await p.screenshot({ path: `${OUT}/again-next-${p.viewportSize()!.width}.png`, fullPage: true });
      await link.click();
      await p.waitForURL(`${base}/g/${next}`);
    }
    const s = await summary(next);
    expect(s.prev).toBe(g.id);
    expect(s.options.autoPass).toBe(false);
    expect(
      s.seats
        .filter((x: any) => !x.bot)
        .map((x: any) => x.name)
        .sort(),
    ).toEqual(['Ann', 'Bo']);
    // Each page holds its seat there with the token it had: the back link shows, and a general is offered to
    // whichever of them is asked first (the lord picks first; a bot lord picks at once).
    for (const p of pages) await p.getByRole('link', { name: en['again.prev']! }).waitFor();
    const chooser = await Promise.race(
      pages.map((p) =>
        p
          .locator('button.choose-general')
          .first()
          .waitFor({ timeout: 60_000 })
          .then(() => p),
      ),
    );
    await chooser.screenshot({ path: `${OUT}/again-new-game-${chooser.viewportSize()!.width}.png` });
    const who = pages.indexOf(chooser);
    expect(await choosing(next, seats[who].token)).toBe(true);
    await chooser.locator('button.choose-general').first().click();
    await expect.poll(() => choosing(next, seats[who].token)).toBe(false);

    // The series page lists both games.
    await pages[0]!.goto(`${base}/s/${next}`);
    await pages[0]!.locator('.series-game').nth(1).waitFor();
    expect(await pages[0]!.locator('.series-game').count()).toBe(2);
    await pages[0]!.screenshot({ path: `${OUT}/again-series-390.png`, fullPage: true });
    for (const p of pages) await p.context().close();
  });
});
