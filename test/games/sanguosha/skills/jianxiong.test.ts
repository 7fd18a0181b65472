import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('奸雄 jianxiong (曹操)', () => {
  it('after taking damage from a 杀, 曹操 may take that 杀 into his hand', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 0: 'caocao' }, hands: { 1: ['slash'] } });
    const slash = t.hands[1]![0]!;
    t.use(1, slash, [0]);
    expect(t.prompt(0).message.key).toBe('sgs.ask.jianxiong');
    t.answer(0, 'use');
    expect(t.p(0).hp).toBe(3);
    expect(t.p(0).hand).toContain(slash);
    expect(t.g.discard).not.toContain(slash);
    expect(t.log()).toContain('sgs.log.jianxiong');
    expectConserved(t.g);
  });

  it('declining leaves the 杀 to the discard pile', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 0: 'caocao' }, hands: { 1: ['slash'] } });
    const slash = t.hands[1]![0]!;
    t.use(1, slash, [0]).pass(0);
    expect(t.g.discard).toContain(slash);
  });

  it('奸雄 takes the 闪电 that struck him: it stays in the processing area during its damage and is discarded only after', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'caocao' },
      hp: [5],
      maxHp: [5],
      judge: { 0: ['lightning@spade'] },
      top: ['slash@spade:7'],
    });
    const bolt = t.judges[0]![0]!;
    expect(t.p(0).hp).toBe(2);
    expect(t.g.table).toContain(bolt);
    t.answer(0, 'use');
    expect(t.p(0).hand).toContain(bolt);
    expectConserved(t.g);
  });

  it('闪电 that hits someone without 奸雄 ends in the discard pile after its damage', () => {
    const t = table({ roles: [...roles], phase: 'start', judge: { 0: ['lightning@spade'] }, top: ['slash@spade:7'] });
    const bolt = t.judges[0]![0]!;
    expect(t.p(0).hp).toBe(1);
    expect(t.g.discard).toContain(bolt);
    expect(t.g.table).not.toContain(bolt);
  });
});
