#!/usr/bin/env node
// `npm start`: build the client, make local VAPID keys and a token secret if there are none, and serve the whole
// site with `wrangler dev` (local Durable Object storage, no Cloudflare account). PORT overrides 8787;
// TEAHOUSE_ORIGIN sets the origin of the links the server makes (default http://localhost:PORT; devargs.mjs says
// why); TEAHOUSE_TRACE=1 turns wrangler's local tracing on (off by default, see below); TEAHOUSE_LOCAL_TARGETS=1
// lets notification targets point at this machine or its network (off by default, see below).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { devArgs } from './devargs.mjs';

const port = process.env.PORT ?? '8787';

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (existsSync(new URL('./vapid.mjs', import.meta.url))) {
  const { ensureDevVapid } = await import('./vapid.mjs');
  await ensureDevVapid(process.cwd());
}
// The key that signs seat and admin tokens: the Worker refuses to make games without one.
const { ensureDevTokenSecret } = await import('./tokensecret.mjs');
ensureDevTokenSecret(process.cwd());

// Local tracing off unless asked for (TEAHOUSE_TRACE=1): wrangler dev's local observability records every
// request and storage call into its own trace store on disk — several times what the rooms themselves write, per
// answer — which adds up to gigabytes for a group playing on `npm start` for weeks. `[observability]` in
// wrangler.toml still applies to deploys. Miniflare reads the switch from X_LOCAL_OBSERVABILITY.
const trace = process.env.TEAHOUSE_TRACE === '1';
const env = { ...process.env, X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? (trace ? 'true' : 'false') };

const url = `http://localhost:${port}`;
console.log(`\n  茶馆 Teahouse is starting — open ${url}${trace ? ' (local tracing on)' : ''}\n`);
// Private notification targets only with TEAHOUSE_LOCAL_TARGETS=1 (devargs.mjs says why).
if (process.env.TEAHOUSE_LOCAL_TARGETS === '1')
  console.log('  notification targets may point at private addresses (TEAHOUSE_LOCAL_TARGETS=1)\n');
const dev = spawn('npx', devArgs(process.env, process.argv.slice(2)), { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => dev.kill(sig));
dev.on('exit', (code) => process.exit(code ?? 0));
