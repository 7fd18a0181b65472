import { describe, expect, it } from 'vitest';
import { table } from '../table';

describe('救援 jiuyuan (孙权, lord skill)', () => {
  const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

  it('救援: while the lord is dying, another 吴 character’s 桃 recovers 2', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'sunquan' },
      kingdoms: { 2: 'wu' },
      hp: [1],
      hands: { 1: ['slash'], 2: ['peach'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.p(0).hp).toBe(0);
    t.answer(2, 'use', { cards: [t.hands[2]![0]!] });
    expect(t.p(0).hp).toBe(2);
    expect(t.p(0).alive).toBe(true);
  });

  it('救援 only while dying: a 桃 from a 吴 character outside the dying round recovers 1 (ruling S14)', () => {
    const t = table({
      roles: [...roles],
      current: 2,
      generals: { 0: 'sunquan' },
      kingdoms: { 2: 'wu' },
      hp: [1],
      hands: { 2: ['god_salvation'] },
    });
    t.use(2, t.hands[2]![0]!);
    expect(t.p(0).hp).toBe(2);
  });

  it('救援 needs a 吴 rescuer: a 蜀 character’s 桃 recovers 1', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'sunquan' },
      kingdoms: { 2: 'shu' },
      hp: [1],
      hands: { 1: ['slash'], 2: ['peach'] },
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(2, 'use', { cards: [t.hands[2]![0]!] });
    expect(t.p(0).hp).toBe(1);
  });

  it('救援 is a lord skill: 孙权 as a rebel does not have it', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 0,
      generals: { 1: 'sunquan' },
      kingdoms: { 3: 'wu' },
      hp: [4, 1],
      hands: { 0: ['slash'], 3: ['peach'] },
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(3, 'use', { cards: [t.hands[3]![0]!] });
    expect(t.p(1).hp).toBe(1);
  });
});
