import { defineConfig } from 'vitest/config';

/** Runs the 三国杀 browser test on its own (it belongs to the e2e project once moved under test/e2e/). */
export default defineConfig({
  test: {
    root: new URL('../../../../', import.meta.url).pathname,
    include: ['test/games/sanguosha/e2e/*.browser.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
