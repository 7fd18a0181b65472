import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Lang } from '../../web/games/types';
import { useDevAndBrowser } from './helpers/table';

/**
 * The action bar (issue 28, items 1 and 3): whatever a question asks, the hand cards it asks for and the buttons
 * that answer it (the options, or confirm and cancel once a card is picked) are wholly on screen together, under
 * the sticky header and above the docked question — on a phone (390×844) and a desktop (1280×800), in the three
 * languages, for every prompt kind a seeded game brings to seat 0 (the other seats are bots). The seat answers
 * through the API after each check, alternating "use the first card" and "pass", so the game reaches many kinds.
 * ACTION_SHOTS=<dir> keeps a screenshot of each checked screen.
 */
const env = useDevAndBrowser();

type Json = Record<string, any>;

async function call(path: string, body?: unknown, token?: string): Promise<{ ok: boolean; j: Json }> {
  const r = await fetch(env.dev.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { ok: r.ok, j: (await r.json()) as Json };
}

/** A table of `game` with me in seat 0 and bots in the others, started on `seed`. */
async function botTable(
  game: string,
  seats: number,
  seed: string,
  options?: Json,
): Promise<{ id: string; token: string }> {
  const g = (await call('/api/games', { game, seats, deadline: { hours: 12 }, ...(options ? { options } : {}) })).j;
  const me = (await call(`/api/games/${g.id}/seats`, { name: 'Me' })).j;
  const started = await call(`/api/games/${g.id}/start`, { fillWithBots: true, seed }, g.adminToken);
  if (!started.ok) throw new Error(JSON.stringify(started.j));
  return { id: g.id, token: me.token };
}

/** My state once I am asked something (bots answer in between), or null when the game ends first. */
async function nextPrompt(id: string, token: string): Promise<Json | null> {
  for (let k = 0; k < 200; k++) {
    const st = (await call(`/api/games/${id}/state?log=0`, undefined, token)).j;
    if (st.prompts?.length) return st;
    if (st.status === 'finished') return null;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no prompt came');
}

/** What lies outside the part of the screen the player sees: under the header, under the docked question, or off the sides. */
async function outOfView(page: Page, sel: string): Promise<string[]> {
  return page.evaluate((s) => {
    const top = document.querySelector('.table-head')?.getBoundingClientRect().bottom ?? 0;
    const bar = document.querySelector('.prompt-panel.asking')?.getBoundingClientRect();
    return [...document.querySelectorAll(s)].flatMap((e) => {
      const r = e.getBoundingClientRect();
      const bottom = bar && !e.closest('.prompt-panel') ? bar.top : innerHeight;
      const ok =
        r.top >= (e.closest('.prompt-panel') ? 0 : top - 1) &&
        r.left >= -1 &&
        r.bottom <= bottom + 1 &&
        r.right <= innerWidth + 1;
      return ok
        ? []
        : [
            `${s} ${(e as HTMLElement).dataset.card ?? e.textContent?.trim().slice(0, 20)} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.bottom)} (view ${Math.round(top)}..${Math.round(bottom)})`,
          ];
    });
  }, sel);
}

/** Seat tiles round the desktop ring that overlap one another (issue 28, item 5). */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('.ring-seats > .seat-tile')].map((e) => ({
      n: e.dataset.seat,
      r: e.getBoundingClientRect(),
    }));
    return boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .flatMap((b) =>
          a.r.left < b.r.right - 2 && b.r.left < a.r.right - 2 && a.r.top < b.r.bottom - 2 && b.r.top < a.r.bottom - 2
            ? [`seat ${a.n} × seat ${b.n}`]
            : [],
        ),
    );
  });
}

/** The hand cards the open question asks for (any option's candidates), as selectors inside the hand. */
const askedCards = (st: Json): string[] => {
  const ids = new Set<string>(st.prompts.flatMap((p: Json) => p.options.flatMap((o: Json) => o.cards?.from ?? [])));
  return [...ids].map((c) => `.game-area [data-hand] [data-card="${c}"]`);
};

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const CASES: [string, Lang, string, number, Json?][] = [
  ['sanguosha', 'zh-CN', 'bar-1', 5, { noGenerals: true }],
  ['sanguosha', 'en', 'bar-2', 8],
  ['sanguosha', 'zh-TW', 'bar-3', 5],
  ['ghost', 'en', 'bar-1', 5],
  ['ghost', 'zh-CN', 'bar-2', 6],
  ['ghost', 'zh-TW', 'bar-3', 4],
];

describe('the action bar', () => {
  for (const [game, lang, seed, seats, options] of CASES)
    it(`${game} (${seats} seats, ${lang}): the asked hand cards and the answer buttons are in view together at 390×844 and 1280×800`, {
      timeout: 240_000,
    }, async () => {
      const t = await botTable(game, seats, seed, options);
      const pages: [string, Page][] = [];
      for (const [size, viewport] of Object.entries(SIZES)) {
        const ctx = await env.browser.newContext({ viewport, locale: lang, hasTouch: size === 'phone' });
        await ctx.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
        const page = await ctx.newPage();
        await page.goto(`${env.dev.url}/g/${t.id}#seat=${t.token}`);
        pages.push([size, page]);
      }
      const kinds = new Set<string>();
      const problems: string[] = [];
      try {
        for (let step = 0; step < 14; step++) {
          const st = await nextPrompt(t.id, t.token);
          if (!st) break;
          const p = st.prompts[0];
          kinds.add(p.kind);
          for (const [size, page] of pages) {
            await page.waitForFunction(
              (ids) =>
                document.querySelector('.prompt-panel.asking') &&
                ids.every((i: string) => document.querySelector(`.prompt[data-prompt="${i}"]`)),
              st.prompts.map((x: Json) => x.id),
              { timeout: 15_000 },
            );
            await page.waitForTimeout(150);
            const where = `${p.kind} #${step} ${size}`;
            for (const sel of [...askedCards(st), '.prompt-panel .prompt-q', '.prompt-panel .options .btn'])
              for (const o of await outOfView(page, sel)) problems.push(`${where}: ${o}`);
            // Up to six seats the ring holds every tile apart on the first screen; a fuller table of tall tiles may touch.
            if (seats <= 6) for (const o of await overlaps(page)) problems.push(`${where}: tiles overlap, ${o}`);
            if (process.env.ACTION_SHOTS)
              await page.screenshot({
                path: `${process.env.ACTION_SHOTS}/${game}-${lang}-${size}-${step}-${p.kind}.png`,
              });
            // Pick the first asked hand card: it and confirm/cancel are in view together.
            const first = askedCards(st)[0];
            if (first && (await page.locator(`${first}[aria-pressed]`).count())) {
              await page.locator(first).click();
              await page.waitForSelector('.prompt-panel .confirm-row .btn');
              await page.waitForTimeout(150);
              for (const sel of [first, '.prompt-panel .confirm-row .btn'])
                for (const o of await outOfView(page, sel)) problems.push(`${where} picked: ${o}`);
              if (process.env.ACTION_SHOTS)
                await page.screenshot({
                  path: `${process.env.ACTION_SHOTS}/${game}-${lang}-${size}-${step}-${p.kind}-picked.png`,
                });
              await page.locator('.prompt-panel .confirm-row .btn.back').click();
            }
          }
          // Answer through the API: on even steps the first option with its fewest first cards and seats, else pass.
          const ids: string[] = p.options.map((o: Json) => o.id);
          const safe = ['pass', 'end', 'continue', 'reveal'].find((x) => ids.includes(x));
          const o = p.options.find((x: Json) => x.id !== safe) ?? p.options[0];
          const first = {
            option: o.id,
            ...(o.cards ? { cards: o.cards.from.slice(0, Math.max(1, o.cards.min)) } : {}),
            ...(o.seats ? { seats: o.seats.from.slice(0, Math.max(1, o.seats.min)) } : {}),
          };
          const tries = step % 2 === 0 || !safe ? [first, ...(safe ? [{ option: safe }] : [])] : [{ option: safe }];
          let sent = false;
          for (const a of tries)
            if (
              (sent = (
                await call(
                  `/api/games/${t.id}/answers`,
                  { version: st.version, answer: { prompt: p.id, ...a } },
                  t.token,
                )
              ).ok)
            )
              break;
          if (!sent) {
            // A discard or a choice that takes exactly its cards: the minimum of the first option's cards, or its first option plain.
            const a = o.cards ? { option: o.id, cards: o.cards.from.slice(0, o.cards.min) } : { option: ids[0] };
            const r = await call(
              `/api/games/${t.id}/answers`,
              { version: st.version, answer: { prompt: p.id, ...a } },
              t.token,
            );
            if (!r.ok) throw new Error(`no answer to ${p.kind} went in: ${JSON.stringify(r.j)}`);
          }
        }
      } finally {
        for (const [, page] of pages) await page.context().close();
      }
      expect(kinds.size, [...kinds].join(',')).toBeGreaterThan(1);
      expect(problems).toEqual([]);
    });
});
