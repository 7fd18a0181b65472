import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('颂威 songwei (曹丕, lord skill)', () => {
  it('after another 魏 character’s black judgement, that character may let the lord 曹丕 draw a card', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'caopi' },
      kingdoms: { 1: 'wei' },
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:8', 'jink'],
    });
    const q = t.prompt(1);
    expect(q.message).toMatchObject({ key: 'sgs.ask.songwei', params: { target: 0 } });
    t.answer(1, 'use');
    expect(t.p(0).hand).toEqual([t.top[1]!]);
    expect(t.log()).toContain('sgs.log.songwei');
    expectConserved(t.g);
  });

  it('the judged character may refuse 颂威', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'caopi' },
      kingdoms: { 1: 'wei' },
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:8'],
    });
    t.pass(1);
    expect(t.p(0).hand).toEqual([]);
  });

  it('颂威 needs a black result and a 魏 character', () => {
    const red = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'caopi' },
      kingdoms: { 1: 'wei' },
      judge: { 1: ['indulgence'] },
      top: ['peach@heart'],
    });
    expect(red.log()).not.toContain('sgs.log.songwei');
    expect(red.asked(1)?.message.key).not.toBe('sgs.ask.songwei');
    const shu = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'caopi' },
      kingdoms: { 1: 'shu' },
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:8'],
    });
    expect(shu.asked(1)?.message.key).not.toBe('sgs.ask.songwei');
  });

  it('颂威 is a lord skill: 曹丕 as a loyalist has none', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      generals: { 2: 'caopi' },
      kingdoms: { 1: 'wei' },
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:8'],
    });
    expect(t.asked(1)?.message.key).not.toBe('sgs.ask.songwei');
  });
});
