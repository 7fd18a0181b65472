import { describe, expect, it } from 'vitest';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { Meta } from '../../worker/room/core';
import {
  api,
  logRows,
  openLive,
  pickColours,
  promptOf,
  recordDeliveries,
  room,
  runAlarm,
  sql,
  stateOf,
  storedMeta,
  table,
} from './helpers';

/**
 * The commit path (what an answer does before the broadcast) changes nothing a player, a load or a replay can
 * see: the meta row, and answers arriving together.
 */

const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Meta as stored (the meta row) and the meta in memory. */
async function metaBoth(id: string): Promise<{ row: Meta; mem: Meta }> {
  const row = await storedMeta<Meta>(id);
  const mem = await runInDurableObject(room(id), (inst: GameRoom) => roundTrip(inst.store.m));
  return { row, mem };
}

describe('the meta row', () => {
  it('reads back as the meta in memory after answers, host settings, chat, pause and resume, and after eviction', async () => {
    const t = await table(2);
    const same = async () => {
      const { row, mem } = await metaBoth(t.id);
      expect(row).toEqual(mem);
    };
    await same();
    await pickColours(t);
    await same();
    expect(
      (await api(`/games/${t.id}/admin/settings`, { body: { quietCapMinutes: 120 }, token: t.admin })).status,
    ).toBe(200);
    await same();
    expect((await api(`/games/${t.id}/chat`, { body: { text: 'hi' }, token: t.tokens[0] })).status).toBe(201);
    await same();
    expect((await api(`/games/${t.id}/admin/pause`, { body: {}, token: t.admin })).status).toBe(200);
    await same();
    expect((await api(`/games/${t.id}/admin/resume`, { body: {}, token: t.admin })).status).toBe(200);
    await same();
    const s = await stateOf(t.id, t.tokens[0]);
    const seat = s.prompts.length ? 0 : 1;
    const mine = seat === 0 ? s : await stateOf(t.id, t.tokens[1]);
    expect(
      (
        await api(`/games/${t.id}/answers`, {
          body: { version: mine.version, answer: { prompt: mine.prompts[0]!.id, option: 'pass' } },
          token: t.tokens[seat],
        })
      ).status,
    ).toBe(200);
    await same();
    const before = (await metaBoth(t.id)).mem;
    expect(before.host?.quietCapMinutes).toBe(120);
    await evictDurableObject(room(t.id));
    expect((await metaBoth(t.id)).mem).toEqual(before);
  });

  it('a change whose transaction fails leaves meta as it was, clocks included (they are the part edited in place)', async () => {
    const t = await table(2);
    await pickColours(t);
    const before = await metaBoth(t.id);
    expect(before.mem.clocks.length).toBeGreaterThan(0);
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      expect(() =>
        inst.store.mutate((mm) => {
          for (const c of mm.clocks) {
            c.deadlineAt = 1;
            c.remainingMs = 1;
          }
          mm.version += 5;
          mm.host = { ...(mm.host ?? {}), quietCapMinutes: 1 } as NonNullable<Meta['host']>;
          throw new Error('disk full');
        }),
      ).toThrow('disk full');
    });
    const after = await metaBoth(t.id);
    expect(after.mem).toEqual(before.mem);
    expect(after.row).toEqual(before.row);
  });
});

describe('who is told, now that the sockets are looked at only when someone may be', () => {
  const MIN = 60_000;
  const T0 = Date.parse('2030-03-01T08:00:00Z');
  const hook = { kind: 'webhook', url: 'https://hooks.example/teahouse', format: 'json', lang: 'en' };

  it('a seat with a target that is not looking is told of its new prompt and of what was decided when its clock ran out; a seat without one is told nothing', async () => {
    const clock = { now: T0 };
    const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
    expect((await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[1] })).status).toBe(201);
    const sent = await recordDeliveries(t.id);
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    await runAlarm(t.id);
    expect(sent.map((x) => [x.msg.seat, x.msg.kind])).toEqual([[1, 'prompt']]);
    clock.now = T0 + 13 * 60 * MIN;
    await runAlarm(t.id);
    expect(sent.filter((x) => x.msg.kind === 'expired').map((x) => x.msg.seat)).toEqual([1]);
    expect(sent.every((x) => x.msg.seat === 1)).toBe(true);
  });
});

describe('answers that arrive together', () => {
  it('every seat answering at the same moment, by request and by socket, is applied once each: no refusal, consecutive move numbers and log rows', async () => {
    // The answer path checks and writes with no await between (an await would let the other answers read the
    // same state and write the same move number: a UNIQUE failure, or an answer judged against a stale state).
    const t = await table(4, { start: false });
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    const states = await Promise.all(t.tokens.map((tok) => stateOf(t.id, tok)));
    const [first, ...rest] = states.map((s) => ({
      version: s.version,
      answer: { prompt: promptOf(s).id, option: 'red' },
    }));
    const live = await openLive(t.id);
    if (!live.ok) throw new Error(`no socket: ${live.status}`);
    live.hello(t.tokens[0]!);
    await live.next('state');
    live.ws.send(JSON.stringify({ type: 'answer', ...first }));
    const replies = await Promise.all(
      rest.map((body, k) => api(`/games/${t.id}/answers`, { body, token: t.tokens[k + 1] })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await live.next('ok')).toEqual({ type: 'ok' });
    live.ws.close();
    const moves = await sql<{ n: number }>(t.id, 'SELECT n FROM moves ORDER BY n');
    expect(moves.length).toBe(4);
    expect(moves.map((m) => m.n - moves[0]!.n)).toEqual([0, 1, 2, 3]);
    const lines = await logRows(t.id);
    expect(lines.map((x) => x.i)).toEqual([...lines.keys()]);
    expect((await stateOf(t.id, t.tokens[0])).prompts.every((p) => p.kind !== 'chooseColour')).toBe(true);
  });
});
