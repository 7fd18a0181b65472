import { it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startDev, type DevServer } from '../test/e2e/helpers';
import { makeSubscriber, makeVapid } from '../test/notify/receiver';
import type { StateBody } from '../worker/protocol';
import { postJson, quantile, simpleAnswer as simple } from './loopback';
import { record } from './report';

/**
 * Notifications seen from outside the room, against `wrangler dev` (the fixture game, 2 seats, no sockets open
 * so every new prompt is notified):
 * - the time from sending an answer until the push request for the next player reaches a local push endpoint;
 * - the answer's own round trip with a webhook that answers at once and with one that takes 2 s (sends happen
 *   from the alarm, never inside the answer, so the two must be the same).
 */

/** A local endpoint that records when each request arrived and answers after `delayMs`. */
async function endpoint(delayMs: number) {
  const arrivals: { path: string; at: number }[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    arrivals.push({ path: req.url ?? '', at: performance.now() });
    waiters.splice(0).forEach((w) => w());
    req.resume();
    setTimeout(() => {
      res.writeHead(201);
      res.end();
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const next = (count: number, timeoutMs = 15_000) =>
    new Promise<boolean>((ok) => {
      if (arrivals.length >= count) return ok(true);
      const t = setTimeout(() => ok(false), timeoutMs);
      const check = () => (arrivals.length >= count ? (clearTimeout(t), ok(true)) : waiters.push(check));
      waiters.push(check);
    });
  return { origin, arrivals, next, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

const call = (dev: DevServer, path: string, body: unknown, token?: string) => postJson(`${dev.url}${path}`, body, token);

/** A 2-seat fixture game with a notification target registered for both seats; returns the seat tokens. */
async function table(dev: DevServer, target: (seat: number) => Promise<Record<string, unknown>>) {
  const g = await call(dev, '/api/games', { game: 'duel', seats: 2, deadline: { hours: 24 } });
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await call(dev, `/api/games/${g.id}/seats`, { name: `p${i}` })).token);
  for (let i = 0; i < 2; i++) await call(dev, `/api/games/${g.id}/notify`, await target(i), tokens[i]);
  await call(dev, `/api/games/${g.id}/start`, {}, g.adminToken);
  return { id: g.id as string, tokens };
}

async function stateOf(dev: DevServer, id: string, token: string): Promise<StateBody> {
  return (await fetch(`${dev.url}/api/games/${id}/state`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<StateBody>;
}

/** Play the game by answering whatever is asked; `each` wraps every answer. */
async function play(dev: DevServer, id: string, tokens: string[], each: (send: () => Promise<void>) => Promise<void>) {
  for (let guard = 0; guard < 200; guard++) {
    const states = await Promise.all(tokens.map((t) => stateOf(dev, id, t)));
    if (states[0]!.status === 'finished') return;
    const seat = states.findIndex((s) => s.prompts.length > 0);
    if (seat < 0) return;
    const st = states[seat]!;
    await each(async () => {
      await call(dev, `/api/games/${id}/answers`, { version: st.version, answer: simple(st.prompts[0]!) }, tokens[seat]);
    });
  }
}

it('notifications: answer → push request, and answer latency with a fast and a 2 s webhook', async () => {
  const vapid = await makeVapid();
  const dev = await startDev({ vars: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject } });
  const push = await endpoint(0);
  const fast = await endpoint(0);
  const slow = await endpoint(2000);
  try {
    const pushSamples: number[] = [];
    for (let game = 0; game < 4; game++) {
      const t = await table(dev, async (seat) => {
        const sub = await makeSubscriber(`${push.origin}/push/${game}/${seat}`);
        return { kind: 'push', lang: 'en', subscription: sub.subscription };
      });
      await push.next(push.arrivals.length + 2, 5000); // the first prompts (both seats)
      await play(dev, t.id, t.tokens, async (send) => {
        const before = push.arrivals.length;
        const t0 = performance.now();
        await send();
        if (await push.next(before + 1, 10_000)) pushSamples.push(push.arrivals[before]!.at - t0);
      });
    }
    const answerWith = async (hook: Awaited<ReturnType<typeof endpoint>>) => {
      const samples: number[] = [];
      for (let game = 0; game < 3; game++) {
        const t = await table(dev, async (seat) => ({ kind: 'webhook', format: 'json', lang: 'en', url: `${hook.origin}/hook/${game}/${seat}` }));
        await play(dev, t.id, t.tokens, async (send) => {
          const t0 = performance.now();
          await send();
          samples.push(performance.now() - t0);
        });
      }
      return samples;
    };
    const withFast = await answerWith(fast);
    const withSlow = await answerWith(slow);
    record('notifications (wrangler dev, loopback)', [
      { name: 'answer → push request at the endpoint, median', value: quantile(pushSamples, 0.5), unit: 'ms', note: `${pushSamples.length} pushes` },
      { name: 'answer → push request at the endpoint, p99', value: quantile(pushSamples, 0.99), unit: 'ms' },
      { name: 'answer round trip, webhook answering at once, median', value: quantile(withFast, 0.5), unit: 'ms', note: `${withFast.length} answers` },
      { name: 'answer round trip, webhook taking 2 s, median', value: quantile(withSlow, 0.5), unit: 'ms', note: `${withSlow.length} answers` },
      { name: 'answer round trip, webhook taking 2 s, p99', value: quantile(withSlow, 0.99), unit: 'ms' },
      { name: 'webhook requests received (fast / slow)', value: fast.arrivals.length, unit: 'requests', note: `slow: ${slow.arrivals.length}` },
    ]);
  } finally {
    await Promise.all([push.close(), fast.close(), slow.close()]);
    await dev.stop();
  }
});
