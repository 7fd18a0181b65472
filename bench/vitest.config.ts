import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every bench/*.bench.ts in Node. The Node benches run the real GameRoom on a fake Durable
 * Object state (bench/harness), so `cloudflare:workers` resolves to the harness's stand-in here and nowhere else.
 */
export default defineConfig({
  resolve: { alias: { 'cloudflare:workers': fileURLToPath(new URL('./harness/cloudflare-workers.ts', import.meta.url)) } },
  test: {
    name: 'bench',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    testTimeout: 3_600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
