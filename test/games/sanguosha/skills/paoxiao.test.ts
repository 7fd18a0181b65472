import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('咆哮 paoxiao (张飞)', () => {
  it('咆哮: 张飞 may use any number of 杀 in one play phase', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhangfei' }, hands: { 0: ['slash', 'slash', 'slash'] } });
    const [a, b, c] = t.hands[0]!;
    t.use(0, a!, [1]).use(0, b!, [1]).use(0, c!, [1]);
    expect(t.p(1).hp).toBe(1);
    expect(t.g.slashes).toBe(3);
    expectConserved(t.g);
  });

  it('without 咆哮 the second 杀 of the phase is not offered', () => {
    const t = table({ roles: [...roles], generals: { 0: 'guanyu' }, hands: { 0: ['slash', 'slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.options(0)).not.toContain(`use:${t.hands[0]![1]}`);
  });
});
