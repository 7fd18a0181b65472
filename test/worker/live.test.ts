import type { GameRoom } from '../../worker/room/GameRoom';
import { describe, expect, it } from 'vitest';
import { SELF, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import type { StateBody } from '../../worker/protocol';
import {
  ORIGIN,
  answer,
  api,
  handOf,
  pickColours,
  promptOf,
  recordDeliveries,
  room,
  sql,
  stateOf,
  table,
} from './helpers';
import { CLOSE_RELOAD, PROTOCOL } from '../../worker/protocol';

/** A live socket with a message queue: `next()` resolves with the next message (JSON, or the raw text). */
async function connect(id: string) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const queue: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  let closed: number | null = null;
  ws.addEventListener('message', (e) => {
    let m: any = e.data;
    try {
      m = JSON.parse(e.data as string);
    } catch {
      /* raw text, e.g. the auto-response pong */
    }
    const w = waiters.shift();
    if (w) w(m);
    else queue.push(m);
  });
  ws.addEventListener('close', (e) => {
    closed = e.code;
  });
  const next = (): Promise<any> =>
    queue.length
      ? Promise.resolve(queue.shift())
      : new Promise((resolve, reject) => {
          waiters.push(resolve);
          // A guard against hanging the suite, not a timing assertion.
          setTimeout(() => reject(new Error('no message within 5 s')), 5000);
        });
  return {
    ws,
    send: (x: unknown) => ws.send(typeof x === 'string' ? x : JSON.stringify(x)),
    next,
    /** The next message of a type, skipping others. */
    async nextOf(type: string): Promise<any> {
      for (;;) {
        const m = await next();
        if (m?.type === type) return m;
      }
    },
    /** The first state of at least `version` (presence updates keep the version; they are skipped). */
    async stateAt(version: number): Promise<any> {
      for (;;) {
        const m = await next();
        if (m?.type === 'state' && m.version >= version) return m;
      }
    },
    pending: () => queue.length,
    closed: () => closed,
  };
}

const hands = (s: StateBody) => (s.view as { hands: unknown[] }).hands;

describe('GET /api/games/:id/live', () => {
  it('each socket receives only its own seat view, after hello and after every change', async () => {
    const t = await table(2);
    const a = await connect(t.id);
    const b = await connect(t.id);
    const spec = await connect(t.id);
    a.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[0] });
    b.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    spec.send({ type: 'hello', protocol: PROTOCOL });
    const [sa, sb, ss] = [await a.nextOf('state'), await b.nextOf('state'), await spec.nextOf('state')];
    expect([sa.you, sb.you, ss.you]).toEqual([0, 1, null]);
    expect(hands(sa)[1]).toEqual({ hidden: true, count: 3 });
    expect(hands(sb)[0]).toEqual({ hidden: true, count: 3 });
    expect(hands(ss)).toEqual([
      { hidden: true, count: 3 },
      { hidden: true, count: 3 },
    ]);
    expect(sa.prompts.map((p: { seat: number }) => p.seat)).toEqual([0]);
    expect(ss.prompts).toEqual([]);

    await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    const v = sa.version + 1;
    const [ua, ub, us] = [await a.stateAt(v), await b.stateAt(v), await spec.stateAt(v)];
    expect([ua.version, ub.version, us.version]).toEqual([sa.version + 1, sa.version + 1, sa.version + 1]);
    // Only seat 0 sees its own pick before everyone has picked.
    expect([ua.view.colour[0], ub.view.colour[0], us.view.colour[0]]).toEqual(['blue', 'picked', 'picked']);
    expect(JSON.stringify([ub.view, ub.log, ub.seats])).not.toContain('blue');
    for (const c of handOf(ua)) {
      expect(JSON.stringify(ub)).not.toContain(`"${c}"`);
      expect(JSON.stringify(us)).not.toContain(`"${c}"`);
    }
    for (const s of [a, b, spec]) s.ws.close(1000);
  });

  it('answers are accepted over the socket; a stale one gets the error and the current state', async () => {
    const t = await table(2);
    const a = await connect(t.id);
    const b = await connect(t.id);
    a.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[0] });
    b.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    const sa = await a.nextOf('state');
    const sb = await b.nextOf('state');
    a.send({ type: 'answer', version: sa.version, answer: { prompt: promptOf(sa).id, option: 'red' } });
    expect((await a.stateAt(sa.version + 1)).version).toBe(sa.version + 1);
    expect(await a.nextOf('ok')).toEqual({ type: 'ok' });
    expect((await b.stateAt(sa.version + 1)).version).toBe(sa.version + 1);
    // The same answer sent twice: the second finds its prompt answered and the client behind.
    a.send({ type: 'answer', version: sa.version, answer: { prompt: promptOf(sa).id, option: 'red' } });
    const err = await a.nextOf('error');
    expect(err.error.code).toBe('stale');
    expect(err.state.version).toBe(sa.version + 1);
    expect(err.state.you).toBe(0);
    // Spectators cannot answer; nonsense is a bad_request; nothing changed.
    const spec = await connect(t.id);
    spec.send({ type: 'hello', protocol: PROTOCOL });
    await spec.nextOf('state');
    spec.send({ type: 'answer', version: sa.version + 1, answer: { prompt: promptOf(sb).id, option: 'red' } });
    expect((await spec.nextOf('error')).error.code).toBe('unauthorized');
    spec.send('{not json');
    expect((await spec.nextOf('error')).error.code).toBe('bad_request');
    spec.send({ type: 'answer', pad: 'x'.repeat(17 * 1024) });
    expect((await spec.nextOf('error')).error.code).toBe('too_large');
    expect((await stateOf(t.id, null)).version).toBe(sa.version + 1);
    for (const s of [a, b, spec]) s.ws.close(1000);
  });

  it('a hello with a wrong token is refused and the socket closed', async () => {
    const t = await table(2);
    const s = await connect(t.id);
    s.send({ type: 'hello', protocol: PROTOCOL, token: 'not-a-token-of-this-game' });
    expect((await s.nextOf('error')).error.code).toBe('unauthorized');
  });

  it('a hello of another protocol version is told to reload: an error, then the socket closed with CLOSE_RELOAD', async () => {
    const t = await table(2);
    for (const protocol of [PROTOCOL - 1, PROTOCOL + 1, undefined]) {
      const s = await connect(t.id);
      s.send({ type: 'hello', protocol, token: t.tokens[0] });
      expect((await s.nextOf('error')).error.code).toBe('bad_request');
      for (let k = 0; k < 50 && s.closed() === null; k++) await new Promise((r) => setTimeout(r, 20));
      expect(s.closed()).toBe(CLOSE_RELOAD);
    }
  });

  it('pings are answered without waking the room', async () => {
    const t = await table(2);
    const s = await connect(t.id);
    s.send('ping');
    expect(await s.next()).toBe('pong');
    s.ws.close(1000);
  });

  it('a hibernated room restores its sockets and their seats after eviction', async () => {
    const t = await table(2);
    const a = await connect(t.id);
    a.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[0] });
    const sa = await a.nextOf('state');
    await evictDurableObject(room(t.id));
    await answer(t.id, t.tokens[1]!, { option: 'blue' }, 'chooseColour');
    const u = await a.nextOf('state');
    expect(u.you).toBe(0);
    expect(u.version).toBe(sa.version + 1);
    expect(u.seats[0].online).toBe(true);
    a.ws.close(1000);
  });

  it('a seat looking at the table gets no push; once its tab is hidden it does', async () => {
    // A fake clock far ahead: the room's own alarm (due "now" in its time) cannot fire during the test.
    const t = await table(2, { start: false, clock: () => Date.parse('2030-01-01T00:00:00Z') });
    await api(`/games/${t.id}/notify`, {
      body: { kind: 'webhook', url: 'https://hooks.example/x', lang: 'en' },
      token: t.tokens[1],
    });
    await recordDeliveries(t.id);
    const b = await connect(t.id);
    b.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    await b.nextOf('state');
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    expect(await sql(t.id, 'SELECT seat FROM outbox')).toEqual([]);
    b.send({ type: 'visible', visible: false });
    b.send({ type: 'nothing' }); // answered with an error after the visibility change was recorded
    await b.nextOf('error');
    await pickColours(t);
    const h0 = handOf(await stateOf(t.id, t.tokens[0]));
    await answer(t.id, t.tokens[0]!, { option: 'attack', cards: [h0[0]!], seats: [1] }, 'play');
    expect(await sql(t.id, 'SELECT seat FROM outbox')).toEqual([{ seat: 1 }]);
    b.ws.close(1000);
  });

  it('a player who opens the table takes the seat back from the stand-in', async () => {
    const t = await table(2);
    await runInDurableObject(room(t.id), (inst: GameRoom, state) => {
      state.storage.sql.exec('UPDATE seats SET stand_in = 1, expiries = 3 WHERE seat = 1');
      inst.seats.reload(); // the room caches its seat rows; this test wrote behind its back
    });
    const b = await connect(t.id);
    b.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    const s = await b.nextOf('state');
    expect(s.seats[1].standIn).toBe(false);
    expect(await sql(t.id, 'SELECT stand_in, expiries FROM seats WHERE seat = 1')).toEqual([
      { stand_in: 0, expiries: 0 },
    ]);
    b.ws.close(1000);
  });

  it("replacing a seat closes the old holder's sockets", async () => {
    const t = await table(2);
    const b = await connect(t.id);
    b.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    await b.nextOf('state');
    expect(
      (await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'invite' }, token: t.admin })).status,
    ).toBe(200);
    expect((await b.nextOf('error')).error.code).toBe('unauthorized');
    const again = await connect(t.id);
    again.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    expect((await again.nextOf('error')).error.code).toBe('unauthorized');
  });

  it('the table sees a seat come online and go offline, without a new version', async () => {
    const t = await table(2);
    const a = await connect(t.id);
    a.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[0] });
    const first = await a.nextOf('state');
    expect(first.seats.map((x: { online: boolean }) => x.online)).toEqual([true, false]);
    const b = await connect(t.id);
    b.send({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] });
    const on = await a.nextOf('state');
    expect(on.seats.map((x: { online: boolean }) => x.online)).toEqual([true, true]);
    expect(on.version).toBe(first.version);
    b.ws.close(1000);
    const off = await a.nextOf('state');
    expect(off.seats.map((x: { online: boolean }) => x.online)).toEqual([true, false]);
    a.ws.close(1000);
  });
});
