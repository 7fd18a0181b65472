#!/usr/bin/env node
// `npm run check`: the checks that need no test run, one after the other, then one line per check saying which
// failed. Arguments pick checks by name (`npm run check -- cycles types`); none runs them all.
//   format  biome format: the tree is as Biome would print it (biome.json; `npx biome format --write .` fixes)
//   lint    biome lint: the recommended rules minus those listed off in biome.json
//   types   tsc --noEmit over worker, web, test, bench, scripts (tsconfig.json)
//   cycles  dpdm: no runtime import cycle (type-only imports do not count: -T), from every source file
//   unused  knip: no unused file, export or dependency (knip.json names the entries)
import { spawnSync } from 'node:child_process';

const CHECKS = {
  format: ['biome', 'format', '.'],
  lint: ['biome', 'lint', '.'],
  types: ['tsc', '--noEmit', '-p', 'tsconfig.json'],
  cycles: [
    'dpdm',
    '-T',
    '--no-tree',
    '--no-warning',
    '--exit-code',
    'circular:1',
    'worker/**/*.ts',
    'web/**/*.{ts,tsx,mjs}',
    'scripts/**/*.{ts,mjs}',
    'bench/**/*.ts',
    'test/**/*.ts',
    '*.config.ts',
  ],
  unused: ['knip'],
};

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(a in CHECKS));
if (unknown.length) {
  console.error(`unknown check: ${unknown.join(', ')} (checks: ${Object.keys(CHECKS).join(', ')})`);
  process.exit(2);
}
const results = [];
for (const [name, args] of Object.entries(CHECKS)) {
  if (asked.length && !asked.includes(name)) continue;
  console.log(`\n$ npx ${args.join(' ')}`);
  const r = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: r.status === 0 });
}
console.log('\ncheck:');
for (const { name, ok } of results) console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name}`);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
console.log(failed.length ? `check failed: ${failed.join(', ')}` : 'check passed');
process.exit(failed.length ? 1 : 0);
