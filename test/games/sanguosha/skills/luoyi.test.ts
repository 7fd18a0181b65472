import { describe, expect, it } from 'vitest';
import { rngOf, seedRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('裸衣 luoyi (许褚)', () => {
  it('裸衣 draws one card fewer, and this turn 许褚’s 杀 deals 1 more damage', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'xuchu' },
      hands: { 0: ['slash'] },
      top: ['jink', 'peach'],
    });
    expect(t.prompt(0).message.key).toBe('sgs.ask.luoyi');
    t.answer(0, 'use');
    expect(t.p(0).hand.length).toBe(2);
    expect(t.p(0).marks.luoyi).toBe(1);
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(2);
    expect(t.log()).toContain('sgs.log.luoyi');
    expectConserved(t.g);
  });

  it('裸衣 adds 1 to the damage of a 决斗 许褚 uses', () => {
    const t = table({ roles: [...roles], phase: 'start', generals: { 0: 'xuchu' }, hands: { 0: ['duel'] } });
    t.answer(0, 'use').use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(2);
  });

  it('without 裸衣 许褚 draws two and his 杀 deals 1', () => {
    const t = table({ roles: [...roles], phase: 'start', generals: { 0: 'xuchu' }, hands: { 0: ['slash'] } });
    t.pass(0);
    expect(t.p(0).hand.length).toBe(3);
    expect(t.p(0).marks.luoyi).toBeUndefined();
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(3);
  });

  it('裸衣 lasts only this turn, and a 决斗 used against 许褚 gets no bonus', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'xuchu' },
      hands: { 0: ['slash@spade:7'], 1: ['duel'] },
      top: ['jink', 'peach'],
    });
    t.answer(0, 'use');
    // End the play phase; discard down to the limit if asked.
    t.pass(0);
    if (t.asked(0)?.kind === 'discard') t.answer(0, 'discard', { cards: [t.p(0).hand[0]!] });
    expect(t.p(0).marks.luoyi).toBeUndefined();
    expect(t.g.current).toBe(1);
    // 许褚 answers the duel with his 杀 and seat 1 takes the usual 1.
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    expect(t.p(1).hp).toBe(3);
  });

  it('the bot uses 裸衣 only with a 杀 or 决斗 in hand', () => {
    const armed = table({ roles: [...roles], phase: 'start', generals: { 0: 'xuchu' }, hands: { 0: ['duel'] } });
    expect(bot(armed.s, armed.prompt(0), rngOf(seedRng('b')))!.option).toBe('use');
    const bare = table({ roles: [...roles], phase: 'start', generals: { 0: 'xuchu' }, hands: { 0: ['peach'] } });
    expect(bot(bare.s, bare.prompt(0), rngOf(seedRng('b')))!.option).toBe('pass');
  });
});
