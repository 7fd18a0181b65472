import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';
import { makeT } from '../../../../web/lib/msg';
import { strings } from '../../../../worker/games/sanguosha/i18n';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('无双 wushuang (吕布)', () => {
  it('无双 needs two 闪: one 闪 does not cancel 吕布’s 杀', () => {
    const t = table({ roles: [...roles], generals: { 0: 'lvbu' }, hands: { 0: ['slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(1).message.params).toMatchObject({ n: 2 });
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.p(1).hp).toBe(3);
    expectConserved(t.g);
  });

  it('two 闪 cancel 吕布’s 杀', () => {
    const t = table({ roles: [...roles], generals: { 0: 'lvbu' }, hands: { 0: ['slash'], 1: ['jink', 'jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.prompt(1).message.key).toBe('sgs.ask.jinkSlash');
    t.answer(1, 'play', { cards: [t.hands[1]![1]!] });
    expect(t.p(1).hp).toBe(4);
  });

  it('in a 决斗 with 吕布 the opponent must play two 杀 each time, 吕布 one', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'lvbu' },
      hands: { 0: ['duel', 'slash'], 1: ['slash', 'slash', 'slash'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    t.passAll([2, 3]);
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    // Still seat 1's turn to answer: the first 杀 is not enough.
    expect(t.prompt(1).message.key).toBe('sgs.ask.duel');
    t.answer(1, 'play', { cards: [t.hands[1]![1]!] });
    t.answer(0, 'play', { cards: [t.hands[0]![1]!] });
    t.answer(1, 'play', { cards: [t.hands[1]![2]!] });
    // One 杀 left short: seat 1 takes the damage.
    expect(t.p(1).hp).toBe(3);
    expect(t.p(0).hp).toBe(4);
    expectConserved(t.g);
  });

  it('when 吕布 is the target of a 决斗 the user must play two 杀 each time as well', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'lvbu' },
      hands: { 1: ['duel', 'slash'], 0: ['slash'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.passAll([2, 3]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    t.answer(1, 'play', { cards: [t.hands[1]![1]!] });
    expect(t.p(1).hp).toBe(3);
  });

  it('the question says how many are needed while 无双 asks for two: 闪 against the 杀, 杀 in the 决斗', () => {
    const names = (seat: number) => ['吕布', 'B', 'C', 'D'][seat]!;
    const zh = makeT('zh-CN', { strings }, names);
    const en = makeT('en', { strings }, names);
    const t = table({
      roles: [...roles],
      generals: { 0: 'lvbu' },
      hands: { 0: ['slash', 'duel'], 1: ['jink', 'jink', 'slash', 'slash'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(zh(t.prompt(1).message)).toContain('需要2张闪');
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    // One left: the plain question again.
    expect(zh(t.prompt(1).message)).not.toContain('需要');
    t.answer(1, 'play', { cards: [t.hands[1]![1]!] });
    t.use(0, t.hands[0]![1]!, [1]);
    t.passAll([2, 3]);
    expect(en(t.prompt(1).message)).toContain('2 Slashes are needed');
    expect(zh(t.prompt(1).message)).toContain('需要打出2张杀');
  });
});
