#!/usr/bin/env node
// `npm run bench`: build the client, then run every bench/*.bench.ts (bench/vitest.config.ts). Numbers go to
// bench/results/latest.json (newest value of every metric), to one file per run, bench/results/run-<time>.json,
// and to stdout. Never part of `npm test`. Arguments are passed to vitest (a file name runs one bench).
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', '--config', 'bench/vitest.config.ts', ...process.argv.slice(2)], { ...process.env, BENCH_RUN_FILE: process.env.BENCH_RUN_FILE ?? `bench/results/run-${stamp}.json` });
