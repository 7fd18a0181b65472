import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { launchBrowser, startDev } from './index';

/** Can something listen on `port` right now? (After stop() the dev server must have released it.) */
function portFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

describe('e2e helpers', () => {
  it('launchBrowser names the apt package when Chromium is missing', async () => {
    await expect(launchBrowser({ executablePath: '/nonexistent/chromium' })).rejects.toThrow(/apt-get install -y chromium/);
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
