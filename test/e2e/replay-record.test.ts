import { describe, expect, it } from 'vitest';
import { strings as replayStrings } from '../../web/pages/replay.strings';
import { strings as ghostStrings } from '../../worker/games/ghost/i18n';
import { makeT } from '../../web/lib/msg';
import type { Msg } from '../../worker/protocol';
import { useDevAndBrowser } from './helpers';

/**
 * The replay end to end (issue 12, item 13; contracts §5): a 驱鬼 table of bots plays to the end in the room,
 * `GET /record` serves its record, and the replay page plays it again in Chromium to the same outcome.
 */
const env = useDevAndBrowser();

const post = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(`${env.dev.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json() as Promise<any>;
};

describe('the replay of a game the room finished', () => {
  it('a running game has no record yet; once bots finish it, the replay page steps to the same end', async () => {
    const g = await post('/api/games', { game: 'ghost', seats: 4, deadline: { hours: 1 } });
    await post(`/api/games/${g.id}/start`, { fillWithBots: true }, g.adminToken);
    const end = Date.now() + 150_000;
    let summary: any;
    for (;;) {
      summary = await (await fetch(`${env.dev.url}/api/games/${g.id}`)).json();
      if (summary.status === 'finished') break;
      if (Date.now() > end) throw new Error(`the bots did not finish: ${JSON.stringify(summary).slice(0, 300)}`);
      const early = (await fetch(`${env.dev.url}/api/games/${g.id}/record`)).status;
      // The bots may finish between the two requests: a record then exists only because the game is over now.
      if (early === 200)
        expect(((await (await fetch(`${env.dev.url}/api/games/${g.id}`)).json()) as { status: string }).status).toBe(
          'finished',
        );
      else expect(early).toBe(404);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const rec = (await (await fetch(`${env.dev.url}/api/games/${g.id}/record`)).json()) as {
      moves: unknown[];
      names: string[];
    };
    expect(rec.moves.length).toBeGreaterThan(10);

    const ctx = await env.browser.newContext({ locale: 'en', viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    await page.goto(`${env.dev.url}/g/${g.id}/replay`);
    const en = replayStrings.en;
    await page.locator('.replay-step').waitFor();
    expect(await page.locator('.replay-step').innerText()).toBe(
      en['replay.step']!.replace('{k}', '0').replace('{n}', String(rec.moves.length)),
    );
    // The setup's lines are there from the first step.
    expect(await page.locator('.replay-log li').count()).toBeGreaterThan(0);
    await page.keyboard.press('End');
    await page.waitForSelector(`text=${en['replay.end']!}`);
    // The page's engine reached the room's outcome: the reason it shows is the one the room reports.
    const table = (await (await fetch(`${env.dev.url}/api/games/${g.id}/state`)).json()) as {
      outcome: { reason: Msg };
      seats: { name: string }[];
    };
    const t = makeT('en', { strings: ghostStrings as never }, (n) => table.seats[n]!.name);
    expect(await page.locator('.replay-status').innerText()).toBe(t(table.outcome.reason));
    await ctx.close();
  });
});
