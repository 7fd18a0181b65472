import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

describe('护驾 hujia (曹操, lord skill)', () => {
  const roles = ['lord', 'rebel', 'loyalist', 'traitor', 'loyalist'] as const;

  it('护驾 asks the other 魏 characters in seat order; the first 闪 given dodges the 杀 for the lord', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'caocao' },
      kingdoms: { 2: 'wei', 3: 'shu', 4: 'wei' },
      hands: { 1: ['slash'], 2: ['jink'], 4: ['jink'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.prompt(0).message.key).toBe('sgs.ask.hujiaUse');
    t.answer(0, 'use');
    // Seat order after the lord: 2 (魏) first; 3 is 蜀 and never asked.
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.hujia', params: { lord: 0 } });
    expect(t.asked(4)).toBeUndefined();
    t.pass(2);
    expect(t.prompt(4).message.key).toBe('sgs.ask.hujia');
    t.answer(4, 'play', { cards: [t.hands[4]![0]!] });
    expect(t.p(0).hp).toBe(5);
    expect(t.p(4).hand).toEqual([]);
    expect(t.log()).toContain('sgs.log.hujiaGive');
    expectConserved(t.g);
  });

  it('护驾 asks each 魏 helper as a real "play a 闪" request: the helper’s 八卦阵 may answer it (a red judgement dodges for the lord)', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'caocao' },
      kingdoms: { 2: 'wei' },
      hands: { 1: ['slash'] },
      equip: { 2: ['eight_diagram'] },
      top: ['peach@heart'],
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'use');
    expect(t.prompt(2).message.key).toBe('sgs.ask.eight_diagram');
    t.answer(2, 'use');
    expect(t.p(0).hp).toBe(5);
    expect(t.log()).toContain('sgs.log.eightDiagram');
    expectConserved(t.g);
  });

  it('when no 魏 character gives a 闪 the lord may still answer himself', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'caocao' },
      kingdoms: { 2: 'wei' },
      hands: { 1: ['slash'], 2: ['jink'], 0: ['jink'] },
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(0, 'use').pass(2);
    expect(t.prompt(0).kind).toBe('respond');
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    expect(t.p(0).hp).toBe(5);
  });

  it('护驾 is a lord skill: 曹操 as a loyalist has no 护驾', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'loyalist'],
      current: 1,
      generals: { 2: 'caocao' },
      kingdoms: { 4: 'wei' },
      hands: { 1: ['slash'], 4: ['jink'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.asked(2)?.message.key).not.toBe('sgs.ask.hujiaUse');
    expect(t.p(2).hp).toBe(3);
  });
});
