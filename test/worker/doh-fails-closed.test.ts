/**
 * The DNS-over-HTTPS check fails closed (issue 26 point 7): when the resolver gives no answer (here: 503), the real
 * senders of the room send nothing; the delivery is tried again with backoff like any transient failure, and after
 * `MAX_ATTEMPTS` it is given up on and reported the way the room reports any delivery given up on — a table-channel
 * post noted for the host, a seat's webhook disabled with a note in that seat's chat.
 *
 * The room keeps its real poster and deliverer; the global `fetch` is replaced around each alarm, so the resolver's
 * 503 and every other request are answered here and nothing leaves this machine.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { MAX_ATTEMPTS } from '../../worker/notify/retry';
import { api, room, runAlarm, sql, stateOf, table } from './helpers';

const T0 = Date.parse('2030-03-01T08:00:00Z');
const HOUR = 3_600_000;
/** The resolver the test Worker is configured with (test/wrangler.test.toml `DOH_URL`). */
const isDoh = (u: string) => u.startsWith('http://127.0.0.1:9/dns-query?');

/** Run one alarm with `fetch` replaced: the resolver answers 503, any other request is recorded and answered 204. */
async function alarmWithResolverDown(id: string, asked: string[], sent: string[]): Promise<void> {
  const real = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const u = input instanceof Request ? input.url : String(input);
    if (isDoh(u)) {
      asked.push(u);
      return new Response('unavailable', { status: 503 });
    }
    sent.push(u);
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  try {
    await runAlarm(id);
  } finally {
    globalThis.fetch = real;
  }
}

const metaOf = async (id: string) => JSON.parse((await sql<{ json: string }>(id, 'SELECT json FROM meta'))[0]!.json);

describe('the DNS check fails closed: a resolver without an answer means no send', () => {
  it('a table-channel post with the resolver down is not sent, is retried with backoff, then dropped and noted for the host', async () => {
    const clock = { now: T0 };
    const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 48 } }, start: false });
    expect(
      (
        await api(`/games/${t.id}/admin/settings`, {
          token: t.admin,
          body: { channel: { url: 'https://chat.example/hook', format: 'json', lang: 'en' } },
        })
      ).status,
    ).toBe(200);
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      // The room's own bindings: public scope, so its real poster asks the resolver.
      expect(inst.bindings.ALLOW_PRIVATE_TARGETS).toBeUndefined();
    });
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    const asked: string[] = [];
    const sent: string[] = [];
    const startAttempts: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await alarmWithResolverDown(t.id, asked, sent);
      const start = (
        (await metaOf(t.id)).channel.queue as { attempts: number; input: { event: { kind: string } } }[]
      ).find((q) => q.input.event.kind === 'start');
      startAttempts.push(start?.attempts ?? 0);
      // Every backoff (at most 32 min before the last attempt) is over an hour later.
      clock.now += HOUR;
    }
    expect(sent).toEqual([]);
    expect(asked.some((u) => u.includes('name=chat.example'))).toBe(true);
    // Tried once per alarm: attempts 1…7 wait in the queue, the 8th gives up.
    expect(startAttempts).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    const r = await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: {} });
    expect(r.body.channel.failed).toMatchObject({
      event: 'start',
      error: expect.stringMatching(/no DNS answer for chat\.example \(HTTP 503\) after 8 attempts/),
    });
  });

  it("a seat's webhook with the resolver down is not called, is retried with backoff, then disabled with a note to that seat", async () => {
    const clock = { now: T0 };
    const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 48 } }, start: false });
    expect(
      (
        await api(`/games/${t.id}/notify`, {
          body: { kind: 'webhook', url: 'https://hooks.example/teahouse', format: 'json', lang: 'en' },
          token: t.tokens[1],
        })
      ).status,
    ).toBe(201);
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    const asked: string[] = [];
    const sent: string[] = [];
    const attempts: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await alarmWithResolverDown(t.id, asked, sent);
      attempts.push(
        Math.max(0, ...(await sql<{ attempts: number }>(t.id, 'SELECT attempts FROM outbox')).map((x) => x.attempts)),
      );
      clock.now += HOUR;
    }
    expect(sent).toEqual([]);
    expect(asked.some((u) => u.includes('name=hooks.example'))).toBe(true);
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(await sql(t.id, 'SELECT disabled FROM targets')).toEqual([{ disabled: 1 }]);
    expect((await stateOf(t.id, t.tokens[1])).chat.map((c) => c.seat)).toEqual([-1]);
    expect((await stateOf(t.id, t.tokens[0])).chat).toEqual([]);
  });
});
