import { describe, expect, it } from 'vitest';
import { table, expectConserved, withTestSkills } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('集智 jizhi (黄月英)', () => {
  it('集智: using a real non-delayed trick, 黄月英 may draw a card first', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'huangyueying' },
      hands: { 0: ['ex_nihilo'] },
      top: ['jink', 'slash', 'peach'],
    });
    t.use(0, t.hands[0]![0]!);
    expect(t.prompt(0).message).toEqual({ key: 'sgs.ask.jizhi', params: { card: t.hands[0]![0]! } });
    t.answer(0, 'use');
    expect(t.p(0).hand.sort()).toEqual([...t.top].sort());
    expect(t.log()).toContain('sgs.log.jizhi');
    expectConserved(t.g);
  });

  it('集智 may be declined', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huangyueying' }, hands: { 0: ['ex_nihilo'] } });
    t.use(0, t.hands[0]![0]!).pass(0);
    expect(t.p(0).hand).toHaveLength(2);
  });

  it('集智 counts a 无懈可击 she uses', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'huangyueying' },
      hands: { 1: ['dismantlement'], 0: ['nullification', 'jink'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'use', { cards: [t.hands[0]![0]!] });
    expect(t.prompt(0).message.key).toBe('sgs.ask.jizhi');
    t.answer(0, 'use');
    expect(t.p(0).hand).toHaveLength(2);
  });

  it('集智 ignores delayed tricks and basic cards', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huangyueying' }, hands: { 0: ['indulgence', 'slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(0).kind).toBe('play');
    t.use(0, t.hands[0]![1]!, [1]);
    expect(t.asked(0)?.message.key).not.toBe('sgs.ask.jizhi');
  });

  it('集智 ignores a converted trick (a card used as a trick through a skill)', () => {
    const def = withTestSkills({
      test_as_duel: { id: 'test_as_duel', viewAs: [{ as: 'duel', n: 1, zones: 'h', card: () => true }], effects: [] },
    });
    const t = table({
      roles: [...roles],
      def,
      skills: { 0: ['test_as_duel'] },
      generals: { 0: 'huangyueying' },
      hands: { 0: ['jink'] },
    });
    t.answer(0, 'as:test_as_duel:duel', { cards: [t.hands[0]![0]!], seats: [1] });
    expect(t.asked(0)?.message.key).not.toBe('sgs.ask.jizhi');
    expect(t.p(1).hp).toBe(3);
  });
});
