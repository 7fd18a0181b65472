import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { findChromium } from '../../../scripts/chromium.mjs';
import { CHROMIUM_ARGS, launchBrowser, startDev } from './index';

/** Can something listen on `port` right now? (After stop() the dev server must have released it.) */
function portFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

describe('e2e helpers', () => {
  it('without CHROMIUM_PATH or a system Chromium, the Chromium that @sparticuz/chromium ships is used and renders a page', async () => {
    const found = await findChromium({ env: {}, system: [] });
    expect(found.source).toBe('@sparticuz/chromium');
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      env: { ...(process.env as Record<string, string>), ...found.env },
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<button>茶馆</button>');
      expect(await page.getByRole('button').textContent()).toBe('茶馆');
    } finally {
      await browser.close();
    }
  });

  it('a CHROMIUM_PATH that does not exist is an error, not a silent fallback', async () => {
    await expect(findChromium({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } })).rejects.toThrow(/CHROMIUM_PATH/);
  });

  it('launchBrowser names the apt package when Chromium is missing', async () => {
    await expect(launchBrowser({ executablePath: '/nonexistent/chromium' })).rejects.toThrow(
      /apt-get install -y chromium/,
    );
  });

  it('startDev serves the API on a free port and stop() releases it', async () => {
    const dev = await startDev();
    try {
      const r = await fetch(`${dev.url}/api/games/no-such-game-00`);
      expect(r.status).toBe(404);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('not_found');
    } finally {
      await dev.stop();
    }
    expect(await portFree(dev.port)).toBe(true);
  });
});
