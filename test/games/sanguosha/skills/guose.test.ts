import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('国色 guose (大乔)', () => {
  it('国色 places a ♦ hand card in another’s judgement area as 乐不思蜀, and it judges as one', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'daqiao' },
      hands: { 0: ['jink@diamond', 'jink@heart'] },
      top: ['slash@spade', 'jink', 'slash'],
    });
    const o = t.prompt(0).options.find((x) => x.id === 'as:guose:indulgence')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.useAs',
      params: { as: { key: 'sgs.card.indulgence' }, skill: { key: 'sgs.skill.guose' } },
    });
    expect(o.cards!.from).toEqual([String(t.hands[0]![0])]);
    const card = t.hands[0]![0]!;
    t.answer(0, 'as:guose:indulgence', { cards: [card], seats: [1] });
    expect(t.p(1).judge).toEqual([card]);
    expect(t.g.asName[card]).toBe('indulgence');
    expect(t.log()).toContain('sgs.log.useAsSkill');
    // Seat 1's turn: the judgement (♠) hits and the play phase is skipped.
    t.pass(0);
    for (let k = 0; k < 10 && t.g.current !== 1; k++) t.passAll();
    expect(t.log()).toContain('sgs.log.delayedHit');
    expect(t.p(1).judge).toEqual([]);
    expect(t.g.discard).toContain(card);
    expect(t.g.asName[card]).toBeUndefined();
    expectConserved(t.g);
  });

  it('国色 may turn an equipped ♦ card', () => {
    const t = table({ roles: [...roles], generals: { 0: 'daqiao' }, equip: { 0: ['zixing'] } });
    t.answer(0, 'as:guose:indulgence', { cards: [t.equips[0]![0]!], seats: [2] });
    expect(t.p(0).equip.minus).toBeNull();
    expect(t.p(2).judge).toEqual(t.equips[0]);
  });

  it('a non-♦ card cannot be used through 国色, and a seat that already has 乐不思蜀 cannot take a second', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'daqiao' },
      hands: { 0: ['jink@diamond', 'jink@heart'] },
      judge: { 1: ['indulgence'] },
    });
    expect(t.try(0, 'as:guose:indulgence', { cards: [t.hands[0]![1]!], seats: [2] }).ok).toBe(false);
    const o = t.prompt(0).options.find((x) => x.id === 'as:guose:indulgence')!;
    expect(o.seats!.from).not.toContain(1);
    expect(o.seats!.blocked).toContainEqual({ seat: 1, why: { key: 'sgs.ui.hasOne' } });
  });

  it('a bot uses 国色 on an enemy with a cheap ♦ card', () => {
    const t = table({ roles: [...roles], generals: { 0: 'daqiao' }, hands: { 0: ['fire_attack@diamond'] } });
    t.g.stance[1] = 3;
    const p = t.prompt(0);
    expect(bot(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'as:guose:indulgence', seats: [1] });
  });
});
