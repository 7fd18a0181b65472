import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('急救 jijiu (华佗)', () => {
  it('急救 in another player’s dying: outside his turn 华佗 uses a red card as 桃 and the lord lives', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'huatuo' },
      hp: [1],
      hands: { 1: ['slash'], 2: ['jink@diamond'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.p(0).hp).toBe(0);
    const o = t.prompt(2).options.find((x) => x.id === 'as:jijiu:peach')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.useAs',
      params: { as: { key: 'sgs.card.peach' }, skill: { key: 'sgs.skill.jijiu' } },
    });
    t.answer(2, 'as:jijiu:peach', { cards: [t.hands[2]![0]!] });
    expect(t.p(0).hp).toBe(1);
    expect(t.p(0).alive).toBe(true);
    expect(t.g.discard).toContain(t.hands[2]![0]!);
    expectConserved(t.g);
  });

  it('an equipped red card serves 急救 too, but a black card does not', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'huatuo' },
      hp: [1],
      hands: { 1: ['slash'], 2: ['slash@spade'] },
      equip: { 2: ['chitu'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    const o = t.prompt(2).options.find((x) => x.id === 'as:jijiu:peach')!;
    expect(o.cards!.from).toEqual([String(t.equips[2]![0])]);
    expect(t.try(2, 'as:jijiu:peach', { cards: [t.hands[2]![0]!] }).ok).toBe(false);
    t.answer(2, 'as:jijiu:peach', { cards: [t.equips[2]![0]!] });
    expect(t.p(2).equip.minus).toBeNull();
    expect(t.p(0).hp).toBe(1);
  });

  it('in his own turn 华佗 cannot use a red card as 桃: not in the play phase, not in a dying round', () => {
    const t = table({
      roles: ['rebel', 'lord', 'loyalist', 'traitor'],
      current: 0,
      generals: { 0: 'huatuo' },
      hp: [2, 1],
      hands: { 0: ['slash', 'jink@heart'] },
    });
    expect(t.options(0).some((o) => o.startsWith('as:jijiu'))).toBe(false);
    t.use(0, t.hands[0]![0]!, [1]);
    // Nobody can save the lord: 华佗's red card is no 桃 in his own turn, so the game ends without a rescue prompt.
    expect(t.s.prompts.some((p) => p.seat === 0 && p.kind === 'rescue')).toBe(false);
    expect(t.p(1).alive).toBe(false);
  });
});
