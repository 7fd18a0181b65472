import { describe, expect, it } from 'vitest';
import { table } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;
const why = { key: 'sgs.why.skill', params: { skill: { key: 'sgs.skill.kongcheng' } } };

describe('空城 kongcheng (诸葛亮)', () => {
  it('空城 with an empty hand: 诸葛亮 cannot be targeted by 杀 or 决斗, and the option says why', () => {
    const t = table({ roles: [...roles], generals: { 1: 'zhugeliang' }, hands: { 0: ['slash', 'duel'] } });
    for (const id of t.hands[0]!) {
      const o = t.prompt(0).options.find((x) => x.id === `use:${id}`)!;
      expect(o.seats!.from).not.toContain(1);
      expect(o.seats!.blocked).toContainEqual({ seat: 1, why });
      expect(t.try(0, `use:${id}`, { seats: [1] }).ok).toBe(false);
    }
  });

  it('空城 holds only while the hand is empty: with one hand card 诸葛亮 may be targeted', () => {
    const t = table({ roles: [...roles], generals: { 1: 'zhugeliang' }, hands: { 0: ['slash'], 1: ['peach'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(2);
  });

  it('空城 does not stop other cards: 过河拆桥 may still take his equipment', () => {
    const t = table({
      roles: [...roles],
      generals: { 1: 'zhugeliang' },
      hands: { 0: ['dismantlement'] },
      equip: { 1: ['chitu'] },
    });
    t.use(0, t.hands[0]![0]!, [1]).passAll();
    t.answer(0, 'pick', { cards: [String(t.equips[1]![0])] });
    expect(t.p(1).equip.minus).toBeNull();
  });

  it('空城 also stops a view-as 杀 (武圣) from choosing him', () => {
    const t = table({ roles: [...roles], generals: { 0: 'guanyu', 1: 'zhugeliang' }, hands: { 0: ['peach@heart'] } });
    const o = t.prompt(0).options.find((x) => x.id === 'as:wusheng:slash')!;
    expect(o.seats!.blocked).toContainEqual({ seat: 1, why });
  });

  it('空城 protects him from being named the victim of 借刀杀人 (the holder’s 杀 could not target him)', () => {
    const t = table({
      roles: [...roles],
      generals: { 1: 'zhugeliang' },
      hands: { 0: ['collateral'], 2: ['slash'] },
      equip: { 2: ['blade'] },
    });
    const r = t.try(0, `use:${t.hands[0]![0]}`, { seats: [2, 1] });
    expect(r.ok).toBe(false);
    expect(t.p(2).equip.weapon).toBe(t.equips[2]![0]!);
    t.use(0, t.hands[0]![0]!, [2, 3]);
    expect(t.prompt(2).kind).toBe('collateral');
  });
});
