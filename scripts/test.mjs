#!/usr/bin/env node
// `npm test`: type check, build the client, then every vitest project (rules, workerd, browser) in one run.
// Installs nothing: it stops with the fix when Chromium is missing.
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`\nnpm test needs Chromium for the browser tests, and ${chromium} is missing.\n` +
    `Fix: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium/Chrome binary)\n`);
  process.exit(1);
}

const run = (cmd, args) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('npx', ['vite', 'build', '--logLevel', 'warn']);
mkdirSync('test-results', { recursive: true });
run('npx', [
  'vitest', 'run',
  '--project', 'unit', '--project', 'worker', '--project', 'e2e',
  '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json',
  ...process.argv.slice(2),
]);
