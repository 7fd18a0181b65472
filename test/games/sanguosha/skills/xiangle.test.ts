import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('享乐 xiangle (刘禅)', () => {
  it('享乐: the 杀’s user discards a basic card and the 杀 goes on', () => {
    const t = table({ roles: [...roles], generals: { 1: 'liushan' }, hands: { 0: ['slash', 'jink', 'duel'] } });
    const [slash, jink, duel] = t.hands[0] as [number, number, number];
    t.use(0, slash, [1]);
    const p = t.prompt(0);
    expect(p.message).toEqual({ key: 'sgs.ask.xiangle', params: { target: 1 } });
    expect(p.options.find((o) => o.id === 'discard')!.cards!.from).toEqual([String(jink)]);
    expect(t.try(0, 'discard', { cards: [duel] }).ok).toBe(false);
    t.answer(0, 'discard', { cards: [jink] });
    expect(t.p(1).hp).toBe(2);
    expect(t.log()).toEqual(expect.arrayContaining(['sgs.log.skill', 'sgs.log.xiangleDiscard']));
    expectConserved(t.g);
  });

  it('享乐: if the user discards nothing the 杀 has no effect on 刘禅', () => {
    const t = table({ roles: [...roles], generals: { 1: 'liushan' }, hands: { 0: ['slash', 'jink'] } });
    t.use(0, t.hands[0]![0]!, [1]).pass(0);
    expect(t.p(1).hp).toBe(3);
    expect(t.p(0).hand).toEqual([t.hands[0]![1]!]);
    expect(t.log()).toContain('sgs.log.noEffect');
  });

  it('享乐: a user with no basic card in hand cannot pay, so the 杀 has no effect', () => {
    const t = table({ roles: [...roles], generals: { 1: 'liushan' }, hands: { 0: ['slash', 'duel'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(0).kind).toBe('play');
    expect(t.p(1).hp).toBe(3);
  });

  it('a bot pays for 享乐 with its cheapest basic card to hit an enemy', () => {
    const t = table({
      roles: [...roles],
      generals: { 1: 'liushan' },
      hands: { 0: ['slash', 'jink', 'peach', 'analeptic'] },
    });
    t.p(1).revealed = true; // a known rebel: the lord's enemy
    t.use(0, t.hands[0]![0]!, [1]);
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a.option).toBe('discard');
    expect(a.cards).toEqual([String(t.hands[0]![3])]);
  });
});

describe('享乐 resolves when the targets are confirmed', () => {
  it('享乐 resolves when targets are confirmed: a 方天画戟 杀 whose user 刚烈 kills at the first target still has no effect on 刘禅 (its user could not discard)', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'loyalist'],
      current: 1,
      hp: [undefined, 1],
      generals: { 2: 'xiahoudun', 3: 'liushan' },
      hands: { 1: ['slash'] },
      equip: { 1: ['halberd'] },
      top: ['dismantlement@spade'],
    });
    const slash = t.hands[1]![0]!;
    t.use(1, slash, [2, 3]);
    // Both targets are confirmed first: 享乐 fires (the user has no basic card left) before 夏侯惇 is hit.
    expect(t.log()).toContain('sgs.log.skill');
    t.answer(2, 'use'); // 刚烈
    expect(t.p(1).alive).toBe(false);
    expect(t.p(3).hp).toBe(3);
    expect(t.log().indexOf('sgs.log.skill')).toBeLessThan(t.log().indexOf('sgs.log.damage'));
  });
});
