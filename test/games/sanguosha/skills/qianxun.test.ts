import { describe, expect, it } from 'vitest';
import { table } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('谦逊 qianxun (陆逊, locked)', () => {
  it('谦逊: 陆逊 cannot be targeted by 顺手牵羊, and the reason names the skill', () => {
    const t = table({
      roles: [...roles],
      generals: { 1: 'luxun' },
      hands: { 0: ['snatch'], 1: ['jink'], 3: ['jink'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    expect(o.seats!.from).toEqual([3]);
    expect(o.seats!.blocked).toContainEqual({
      seat: 1,
      why: { key: 'sgs.why.skill', params: { skill: { key: 'sgs.skill.qianxun' } } },
    });
    expect(t.try(0, `use:${t.hands[0]![0]}`, { seats: [1] }).ok).toBe(false);
    expect(t.p(1).hand).toEqual(t.hands[1]);
  });

  it('谦逊: 陆逊 cannot be targeted by 乐不思蜀, nor by 国色’s virtual one', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'daqiao', 1: 'luxun' },
      hands: { 0: ['indulgence', 'jink@diamond'] },
    });
    const real = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    expect(real.seats!.from).toEqual([2, 3]);
    const virtual = t.prompt(0).options.find((x) => x.id === 'as:guose:indulgence')!;
    expect(virtual.seats!.from).toEqual([2, 3]);
    expect(t.try(0, 'as:guose:indulgence', { cards: [t.hands[0]![1]!], seats: [1] }).ok).toBe(false);
    expect(t.p(1).judge).toEqual([]);
  });

  it('谦逊 does not stop other cards: 过河拆桥 and 杀 still target 陆逊', () => {
    const t = table({
      roles: [...roles],
      generals: { 1: 'luxun' },
      hands: { 0: ['dismantlement', 'slash'], 1: ['jink'] },
    });
    for (const id of t.hands[0]!)
      expect(t.prompt(0).options.find((x) => x.id === `use:${id}`)!.seats!.from).toContain(1);
  });
});
