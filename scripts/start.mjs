#!/usr/bin/env node
// `npm start`: build the client, make local VAPID keys if there are none, and serve the whole site with
// `wrangler dev` (local Durable Object storage, no Cloudflare account). PORT overrides 8787.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = process.env.PORT ?? '8787';

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (existsSync(new URL('./vapid.mjs', import.meta.url))) {
  const { ensureDevVapid } = await import('./vapid.mjs');
  await ensureDevVapid(process.cwd());
}

const url = `http://localhost:${port}`;
console.log(`\n  茶馆 Teahouse is starting — open ${url}\n`);
// Local development only: notification targets may point to this machine (a receiver on localhost). A
// deployed Worker never has this variable, so its targets must be https to a public host.
const dev = spawn('npx', ['wrangler', 'dev', '--port', port, '--var', 'ALLOW_PRIVATE_TARGETS:1', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => dev.kill(sig));
dev.on('exit', (code) => process.exit(code ?? 0));
