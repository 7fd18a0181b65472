import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { startDev } from '../test/e2e/helpers';
import type { StateBody } from '../worker/protocol';
import { postJson as post, quantile, simpleAnswer as simple } from './loopback';
import { record } from './report';
import { PROTOCOL } from '../worker/protocol';

/**
 * Answer → broadcast latency over loopback against `wrangler dev` (the fixture game): GAMES games at once, each
 * with 4 seats holding a live socket. A sample is the time from sending an answer on a socket until all four
 * sockets of that game have received the new state.
 */
const GAMES = Number(process.env.BENCH_GAMES ?? 50);
const SEATS = 4;

async function playGame(base: string, samples: number[]): Promise<void> {
  const g = await post(`${base}/api/games`, { game: 'duel', seats: SEATS, deadline: { hours: 24 } });
  const id = g.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < SEATS; i++) tokens.push((await post(`${base}/api/games/${id}/seats`, { name: `p${i}` })).token as string);
  await post(`${base}/api/games/${id}/start`, {}, g.adminToken as string);
  const latest: (StateBody | null)[] = Array(SEATS).fill(null);
  let waiters: { version: number; done: () => void }[] = [];
  const sockets = tokens.map(
    (token, seat) =>
      new Promise<WebSocket>((ok, fail) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/live`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token }));
        ws.onerror = () => fail(new Error('socket error'));
        ws.onmessage = (e) => {
          const m = JSON.parse(String(e.data));
          if (m.type !== 'state') return;
          const first = latest[seat] === null;
          latest[seat] = m as StateBody;
          if (first) ok(ws);
          waiters = waiters.filter((w) => (latest.every((s) => s && s.version >= w.version) ? (w.done(), false) : true));
        };
      }),
  );
  const socks = await Promise.all(sockets);
  for (let guard = 0; guard < 500; guard++) {
    const seat = latest.findIndex((s) => s && s.prompts.length > 0);
    const st = latest[seat];
    if (!st || st.status === 'finished') break;
    const target = st.version + 1;
    const t0 = performance.now();
    const arrived = new Promise<void>((done) => waiters.push({ version: target, done }));
    socks[seat]!.send(JSON.stringify({ type: 'answer', version: st.version, answer: simple(st.prompts[0]!) }));
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 10_000))]);
    samples.push(performance.now() - t0);
    if (latest.every((s) => s?.status === 'finished')) break;
  }
  for (const ws of socks) ws.close();
}

it(`room: answer → broadcast latency with ${GAMES} concurrent games × ${SEATS} sockets`, async () => {
  const dev = await startDev();
  try {
    // Baseline: what wrangler dev's local proxy costs before any Durable Object runs (an unknown API path).
    const base: number[] = [];
    for (let i = 0; i < 100; i++) {
      const b0 = performance.now();
      await (await fetch(`${dev.url}/api/no-such-route`)).text();
      base.push(performance.now() - b0);
    }
    const samples: number[] = [];
    const t0 = performance.now();
    await Promise.all([...Array(GAMES)].map(() => playGame(dev.url, samples)));
    const secs = (performance.now() - t0) / 1000;
    record(`room over loopback (wrangler dev, ${GAMES} games × ${SEATS} sockets)`, [
      { name: 'answer → all 4 sockets updated, median', value: quantile(samples, 0.5), unit: 'ms' },
      { name: 'answer → all 4 sockets updated, p99', value: quantile(samples, 0.99), unit: 'ms' },
      { name: 'answers measured', value: samples.length, unit: 'answers' },
      { name: 'baseline: HTTP 404 from the Worker, no room, median', value: quantile(base, 0.5), unit: 'ms' },
      { name: 'throughput', value: samples.length / secs, unit: 'answers/s' },
    ]);
  } finally {
    await dev.stop();
  }
});
