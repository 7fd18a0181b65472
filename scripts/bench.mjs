#!/usr/bin/env node
// `npm run bench`: build the client, then run every bench (bench/vitest.config.ts: bench/*.bench.ts in Node,
// bench/*.workerd.bench.ts inside workerd). `npm run bench <name>` runs the benches whose file name holds <name>
// (`npm run bench screens`, `npm run bench bots`). Each bench prints a table and writes its numbers into
// bench/results/latest.json (bench/report.ts). Never part of `npm test`.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', '--config', 'bench/vitest.config.ts', ...process.argv.slice(2)]);
