import { it } from 'vitest';
import { build } from 'esbuild';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDev } from '../test/e2e/helpers';
import { liveBench, median, type Transport } from './live';
import { record, type Metric } from './report';

/**
 * Answer → all 4 sockets, measured from outside the room on the hidden-hand fixture: inside workerd through
 * Miniflare directly (the test Worker bundled with esbuild, no wrangler in between), then through `wrangler dev`
 * as `npm start` runs it (local tracing off). Each has its baseline under the same load: a WebSocket `ping`
 * answered by the runtime itself (setWebSocketAutoResponse), so what the room adds is the difference. Then 50
 * games × 4 sockets at once: answers per second, and a lost update (an answer that never reaches all four
 * sockets, or a room whose final version or move count differs) fails the bench. 100 answers per game: 25 per
 * seat, inside the per-seat burst of the rate limit (a seat cannot answer faster than that anyway).
 */
const REPS = Number(process.env.REPS ?? 5);
const GAMES = Number(process.env.BENCH_GAMES ?? 50);
/** Answers per game in the concurrent phase. */
const PER_GAME = Number(process.env.BENCH_PER_GAME ?? 100);

const spread = (xs: number[]) => (xs.length > 1 ? `[${Math.min(...xs).toPrecision(3)}–${Math.max(...xs).toPrecision(3)}]` : '');
const m = (name: string, xs: number[], unit: string, note = ''): Metric => ({ name, value: median(xs), unit, note: `${spread(xs)} ${note}`.trim() });

function metrics(r: Awaited<ReturnType<typeof liveBench>>, games: number): Metric[] {
  return [
    m('answer → all 4 sockets, one game, median', r.single, 'ms', 'target ≤ 1 ms inside workerd'),
    m('baseline: ping answered by the runtime, median', r.pings, 'ms'),
    m('answer → all 4 sockets minus the ping baseline', r.single.map((x, i) => x - r.pings[i]!), 'ms'),
    m(`${games} games × 4 sockets: answers per second`, r.rates, 'answers/s', 'target ≥ 2,000 on 2 cores; no lost update (checked)'),
    m(`${games} games × 4 sockets: answer → all 4 sockets, median`, r.underLoad, 'ms'),
  ];
}

/** The room of `entry` (a Worker entry registering the hidden-hand fixture) in Miniflare, measured. */
async function miniflareRun(entry: string, label: string, record_ = true): Promise<Awaited<ReturnType<typeof liveBench>>> {
  // BENCH_STATE_DIR: where Miniflare keeps the rooms' SQLite files (e.g. a tmpfs, to tell the disk's syncs apart
  // from the room's own work).
  const dir = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), 'teahouse-mf-'));
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
  const base = 'http://bench.local';
  const t: Transport = {
    async post(path, body, token) {
      const r = await mf.dispatchFetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, any>;
    },
    async get(path, token) {
      const r = await mf.dispatchFetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return (await r.json()) as Record<string, any>;
    },
    async socket(path) {
      const r = await mf.dispatchFetch(`${base}${path}`, { headers: { Upgrade: 'websocket' } });
      const ws = r.webSocket;
      if (!ws) throw new Error(`${path}: no WebSocket (${r.status})`);
      ws.accept();
      return { send: (s) => ws.send(s), onMessage: (f) => ws.addEventListener('message', (e) => f(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data as ArrayBuffer))), close: () => ws.close() };
    },
  };
  try {
    const r = await liveBench(t, { reps: REPS, answers: 100, games: GAMES, perGame: PER_GAME });
    if (record_) record(`live: inside workerd (Miniflare directly), ${label}, hidden-hand fixture, ${REPS} repetitions${process.env.BENCH_STATE_DIR ? `, storage in ${process.env.BENCH_STATE_DIR}` : ''}`, metrics(r, GAMES));
    return r;
  } finally {
    await mf.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

it(`inside workerd (Miniflare directly): answer → all sockets, and ${GAMES} games × 4 sockets, beside the floor`, async () => {
  const room = await miniflareRun('test/fixtures/entry.ts', 'this tree');
  // The floor (bench/floor/entry.ts): the same protocol, client and runtime with one move row per answer and no
  // rules, views or log — what any room would pay here, taken right after under the same load.
  const floor = await miniflareRun('bench/floor/entry.ts', 'floor', false);
  record(`live: the floor inside workerd (bench/floor: one SQL row and four small messages per answer, nothing else), ${REPS} repetitions`, [
    ...metrics(floor, GAMES).map((x) => ({ ...x, note: (x.note ?? "").replace(/ ?target[^;]*;?/, '').trim() })),
    m('room ÷ floor: answer → all 4 sockets, one game', room.single.map((x, i) => x / floor.single[i]!), '×'),
    m(`room ÷ floor: ${GAMES} games × 4 sockets, answers per second`, room.rates.map((x, i) => x / floor.rates[i]!), '×'),
  ]);
});

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
    await miniflareRun(entry, 'baseline');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it(`through wrangler dev (as npm start runs it): answer → all sockets, and ${GAMES} games × 4 sockets`, async () => {
  // What `npm start` does: wrangler dev's local tracing off.
  process.env.X_LOCAL_OBSERVABILITY = 'false';
  const dev = await startDev();
  const ws = (url: string) =>
    new Promise<WebSocket>((ok, fail) => {
      const w = new WebSocket(url);
      w.onopen = () => ok(w);
      w.onerror = () => fail(new Error('socket error'));
    });
  const t: Transport = {
    async post(path, body, token) {
      const r = await fetch(`${dev.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, any>;
    },
    async get(path, token) {
      return (await (await fetch(`${dev.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json()) as Record<string, any>;
    },
    async socket(path) {
      const w = await ws(`${dev.url.replace('http', 'ws')}${path}`);
      return { send: (s) => w.send(s), onMessage: (f) => (w.onmessage = (e) => f(String(e.data))), close: () => w.close() };
    },
  };
  try {
    const r = await liveBench(t, { reps: REPS, answers: 100, games: GAMES, perGame: PER_GAME });
    record(`live: through wrangler dev (loopback, local tracing off), hidden-hand fixture, ${REPS} repetitions`, metrics(r, GAMES));
  } finally {
    await dev.stop();
  }
});
