import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('苦肉 kurou (黄盖)', () => {
  it('苦肉 loses 1 HP (not damage) and then draws two cards, as often as he likes in the play phase', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huanggai' }, top: ['jink', 'slash', 'peach', 'duel'] });
    t.answer(0, 'skill:kurou');
    expect(t.p(0).hp).toBe(3);
    expect(t.p(0).hand).toEqual(t.top.slice(0, 2));
    expect(t.log()).toContain('sgs.log.loseHp');
    expect(t.log()).not.toContain('sgs.log.damage');
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.skillUse')!.msg.params).toEqual({
      seat: 0,
      skill: { key: 'sgs.skill.kurou' },
    });
    // No use limit: it is offered again at once.
    t.answer(0, 'skill:kurou');
    expect(t.p(0).hp).toBe(2);
    expect(t.p(0).hand).toHaveLength(4);
    expectConserved(t.g);
  });

  it('苦肉 at 1 HP puts him into dying; rescued with a 桃 he draws the two cards after', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'huanggai' },
      hp: [1],
      hands: { 0: ['peach'] },
      top: ['jink', 'slash'],
    });
    t.answer(0, 'skill:kurou');
    expect(t.p(0).hp).toBe(0);
    expect(t.p(0).hand).toEqual(t.hands[0]);
    expect(t.prompt(0).kind).toBe('rescue');
    t.answer(0, 'use', { cards: [t.hands[0]![0]!] });
    expect(t.p(0).hp).toBe(1);
    expect(t.p(0).hand).toEqual(t.top);
  });

  it('a 黄盖 who dies of 苦肉 draws nothing', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      generals: { 1: 'huanggai' },
      hp: [4, 1],
      top: ['jink', 'slash'],
    });
    t.answer(1, 'skill:kurou');
    expect(t.p(1).alive).toBe(false);
    expect(t.entries().filter((e) => e.msg.key === 'sgs.log.draw' && e.msg.params?.seat === 1)).toEqual([]);
    // HP loss has no killer: nobody draws the rebel reward.
    expect(t.log()).toContain('sgs.log.deathNoKiller');
    expectConserved(t.g);
  });

  it('a bot uses 苦肉 only while it is safe (3 HP or more)', () => {
    const at = (hp: number) => {
      const t = table({ roles: [...roles], generals: { 0: 'huanggai' }, hp: [hp], hands: { 0: ['jink'] } });
      const p = t.prompt(0);
      return bot(t.s, p, botRng(t.s, p))!.option;
    };
    expect(at(4)).toBe('skill:kurou');
    expect(at(3)).toBe('skill:kurou');
    expect(at(2)).toBe('pass');
  });
});
