import { it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import type { Move } from '../worker/engine';
import sanguosha from '../worker/games/sanguosha';
import { startDev } from '../test/e2e/helpers';
import { record } from './report';
import { botMoves } from '../test/helpers/play';

/**
 * What the whole local server writes to disk per answer, as `npm start` runs it: wrangler dev (the e2e config,
 * for its fixed-seed hook) under `strace -f` on every one of its processes, over one replayed 8-player 三国杀 bot
 * game played by 8 seated players over HTTP. Bytes are summed per file from write/pwrite calls and split into the
 * rooms' SQLite files, wrangler's local trace store, and everything else (sockets excluded). Run twice: local
 * tracing off (what `npm start` does now) and on (wrangler's default).
 */
const SEATS = 8;
const SEED = 'disk-bench';

function descendants(root: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=']).toString().trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out = [root];
  for (let k = 0; k < out.length; k++) for (const [pid, ppid] of rows) if (ppid === out[k] && !out.includes(pid)) out.push(pid);
  return out;
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

async function measure(trace: boolean, moves: Move[]) {
  process.env.X_LOCAL_OBSERVABILITY = trace ? 'true' : 'false';
  const dev = await startDev();
  const log = `/tmp/teahouse-strace-${process.pid}-${trace}.txt`;
  let tracer: ReturnType<typeof spawn> | null = null;
  try {
    const wrangler = Number(execFileSync('pgrep', ['-f', `wrangler dev .*--port ${dev.port}`]).toString().trim().split('\n')[0]);
    const pids = descendants(wrangler);
    const g = (await post(`${dev.url}/api/games`, { game: 'sanguosha', seats: SEATS, deadline: { hours: 24 } })).body;
    const tokens: string[] = [];
    for (let i = 0; i < SEATS; i++) tokens.push((await post(`${dev.url}/api/games/${g.id}/seats`, { name: `p${i}` })).body.token);
    await post(`${dev.url}/api/games/${g.id}/start`, { seed: SEED }, g.adminToken);
    tracer = spawn('strace', ['-f', '-qq', '-e', 'trace=write,pwrite64,writev,pwritev,pwritev2', '-y', '-o', log, ...pids.flatMap((p) => ['-p', String(p)])], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 1500));
    let version = ((await (await fetch(`${dev.url}/api/games/${g.id}/state`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json()) as { version: number }).version;
    for (const mv of moves) {
      for (;;) {
        const r = await post(`${dev.url}/api/games/${g.id}/answers?log=999999`, { version, answer: mv.answer }, tokens[mv.seat]);
        if (r.status === 429) {
          await new Promise((ok) => setTimeout(ok, 400));
          continue;
        }
        if (r.status !== 200) throw new Error(`answer refused: ${JSON.stringify(r.body)}`);
        version = r.body.version;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    tracer?.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    await dev.stop();
  }
  const bytes = { sqlite: 0, trace: 0, other: 0 };
  const files = new Map<string, number>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const m = /^\d+\s+\w+\(\d+<([^>]*)>.*\)\s+=\s+(\d+)$/.exec(line);
    if (!m) continue;
    const [path, n] = [m[1]!, Number(m[2])];
    if (/^(socket|TCP|UDP|UNIX|pipe|anon_inode|\/dev\/)/.test(path)) continue;
    files.set(path, (files.get(path) ?? 0) + n);
    if (/trace|observab/i.test(path)) bytes.trace += n;
    else if (/\.sqlite/.test(path)) bytes.sqlite += n;
    else bytes.other += n;
  }
  rmSync(log, { force: true });
  const top = [...files.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([p, n]) => `${p.split('/').slice(-3).join('/')} ${(n / moves.length).toFixed(0)}`).join('; ');
  return { bytes, top };
}

it('disk: bytes the whole local server (wrangler dev) writes per answer over an 8-player 三国杀 game, tracing off and on', async () => {
  const options = sanguosha.parseOptions(undefined, SEATS) as Record<string, any>;
  const { moves } = botMoves(sanguosha, { seats: SEATS, seed: SEED, options });
  for (const trace of [false, true]) {
    const { bytes, top } = await measure(trace, moves);
    const per = (n: number) => n / moves.length;
    record(`disk: wrangler dev, local tracing ${trace ? 'on (wrangler default)' : 'off (npm start)'}, 8-player 三国杀, ${moves.length} answers`, [
      { name: 'all files, bytes written per answer', value: per(bytes.sqlite + bytes.trace + bytes.other), unit: 'bytes', note: `largest: ${top}` },
      { name: 'room SQLite files (db, WAL, journal)', value: per(bytes.sqlite), unit: 'bytes' },
      { name: 'local trace store', value: per(bytes.trace), unit: 'bytes' },
      { name: 'other files', value: per(bytes.other), unit: 'bytes' },
    ]);
  }
});
