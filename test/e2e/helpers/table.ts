import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startDev, type DevServer } from './dev';
import {
  viewFor,
  type GameDef,
  type GameState,
  type Json,
  type LogEntry,
  type Msg,
  type Prompt,
} from '../../../worker/engine';
import { rulesOptions } from '../../../worker/room/core';
import { makeT } from '../../../web/lib/msg';
import { shellStrings } from '../../../web/i18n';
import type { GameUI, Lang } from '../../../web/games/types';

/**
 * What the game browser tests (ghost, sanguosha) share: one `wrangler dev` and one Chromium per file, four
 * players in three languages on phone and desktop sizes, creating and joining a table through the UI, starting
 * it on a chosen seed, and reading each page's own state and how far it has caught up.
 */

/** Screenshots of the key steps go here. */
export const OUT = '/tmp/teahouse-e2e';

export interface PlayerSpec {
  name: string;
  lang: Lang;
  viewport: { width: number; height: number };
}

/** Four players: the host on a desktop, then three languages and sizes (two phones, a tablet-sized window). */
export const SPECS: PlayerSpec[] = [
  { name: 'Host', lang: 'en', viewport: { width: 1280, height: 900 } },
  { name: '安', lang: 'zh-CN', viewport: { width: 390, height: 844 } },
  { name: 'Bo', lang: 'en', viewport: { width: 390, height: 844 } },
  { name: '張三', lang: 'zh-TW', viewport: { width: 1024, height: 768 } },
];

export interface Player {
  name: string;
  lang: Lang;
  page: Page;
  seat: number;
  t: (m: Msg) => string;
}

/** The dev server and the browser of one test file, started before its tests and stopped after them. */
export function useDevAndBrowser(): { readonly dev: DevServer; readonly browser: Browser } {
  const env = {} as { dev: DevServer; browser: Browser };
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    env.dev = await startDev();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.dev?.stop();
  });
  return env;
}

/**
 * A fresh browser context. Its init script only observes: it notes the newest state version the page has
 * received (socket pushes and state/answer responses), so the test knows the page has caught up before it
 * looks at the page or clicks (the page renders synchronously when a state arrives).
 */
export async function openPage(
  browser: Browser,
  lang: Lang,
  viewport: { width: number; height: number },
): Promise<Page> {
  const ctx = await browser.newContext({ locale: lang, viewport });
  await ctx.addInitScript(() => {
    const w = window as unknown as { __e2eVersion: number };
    w.__e2eVersion = 0;
    const note = (b: unknown) => {
      const v = (b as { version?: unknown } | null)?.version;
      if (typeof v === 'number' && v > w.__e2eVersion) w.__e2eVersion = v;
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (ev) => {
          try {
            const m = JSON.parse(String(ev.data)) as { type?: string };
            if (m.type === 'state') note(m);
          } catch {
            /* not JSON */
          }
        });
      }
    };
    const nativeFetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const r = await nativeFetch(...args);
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (r.ok && /\/api\/games\/[^/]+\/(state|answers)/.test(url) && !url.includes('e2e-probe'))
        r.clone()
          .json()
          .then(note, () => undefined);
      return r;
    };
  });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error('pageerror', e.message));
  return p;
}

/** The page's own state with the whole log, read with its own seat token (marked so the version observer ignores it). */
export async function stateOf(
  p: Page,
): Promise<{ version: number; you: number | null; prompts: Prompt[]; view: Json; log: { msg: Msg }[] }> {
  return p.evaluate(async () => {
    const id = location.pathname.split('/')[2]!;
    const all = JSON.parse(localStorage.getItem('teahouse.games') ?? '{}') as Record<string, { token?: string }>;
    const token = all[id]?.token;
    const r = await fetch(`/api/games/${id}/state?e2e-probe=1&log=0`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return r.json();
  });
}

/** The newest state version the page has received. */
export const shown = (p: Page) => p.evaluate(() => (window as unknown as { __e2eVersion: number }).__e2eVersion);
/** Wait until the page has received version `v`. */
export const caughtUp = (p: Page, v: number) =>
  p.waitForFunction((x) => (window as unknown as { __e2eVersion: number }).__e2eVersion >= x, v, { timeout: 15_000 });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text that is exactly `s`, give or take surrounding white space. */
export const exactly = (s: string) => new RegExp(`^\\s*${escapeRe(s)}\\s*$`);

/** Wait until `pl`'s page has received a state newer than `version` (its answer was taken); else say what the panel shows. */
export async function answerTaken(pl: Player, version: number, kind: string): Promise<void> {
  await pl.page
    .waitForFunction((x) => (window as unknown as { __e2eVersion: number }).__e2eVersion > x, version, {
      timeout: 15_000,
    })
    .catch(async (e) => {
      throw new Error(
        `${pl.name}'s answer to ${kind} was not taken: ${await pl.page.locator('.prompt-panel').innerText()}\n${String(e)}`,
      );
    });
}

/** A full-page screenshot of `p`'s page, named after the game, the step, the seat and the language. */
export async function screenshot(game: string, p: Player, name: string): Promise<void> {
  await p.page.screenshot({ path: `${OUT}/${game}-${name}-${p.seat}-${p.lang}.png`, fullPage: true });
}

/**
 * Open a page per spec; the first creates a `seats`-player table of `game` and takes the first seat, the others
 * join from the invite link, each in their own language. Returns the pages (in join order), the game id and the
 * options the room runs the rules with (which the seed search must use).
 */
export async function createTable(
  env: { dev: DevServer; browser: Browser },
  game: string,
  specs: PlayerSpec[],
): Promise<{ pages: Page[]; host: Page; gameId: string; options: Record<string, Json> }> {
  const pages = await Promise.all(specs.map((s) => openPage(env.browser, s.lang, s.viewport)));
  const host = pages[0]!;
  await host.goto(`${env.dev.url}/?game=${game}`);
  await host.getByRole('combobox', { name: /Players/ }).selectOption(String(specs.length));
  await host.getByRole('textbox', { name: /Your name/ }).fill(specs[0]!.name);
  await host.getByRole('button', { name: 'Create the table' }).click();
  await host.waitForURL(/\/g\//);
  await host.waitForFunction(() =>
    [...document.querySelectorAll<HTMLInputElement>('input.linkbox-url')].some((e) => !e.value.includes('#seat=')),
  );
  const invite = (
    await host.locator('input.linkbox-url').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))
  ).find((u) => !u.includes('#seat='))!;
  const gameId = invite.split('/g/')[1]!;

  for (let i = 1; i < specs.length; i++) {
    const sp = specs[i]!;
    const p = pages[i]!;
    const shell = shellStrings[sp.lang];
    await p.goto(invite);
    await p.getByRole('textbox', { name: shell['join.name']!, exact: true }).fill(sp.name);
    await p.getByRole('button', { name: shell['join.button']!, exact: true }).click();
    await p.waitForSelector(`text=${shell['lobby.youAre']!.replace('{name}', sp.name)}`);
  }
  for (const sp of specs.slice(1)) await host.waitForSelector(`.seat-list >> text=${sp.name}`);

  const summary = (await (await fetch(`${env.dev.url}/api/games/${gameId}`)).json()) as {
    options: Record<string, Json>;
  };
  // The rules run with the room's autoPass off (the room passes itself, after a pause): the seed search must too.
  return { pages, host, gameId, options: rulesOptions(summary.options) };
}

/**
 * The players, after checking that the seats were taken in join order. Each renders messages with the client's
 * own `makeT` and the game's GameUI pieces (strings, formatParam, cardLabel): the same strings the pages show.
 */
export async function seatPlayers(
  specs: PlayerSpec[],
  pages: Page[],
  ui: Pick<GameUI, 'strings' | 'formatParam' | 'cardLabel'>,
): Promise<Player[]> {
  for (let i = 0; i < specs.length; i++) expect((await stateOf(pages[i]!)).you).toBe(i); // seats are taken in join order
  const nameOf = (s: number) => specs[s]!.name;
  return specs.map((sp, i) => ({
    name: sp.name,
    lang: sp.lang,
    page: pages[i]!,
    seat: i,
    t: makeT(sp.lang, ui, nameOf, i),
  }));
}

/** The host starts; the test-only hook (TEST_HOOKS = "1") passes `seed` along with the start request. */
export async function startWithSeed(host: Page, seed: string, tableSelector: string): Promise<void> {
  await host.route('**/api/games/*/start', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, seed }) });
  });
  await host.getByRole('button', { name: 'Start the game' }).click();
  await host.waitForSelector(tableSelector, { timeout: 20_000 });
  await host.unroute('**/api/games/*/start');
}

/** The page's state is exactly the engine's view of `end` for its seat: the view and every log message. */
export async function expectEngineView<G>(
  def: GameDef<G>,
  end: GameState<G>,
  x: Player,
  log: LogEntry[],
): Promise<void> {
  const st = await stateOf(x.page);
  const want = viewFor(def, end, x.seat, { log });
  expect(st.view).toEqual(want.view);
  expect(st.log.map((l) => l.msg)).toEqual(want.log.map((l) => l.msg));
}
