import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'] as const;

describe('奇才 qicai (黄月英)', () => {
  it('奇才: 黄月英’s 顺手牵羊 reaches a character at any distance', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huangyueying' }, hands: { 0: ['snatch'], 2: ['jink'] } });
    const o = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    // Seat 2 is two steps away; the others have no cards to take.
    expect(o.seats!.from).toEqual([2]);
    t.use(0, t.hands[0]![0]!, [2]).passAll();
    t.answer(0, 'pick', { cards: ['hand'] });
    expect(t.p(0).hand).toEqual(t.hands[2]);
    expectConserved(t.g);
  });

  it('奇才 also frees 兵粮寸断 from distance; without it a seat two away is too far', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huangyueying' }, hands: { 0: ['supply_shortage'] } });
    expect(t.prompt(0).options.find((x) => x.id.startsWith('use:'))!.seats!.from).toContain(2);
    const u = table({ roles: [...roles], generals: { 0: 'guanyu' }, hands: { 0: ['supply_shortage'] } });
    const o = u.prompt(0).options.find((x) => x.id.startsWith('use:'))!;
    expect(o.seats!.from).not.toContain(2);
    expect(o.seats!.blocked).toContainEqual({ seat: 2, why: { key: 'sgs.ui.tooFar' } });
  });
});
