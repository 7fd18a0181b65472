import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import type { SgsSkill } from '../../../../worker/games/sanguosha/types';
import { table, withTestSkills, expectConserved } from '../table';

// Five seats in a ring: from 大乔 at seat 2, seats 1 and 3 are at distance 1, seats 0 and 4 at distance 2.
const roles = ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'] as const;

describe('流离 liuli (大乔)', () => {
  it('流离 moves a 杀 to a seat in her attack range, never to the 杀’s user; the new target must answer it', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    const p = t.prompt(2);
    expect(p.message).toEqual({ key: 'sgs.ask.liuli', params: { source: 1, others: [2] } });
    const o = p.options.find((x) => x.id === 'use')!;
    expect(o.seats!.from).toEqual([3]);
    expect(o.seats!.blocked).toEqual(
      expect.arrayContaining([
        { seat: 1, why: { key: 'sgs.why.liuliUser' } },
        { seat: 0, why: { key: 'sgs.ui.outOfRange' } },
        { seat: 4, why: { key: 'sgs.ui.outOfRange' } },
      ]),
    );
    expect(t.try(2, 'use', { cards: [t.hands[2]![0]!], seats: [1] }).ok).toBe(false);
    t.answer(2, 'use', { cards: [t.hands[2]![0]!], seats: [3] });
    expect(t.p(2).hp).toBe(3);
    expect(t.p(2).hand).toEqual([]);
    expect(t.p(3).hp).toBe(3);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.liuli')!.msg.params).toEqual({
      seat: 2,
      source: 1,
      target: 3,
      cards: [t.hands[2]![0]!],
    });
    expectConserved(t.g);
  });

  it('passing 流离 leaves the 杀 on 大乔', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach'] },
    });
    t.use(1, t.hands[1]![0]!, [2]).pass(2);
    expect(t.p(2).hp).toBe(2);
    expect(t.p(2).hand).toEqual(t.hands[2]);
  });

  it('ruling S12: discarding her weapon, the new target must be in the range she has without it', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach'] },
      equip: { 2: ['qinggang_sword'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    const sword = t.equips[2]![0]!;
    // With the sword (range 2) seats 0 and 4 are reachable, so they are offered …
    expect(t.prompt(2).options.find((x) => x.id === 'use')!.seats!.from).toEqual([3, 4, 0]);
    // … but not with the sword itself as the discard.
    const r = t.try(2, 'use', { cards: [sword], seats: [4] });
    expect(r.ok).toBe(false);
    expect(t.p(2).equip.weapon).toBe(sword);
    t.answer(2, 'use', { cards: [t.hands[2]![0]!], seats: [4] });
    expect(t.p(4).hp).toBe(3);
  });

  it('ruling S12: discarding her −1 horse, a seat it brought into range is no longer reachable', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach'] },
      equip: { 2: ['chitu'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    const horse = t.equips[2]![0]!;
    expect(t.try(2, 'use', { cards: [horse], seats: [0] }).ok).toBe(false);
    t.answer(2, 'use', { cards: [horse], seats: [3] });
    expect(t.p(3).hp).toBe(3);
    expect(t.p(2).equip.minus).toBeNull();
  });

  it('a seat that may not be the target of a 杀 (a prohibition skill such as 空城) cannot receive it', () => {
    const noSlash: SgsSkill = {
      id: 'test_noslash',
      prohibit: (_g, _owner, _user, name) => name === 'slash',
      effects: [],
    };
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach'] },
      skills: { 3: ['test_noslash'] },
      def: withTestSkills({ test_noslash: noSlash }),
    });
    t.use(1, t.hands[1]![0]!, [2]);
    // The only seat in range is protected, so 流离 is not even offered.
    expect(t.asked(2)).toBeUndefined();
    expect(t.p(2).hp).toBe(2);
  });

  it('流离 cannot move a 杀 onto a seat that is already its target (方天画戟 with three targets)', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach'] },
      equip: { 1: ['halberd'], 2: ['qinggang_sword'] },
    });
    t.use(1, t.hands[1]![0]!, [2, 3]);
    const o = t.prompt(2).options.find((x) => x.id === 'use')!;
    expect(o.seats!.from).toEqual([4, 0]);
    expect(o.seats!.blocked).toContainEqual({ seat: 3, why: { key: 'sgs.why.liuliTargeted' } });
    expect(t.try(2, 'use', { cards: [t.hands[2]![0]!], seats: [3] }).ok).toBe(false);
  });

  it('with no card to discard 流离 is not offered', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'daqiao' }, hands: { 1: ['slash'] } });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.asked(2)).toBeUndefined();
    expect(t.p(2).hp).toBe(2);
  });

  it('a bot redirects the 杀 to an enemy in range with its cheapest hand card (the easy bot: a seat that attacked the lord)', () => {
    const t = table({
      roles: [...roles],
      options: { botLevel: 'easy' },
      current: 1,
      generals: { 2: 'daqiao' },
      hands: { 1: ['slash'], 2: ['peach', 'iron_chain'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    t.g.stance[3] = 3;
    const p = t.prompt(2);
    expect(bot(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'use', cards: [String(t.hands[2]![1])], seats: [3] });
    // With no known enemy in range the bot keeps it.
    t.g.stance[3] = 0;
    expect(bot(t.s, p, botRng(t.s, p))!.option).toBe('pass');
  });
});
