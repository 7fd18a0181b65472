import { describe, expect, it } from 'vitest';
import { distance } from '../../../../worker/games/sanguosha/core';
import { table } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'] as const;

describe('马术 mashu (马超)', () => {
  it('马术: 马超’s distance to others is 1 less, so a 杀 reaches a seat two steps away', () => {
    const t = table({ roles: [...roles], generals: { 0: 'machao' }, hands: { 0: ['slash'] } });
    expect(distance(t, 0, 2)).toBe(1);
    expect(distance(t, 2, 0)).toBe(2);
    const o = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    expect(o.seats!.from).toContain(2);
    // (declining 铁骑's judgement)
    t.use(0, t.hands[0]![0]!, [2]).pass(0);
    expect(t.p(2).hp).toBe(3);
  });

  it('马术 stacks with a −1 horse; without 马术 the seat two steps away is out of range', () => {
    const t = table({ roles: [...roles], generals: { 0: 'machao' }, equip: { 0: ['chitu'] } });
    expect(distance(t, 0, 2)).toBe(1);
    const u = table({ roles: [...roles], generals: { 0: 'guanyu' }, hands: { 0: ['slash'] } });
    expect(distance(u, 0, 2)).toBe(2);
    const o = u.prompt(0).options.find((x) => x.id === `use:${u.hands[0]![0]}`)!;
    expect(o.seats!.from).not.toContain(2);
    expect(o.seats!.blocked).toContainEqual({ seat: 2, why: { key: 'sgs.ui.outOfRange' } });
  });
});
