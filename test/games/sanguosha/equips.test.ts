import { describe, expect, it } from 'vitest';
import { table, expectConserved } from './table';

const four = ['lord', 'rebel', 'loyalist', 'traitor'] as const;
const roles = [...four];

describe('fire and thunder damage, chains (S6)', () => {
  it('fire damage on a chained 藤甲 wearer is +1 and propagates to every other chained character at the amount caused', () => {
    const t = table({ roles, chained: [1, 2, 3], equip: { 1: ['vine'], 3: ['vine'] }, hands: { 0: ['fire_slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    // Seat 1: 1 fire +1 藤甲 = 2. Transmitted amount is the 1 the source caused; seat 3's own 藤甲 makes it 2.
    expect([t.p(1).hp, t.p(2).hp, t.p(3).hp]).toEqual([2, 3, 2]);
    expect(t.g.players.map((p) => p.chained)).toEqual([false, false, false, false]);
    expectConserved(t.g);
  });

  it('normal damage to a chained character does not propagate', () => {
    const t = table({ roles, chained: [1, 2], hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect([t.p(1).hp, t.p(2).hp]).toEqual([3, 4]);
    expect([t.p(1).chained, t.p(2).chained]).toEqual([true, true]);
  });

  it('thunder damage propagates, and 酒 counts in the transmitted amount (source side)', () => {
    const t = table({ roles, chained: [1, 3], hands: { 0: ['analeptic', 'thunder_slash'] } });
    t.use(0, t.hands[0]![0]!).use(0, t.hands[0]![1]!, [1]);
    expect([t.p(1).hp, t.p(3).hp]).toEqual([2, 2]);
  });

  it('白银狮子 on the first target does not reduce what is transmitted', () => {
    const t = table({
      roles,
      chained: [1, 3],
      equip: { 1: ['silver_lion'] },
      hands: { 0: ['analeptic', 'fire_slash'] },
    });
    t.use(0, t.hands[0]![0]!).use(0, t.hands[0]![1]!, [1]);
    expect([t.p(1).hp, t.p(3).hp]).toEqual([3, 2]);
  });
});

describe('armour', () => {
  it('八卦阵 judgement: red counts as a 闪', () => {
    const t = table({ roles, equip: { 1: ['eight_diagram'] }, hands: { 0: ['slash'] }, top: ['peach@heart:3'] });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(1).message.key).toBe('sgs.ask.eight_diagram');
    t.answer(1, 'use');
    expect(t.p(1).hp).toBe(4);
    expect(t.log()).toContain('sgs.log.eightDiagram');
  });

  it('八卦阵 judgement: black does not, and a 闪 may still be played', () => {
    const t = table({
      roles,
      equip: { 1: ['eight_diagram'] },
      hands: { 0: ['slash'], 1: ['jink'] },
      top: ['slash@club:3'],
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(1, 'use');
    expect(t.prompt(1).message.key).toBe('sgs.ask.jinkSlash');
    t.pass(1);
    expect(t.p(1).hp).toBe(3);
  });

  it('仁王盾: black 杀 have no effect, red ones do', () => {
    const t = table({
      roles,
      equip: { 1: ['nioh_shield'], 0: ['crossbow'] },
      hands: { 0: ['slash@spade', 'slash@heart'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(4);
    t.use(0, t.hands[0]![1]!, [1]);
    expect(t.p(1).hp).toBe(3);
  });

  it('藤甲: normal 杀 and 南蛮入侵 have no effect; thunder 杀 does', () => {
    const t = table({
      roles,
      equip: { 1: ['vine'], 0: ['crossbow'] },
      hands: { 0: ['slash', 'savage_assault', 'thunder_slash'] },
    });
    const [s, sa, th] = t.hands[0]!;
    t.use(0, s!, [1]).use(0, sa!);
    expect(t.p(1).hp).toBe(4);
    expect(t.p(2).hp).toBe(3);
    t.use(0, th!, [1]);
    expect(t.p(1).hp).toBe(3);
  });

  it('白银狮子 reduces damage above 1 to 1, and its owner recovers 1 when it leaves', () => {
    const t = table({
      roles,
      hp: [4, 3],
      equip: { 1: ['silver_lion'] },
      hands: { 0: ['analeptic', 'slash', 'dismantlement'] },
    });
    const [w, s, d] = t.hands[0]!;
    t.use(0, w!).use(0, s!, [1]);
    expect(t.p(1).hp).toBe(2);
    t.use(0, d!, [1]).answer(0, 'pick', { cards: [t.equips[1]![0]!] });
    expect(t.p(1).hp).toBe(3);
  });

  it('青釭剑 ignores the target’s armour', () => {
    const t = table({ roles, equip: { 0: ['qinggang_sword'], 1: ['vine'] }, hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(3);
  });
});

describe('weapons', () => {
  it('寒冰剑 choice: prevent the damage and discard two of the target’s cards', () => {
    const t = table({
      roles,
      equip: { 0: ['ice_sword'], 1: ['vine'] },
      hands: { 0: ['thunder_slash'], 1: ['peach', 'jink@heart'] },
    });
    t.use(0, t.hands[0]![0]!, [1]).pass(1);
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.ice_sword', params: { target: 1 } });
    t.answer(0, 'use');
    t.answer(0, 'pick', { cards: [t.equips[1]![0]!] }).answer(0, 'pick', { cards: ['hand'] });
    expect(t.p(1).hp).toBe(4);
    expect(t.p(1).equip.armor).toBeNull();
    expect(t.p(1).hand.length).toBe(1);
  });

  it('寒冰剑 choice declined: the damage is dealt', () => {
    const t = table({ roles, equip: { 0: ['ice_sword'] }, hands: { 0: ['slash'], 1: ['peach'] } });
    t.use(0, t.hands[0]![0]!, [1]).pass(0);
    expect(t.p(1).hp).toBe(3);
    expect(t.p(1).hand.length).toBe(1);
  });

  it('古锭刀 adds 1 damage when the target has no hand cards', () => {
    const t = table({ roles, equip: { 0: ['guding_blade'] }, hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(2);
  });

  it('青龙偃月刀: after a 闪 the wielder may use another 杀 on the same target', () => {
    const t = table({ roles, equip: { 0: ['blade'] }, hands: { 0: ['slash', 'slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]).answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.prompt(0).message.key).toBe('sgs.ask.blade');
    t.answer(0, 'use', { cards: [t.hands[0]![1]!] });
    expect(t.p(1).hp).toBe(3);
    expect(t.g.slashes).toBe(1);
  });

  it('贯石斧: after a 闪 the wielder may discard two cards to make the 杀 hit', () => {
    const t = table({ roles, equip: { 0: ['axe'] }, hands: { 0: ['slash', 'peach', 'jink'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]).answer(1, 'play', { cards: [t.hands[1]![0]!] });
    const o = t.prompt(0).options[0]!;
    expect(o.cards!.from).not.toContain(String(t.equips[0]![0]));
    t.answer(0, 'use', { cards: [t.hands[0]![1]!, t.hands[0]![2]!] });
    expect(t.p(1).hp).toBe(3);
  });

  it('麒麟弓: when the 杀 damages, the wielder may discard one of the target’s horses', () => {
    const t = table({ roles, equip: { 0: ['kylin_bow'], 1: ['jueying', 'chitu'] }, hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    t.answer(0, 'use', { cards: [t.equips[1]![0]!] });
    expect(t.p(1).equip.plus).toBeNull();
    expect(t.p(1).equip.minus).toBe(t.equips[1]![1]);
    expect(t.p(1).hp).toBe(3);
  });

  it('朱雀羽扇: a normal 杀 may become a fire 杀', () => {
    const t = table({ roles, equip: { 0: ['fan'], 1: ['vine'] }, hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]).answer(0, 'use');
    expect(t.p(1).hp).toBe(2); // fire +1 on 藤甲 instead of no effect
  });

  it('方天画戟: a 杀 that is the last hand card may take up to 3 targets', () => {
    const t = table({ roles, equip: { 0: ['halberd'] }, hands: { 0: ['slash'] } });
    const o = t.prompt(0).options.find((x) => x.id.startsWith('use:'))!;
    expect(o.seats!.max).toBe(3);
    t.use(0, t.hands[0]![0]!, [1, 2, 3]);
    expect([t.p(1).hp, t.p(2).hp, t.p(3).hp]).toEqual([3, 3, 3]);
    const t2 = table({ roles, equip: { 0: ['halberd'] }, hands: { 0: ['slash', 'jink'] } });
    expect(t2.prompt(0).options.find((x) => x.id === `use:${t2.hands[0]![0]}`)!.seats!.max).toBe(1);
  });

  it('丈八蛇矛: two hand cards are used as a 杀, and can be played as a 杀 in a 决斗', () => {
    const t = table({ roles, equip: { 0: ['spear'] }, hands: { 0: ['jink', 'peach'] } });
    t.answer(0, 'as:spear:slash', { cards: t.hands[0]!, seats: [1] });
    expect(t.p(1).hp).toBe(3);
    const t2 = table({ roles, current: 1, equip: { 0: ['spear'] }, hands: { 1: ['duel'], 0: ['jink', 'peach'] } });
    t2.use(1, t2.hands[1]![0]!, [0]).answer(0, 'as:spear:slash', { cards: t2.hands[0]! });
    expect(t2.p(1).hp).toBe(3);
  });

  it('雌雄双股剑: against the other sex the target discards a hand card or the wielder draws', () => {
    const t = table({
      roles,
      gender: { 0: 'male', 1: 'female' },
      equip: { 0: ['double_swords'] },
      hands: { 0: ['slash', 'slash'], 1: ['peach'] },
      top: ['jink'],
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(0, 'use');
    expect(t.prompt(1).message.key).toBe('sgs.ask.double_swords_target');
    t.pass(1);
    expect(t.p(0).hand).toContain(t.top[0]);
    const t2 = table({
      roles,
      gender: { 0: 'male', 1: 'male' },
      equip: { 0: ['double_swords'] },
      hands: { 0: ['slash'] },
    });
    t2.use(0, t2.hands[0]![0]!, [1]);
    expect(t2.p(1).hp).toBe(3); // same sex: no prompt at all
  });

  it('equipping into an occupied slot discards the old card', () => {
    const t = table({ roles, equip: { 0: ['crossbow'] }, hands: { 0: ['blade'] } });
    t.use(0, t.hands[0]![0]!);
    expect(t.p(0).equip.weapon).toBe(t.hands[0]![0]);
    expect(t.g.discard).toContain(t.equips[0]![0]);
  });
});
