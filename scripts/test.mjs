#!/usr/bin/env node
// `npm test`: type check, build the client, then every vitest project (rules, workerd, browser) in one run.
// Installs nothing: the browser tests use CHROMIUM_PATH, else the system Chromium, else the Chromium that the
// @sparticuz/chromium dev dependency ships inside itself (scripts/chromium.mjs).
import { mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

try {
  // Resolved (and, for the packaged one, unpacked) once here, so the browser tests start at once.
  const found = await findChromium();
  console.log(`browser tests: Chromium from ${found.source} (${found.executablePath})`);
} catch (e) {
  console.error(`\nnpm test needs Chromium for the browser tests: ${e instanceof Error ? e.message : e}\n`);
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
  'vitest',
  'run',
  '--project',
  'unit',
  '--project',
  'worker',
  '--project',
  'e2e',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
  ...process.argv.slice(2),
]);
