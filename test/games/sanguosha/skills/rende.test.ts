import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('仁德 rende (刘备, form b of ruling S5)', () => {
  it('仁德 gives any number of hand cards to one other character; reaching two given this phase recovers 1 HP', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'liubei' },
      hp: [2],
      hands: { 0: ['jink', 'peach', 'slash'] },
    });
    const [a, b, c] = t.hands[0] as [number, number, number];
    const o = t.prompt(0).options.find((x) => x.id === 'skill:rende')!;
    expect(o.cards).toMatchObject({ min: 1, max: 3 });
    expect(o.seats!.from).toEqual([1, 2, 3]);
    t.answer(0, 'skill:rende', { cards: [a, b], seats: [2] });
    expect(t.p(2).hand.sort()).toEqual([a, b].sort());
    expect(t.p(0).hand).toEqual([c]);
    expect(t.p(0).hp).toBe(3);
    // Which cards were given is told only to the two of them.
    const secret = t.entries().find((e) => e.msg.key === 'sgs.log.rendeSecret')!;
    expect(secret.to).toEqual([0, 2]);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.rende')!.to).toBe('public');
    expectConserved(t.g);
  });

  it('仁德 has no use limit, but recovers only once per play phase: when the total first reaches two', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'liubei' },
      hp: [1],
      hands: { 0: ['jink', 'peach', 'slash', 'duel'] },
    });
    const [a, b, c, d] = t.hands[0] as [number, number, number, number];
    t.answer(0, 'skill:rende', { cards: [a], seats: [1] });
    expect(t.p(0).hp).toBe(1);
    t.answer(0, 'skill:rende', { cards: [b], seats: [3] });
    expect(t.p(0).hp).toBe(2);
    t.answer(0, 'skill:rende', { cards: [c, d], seats: [2] });
    expect(t.p(0).hp).toBe(2);
    expect(t.options(0)).not.toContain('skill:rende');
  });

  it('仁德 may not give to himself nor give cards he does not hold', () => {
    const t = table({ roles: [...roles], generals: { 0: 'liubei' }, hands: { 0: ['jink'], 1: ['slash'] } });
    expect(t.try(0, 'skill:rende', { cards: [t.hands[0]![0]!], seats: [0] }).ok).toBe(false);
    expect(t.try(0, 'skill:rende', { cards: [t.hands[1]![0]!], seats: [2] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('a wounded bot 刘备 gives two cheap cards to an ally (仁德 to allies), never to an enemy', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'liubei' },
      hp: [3],
      hands: { 0: ['lightning', 'iron_chain', 'jink', 'nullification'] },
    });
    t.g.stance[2] = -3; // seat 2 has been seen helping the lord's side
    t.g.stance[1] = 3;
    const p = t.prompt(0);
    const o = p.options.find((x) => x.id === 'skill:rende')!;
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(o).toBeDefined();
    expect(a.option).toBe('skill:rende');
    expect(a.seats).toEqual([2]);
    expect(a.cards!.map(Number).sort()).toEqual(t.hands[0]!.slice(0, 2).sort());
  });
});
