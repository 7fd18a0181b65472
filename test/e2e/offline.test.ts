import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { StateBody } from '../../worker/protocol';
import { shellStrings } from '../../web/i18n';
import { OUT, startedGame, useDevAndBrowser } from './helpers';

/**
 * Nothing is lost (issue 12, item 1), in Chromium against `wrangler dev`: an answer given while the browser is
 * offline (`context.setOffline(true)`) waits in the page and reaches the room exactly once after going back
 * online; one whose prompt the deadline took meanwhile is reported as not sent, and never sent.
 */
const env = useDevAndBrowser();

async function stateOf(id: string, token: string): Promise<StateBody> {
  const r = await fetch(`${env.dev.url}/api/games/${id}/state?log=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return r.json() as Promise<StateBody>;
}

/** A started two-seat duel (everyone is first asked a secret colour pick) with `minutes` per decision. */
const duel = (minutes: number) => startedGame(env.dev.url, { game: 'duel', seats: 2, deadline: { minutes } });

/** Seat 0's page, opened by its personal link, with every answer request the page makes counted by outcome. */
async function seatPage(
  id: string,
  token: string,
): Promise<{ ctx: BrowserContext; page: Page; answers: { ok: number; failed: number } }> {
  const ctx = await env.browser.newContext({ locale: 'en', viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  const answers = { ok: 0, failed: 0 };
  const isAnswer = (url: string, method: string) => method === 'POST' && /\/api\/games\/[^/]+\/answers/.test(url);
  page.on('response', (r) => {
    if (isAnswer(r.url(), r.request().method())) answers.ok += r.ok() ? 1 : 0;
  });
  page.on('requestfailed', (r) => {
    if (isAnswer(r.url(), r.method())) answers.failed++;
  });
  await page.goto(`${env.dev.url}/g/${id}#seat=${token}`);
  await page.waitForSelector('.prompt-panel.asking', { timeout: 20_000 });
  return { ctx, page, answers };
}

const en = shellStrings.en;
const until = async (what: string, test: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};

describe('answers made offline in Chromium', () => {
  it('an answer given while offline reaches the server after going back online, exactly once', async () => {
    const { id, tokens } = await duel(60);
    const { ctx, page, answers } = await seatPage(id, tokens[0]!);
    const before = await stateOf(id, tokens[0]!);
    expect(before.prompts).toHaveLength(1);

    await ctx.setOffline(true);
    await page.locator('.prompt-panel.asking .options .btn').first().click();
    // The page keeps it and says so; the room has not heard of it.
    await page.waitForSelector('.outbox.queued');
    expect(await page.locator('.outbox').innerText()).toContain(en['outbox.queued']!.split('“')[0]!.trim());
    expect(await page.locator('.error').count()).toBe(0);
    await page.screenshot({ path: `${OUT}/offline-queued.png` });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stateOf(id, tokens[0]!)).version).toBe(before.version);

    await ctx.setOffline(false);
    await until(
      'the answer to reach the room',
      async () => (await stateOf(id, tokens[0]!)).prompts.length === 0,
      20_000,
    );
    await page.waitForSelector('.outbox', { state: 'detached', timeout: 10_000 });
    // Give any second attempt (socket reopening, polls) time to show itself.
    await new Promise((r) => setTimeout(r, 5000));
    const after = await stateOf(id, tokens[0]!);
    expect(answers.ok).toBe(1);
    expect(after.version).toBe(before.version + 1);
    expect(after.waiting).toEqual([1]);
    await ctx.close();
  });

  it('an answer whose prompt was taken by the deadline while offline is reported as not sent', async () => {
    const { id, tokens } = await duel(2);
    const { ctx, page, answers } = await seatPage(id, tokens[0]!);
    const before = await stateOf(id, tokens[0]!);
    const deadline = Date.parse(before.prompts[0]!.deadline!);

    await ctx.setOffline(true);
    await page.locator('.prompt-panel.asking .options .btn').first().click();
    await page.waitForSelector('.outbox.queued');
    // The room's deadline passes and its default answers for seat 0.
    await until(
      'the deadline to take the prompt',
      async () => (await stateOf(id, tokens[0]!)).prompts.every((p) => p.id !== before.prompts[0]!.id),
      deadline - Date.now() + 30_000,
    );

    await ctx.setOffline(false);
    await page.waitForSelector('.outbox.not-sent', { timeout: 20_000 });
    const note = await page.locator('.outbox.not-sent').innerText();
    await page.screenshot({ path: `${OUT}/offline-not-sent.png` });
    // The room wrote its 'timed out' line for seat 0 before the default's own lines: the note says the deadline took it.
    const [head, tail] = en['outbox.notSent.timedOut']!.split('{answer}');
    expect(note).toContain(head!.replace(/[“]$/, ''));
    expect(note).toContain(tail!.replace(/^[”]/, ''));
    await new Promise((r) => setTimeout(r, 3000));
    expect(answers.ok).toBe(0);
    // Acknowledged, the note goes away.
    await page.getByRole('button', { name: en['outbox.dismiss']! }).click();
    await page.waitForSelector('.outbox', { state: 'detached' });
    await ctx.close();
  });

  it('issue 28 item 4: after the context goes offline and online the status is live within 5 s and answers flow both ways', async () => {
    const { id, tokens } = await duel(60);
    const { ctx, page, answers } = await seatPage(id, tokens[0]!);
    await page.waitForSelector('.conn.conn-live', { timeout: 10_000 });
    await ctx.setOffline(true);
    await page.waitForSelector('.conn.conn-offline', { timeout: 10_000 });
    // Long enough for a few failed socket attempts, so the backoff has grown past the 5 s we allow.
    await new Promise((r) => setTimeout(r, 12_000));
    await ctx.setOffline(false);
    const back = Date.now();
    await page.waitForSelector('.conn.conn-live', { timeout: 5_000 });
    console.info(`offline → live in ${Date.now() - back} ms`);

    // In: the other seat answers; the page shows the new version by its socket.
    const other = await stateOf(id, tokens[1]!);
    const r = await fetch(`${env.dev.url}/api/games/${id}/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[1]!}` },
      body: JSON.stringify({
        version: other.version,
        answer: { prompt: other.prompts[0]!.id, option: other.prompts[0]!.options[0]!.id },
      }),
    });
    expect(r.status).toBe(200);
    await page.waitForFunction(
      (v) => Number(document.querySelector('.table-page')?.getAttribute('data-version')) > v,
      other.version,
      {
        timeout: 3_000,
      },
    );
    // Out: the page's own answer reaches the room.
    const asked = (await stateOf(id, tokens[0]!)).prompts[0]!.id;
    await page.locator('.prompt-panel.asking .options .btn').first().click();
    await until(
      'the answer to reach the room',
      async () => (await stateOf(id, tokens[0]!)).prompts.every((p) => p.id !== asked),
      5_000,
    );
    // The room changes before its reply reaches the page: wait for the page to see its 200 as well.
    await until('the page to see the answer accepted', async () => answers.ok > 0, 5_000);
    expect(answers).toEqual({ ok: 1, failed: 0 });
    expect(await page.locator('.conn.conn-live').count()).toBe(1);
    await ctx.close();
  });
});
