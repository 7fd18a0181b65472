import { defineConfig } from 'vitest/config';
import type { Reporter } from 'vitest/node';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { fileURLToPath } from 'node:url';
import { record } from './report';

/**
 * `npm run bench` (scripts/bench.mjs): bench/*.bench.ts in Node, bench/*.workerd.bench.ts inside workerd (the
 * test Worker of the `worker` project). A workerd bench cannot write files: it leaves its numbers in
 * `task.meta.bench`, and the reporter below records them here.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

const fromWorkerd: Reporter = {
  onTestCaseResult(test) {
    const b = test.meta().bench;
    if (b) record(b.group, b.metrics);
  },
};

export default defineConfig({
  test: {
    root,
    reporters: ['default', fromWorkerd],
    fileParallelism: false,
    testTimeout: 3_600_000,
    hookTimeout: 300_000,
    projects: [
      {
        // The Node benches run the real GameRoom on a fake Durable Object state (bench/harness): `cloudflare:workers`
        // resolves to the harness's stand-in here and nowhere else.
        resolve: {
          alias: { 'cloudflare:workers': fileURLToPath(new URL('./harness/cloudflare-workers.ts', import.meta.url)) },
        },
        test: {
          name: 'bench',
          root,
          include: ['bench/**/*.bench.ts'],
          exclude: ['bench/**/*.workerd.bench.ts'],
          environment: 'node',
          testTimeout: 3_600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: fileURLToPath(new URL('../test/wrangler.test.toml', import.meta.url)) },
          }),
        ],
        test: { name: 'bench-workerd', root, include: ['bench/**/*.workerd.bench.ts'], testTimeout: 3_600_000 },
      },
    ],
  },
});
