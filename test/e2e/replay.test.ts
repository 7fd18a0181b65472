import { describe, expect, it } from 'vitest';
import ghost from '../../worker/games/ghost/index';
import { viewFor, type GameDef, type GameState } from '../../worker/engine';
import { cardName } from '../../web/games/ghost/labels';
import type { GameRecord } from '../../web/replay/model';
import { strings as replayStrings } from '../../web/pages/replay.strings';
import { OUT, useDevAndBrowser } from './helpers';
import { botMoves } from '../helpers/play';

/**
 * The replay page in Chromium (issue 12, item 13): the record of a finished 驱鬼 game is played again by the
 * engine inside the page; the player steps move by move, changes the seat whose view is shown, and the table
 * is drawn as that seat saw it then. The record is served by the page's route here, to the contract of
 * `GET /api/games/:id/record` (contracts §5).
 */
const env = useDevAndBrowser();

function botRecord(seats: number, seed: string): { record: GameRecord; states: GameState<unknown>[] } {
  const def = ghost as GameDef;
  const { moves, states } = botMoves(def, { seats, seed });
  return { record: { game: 'ghost', seats, options: {}, seed, names: ['Ann', 'Bo', null, 'Cy', 'Di'], moves }, states };
}

describe('the replay page in Chromium', () => {
  it('steps through a finished game from any seat, the table drawn as that seat saw it', async () => {
    const { record, states } = botRecord(5, 'e2e-replay-1');
    const n = record.moves.length;
    const en = replayStrings.en;
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const ctx = await env.browser.newContext({ locale: 'en', viewport });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      await page.route('**/api/games/*/record', (r) =>
        r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(record) }),
      );
      await page.goto(`${env.dev.url}/g/replay0000test/replay`);
      const step = page.locator('.replay-step');
      await step.waitFor();
      expect(await step.innerText()).toBe(en['replay.step']!.replace('{k}', '0').replace('{n}', String(n)));

      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      expect(await step.innerText()).toBe(en['replay.step']!.replace('{k}', '3').replace('{n}', String(n)));
      await page.locator('.replay-seat select').selectOption('3');
      await page.waitForFunction(() => location.search === '?move=3&seat=3');
      // Seat 3's own hand at that moment, and nobody else's, is on the table.
      const mine = (viewFor(ghost as GameDef, states[3] as never, 3).view as { players: { hand: string[] | null }[] })
        .players[3]!.hand!;
      const drawn = await page
        .locator('.game-area [data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      for (const c of mine) expect(drawn).toContain(c);
      expect(mine.length).toBeGreaterThan(0);
      const area = await page.locator('.game-area').innerText();
      for (const c of mine) expect(area).toContain(cardName(c, 'en'));
      await page.screenshot({ path: `${OUT}/replay-step3-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: en['replay.last']! }).click();
      await page.waitForSelector(`text=${en['replay.end']!}`);
      expect(await step.innerText()).toBe(en['replay.step']!.replace('{k}', String(n)).replace('{n}', String(n)));
      await page.screenshot({ path: `${OUT}/replay-end-${viewport.width}.png`, fullPage: true });
      await ctx.close();
    }
  });

  it('a game that has not ended says when its replay opens, and links back to the table', async () => {
    const ctx = await env.browser.newContext({ locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(`${env.dev.url}/g/nosuchgame00/replay`);
    await page.waitForSelector(`text=${replayStrings['zh-CN']['replay.notYet']!}`);
    expect(await page.getByRole('link', { name: replayStrings['zh-CN']['replay.toTable']! }).getAttribute('href')).toBe(
      '/g/nosuchgame00',
    );
    await ctx.close();
  });
});
