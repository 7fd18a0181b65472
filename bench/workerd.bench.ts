import { it } from 'vitest';
import { build } from 'esbuild';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDev } from '../test/e2e/helpers';
import { liveBench, median, type Sock, type Transport } from './live';
import { record, type Metric } from './report';
import { WARM_ANSWERS } from './warm';

/**
 * Answer → all 4 sockets, measured from outside the room on the hidden-hand fixture: inside workerd through
 * Miniflare directly (the test Worker bundled with esbuild, no wrangler in between), then through `wrangler dev`
 * as `npm start` runs it (local tracing off). Each has its baseline under the same load: a WebSocket `ping`
 * answered by the runtime itself (setWebSocketAutoResponse), so what the room adds is the difference. Then 50
 * games × 4 sockets at once: answers per second, and a lost update (an answer that never reaches all four
 * sockets, or a room whose final version or move count differs) fails the bench. 100 answers per game: 25 per
 * seat, inside the per-seat burst of the rate limit (a seat cannot answer faster than that anyway).
 *
 * The bench's client shares this machine's 2 cores with the server, where a player's client runs on their own
 * device: its sockets are `ws` without permessage-deflate (Miniflare's own socket pair negotiates it, and the
 * client's zlib then cost 2.1 ms of CPU per answer against 0.5 ms without). The CPU each side spends per answer
 * in the concurrent phase is read off /proc (the workerd processes under this one) and process.cpuUsage: load
 * moves it far less than it moves latency. Miniflare's runs are made twice: with the rooms' SQLite files on this
 * machine's disk (BENCH_STATE_DIR, else the temp dir), where every commit the runtime confirms before it lets the
 * messages out is a disk sync (strace: one fsync per answer, for the floor as for the room), and on a tmpfs,
 * where the sync costs nothing. Workerd runs the rooms' JavaScript on one thread, so answers per second under
 * load is about 1,000,000 ÷ the server's CPU µs per answer, whatever the number of cores. Each runtime (the room's
 * and the floor's alike) first plays WARM_ANSWERS answers of unrecorded concurrent rounds (warm.ts); the first
 * round is reported as the cold one.
 */
const REPS = Number(process.env.REPS ?? 5);
const GAMES = Number(process.env.BENCH_GAMES ?? 50);
/** Answers per game in the concurrent phase. */
const PER_GAME = Number(process.env.BENCH_PER_GAME ?? 100);

/** A WebSocket client to `url`, without permessage-deflate (see above). */
async function plainSocket(url: string): Promise<Sock> {
  const w = await new Promise<WebSocket>((ok, fail) => {
    const w = new WebSocket(url, { perMessageDeflate: false });
    w.once('open', () => ok(w));
    w.once('error', fail);
  });
  return { send: (s) => w.send(s), onMessage: (f) => w.on('message', (d: Buffer) => f(d.toString())), close: () => w.close() };
}

/**
 * A JSON request over a kept-alive connection with node:http (fetch and Miniflare's dispatchFetch cost the
 * client milliseconds per request here, which the POST answers would then measure instead of the server).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function httpJson(url: string, body?: unknown, token?: string): Promise<{ status: number; body: Record<string, any> }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request(url, { method: data === undefined ? 'GET' : 'POST', agent, headers: { ...(data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }), ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', fail);
    req.end(data);
  });
}

/** The Transport of a server at `base` (http://host:port). */
function httpTransport(base: string): Transport {
  return {
    async post(path, body, token) {
      const r = await httpJson(`${base}${path}`, body, token);
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    get: async (path, token) => (await httpJson(`${base}${path}`, undefined, token)).body,
    socket: (path) => plainSocket(`${base.replace('http', 'ws')}${path}`),
  };
}

/** CPU seconds used so far by the workerd processes below this one (their /proc stat, in clock ticks of 10 ms). */
function workerdCpu(): number {
  const kids = new Map<number, number[]>();
  const stats = new Map<number, { comm: string; cpu: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const pid = Number(d);
      kids.set(Number(rest[1]), [...(kids.get(Number(rest[1])) ?? []), pid]);
      stats.set(pid, { comm: st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')), cpu: (Number(rest[11]) + Number(rest[12])) / 100 });
    } catch {
      /* gone meanwhile */
    }
  }
  let t = 0;
  const walk = (pid: number) => {
    for (const k of kids.get(pid) ?? []) {
      if (stats.get(k)!.comm.startsWith('workerd')) t += stats.get(k)!.cpu;
      walk(k);
    }
  };
  walk(process.pid);
  return t;
}

/** `liveBench` with the workerd processes' CPU read around its concurrent phase. */
const measured = (t: Transport) => liveBench(t, { reps: REPS, answers: 100, games: GAMES, perGame: PER_GAME, warm: WARM_ANSWERS, serverCpu: () => workerdCpu() * 1e6 });

const spread = (xs: number[]) => (xs.length > 1 ? `[${Math.min(...xs).toPrecision(3)}–${Math.max(...xs).toPrecision(3)}]` : '');
const m = (name: string, xs: number[], unit: string, note = ''): Metric => ({ name, value: median(xs), unit, note: `${spread(xs)} ${note}`.trim() });

type Run = Awaited<ReturnType<typeof liveBench>>;

function metrics(r: Run, games: number): Metric[] {
  return [
    m('answer → all 4 sockets, one game, median', r.single, 'ms', 'target ≤ 1 ms inside workerd'),
    m('baseline: ping answered by the runtime, median', r.pings, 'ms'),
    m('answer → all 4 sockets minus the ping baseline', r.single.map((x, i) => x - r.pings[i]!), 'ms'),
    m('answer by POST (as the web client answers) → its response and all 4 sockets, one game, median', r.http, 'ms'),
    m(`${games} games × 4 sockets: answers per second`, r.rates, 'answers/s', 'target ≥ 2,000 on 2 cores; no lost update (checked)'),
    m(`${games} games × 4 sockets: answer → all 4 sockets, median`, r.underLoad, 'ms'),
    m(`${games} games × 4 sockets: server CPU per answer (the workerd processes)`, r.serverCpu, 'µs'),
    m(`${games} games × 4 sockets: the bench client's CPU per answer (this process)`, r.clientCpu, 'µs'),
    ...(r.cold
      ? [
          m(`cold: the first ${games} × 4 round in a fresh runtime (before ${WARM_ANSWERS.toLocaleString('en')} answers of unrecorded warm-up): answers per second`, [r.cold.rate], 'answers/s'),
          m('cold: server CPU per answer in that round', [r.cold.serverCpu], 'µs'),
        ]
      : []),
  ];
}

/** The room of `entry` (a Worker entry registering the hidden-hand fixture) in Miniflare, measured. */
async function miniflareRun(entry: string, label: string, stateDir: string, record_ = true): Promise<Run> {
  const dir = mkdtempSync(join(stateDir, 'teahouse-mf-'));
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', outfile: join(dir, 'worker.js'), external: ['cloudflare:*', 'node:*'], conditions: ['workerd', 'worker', 'browser'], mainFields: ['module', 'main'], logLevel: 'warning' });
  // Written in Miniflare 4's option shape, which Miniflare 5 converts (convertV4MiniflareOptions).
  const mf = new Miniflare(
    convertV4MiniflareOptions({
    resourcePersistencePath: join(dir, 'state'),
    workers: [
      {
        name: 'teahouse-bench',
        rootPath: dir,
        modulesRoot: dir,
        modules: true,
        scriptPath: join(dir, 'worker.js'),
        compatibilityDate: '2026-11-01',
        durableObjects: { GAME_ROOM: { className: 'GameRoom', useSQLite: true } },
      },
    ],
    } as never),
  );
  const t = httpTransport(String(await mf.ready).replace(/\/$/, ''));
  try {
    const r = await measured(t);
    if (record_) record(`live: inside workerd (Miniflare directly), ${label}, hidden-hand fixture, ${REPS} repetitions, storage ${stateDir === SHM ? 'on a tmpfs' : 'on disk'}`, metrics(r, GAMES));
    return r;
  } finally {
    await mf.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** BENCH_STATE_DIR: where Miniflare keeps the rooms' SQLite files on disk; the second pass uses the tmpfs. */
const DISK = process.env.BENCH_STATE_DIR ?? tmpdir();
const SHM = '/dev/shm';

for (const stateDir of existsSync(SHM) && DISK !== SHM ? [DISK, SHM] : [DISK]) {
  const where = stateDir === SHM ? 'storage on a tmpfs' : 'storage on disk';
  it(`inside workerd (Miniflare directly), ${where}: answer → all sockets, and ${GAMES} games × 4 sockets, beside the floor`, async () => {
    const room = await miniflareRun('test/fixtures/entry.ts', 'this tree', stateDir);
    // The floor (bench/floor/entry.ts): the same protocol, client and runtime with one move row per answer and no
    // rules, views or log — what any room would pay here, taken right after under the same load.
    const floor = await miniflareRun('bench/floor/entry.ts', 'floor', stateDir, false);
    record(`live: the floor inside workerd (bench/floor: one SQL row and four small messages per answer, nothing else), ${where}, ${REPS} repetitions`, [
      ...metrics(floor, GAMES).map((x) => ({ ...x, note: (x.note ?? '').replace(/ ?target[^;]*;?/, '').trim() })),
      m('room ÷ floor: answer → all 4 sockets, one game', room.single.map((x, i) => x / floor.single[i]!), '×'),
      m(`room ÷ floor: ${GAMES} games × 4 sockets, answers per second`, room.rates.map((x, i) => x / floor.rates[i]!), '×'),
      m(`room − floor: ${GAMES} games × 4 sockets, server CPU per answer`, room.serverCpu.map((x, i) => x - floor.serverCpu[i]!), 'µs'),
    ]);
  });
}

/** BENCH_BASELINE: the same on an older checkout (its Worker, with the hidden-hand fixture registered by a generated entry). */
const BASE = process.env.BENCH_BASELINE;
it.skipIf(!BASE)('inside workerd (Miniflare directly), the baseline checkout', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'teahouse-base-'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(
    entry,
    [
      `import { registerGame } from '${BASE}/worker/engine';`,
      `import { hidden } from '${BASE}/test/helpers/hidden';`,
      `import app from '${BASE}/worker/index';`,
      'registerGame(hidden);',
      'export default app;',
      `export { GameRoom } from '${BASE}/worker/index';`,
    ].join('\n'),
  );
  try {
    await miniflareRun(entry, 'baseline', DISK);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it(`through wrangler dev (as npm start runs it): answer → all sockets, and ${GAMES} games × 4 sockets`, async () => {
  // What `npm start` does: wrangler dev's local tracing off.
  process.env.X_LOCAL_OBSERVABILITY = 'false';
  const dev = await startDev();
  const t = httpTransport(dev.url);
  try {
    const r = await measured(t);
    record(`live: through wrangler dev (loopback, local tracing off), hidden-hand fixture, ${REPS} repetitions`, metrics(r, GAMES));
  } finally {
    await dev.stop();
  }
});
