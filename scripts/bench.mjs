#!/usr/bin/env node
// `npm run bench`: build the client, then run every bench/*.bench.ts (vitest project `bench`). Numbers go to
// bench/results/latest.json and to stdout. Never part of `npm test`.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', '--project', 'bench', ...process.argv.slice(2)]);
