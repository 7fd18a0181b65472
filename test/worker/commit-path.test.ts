import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { iso, type Meta } from '../../worker/room/core';
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
 * see: the time format, the meta row.
 */

const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('the time written into move rows', () => {
  it('is formatted exactly as Date#toISOString, for any millisecond', () => {
    const same = (ms: number) => {
      let want: string;
      try {
        want = new Date(ms).toISOString();
      } catch {
        expect(() => iso(ms)).toThrow(RangeError);
        return;
      }
      expect(iso(ms)).toBe(want);
    };
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), same), { numRuns: 2000 });
    fc.assert(fc.property(fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2040-01-01') }), same), {
      numRuns: 2000,
    });
    fc.assert(fc.property(fc.double({ noDefaultInfinity: false }), same), { numRuns: 500 });
    // The date parts it remembers (two days) change with the order of the times asked: any sequence, across days.
    const near = fc.integer({ min: 1_700_000_000_000, max: 1_700_300_000_000 });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(near, fc.integer({ min: 0, max: 8.64e15 })), { minLength: 1, maxLength: 40 }),
        (xs) => xs.forEach(same),
      ),
      { numRuns: 300 },
    );
    // Day, hour and minute boundaries, the last moment with a four-digit year and the first without, and values
    // formatted one after another on the same and on different days (the per-day part is remembered).
    for (const ms of [
      0,
      1,
      999,
      1000,
      59_999,
      60_000,
      3_599_999,
      3_600_000,
      86_399_999,
      86_400_000,
      86_400_001,
      253_402_300_799_999,
      253_402_300_800_000,
      -1,
      1.5,
      NaN,
      Date.parse('2026-12-01T23:59:59.999Z'),
      Date.parse('2026-12-02T00:00:00.000Z'),
      Date.parse('2026-12-01T23:59:59.999Z'),
    ])
      same(ms);
  });
});

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
