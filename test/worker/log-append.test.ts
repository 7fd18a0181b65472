import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Msg } from '../../worker/engine';
import { storedRow } from '../../worker/room/log';

/** The append side of the log table: a line's message is serialised once, for its row and for the bodies. */
describe('a log line as appended', () => {
  it('carries exactly the text JSON.stringify gives the line a body sends ({i, at, msg}), for any message', () => {
    const msg = fc.record({ key: fc.string(), params: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())) });
    fc.assert(
      fc.property(fc.nat(), fc.nat(), msg, (i, at, m) => {
        const text = JSON.stringify(m);
        const row = storedRow(i, at, null, m as Msg, text);
        expect(row.json).toBe(JSON.stringify({ i, at, msg: m }));
        expect(JSON.parse(row.json!)).toEqual({ i, at, msg: m });
      }),
      { numRuns: 300 },
    );
    expect(storedRow(3, 1, 5, { key: 'a"\u2028b', params: { n: '茶馆' } } as Msg, JSON.stringify({ key: 'a"\u2028b', params: { n: '茶馆' } })).json).toBe(JSON.stringify({ i: 3, at: 1, msg: { key: 'a"\u2028b', params: { n: '茶馆' } } }));
  });
});
