import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('雷击 leiji (张角)', () => {
  it('雷击: after using a 闪, 张角 makes a character judge; on a ♠ they take 2 thunder damage from him', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao' },
      hands: { 1: ['slash@club:10'], 0: ['jink@heart'] },
      top: ['slash@spade:7'],
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    expect(t.prompt(0).message.key).toBe('sgs.ask.leiji');
    t.answer(0, 'use', { seats: [1] });
    expect(t.p(1).hp).toBe(2);
    expect(t.p(0).hp).toBe(3);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.damage')?.msg.params).toMatchObject({
      source: 0,
      target: 1,
      n: 2,
    });
    expect(t.log()).toContain('sgs.log.leiji');
    expectConserved(t.g);
  });

  it('a judgement that is not ♠ does nothing', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao' },
      hands: { 1: ['slash@club:10'], 0: ['jink@heart'] },
      top: ['slash@club:7'],
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    t.answer(0, 'use', { seats: [1] });
    expect(t.p(1).hp).toBe(4);
    expect(t.log()).not.toContain('sgs.log.leijiHit');
  });

  it('雷击 also follows a 闪 given by 八卦阵', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao' },
      hands: { 1: ['slash@club:10'] },
      equip: { 0: ['eight_diagram'] },
      top: ['peach@heart', 'thunder_slash@spade:5'],
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'use'); // 八卦阵
    t.pass(0); // 鬼道 on the 八卦阵 judgement (the armour is black)
    expect(t.prompt(0).message.key).toBe('sgs.ask.leiji');
    t.answer(0, 'use', { seats: [1] });
    t.pass(0); // 鬼道 on the 雷击 judgement
    expect(t.p(1).hp).toBe(2);
    expect(t.p(0).hp).toBe(3);
  });

  it('passing 雷击 judges nobody, and a 杀 played is no trigger', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao' },
      hands: { 1: ['slash@club:10', 'savage_assault'], 0: ['jink@heart', 'slash@heart'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    t.pass(0);
    expect(t.log()).not.toContain('sgs.log.judge');
    t.use(1, t.hands[1]![1]!);
    t.passAll([2, 3]);
    t.answer(0, 'play', { cards: [t.hands[0]![1]!] });
    expect(t.s.prompts.some((p) => p.message.key === 'sgs.ask.leiji')).toBe(false);
  });

  it('a bot strikes the weakest known enemy with 雷击', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao' },
      hp: [undefined, undefined, undefined, 2],
      hands: { 1: ['slash@club:10'], 0: ['jink@heart'] },
    });
    t.g.players[1]!.revealed = true;
    t.g.players[3]!.revealed = true;
    t.g.players[3]!.role = 'rebel';
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    const p = t.prompt(0);
    expect(bot(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'use', seats: [3] });
  });
});
