import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('倾国 qingguo (甄姬)', () => {
  it('倾国 answers a 杀 with a black hand card used as 闪', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'zhenji' },
      hands: { 1: ['slash'], 2: ['slash@club', 'peach@heart'] },
    });
    const club = t.hands[2]![0]!;
    t.use(1, t.hands[1]![0]!, [2]);
    const o = t.prompt(2).options.find((x) => x.id === 'as:qingguo:jink')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.useAs',
      params: { as: { key: 'sgs.card.jink' }, skill: { key: 'sgs.skill.qingguo' } },
    });
    expect(o.cards!.from).toEqual([String(club)]);
    t.answer(2, 'as:qingguo:jink', { cards: [club] });
    expect(t.p(2).hp).toBe(3);
    expect(t.g.discard).toContain(club);
    expectConserved(t.g);
  });

  it('倾国 takes no red card and no equipped black card', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'zhenji' },
      hands: { 1: ['slash'], 2: ['peach@heart'] },
      equip: { 2: ['eight_diagram'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.asked(2)?.options.some((o) => o.id === 'as:qingguo:jink') ?? false).toBe(false);
  });

  it('倾国 plays a black card as 闪 against 万箭齐发', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'zhenji' },
      hands: { 1: ['archery_attack'], 2: ['duel@spade'] },
    });
    t.use(1, t.hands[1]![0]!);
    t.passAll([0, 3]);
    t.answer(2, 'as:qingguo:jink', { cards: [t.hands[2]![0]!] });
    expect(t.p(2).hp).toBe(3);
  });
});
