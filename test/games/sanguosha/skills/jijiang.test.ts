import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor', 'loyalist'] as const;

describe('激将 jijiang (刘备, lord skill)', () => {
  it('激将 asks the other 蜀 characters in seat order; the first 杀 given answers the lord’s 决斗', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'liubei' },
      kingdoms: { 2: 'shu', 3: 'wei', 4: 'shu' },
      hands: { 1: ['duel'], 2: ['slash'], 3: ['slash'], 4: ['slash'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.prompt(0).message.key).toBe('sgs.ask.jijiangUse');
    t.answer(0, 'use');
    expect(t.prompt(2).message).toEqual({ key: 'sgs.ask.jijiang', params: { lord: 0 } });
    expect(t.asked(4)).toBeUndefined();
    t.pass(2);
    // Seat 3 is 魏 and never asked.
    expect(t.asked(3)).toBeUndefined();
    expect(t.prompt(4).message.key).toBe('sgs.ask.jijiang');
    t.answer(4, 'play', { cards: [t.hands[4]![0]!] });
    expect(t.log()).toContain('sgs.log.jijiangGive');
    // The duel turns to seat 1, who has no 杀 left and takes the damage from the lord.
    expect(t.p(1).hp).toBe(3);
    expect(t.p(0).hp).toBe(5);
    expect(t.p(4).hand).toEqual([]);
    expectConserved(t.g);
  });

  it('激将 in the play phase: a 蜀 character’s 杀 becomes the lord’s 杀 on the target he chose, counted as his', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'liubei' },
      kingdoms: { 2: 'shu' },
      hands: { 0: ['peach'], 2: ['slash'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === 'skill:jijiang')!;
    expect(o.seats).toMatchObject({ from: [1, 4], min: 1, max: 1 });
    expect(o.seats!.blocked).toEqual(expect.arrayContaining([{ seat: 2, why: { key: 'sgs.ui.outOfRange' } }]));
    t.answer(0, 'skill:jijiang', { seats: [1] });
    expect(t.prompt(2).message).toEqual({ key: 'sgs.ask.jijiangSlash', params: { lord: 0, target: 1 } });
    t.answer(2, 'play', { cards: [t.hands[2]![0]!] });
    expect(t.p(1).hp).toBe(3);
    expect(t.g.slashes).toBe(1);
    expect(t.log()).toContain('sgs.log.useAsSkill');
    expect(t.options(0)).not.toContain('skill:jijiang');
    expectConserved(t.g);
  });

  it('after nobody answers 激将 in the play phase, it is not offered again that phase', () => {
    const t = table({ roles: [...roles], generals: { 0: 'liubei' }, kingdoms: { 2: 'shu' }, hands: { 2: ['slash'] } });
    t.answer(0, 'skill:jijiang', { seats: [1] }).pass(2);
    expect(t.log()).toContain('sgs.log.jijiangNone');
    expect(t.options(0)).not.toContain('skill:jijiang');
    expect(t.p(1).hp).toBe(4);
    expect(t.g.slashes).toBe(0);
  });

  it('激将 answers 借刀杀人: a 蜀 character’s 杀 becomes the lord’s 杀 on the victim, and the lord keeps his weapon', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'liubei' },
      kingdoms: { 2: 'shu' },
      hands: { 1: ['collateral'], 2: ['slash'] },
      equip: { 0: ['blade'] },
    });
    t.use(1, t.hands[1]![0]!, [0, 4]);
    expect(t.prompt(0).message.key).toBe('sgs.ask.jijiangUse');
    t.answer(0, 'use');
    expect(t.prompt(2).message).toEqual({ key: 'sgs.ask.jijiangSlash', params: { lord: 0, target: 4 } });
    t.answer(2, 'play', { cards: [t.hands[2]![0]!] });
    expect(t.p(4).hp).toBe(3);
    expect(t.p(0).equip.weapon).toBe(t.equips[0]![0]);
    expect(t.p(1).hand).not.toContain(t.equips[0]![0]);
    // Not the lord's play-phase 杀: the count of the turn's 杀 is untouched.
    expect(t.g.slashes).toBe(0);
    expectConserved(t.g);
  });

  it('when nobody gives 激将 a 杀 for 借刀杀人, the lord is still asked to use one or hand over his weapon', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'liubei' },
      kingdoms: { 2: 'shu' },
      hands: { 0: ['slash'], 1: ['collateral'], 2: ['slash'] },
      equip: { 0: ['blade'] },
    });
    t.use(1, t.hands[1]![0]!, [0, 4]).answer(0, 'use').pass(2);
    expect(t.prompt(0).message.key).toBe('sgs.ask.collateral');
    t.pass(0);
    expect(t.p(1).hand).toContain(t.equips[0]![0]);
    expect(t.p(4).hp).toBe(4);
    expect(t.p(0).hand).toEqual([t.hands[0]![0]]);
  });

  it('激将 is a lord skill: 刘备 as a loyalist has none', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'liubei' },
      kingdoms: { 4: 'shu' },
      hands: { 1: ['duel'], 4: ['slash'] },
    });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.asked(2)?.message.key).not.toBe('sgs.ask.jijiangUse');
    expect(t.p(2).hp).toBe(3);
  });

  it('a 蜀 bot gives its 杀 to a lord it trusts, not to one it works against', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'liubei' },
      kingdoms: { 2: 'shu', 4: 'shu' },
      hands: { 1: ['duel'], 2: ['slash'], 4: ['slash'] },
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(0, 'use');
    const p = t.prompt(2); // a loyalist: the lord is a friend
    expect(bot(t.s, p, botRng(t.s, p))!.option).toBe('play');
    t.pass(2);
    const q = t.prompt(4);
    const rebelView = {
      ...t.s,
      g: { ...t.g, players: t.g.players.map((x) => (x.seat === 4 ? { ...x, role: 'rebel' as const } : x)) },
    };
    expect(bot(rebelView, q, botRng(t.s, q))!.option).toBe('pass');
  });
});

describe('激将 and 青龙偃月刀', () => {
  it('激将 can supply 青龙偃月刀’s follow-up 杀 (that 杀 is a "use a 杀" request like any other)', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      generals: { 0: 'liubei' },
      kingdoms: { 2: 'shu' },
      hands: { 0: ['slash'], 1: ['jink'], 2: ['slash'] },
      equip: { 0: ['blade'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.prompt(0).message.key).toBe('sgs.ask.jijiangUse');
    t.answer(0, 'use');
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.jijiangSlash', params: { lord: 0, target: 1 } });
    t.answer(2, 'play', { cards: [t.hands[2]![0]!] });
    expect(t.p(1).hp).toBe(3);
    expect(t.g.slashes).toBe(1);
    expectConserved(t.g);
  });
});
