import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('铁骑 tieqi (马超)', () => {
  it('铁骑: a red judgement means the target cannot use 闪 against this 杀', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'machao' },
      hands: { 0: ['slash'], 1: ['jink'] },
      top: ['peach@heart'],
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(0).message).toEqual({ key: 'sgs.ask.tieqi', params: { target: 1 } });
    t.answer(0, 'use');
    expect(t.asked(1)).toBeUndefined();
    expect(t.p(1).hp).toBe(3);
    expect(t.p(1).hand).toEqual(t.hands[1]);
    expect(t.log()).toEqual(
      expect.arrayContaining(['sgs.log.skillUse', 'sgs.log.judge', 'sgs.log.tieqiHit', 'sgs.log.noJink']),
    );
    expect(t.g.discard).toContain(t.top[0]!);
    expectConserved(t.g);
  });

  it('铁骑: a black judgement leaves the 闪 allowed', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'machao' },
      hands: { 0: ['slash'], 1: ['jink'] },
      top: ['slash@spade'],
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(0, 'use');
    expect(t.log()).toContain('sgs.log.tieqiMiss');
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.p(1).hp).toBe(4);
  });

  it('铁骑 is optional: declining judges nothing', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'machao' },
      hands: { 0: ['slash'], 1: ['jink'] },
      top: ['peach@heart'],
    });
    t.use(0, t.hands[0]![0]!, [1]).pass(0);
    expect(t.g.draw[0]).toBe(t.top[0]);
    expect(t.prompt(1).kind).toBe('respond');
  });

  it('铁骑 is for 马超’s own 杀 only: a 杀 aimed at him does not trigger it', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 0: 'machao' }, hands: { 1: ['slash'] } });
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.asked(0)?.message.key).not.toBe('sgs.ask.tieqi');
    expect(t.p(0).hp).toBe(3);
  });
});
