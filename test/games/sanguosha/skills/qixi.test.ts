import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('奇袭 qixi (甘宁)', () => {
  it('奇袭 uses a black hand card as 过河拆桥, logged with the skill', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'ganning' },
      hands: { 0: ['slash@spade', 'peach@heart'], 1: ['jink'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === 'as:qixi:dismantlement')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.useAs',
      params: { as: { key: 'sgs.card.dismantlement' }, skill: { key: 'sgs.skill.qixi' } },
    });
    // Only the black card may be turned.
    expect(o.cards!.from).toEqual([String(t.hands[0]![0])]);
    t.answer(0, 'as:qixi:dismantlement', { cards: [t.hands[0]![0]!], seats: [1] });
    t.answer(0, 'pick', { cards: ['hand'] });
    expect(t.p(1).hand).toEqual([]);
    expect(t.g.discard).toEqual(expect.arrayContaining([t.hands[0]![0]!, t.hands[1]![0]!]));
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.useAsSkill')!.msg.params).toMatchObject({
      seat: 0,
      as: { key: 'sgs.card.dismantlement' },
      skill: { key: 'sgs.skill.qixi' },
    });
    expectConserved(t.g);
  });

  it('奇袭 may turn an equipped black card, and the 过河拆桥 can be cancelled by 无懈可击', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'ganning' },
      equip: { 0: ['eight_diagram'] },
      hands: { 1: ['jink'], 2: ['nullification'] },
    });
    const armour = t.equips[0]![0]!;
    t.answer(0, 'as:qixi:dismantlement', { cards: [armour], seats: [1] });
    expect(t.p(0).equip.armor).toBeNull();
    t.answer(2, 'use', { cards: [t.hands[2]![0]!] });
    t.passAll();
    expect(t.p(1).hand).toEqual(t.hands[1]);
    expectConserved(t.g);
  });

  it('a red card cannot be used through 奇袭, and the answer changes nothing', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'ganning' },
      hands: { 0: ['slash@spade', 'peach@heart'], 1: ['jink'] },
    });
    expect(t.try(0, 'as:qixi:dismantlement', { cards: [t.hands[0]![1]!], seats: [1] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('without 奇袭 there is no view-as 过河拆桥', () => {
    const t = table({ roles: [...roles], hands: { 0: ['slash@spade'], 1: ['jink'] } });
    expect(t.options(0)).not.toContain('as:qixi:dismantlement');
  });

  it('a bot uses 奇袭 on an enemy with a cheap black card', () => {
    // The rebel at seat 1 has attacked the lord before: the lord's bot knows its enemy.
    const t = table({ roles: [...roles], generals: { 0: 'ganning' }, hands: { 0: ['iron_chain@club'], 1: ['jink'] } });
    t.g.stance[1] = 3;
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a).toMatchObject({ option: 'as:qixi:dismantlement', cards: [String(t.hands[0]![0])], seats: [1] });
  });
});
