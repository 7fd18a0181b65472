import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'loyalist', 'rebel', 'traitor'] as const;

describe('黄天 huangtian (张角, lord)', () => {
  it('黄天: another 群 character gives the lord 张角 a 闪 in its own play phase, once per phase', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao', 1: 'lvbu' },
      hands: { 1: ['jink', 'lightning', 'slash'] },
    });
    const o = t.prompt(1).options.find((x) => x.id === 'skill:huangtian')!;
    expect(o.cards!.from).toEqual(t.hands[1]!.slice(0, 2).map(String));
    expect(o.message).toEqual({ key: 'sgs.opt.huangtian', params: { lordSeat: 0 } });
    t.answer(1, 'skill:huangtian', { cards: [t.hands[1]![0]!] });
    expect(t.p(0).hand).toEqual([t.hands[1]![0]!]);
    expect(t.log()).toContain('sgs.log.huangtian');
    expect(t.options(1)).not.toContain('skill:huangtian');
    expectConserved(t.g);
  });

  it('a 闪电 may be given; a 杀 may not, and the rejection changes nothing', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao', 1: 'lvbu' },
      hands: { 1: ['lightning', 'slash'] },
    });
    expect(t.try(1, 'skill:huangtian', { cards: [t.hands[1]![1]!] }).ok).toBe(false);
    expect(t.p(1).hand).toEqual(t.hands[1]);
    t.answer(1, 'skill:huangtian', { cards: [t.hands[1]![0]!] });
    expect(t.p(0).hand).toEqual([t.hands[1]![0]!]);
  });

  it('黄天 is offered only to other 群 characters, and only while 张角 is the lord', () => {
    const wei = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao', 1: 'caocao' },
      hands: { 1: ['jink'] },
    });
    expect(wei.options(1)).not.toContain('skill:huangtian');
    const self = table({ roles: [...roles], generals: { 0: 'zhangjiao' }, hands: { 0: ['jink'] } });
    expect(self.options(0)).not.toContain('skill:huangtian');
    const notLord = table({
      roles: ['loyalist', 'lord', 'rebel', 'traitor'],
      current: 2,
      generals: { 0: 'zhangjiao', 2: 'lvbu' },
      hands: { 2: ['jink'] },
    });
    expect(notLord.options(2)).not.toContain('skill:huangtian');
    expect(notLord.try(2, 'skill:huangtian', { cards: [notLord.hands[2]![0]!] }).ok).toBe(false);
  });

  it('a loyalist bot hands its 闪电 to the lord; a rebel bot gives nothing', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhangjiao', 1: 'lvbu' },
      hands: { 1: ['lightning'] },
    });
    const p = t.prompt(1);
    expect(bot(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'skill:huangtian', cards: [String(t.hands[1]![0])] });
    const r = table({
      roles: [...roles],
      current: 2,
      generals: { 0: 'zhangjiao', 2: 'lvbu' },
      hands: { 2: ['lightning'] },
    });
    const q = r.prompt(2);
    expect(bot(r.s, q, botRng(r.s, q))?.option).not.toBe('skill:huangtian');
  });
});
