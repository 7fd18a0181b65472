import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { applyDelta, diffPlain, diffState, sameWhere, type Op } from '../../worker/room/delta';
import { iso, type Meta } from '../../worker/room/types';
import { api, pickColours, recordDeliveries, room, runAlarm, stateOf, storedMeta, table } from './helpers';

/**
 * The shortcuts of the commit path (what an answer does before the broadcast) change nothing a player, a load or
 * a replay can see: the time format, the write-time check of a state delta, the meta row.
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
    fc.assert(fc.property(fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2040-01-01') }), same), { numRuns: 2000 });
    fc.assert(fc.property(fc.double({ noDefaultInfinity: false }), same), { numRuns: 500 });
    // The date parts it remembers (two days) change with the order of the times asked: any sequence, across days.
    const near = fc.integer({ min: 1_700_000_000_000, max: 1_700_300_000_000 });
    fc.assert(fc.property(fc.array(fc.oneof(near, fc.integer({ min: 0, max: 8.64e15 })), { minLength: 1, maxLength: 40 }), (xs) => xs.forEach(same)), { numRuns: 300 });
    // Day, hour and minute boundaries, the last moment with a four-digit year and the first without, and values
    // formatted one after another on the same and on different days (the per-day part is remembered).
    for (const ms of [0, 1, 999, 1000, 59_999, 60_000, 3_599_999, 3_600_000, 86_399_999, 86_400_000, 86_400_001, 253_402_300_799_999, 253_402_300_800_000, -1, 1.5, NaN, Date.parse('2026-12-01T23:59:59.999Z'), Date.parse('2026-12-02T00:00:00.000Z'), Date.parse('2026-12-01T23:59:59.999Z')]) same(ms);
  });
});

describe('the write-time check of a state delta', () => {
  // What store.ts does: the delta is made from the state as storage holds it, applied to it as read back, and
  // the containers it wrote are compared with the new state.
  const check = (a: unknown, b: unknown): { passed: boolean; next: unknown } => {
    const stored = roundTrip(a);
    const ops = diffState(stored, b);
    const next = applyDelta(stored, JSON.parse(JSON.stringify(ops)) as Op[]);
    return { passed: sameWhere(next, b, ops), next };
  };

  it('passes a delta between JSON values, and what it rebuilds serialises to the new value byte for byte', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const { passed, next } = check(a, b);
        expect(passed).toBe(true);
        expect(JSON.stringify(next)).toBe(JSON.stringify(b));
      }),
      { numRuns: 1000 },
    );
  });

  it('passes only deltas that rebuild the new state byte for byte, also for values JSON does not keep (undefined, NaN, -0, holes)', () => {
    const odd = fc.anything({ withBigInt: false, withBoxedValues: false, withDate: false, withMap: false, withSet: false, withObjectString: false, withNullPrototype: false, withTypedArray: false, withSparseArray: true });
    fc.assert(
      fc.property(fc.jsonValue(), odd, (a, b) => {
        const { passed, next } = check(a, b);
        if (passed) expect(JSON.stringify(next)).toBe(JSON.stringify(b));
      }),
      { numRuns: 1000 },
    );
    // A value JSON turns into something else is never taken for equal.
    expect(check({ hp: 1 }, { hp: NaN }).passed).toBe(false);
    expect(check([1, 2], [1, undefined]).passed).toBe(false);
  });

  it('refuses a delta that writes a wrong value or breaks the key order where it writes', () => {
    const a = roundTrip({ seats: [{ hp: 4, hand: [1, 2] }], pile: [3, 4, 5] });
    const b = { seats: [{ hp: 3, hand: [2] }], pile: [3, 4, 5] };
    // What a broken differ could write: the wrong number, a splice one place off, a key added in the wrong place.
    const wrong: Op[][] = [[[['seats', 0, 'hp'], 2]], [[['seats', 0, 'hand'], 1, 1, []]], [[['seats', 0], { hand: [2], hp: 3 }]], [[['seats', 0, 'hp']], [['seats', 0, 'hp'], 3], [['seats', 0, 'hand'], 0, 1, []]]];
    for (const ops of wrong) expect(sameWhere(applyDelta(roundTrip(a), roundTrip(ops)), b, ops)).toBe(false);
    const right = diffState(roundTrip(a), b);
    expect(sameWhere(applyDelta(roundTrip(a), roundTrip(right)), b, right)).toBe(true);
  });

  // snapshot.ts skips the check when the walk found the new state plain JSON: the delta must then be exact by
  // construction, read back through JSON as storage does, whatever the old and new values are.
  it('is not needed where the walk finds the new state plain JSON: its delta then rebuilds it byte for byte', () => {
    const exact = (a: unknown, b: unknown): boolean => {
      const stored = roundTrip(a);
      const { ops, plain } = diffPlain(stored, b);
      if (plain) expect(JSON.stringify(applyDelta(roundTrip(stored), roundTrip(ops)))).toBe(JSON.stringify(b));
      return plain;
    };
    // (fc.jsonValue may hold -0, which JSON writes as 0: not plain.)
    let plainOnes = 0;
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => void (exact(a, b) && plainOnes++)), { numRuns: 1000 });
    expect(plainOnes).toBeGreaterThan(500);
    // Values JSON does not keep, anywhere in the new value: plain or not, never a wrong delta taken as exact.
    const odd = fc.anything({ withBigInt: false, withBoxedValues: false, withDate: false, withMap: false, withSet: false, withObjectString: false, withNullPrototype: true, withTypedArray: false, withSparseArray: true });
    fc.assert(fc.property(fc.jsonValue(), odd, (a, b) => void exact(a, b)), { numRuns: 1000 });
    // Edits of one value that keep most of it (the shape of an answer's change): keys deleted, added, moved,
    // replaced by a different thing; arrays spliced; odd values put in; the parts left alone shared.
    const edit = (v: unknown, r: () => number, depth = 0): unknown => {
      if (typeof v !== 'object' || v === null || depth > 4) return v;
      // (Not a class instance with its own JSON, like a Date: sameJson, which the splice's ends are compared with,
      // takes one for an empty object, with or without the check.)
      const odd = [undefined, NaN, -0, Infinity, [1, , 3], Object.create(null)];
      const pick = r();
      if (Array.isArray(v)) {
        const out = v.slice();
        if (pick < 0.2) out.splice(Math.floor(r() * (out.length + 1)), Math.floor(r() * 2), ...(r() < 0.5 ? [r()] : []));
        else if (pick < 0.25) out.push(odd[Math.floor(r() * odd.length)]);
        else if (out.length) {
          const i = Math.floor(r() * out.length);
          out[i] = edit(out[i], r, depth + 1);
        }
        return out;
      }
      const o = { ...(v as Record<string, unknown>) };
      const ks = Object.keys(o);
      if (pick < 0.1 && ks.length) delete o[ks[Math.floor(r() * ks.length)]!];
      else if (pick < 0.2) o[`k${Math.floor(r() * 4)}`] = r();
      else if (pick < 0.25) o[ks[0] ?? 'x'] = odd[Math.floor(r() * odd.length)];
      else if (pick < 0.3) o.id = r();
      else if (pick < 0.35 && ks.length) {
        const k = ks[0]!;
        const x = o[k];
        delete o[k];
        o[k] = x;
      } else if (ks.length) {
        const k = ks[Math.floor(r() * ks.length)]!;
        o[k] = edit(o[k], r, depth + 1);
      }
      return o;
    };
    const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    plainOnes = 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.integer(), (v, seed) => {
        const a = roundTrip(v);
        const r = rand(Math.abs(seed));
        let b: unknown = a;
        for (let n = 0; n < 3; n++) b = edit(b, r);
        if (exact(a, b)) plainOnes++;
      }),
      { numRuns: 2000 },
    );
    expect(plainOnes).toBeGreaterThan(1000);
    // A value the engine never makes but the walk must not take for plain.
    expect(diffPlain({ a: 1 }, { a: NaN }).plain).toBe(false);
    expect(diffPlain({ a: [1] }, { a: [1, undefined] }).plain).toBe(false);
    expect(diffPlain({ a: 1 }, { a: 1, b: undefined }).plain).toBe(false);
    expect(diffPlain({ a: {} }, { a: new Date(0) }).plain).toBe(false);
  });
});

/** Meta as stored (the meta row, with the last move row's live part where newer), and the meta in memory. */
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
    expect((await api(`/games/${t.id}/admin/settings`, { body: { quietCapMinutes: 120 }, token: t.admin })).status).toBe(200);
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
    expect((await api(`/games/${t.id}/answers`, { body: { version: mine.version, answer: { prompt: mine.prompts[0]!.id, option: 'pass' } }, token: t.tokens[seat] })).status).toBe(200);
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
