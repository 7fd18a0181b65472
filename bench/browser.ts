import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Answer, Json, Move } from '../worker/engine';
import sanguosha from '../worker/games/sanguosha';
import { botMoves } from '../test/helpers/play';
import { apiPost, startDev, type DevServer } from '../test/e2e/helpers';
import { rulesOptions } from '../worker/room/core';

/**
 * What the browser benches share: the phone and desktop profiles, and a 三国杀 table through `npm start`'s
 * server (wrangler dev with the e2e config, whose test hook fixes the seed) whose seats are answered through the
 * API with the bots' moves of that seed, as the web client posts them.
 */
export interface Profile {
  name: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  /** Chromium's CPU slowdown (CDP Emulation.setCPUThrottlingRate): 4 = a mid-range phone. */
  cpu: number;
  /** CDP Network.emulateNetworkConditions, or none (the loopback as it is). */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

/** A mid-range phone on a slow 4G link (Lighthouse's mobile profile): 4× CPU, 1.6 Mbps down, 750 kbps up, 150 ms RTT. */
export const PHONE_ON_4G: Profile = {
  name: 'phone (390×844, 4× CPU, 1.6 Mbps / 750 kbps / 150 ms)',
  viewport: { width: 390, height: 844 },
  mobile: true,
  cpu: 4,
  network: { latency: 150, downloadThroughput: (1600 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};
/** The phone's CPU and screen on this machine's loopback (the socket's own time is the server's and the page's). */
export const PHONE: Profile = {
  name: 'phone (390×844, 4× CPU)',
  viewport: { width: 390, height: 844 },
  mobile: true,
  cpu: 4,
};
export const DESKTOP: Profile = {
  name: 'desktop (1280×800, no throttling)',
  viewport: { width: 1280, height: 800 },
  mobile: false,
  cpu: 1,
};

/** `npm start`'s server (wrangler dev, the e2e config) on a free port; on this shared machine it sometimes fails to start: once more then. */
export async function devServer(): Promise<DevServer> {
  try {
    return await startDev();
  } catch {
    return startDev();
  }
}

/** A fresh context (empty cache and storage) at `profile`, its init scripts added, and a page with the profile's throttling. */
export async function profiledPage(
  browser: Browser,
  profile: Profile,
  init: (() => void)[] = [],
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    locale: 'zh-CN',
  });
  for (const f of init) await ctx.addInitScript(f);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  const cdp = await ctx.newCDPSession(page);
  if (profile.cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
  return { ctx, page };
}

export interface Table {
  id: string;
  seats: number;
  /** Seat tokens by seat. */
  tokens: string[];
  /** The bots' moves of the game's seed, in order; `played` of them are made. */
  moves: Move[];
  played: number;
  version: number;
  /** The personal link of a seat (its token in the fragment, as the invite's seat link). */
  link(seat: number): string;
  /** Make the next move through the API as its seat; returns the new version. */
  next(): Promise<number>;
}

/** A started `seats`-player 三国杀 table on `seed`, every seat joined (p0, p1, …) and answered through the API. */
export async function sgsTable(dev: DevServer, seats: number, seed: string): Promise<Table> {
  const g = await apiPost(dev.url, '/api/games', { game: 'sanguosha', seats, deadline: { hours: 168 } });
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) {
    const j = await apiPost(dev.url, `/api/games/${g.id}/seats`, { name: `p${i}` });
    tokens[j.seat] = j.token;
  }
  const started = await apiPost(dev.url, `/api/games/${g.id}/start`, { seed }, g.adminToken);
  // The options the room runs the rules with (it passes for autoPass itself: bots.ts rulesOptions).
  const options = rulesOptions(
    ((await (await fetch(`${dev.url}/api/games/${g.id}`)).json()) as { options: Record<string, Json> }).options,
  );
  const { moves } = botMoves(sanguosha, { seats, seed, options });
  const t: Table = {
    id: g.id,
    seats,
    tokens,
    moves,
    played: 0,
    version:
      started.version ??
      (
        (await (
          await fetch(`${dev.url}/api/games/${g.id}/state`, { headers: { authorization: `Bearer ${tokens[0]}` } })
        ).json()) as { version: number }
      ).version,
    link: (seat) => `${dev.url}/g/${g.id}#seat=${tokens[seat]}`,
    async next() {
      const mv = t.moves[t.played];
      if (!mv) throw new Error('the game is over');
      for (;;) {
        const r = await fetch(`${dev.url}/api/games/${g.id}/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[mv.seat]}` },
          body: JSON.stringify({ version: t.version, answer: mv.answer as Answer }),
        });
        // A seat's answers are rate limited (a burst of 30, then 3 a second): wait and send again.
        if (r.status === 429) {
          await new Promise((ok) => setTimeout(ok, 500));
          continue;
        }
        if (!r.ok) throw new Error(`answer ${t.played} refused: ${r.status} ${await r.text()}`);
        t.version = ((await r.json()) as { version: number }).version;
        t.played++;
        return t.version;
      }
    },
  };
  return t;
}
