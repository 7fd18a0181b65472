import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('连营 lianying (陆逊)', () => {
  it('连营 draws a card when the last hand card goes by use (before the card resolves)', () => {
    const t = table({ roles: [...roles], generals: { 0: 'luxun' }, hands: { 0: ['slash'] }, top: ['peach'] });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(0).message.key).toBe('sgs.ask.lianying');
    expect(t.p(1).hp).toBe(4);
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.p(1).hp).toBe(3);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.skillUse')!.msg.params).toEqual({
      seat: 0,
      skill: { key: 'sgs.skill.lianying' },
    });
    expectConserved(t.g);
  });

  it('连营 draws when 过河拆桥 discards the last hand card', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'luxun' },
      hands: { 0: ['jink'], 1: ['dismantlement'] },
      top: ['peach'],
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(1, 'pick', { cards: ['hand'] });
    expect(t.g.discard).toContain(t.hands[0]![0]!);
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
  });

  it('连营 draws when 顺手牵羊 takes the last hand card (a character with 连营 alone: 陆逊’s 谦逊 forbids 顺手牵羊 on him)', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      skills: { 0: ['lianying'] },
      hands: { 0: ['jink'], 1: ['snatch'] },
      top: ['peach'],
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(1, 'pick', { cards: ['hand'] });
    expect(t.p(1).hand).toEqual(t.hands[0]);
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    expectConserved(t.g);
  });

  it('连营 draws when 陆逊 uses his last hand card, a 顺手牵羊, himself', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'luxun' },
      hands: { 0: ['snatch'], 1: ['jink'] },
      top: ['peach'],
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    t.answer(0, 'pick', { cards: ['hand'] });
    expect(t.p(0).hand.sort()).toEqual([...t.top, ...t.hands[1]!].sort());
  });

  it('连营 is not offered while another hand card is left, nor when only equipment goes', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'luxun' },
      hands: { 0: ['jink', 'peach'], 1: ['dismantlement', 'dismantlement'] },
      equip: { 0: ['chitu'] },
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(1, 'pick', { cards: ['hand'] });
    expect(t.asked(0)).toBeUndefined();
    t.use(1, t.hands[1]![1]!, [0]).answer(1, 'pick', { cards: [String(t.equips[0]![0])] });
    expect(t.asked(0)).toBeUndefined();
    expect(t.p(0).hand).toHaveLength(1);
  });

  it('declining 连营 draws nothing', () => {
    const t = table({ roles: [...roles], generals: { 0: 'luxun' }, hands: { 0: ['slash'] }, top: ['peach'] });
    t.use(0, t.hands[0]![0]!, [1]).pass(0);
    expect(t.p(0).hand).toEqual([]);
  });
});
