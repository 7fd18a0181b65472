import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;
const six = ['jink', 'jink', 'peach', 'amazing_grace', 'iron_chain', 'lightning'];

describe('克己 keji (吕蒙)', () => {
  it('克己: with no 杀 used in the play phase, 吕蒙 may skip his discard phase and keep every card', () => {
    const t = table({ roles: [...roles], generals: { 0: 'lvmeng' }, hands: { 0: six } });
    t.pass(0);
    expect(t.prompt(0).message.key).toBe('sgs.ask.keji');
    t.answer(0, 'use');
    expect(t.p(0).hand).toHaveLength(6);
    expect(t.log()).toContain('sgs.log.skipPhase');
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.skillUse')!.msg.params).toEqual({
      seat: 0,
      skill: { key: 'sgs.skill.keji' },
    });
    expect(t.g.current).toBe(1);
  });

  it('declining 克己 leaves the discard phase as it is', () => {
    const t = table({ roles: [...roles], generals: { 0: 'lvmeng' }, hands: { 0: six } });
    t.pass(0).pass(0);
    expect(t.prompt(0).kind).toBe('discard');
  });

  it('after using a 杀 in the play phase 克己 is not offered', () => {
    const t = table({ roles: [...roles], generals: { 0: 'lvmeng' }, hands: { 0: ['slash', ...six] } });
    t.use(0, t.hands[0]![0]!, [1]);
    t.pass(0);
    expect(t.prompt(0).kind).toBe('discard');
  });

  it('a 杀 played (打出) in a 决斗 during his play phase also counts, so 克己 is not offered', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'lvmeng' },
      hands: { 0: ['duel', 'slash', ...six], 1: ['slash'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    t.passAll([2, 3]);
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    t.answer(0, 'play', { cards: [t.hands[0]![1]!] });
    expect(t.p(1).hp).toBe(3);
    t.pass(0);
    expect(t.prompt(0).kind).toBe('discard');
    expectConserved(t.g);
  });

  it('a 杀 played outside his play phase (against 南蛮入侵 in another turn) does not stop 克己 in his own turn', () => {
    const t = table({
      roles: [...roles],
      current: 3,
      generals: { 0: 'lvmeng' },
      hands: { 3: ['savage_assault'], 0: ['slash', ...six] },
    });
    t.use(3, t.hands[3]![0]!);
    t.passAll([1, 2]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    t.passAll([1, 2]);
    t.pass(3);
    // Seat 3 ends its turn; the lord's turn follows: draw 2, play, then 克己.
    for (let k = 0; k < 20 && !(t.asked(0)?.kind === 'play'); k++) t.passAll();
    t.pass(0);
    expect(t.prompt(0).message.key).toBe('sgs.ask.keji');
  });

  it('克己 is not offered when the hand is within the limit (skipping would change nothing)', () => {
    const t = table({ roles: [...roles], generals: { 0: 'lvmeng' }, hands: { 0: ['jink', 'jink'] } });
    t.pass(0);
    expect(t.asked(0)?.message.key).not.toBe('sgs.ask.keji');
    expect(t.g.current).toBe(1);
  });
});
