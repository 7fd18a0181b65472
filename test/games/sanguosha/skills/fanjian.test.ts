import { describe, expect, it } from 'vitest';
import { botRng, viewFor } from '../../../../worker/engine';
import def from '../../../../worker/games/sanguosha';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('反间 fanjian (周瑜)', () => {
  it('反间: the target names a suit and takes a hand card; a different suit costs them 1 damage from 周瑜', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhouyu' }, hands: { 0: ['slash@spade'] } });
    const card = t.hands[0]![0]!;
    t.answer(0, 'skill:fanjian', { seats: [1] });
    const p = t.prompt(1);
    expect(p.message).toEqual({ key: 'sgs.ask.fanjian', params: { source: 0 } });
    expect(p.options.map((o) => o.id)).toEqual(['suit:spade', 'suit:heart', 'suit:club', 'suit:diamond']);
    t.answer(1, 'suit:heart');
    expect(t.p(1).hand).toEqual([card]);
    expect(t.p(1).hp).toBe(3);
    // The card is shown to everyone, and the damage is 周瑜's.
    const take = t.entries().find((e) => e.msg.key === 'sgs.log.fanjianTake')!;
    expect(take.to).toBe('public');
    expect(take.msg.params).toMatchObject({ seat: 1, source: 0, card });
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.damage')!.msg.params).toMatchObject({ source: 0, target: 1 });
    expectConserved(t.g);
  });

  it('naming the right suit: the target keeps the card and takes no damage', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhouyu' }, hands: { 0: ['slash@spade'] } });
    t.answer(0, 'skill:fanjian', { seats: [1] }).answer(1, 'suit:spade');
    expect(t.p(1).hp).toBe(4);
    expect(t.p(1).hand).toEqual(t.hands[0]);
  });

  it('反间 is once per play phase and needs a hand card', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhouyu' }, hands: { 0: ['slash@spade', 'jink@heart'] } });
    t.answer(0, 'skill:fanjian', { seats: [2] }).answer(2, 'suit:club');
    expect(t.options(0)).not.toContain('skill:fanjian');
    expect(t.try(0, 'skill:fanjian', { seats: [1] }).ok).toBe(false);
    const empty = table({ roles: [...roles], generals: { 0: 'zhouyu' } });
    expect(empty.options(0)).not.toContain('skill:fanjian');
  });

  it('反间 on yourself is rejected and changes nothing', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhouyu' }, hands: { 0: ['slash@spade'] } });
    expect(t.try(0, 'skill:fanjian', { seats: [0] }).ok).toBe(false);
    expect(t.options(0)).toContain('skill:fanjian');
  });

  it('only the target is asked to name a suit; no card is chosen until it has named one', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'zhouyu' },
      hands: { 0: ['slash@spade', 'jink@heart', 'peach@diamond'] },
    });
    t.answer(0, 'skill:fanjian', { seats: [1] });
    for (const seat of [null, 0, 2, 3]) expect(viewFor(def, t.s, seat).prompts).toEqual([]);
    expect(viewFor(def, t.s, 1).prompts).toHaveLength(1);
    expect(t.s.stack.at(-1)).not.toHaveProperty('card');
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('a bot uses 反间 on an enemy; the target bot names one of the four suits', () => {
    const t = table({ roles: [...roles], generals: { 0: 'zhouyu' }, hands: { 0: ['iron_chain@club'] } });
    t.g.stance[1] = 3;
    let p = t.prompt(0);
    expect(bot(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'skill:fanjian', seats: [1] });
    t.answer(0, 'skill:fanjian', { seats: [1] });
    p = t.prompt(1);
    expect(bot(t.s, p, botRng(t.s, p))!.option).toMatch(/^suit:(spade|heart|club|diamond)$/);
  });
});
