import { describe, expect, it } from 'vitest';
import { applyLive, liveJson, MetaRow, sameSettled } from '../../worker/room/metarow';
import type { Meta } from '../../worker/room/types';

/** The meta row's text (metarow.ts): settled part kept as text while none of its fields is replaced, live part after it. */

const meta = (): Meta => ({
  id: 'g1',
  game: 'hidden',
  seats: 4,
  options: { limit: 5 },
  deadlineMinutes: 60,
  createdAt: '2026-01-01T00:00:00.000Z',
  origin: 'https://example.test',
  adminHash: 'h',
  seed: 's',
  status: 'playing',
  paused: false,
  version: 3,
  gameVersion: 2,
  clocks: [{ prompt: 'p1', seat: 0, deadlineAt: 10, remainingMs: 5, reminders: [1], standIn: false, openedVersion: 2 }],
  changedAt: 7,
});

/** What the meta row must hold: every defined field, the settled ones first, then the live ones. */
const expected = (m: Meta): string => {
  const { version, gameVersion, clocks, changedAt, ...rest } = m;
  return JSON.stringify({ ...JSON.parse(JSON.stringify(rest)), version, gameVersion, clocks, changedAt });
};

describe('the meta row text', () => {
  it('parses back to meta, field for field, after live fields, a replaced settled field, an added one and a removed one', () => {
    const row = new MetaRow();
    const m = meta();
    expect(row.json(m)).toBe(expected(m));
    const live = { ...m, version: 4, clocks: [] };
    expect(row.json(live)).toBe(expected(live));
    const replaced = { ...live, options: { limit: 6 } };
    expect(row.json(replaced)).toBe(expected(replaced));
    const added: Meta = { ...replaced, host: { title: 'T', quietCapMinutes: null, awayStandIn: false, channel: null } };
    expect(row.json(added)).toBe(expected(added));
    const removed: Meta = { ...added, host: undefined };
    expect(row.json(removed)).toBe(expected(removed));
    expect(JSON.parse(row.json(removed))).toEqual(JSON.parse(JSON.stringify(removed)));
  });

  it('a move row’s newer live part is laid over the meta row, an older or equal one is not', () => {
    const m = meta();
    const newer = { ...m, version: 9, gameVersion: 9, clocks: [], changedAt: 99 };
    const a = meta();
    applyLive(a, liveJson(newer));
    expect(a).toEqual({ ...m, version: 9, gameVersion: 9, clocks: [], changedAt: 99 });
    const b = meta();
    applyLive(b, liveJson({ ...m, version: 3, gameVersion: 3, clocks: [] }));
    expect(b).toEqual(meta());
    const c = meta();
    applyLive(c, null);
    expect(c).toEqual(meta());
  });

  it('the settled part is the same only when every field but the live ones is the same reference', () => {
    const m = meta();
    expect(sameSettled(m, { ...m, version: 5, clocks: [] })).toBe(true);
    expect(sameSettled(m, { ...m, options: { ...m.options } })).toBe(false);
    expect(sameSettled(m, { ...m, paused: true })).toBe(false);
    expect(sameSettled({ ...m, host: { title: null, quietCapMinutes: 5, awayStandIn: true, channel: null } }, m)).toBe(false);
  });
});
