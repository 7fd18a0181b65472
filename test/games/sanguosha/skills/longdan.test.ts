import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('龙胆 longdan (赵云)', () => {
  it('龙胆’s 闪 played as 杀 against 南蛮入侵: the option says 打出, not 使用', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhaoyun' },
      hands: { 1: ['savage_assault'], 0: ['jink'] },
    });
    t.use(1, t.hands[1]![0]!);
    const o = t.prompt(0).options.find((x) => x.id === 'as:longdan:slash')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.playAs',
      params: { as: { key: 'sgs.card.slash' }, skill: { key: 'sgs.skill.longdan' } },
    });
    t.answer(0, 'as:longdan:slash', { cards: [t.hands[0]![0]!] });
    expect(t.p(0).hp).toBe(4);
    expect(t.log()).toContain('sgs.log.playAsSkill');
    expectConserved(t.g);
  });

  it('龙胆: a 杀 used as 闪 dodges a 杀', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'zhaoyun' },
      hands: { 1: ['slash'], 0: ['slash'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.options(0)).toContain('as:longdan:jink');
    t.answer(0, 'as:longdan:jink', { cards: [t.hands[0]![0]!] });
    expect(t.p(0).hp).toBe(4);
    expect(t.g.discard).toContain(t.hands[0]![0]!);
  });

  it('龙胆: in the play phase a 闪 is used as a 杀 and counts as the phase’s 杀', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhaoyun' }, hands: { 0: ['jink', 'slash'] } });
    t.answer(0, 'as:longdan:slash', { cards: [t.hands[0]![0]!], seats: [1] });
    expect(t.p(1).hp).toBe(3);
    expect(t.g.slashes).toBe(1);
    expect(t.options(0)).not.toContain(`use:${t.hands[0]![1]}`);
  });

  it('龙胆 only turns 杀 and 闪: a 桃 cannot be played as 杀', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhaoyun' }, hands: { 0: ['peach', 'jink'] } });
    expect(t.try(0, 'as:longdan:slash', { cards: [t.hands[0]![0]!], seats: [1] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('a bot with 青龙偃月刀 follows a dodged 杀 with 龙胆’s 闪 as 杀 when that is its only 杀', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'zhaoyun' },
      equip: { 0: ['blade'] },
      hands: { 0: ['slash', 'jink'], 1: ['jink'] },
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(1, 'play', { cards: [t.hands[1]![0]!] });
    const p = t.prompt(0);
    expect(p.message.key).toBe('sgs.ask.blade');
    expect(p.options.map((o) => o.id)).toEqual(['as:longdan:slash', 'pass']);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a).toEqual({ prompt: p.id, option: 'as:longdan:slash', cards: [String(t.hands[0]![1])] });
    t.answer(0, a.option, { cards: a.cards! });
    expect(t.p(1).hp).toBe(3);
  });
});
