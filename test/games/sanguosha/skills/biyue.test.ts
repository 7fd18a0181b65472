import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('闭月 biyue (貂蝉)', () => {
  it('闭月: at the start of her end phase 貂蝉 may draw one card', () => {
    const t = table({ roles: [...roles], generals: { 0: 'diaochan' }, top: ['peach'] });
    t.pass(0);
    expect(t.prompt(0).message.key).toBe('sgs.ask.biyue');
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.log()).toContain('sgs.log.skillUse');
    expectConserved(t.g);
  });

  it('declining 闭月 draws nothing, and it is not asked in another player’s end phase', () => {
    const t = table({ roles: [...roles], generals: { 0: 'diaochan' } });
    t.pass(0).pass(0);
    expect(t.p(0).hand).toEqual([]);
    expect(t.g.current).toBe(1);
    t.pass(1);
    expect(t.s.prompts.some((p) => p.message.key === 'sgs.ask.biyue')).toBe(false);
  });
});
