import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';

/**
 * Three projects, one `vitest run`:
 * - unit: the pure engine and the games' rules, in Node;
 * - worker: routes and the GameRoom Durable Object inside workerd (the real runtime);
 * - e2e: real Chromium (playwright-core) against `wrangler dev`.
 * The benches have their own config (bench/vitest.config.ts, `npm run bench`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'test/engine/**/*.test.ts',
            'test/games/**/*.test.ts',
            'test/notify/**/*.test.ts',
            'test/room-core/**/*.test.ts',
            'test/web/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: './test/wrangler.test.toml' } })],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
