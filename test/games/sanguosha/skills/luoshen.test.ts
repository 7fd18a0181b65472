import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('洛神 luoshen (甄姬)', () => {
  it('洛神 keeps each black judgement card and may judge again until a red one, which is discarded', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhenji' },
      top: ['slash@spade:8', 'slash@club', 'peach@heart', 'jink', 'jink'],
    });
    const [b1, b2, red] = t.top as [number, number, number];
    expect(t.prompt(0).message.key).toBe('sgs.ask.luoshen');
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual([b1]);
    expect(t.prompt(0).message.key).toBe('sgs.ask.luoshenAgain');
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual([b1, b2]);
    t.answer(0, 'use');
    expect(t.g.discard).toContain(red);
    // The red result ends it; the draw phase follows.
    expect(t.prompt(0).kind).toBe('play');
    expect(t.p(0).hand.length).toBe(4);
    expect(t.log().filter((k) => k === 'sgs.log.luoshenTake').length).toBe(2);
    expectConserved(t.g);
  });

  it('洛神 may stop after a black card', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhenji' },
      top: ['slash@spade:8', 'peach@heart', 'jink'],
    });
    t.answer(0, 'use').pass(0);
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.prompt(0).kind).toBe('play');
  });

  it('a red first judgement gives 洛神 nothing', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhenji' },
      top: ['peach@heart', 'jink', 'slash'],
    });
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top.slice(1));
    expect(t.g.discard).toEqual([t.top[0]!]);
  });
});
