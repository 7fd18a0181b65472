/**
 * `addViewPartKept` reuses the view part built last for a slot when the value is the same plain value or a list of
 * the same plain items; whatever the sequence of values (lists changed in place included), every part it adds
 * must be exactly what `addViewPart` adds for that value.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addViewPart, addViewPartKept, type KeptPart, type ViewText } from '../../worker/engine';

const item = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.constantFrom(null, undefined, true, false, -0, NaN, Infinity), fc.record({ a: fc.nat(3) }), fc.array(fc.nat(3), { maxLength: 2 }));
const value = fc.oneof(item, fc.array(item, { maxLength: 5 }), fc.array(fc.constantFrom('a', 'b', 1, 2, null), { maxLength: 4 }));

describe('addViewPartKept', () => {
  it('adds exactly what addViewPart adds, for any sequence of values in a few slots, lists changed in place included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('x', 'y', 'z'), value, fc.boolean()), { minLength: 1, maxLength: 40 }), (steps) => {
        const kept = new Map<string, KeptPart>();
        const last = new Map<string, unknown>();
        for (const [slot, v0, again] of steps) {
          // `again`: the slot's previous list, changed in place (an item pushed or replaced) instead of a new value.
          let v = v0;
          const prev = last.get(slot);
          if (again && Array.isArray(prev)) {
            if (prev.length && typeof v0 !== 'object') prev[0] = v0;
            else prev.push(v0);
            v = prev;
          }
          last.set(slot, v);
          const a: ViewText = { keys: [], parts: [] };
          const b: ViewText = { keys: [], parts: [] };
          addViewPartKept(a, slot, v, kept);
          addViewPart(b, slot, v);
          expect(a).toEqual(b);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives the very same part (the same strings) for an equal list of plain items', () => {
    const kept = new Map<string, KeptPart>();
    const a: ViewText = { keys: [], parts: [] };
    const b: ViewText = { keys: [], parts: [] };
    addViewPartKept(a, 'pile', ['C01', 'C02'], kept);
    addViewPartKept(b, 'pile', ['C01', 'C02'], kept);
    expect(b.parts[0]).toBe(a.parts[0]);
  });
});
