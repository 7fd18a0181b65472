import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('青囊 qingnang (华佗)', () => {
  it('青囊 discards one hand card and a wounded character of his choice recovers 1 HP, once per play phase', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'huatuo' },
      hp: [undefined, undefined, 2],
      hands: { 0: ['slash', 'jink'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === 'skill:qingnang')!;
    expect(o.seats!.from).toEqual([2]);
    t.answer(0, 'skill:qingnang', { cards: [t.hands[0]![0]!], seats: [2] });
    expect(t.p(2).hp).toBe(3);
    expect(t.g.discard).toContain(t.hands[0]![0]!);
    expect(t.log()).toContain('sgs.log.qingnang');
    expect(t.options(0)).not.toContain('skill:qingnang');
    expectConserved(t.g);
  });

  it('华佗 may heal himself with 青囊', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huatuo' }, hp: [1], hands: { 0: ['slash'] } });
    t.answer(0, 'skill:qingnang', { cards: [t.hands[0]![0]!], seats: [0] });
    expect(t.p(0).hp).toBe(2);
  });

  it('青囊 is not offered when nobody is wounded, and an unwounded target is rejected without change', () => {
    const t = table({ roles: [...roles], generals: { 0: 'huatuo' }, hands: { 0: ['slash'] } });
    expect(t.options(0)).not.toContain('skill:qingnang');
    const u = table({ roles: [...roles], generals: { 0: 'huatuo' }, hp: [undefined, 2], hands: { 0: ['slash'] } });
    expect(u.try(0, 'skill:qingnang', { cards: [u.hands[0]![0]!], seats: [2] }).ok).toBe(false);
    expect(u.p(0).hand).toEqual(u.hands[0]);
  });

  it('a bot heals a wounded friend (the lord) with its cheapest card, not an enemy', () => {
    const t = table({
      roles: ['loyalist', 'rebel', 'lord', 'traitor'],
      current: 0,
      generals: { 0: 'huatuo' },
      hp: [undefined, 1, 2],
      hands: { 0: ['peach', 'lightning', 'jink'] },
    });
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a.option).toBe('skill:qingnang');
    expect(a.seats).toEqual([2]);
    expect(a.cards).toEqual([String(t.hands[0]![1])]);
  });
});
