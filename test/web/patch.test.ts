import { describe, expect, it } from 'vitest';
import type { PatchMessage, StateBody } from '../../worker/protocol';
import { applyPatch } from '../../web/lib/patch';

/** The client side of socket patches: a patch changes the last body its socket brought, and only that body. */

const base = {
  id: 'g',
  game: 'sanguosha',
  status: 'playing',
  paused: false,
  seats: [],
  options: {},
  deadlineMinutes: 60,
  createdAt: '2026-12-01T00:00:00.000Z',
  version: 7,
  outcome: null,
  you: 0,
  view: { hand: [1, 2], hp: 4, judge: [] },
  prompts: [],
  waiting: [1],
  deadline: null,
  log: [{ i: 3, at: 2, msg: { key: 'x' } }],
  logFrom: 3,
  logEnd: 4,
  chat: [],
} as unknown as StateBody;

const patch = (p: Partial<PatchMessage>): PatchMessage => ({ type: 'patch', of: 7, set: {}, log: [], logFrom: 4, logEnd: 4, ...p });

describe('a socket patch', () => {
  it('sets the fields it names, applies its view operations, and carries its own log lines', () => {
    const out = applyPatch(base, patch({ set: { version: 8, waiting: [2] }, view: [[['hp'], 3], [['judge']], [['hand'], 0, 1, [5, 6]]], log: [{ i: 4, at: 3, msg: { key: 'y' } }], logFrom: 4, logEnd: 5 }))!;
    expect(out).toEqual({ ...base, version: 8, waiting: [2], view: { hand: [5, 6, 2], hp: 3 }, log: [{ i: 4, at: 3, msg: { key: 'y' } }], logFrom: 4, logEnd: 5 });
    // The body it started from is left as it was (the client keeps it until the next message).
    expect(base.view).toEqual({ hand: [1, 2], hp: 4, judge: [] });
  });

  it('a compact patch (hello `patch: 2`) gives the same body: its lines as [i, at, msg], its range from the last body’s end unless it names one', () => {
    const line = { i: 4, at: 3, msg: { key: 'y', params: { seat: 1 } } };
    const long = applyPatch(base, patch({ set: { version: 8 }, log: [line], logFrom: 4, logEnd: 6 }))!;
    const { log: _l, logFrom: _f, ...rest } = patch({ set: { version: 8 }, logEnd: 6 });
    const compact = applyPatch(base, { ...rest, lines: [[4, 3, { key: 'y', params: { seat: 1 } }]] })!;
    expect(JSON.stringify(compact)).toBe(JSON.stringify(long));
    expect(compact.logFrom).toBe(base.logEnd);
    // A range that does not go on from the last body's end (the whole record at the end of a game) is named.
    expect(applyPatch(base, { ...rest, lines: [], logFrom: 0 })!.logFrom).toBe(0);
    // No lines: none named.
    expect(applyPatch(base, rest)!.log).toEqual([]);
  });

  it('a view operation at the root replaces the view', () => {
    expect(applyPatch(base, patch({ view: [[[], null]] }))!.view).toBeNull();
  });

  it('is refused when it is about another version than the last body, or there is none (the socket starts over)', () => {
    expect(applyPatch(base, patch({ of: 6 }))).toBeNull();
    expect(applyPatch(null, patch({}))).toBeNull();
  });
});
