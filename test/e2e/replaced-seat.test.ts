import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from './helpers';
import { openRawSocket } from './helpers/rawsocket';
import { PROTOCOL } from '../../worker/protocol';

/** JSON over fetch against the dev server. */
async function call(dev: DevServer, path: string, o: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`${dev.url}/api${path}`, {
    method: o.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('issue 9 point 1: a replaced player cannot keep playing over an old socket (wrangler dev, raw socket)', () => {
  let dev: DevServer;
  beforeAll(async () => {
    dev = await startDev();
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it("the old holder's frames after replace-seat change nothing, even from a client that ignores the close", async () => {
    const created = await call(dev, '/games', { body: { game: 'duel', seats: 2, deadline: { minutes: 10 } } });
    const id = created.body.id as string;
    const admin = created.body.adminToken as string;
    const a = (await call(dev, `/games/${id}/seats`, { body: { name: 'A' } })).body.token as string;
    const old = (await call(dev, `/games/${id}/seats`, { body: { name: 'B' } })).body.token as string;
    expect((await call(dev, `/games/${id}/start`, { body: {}, token: admin })).status).toBe(200);

    const ws = await openRawSocket(`${dev.url.replace('http', 'ws')}/api/games/${id}/live`);
    try {
      ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: old, log: 0 }));
      const first = JSON.parse(await ws.waitFor((t) => JSON.parse(t).type === 'state'));
      const prompt = first.prompts[0].id as string;
      expect(first.seats[1].online).toBe(true);

      const replaced = await call(dev, `/games/${id}/admin/replace-seat`, {
        body: { seat: 1, by: 'invite' },
        token: admin,
      });
      expect(replaced.status).toBe(200);
      const fresh = replaced.body.token as string;
      await ws.waitFor((t) => JSON.parse(t).type === 'error');
      const before = (await call(dev, `/games/${id}/state`, { token: fresh })).body;

      // The old client ignores the close and answers for the seat anyway, now and later, and says hello again.
      ws.send(JSON.stringify({ type: 'answer', version: first.version, answer: { prompt, option: 'red' } }));
      ws.send(JSON.stringify({ type: 'visible', visible: true }));
      await new Promise((r) => setTimeout(r, 1500));
      ws.send(JSON.stringify({ type: 'answer', version: before.version, answer: { prompt, option: 'blue' } }));
      ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: old, log: 0 }));
      await new Promise((r) => setTimeout(r, 1000));

      const after = (await call(dev, `/games/${id}/state`, { token: fresh })).body;
      expect(after.version).toBe(before.version);
      expect(after.prompts.map((p: { id: string }) => p.id)).toEqual([prompt]);
      expect((after.view as { colour: unknown[] }).colour[1]).toBeNull();
      // The seat is not shown online: its new holder is not connected, so it gets its notifications.
      expect(after.seats[1].online).toBe(false);
      expect(a).toBeTruthy();
    } finally {
      ws.destroy();
    }
  });
});
