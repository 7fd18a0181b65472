import { describe, expect, it } from 'vitest';
import { table } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('英姿 yingzi (周瑜)', () => {
  it('英姿: 周瑜 may draw three cards instead of two in his draw phase', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhouyu' },
      top: ['jink', 'slash', 'peach', 'duel'],
    });
    expect(t.prompt(0).message.key).toBe('sgs.ask.yingzi');
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top.slice(0, 3));
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.skillUse')!.msg.params).toEqual({
      seat: 0,
      skill: { key: 'sgs.skill.yingzi' },
    });
  });

  it('declining 英姿 draws the usual two', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhouyu' },
      top: ['jink', 'slash', 'peach', 'duel'],
    });
    t.pass(0);
    expect(t.p(0).hand).toEqual(t.top.slice(0, 2));
  });

  it('英姿 is not asked when the draw phase is skipped (兵粮寸断 hit)', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhouyu' },
      judge: { 0: ['supply_shortage'] },
      top: ['slash@spade', 'jink'],
    });
    expect(t.asked(0)?.message.key).not.toBe('sgs.ask.yingzi');
    expect(t.prompt(0).kind).toBe('play');
    expect(t.p(0).hand).toEqual([]);
  });
});
