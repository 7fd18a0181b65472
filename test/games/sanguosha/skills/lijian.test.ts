import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import type { SgsSkill } from '../../../../worker/games/sanguosha/types';
import { table, expectConserved, withTestSkills } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;
const generals = { 0: 'diaochan', 1: 'lvbu', 2: 'huatuo', 3: 'zhangjiao' };

describe('离间 lijian (貂蝉)', () => {
  it('离间: the second chosen man is treated as using a 决斗 on the first, who answers first', () => {
    const t = table({ roles: [...roles], generals, hands: { 0: ['peach'], 1: ['jink'], 2: ['slash'] } });
    const o = t.prompt(0).options.find((x) => x.id === 'skill:lijian')!;
    expect(o.seats).toMatchObject({ from: [1, 2, 3], min: 2, max: 2 });
    t.answer(0, 'skill:lijian', { cards: [t.hands[0]![0]!], seats: [1, 2] });
    expect(t.g.discard).toContain(t.hands[0]![0]!);
    // Seat 1 (first chosen) has no 杀: it takes 1 damage, and seat 2 is the source.
    expect(t.p(1).hp).toBe(3);
    expect(t.p(2).hp).toBe(3);
    const line = t.entries().find((e) => e.msg.key === 'sgs.log.lijian')!;
    expect(line.msg.params).toMatchObject({ seat: 0, target: 1, source: 2 });
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.damage')?.msg.params).toMatchObject({ source: 2, target: 1 });
    expect(t.options(0)).not.toContain('skill:lijian');
    expectConserved(t.g);
  });

  it('the 决斗 of 离间 asks for a 杀 without naming a card, since no physical card was used', () => {
    const t = table({ roles: [...roles], generals, hands: { 0: ['peach'], 1: ['slash'], 2: ['slash'] } });
    t.answer(0, 'skill:lijian', { cards: [t.hands[0]![0]!], seats: [1, 2] });
    const ask = t.prompt(1);
    expect(ask.message).toEqual({ key: 'sgs.ask.duelNoCard', params: { source: 2 } });
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.duelNoCard', params: { source: 1 } });
  });

  it('the 决斗 of 离间 cannot be answered with 无懈可击', () => {
    const t = table({
      roles: [...roles],
      generals,
      hands: { 0: ['peach'], 3: ['nullification'], 1: ['nullification'] },
    });
    t.answer(0, 'skill:lijian', { cards: [t.hands[0]![0]!], seats: [1, 2] });
    expect(t.s.prompts.some((p) => p.kind === 'nullify')).toBe(false);
    expect(t.p(1).hp).toBe(3);
  });

  it('离间 may discard an equipped card; with 无双 the dueller needs two 杀 from the other', () => {
    const t = table({ roles: [...roles], generals, equip: { 0: ['chitu'] }, hands: { 2: ['slash'], 1: ['slash'] } });
    // 吕布 (seat 1) duels 华佗 (seat 2): 华佗 answers first and needs two 杀.
    t.answer(0, 'skill:lijian', { cards: [t.equips[0]![0]!], seats: [2, 1] });
    expect(t.p(0).equip.minus).toBeNull();
    t.answer(2, 'play', { cards: [t.hands[2]![0]!] });
    expect(t.p(2).hp).toBe(2);
    expect(t.p(1).hand).toEqual(t.hands[1]);
  });

  it('离间 rejects women, herself, one seat only, and a target that may not be chosen for 决斗, changing nothing', () => {
    const noDuel: SgsSkill = { id: 'test_noduel', prohibit: (_g, _o, _u, name) => name === 'duel', effects: [] };
    const t = table({
      roles: [...roles],
      generals,
      gender: {},
      hands: { 0: ['peach'] },
      skills: { 3: ['test_noduel'] },
      def: withTestSkills({ test_noduel: noDuel }),
    });
    const peach = t.hands[0]![0]!;
    expect(t.try(0, 'skill:lijian', { cards: [peach], seats: [0, 1] }).ok).toBe(false);
    expect(t.try(0, 'skill:lijian', { cards: [peach], seats: [1] }).ok).toBe(false);
    expect(t.try(0, 'skill:lijian', { cards: [peach], seats: [3, 1] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual([peach]);
    expect(t.try(0, 'skill:lijian', { cards: [peach], seats: [1, 3] }).ok).toBe(true);
  });

  it('离间 is not offered with fewer than two other men', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'diaochan', 1: 'lvbu', 2: 'diaochan' },
      hands: { 0: ['peach'] },
    });
    expect(t.options(0)).not.toContain('skill:lijian');
  });

  it('a bot sets a friend to duel its weakest known enemy', () => {
    const t = table({
      roles: ['loyalist', 'rebel', 'lord', 'traitor'],
      current: 0,
      generals,
      hp: [undefined, 2],
      hands: { 0: ['lightning', 'peach'] },
    });
    t.g.players[1]!.revealed = true;
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a.option).toBe('skill:lijian');
    expect(a.seats).toEqual([1, 2]);
    expect(a.cards).toEqual([String(t.hands[0]![0])]);
  });
});
