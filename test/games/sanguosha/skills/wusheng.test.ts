import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('武圣 wusheng (关羽)', () => {
  it('武圣 uses a red hand card as a 杀 in the play phase, logged with the skill', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'guanyu' },
      hands: { 0: ['peach@heart', 'nullification@spade'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === 'as:wusheng:slash')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.useAs',
      params: { as: { key: 'sgs.card.slash' }, skill: { key: 'sgs.skill.wusheng' } },
    });
    expect(o.cards!.from).toEqual([String(t.hands[0]![0])]);
    t.answer(0, 'as:wusheng:slash', { cards: [t.hands[0]![0]!], seats: [1] });
    expect(t.p(1).hp).toBe(3);
    expect(t.log()).toContain('sgs.log.useAsSkill');
    expect(t.g.slashes).toBe(1);
    expectConserved(t.g);
  });

  it('武圣 with an equipped red card: a red horse may be the 杀', () => {
    const t = table({ roles: [...roles], generals: { 0: 'guanyu' }, equip: { 0: ['chitu'] } });
    const horse = t.equips[0]![0]!;
    t.answer(0, 'as:wusheng:slash', { cards: [horse], seats: [1] });
    expect(t.p(0).equip.minus).toBeNull();
    expect(t.p(1).hp).toBe(3);
  });

  it('武圣 ignores the range its own card gave: the equipped 麒麟弓 turned into 杀 leaves attack range 1 (rules-facts §3)', () => {
    const five = ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'] as const;
    const t = table({ roles: [...five], generals: { 0: 'guanyu' }, equip: { 0: [36] } });
    // Seat 2 is two steps away: within 麒麟弓's 5, not within 1.
    expect(t.try(0, 'as:wusheng:slash', { cards: [36], seats: [2] }).ok).toBe(false);
    expect(t.p(0).equip.weapon).toBe(36);
    t.answer(0, 'as:wusheng:slash', { cards: [36], seats: [1] });
    expect(t.p(1).hp).toBe(3);
  });

  it('武圣 ignores the range its own card gave: the equipped −1 horse 赤兔 turned into 杀 no longer shortens the distance (rules-facts §3)', () => {
    const five = ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'] as const;
    const t = table({ roles: [...five], generals: { 0: 'guanyu' }, equip: { 0: ['chitu', 'crossbow'] } });
    const horse = t.p(0).equip.minus!;
    expect(t.try(0, 'as:wusheng:slash', { cards: [horse], seats: [2] }).ok).toBe(false);
    t.answer(0, 'as:wusheng:slash', { cards: [horse], seats: [1] });
    expect(t.p(1).hp).toBe(3);
  });

  it('a black card cannot be used through 武圣', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'guanyu' },
      hands: { 0: ['peach@heart', 'nullification@spade'] },
    });
    expect(t.try(0, 'as:wusheng:slash', { cards: [t.hands[0]![1]!], seats: [1] }).ok).toBe(false);
  });

  it('武圣 answers a 决斗 and 南蛮入侵 with a red card played as 杀', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'guanyu' },
      hands: { 1: ['savage_assault'], 0: ['jink@heart'] },
    });
    t.use(1, t.hands[1]![0]!);
    expect(t.options(0)).toContain('as:wusheng:slash');
    t.answer(0, 'as:wusheng:slash', { cards: [t.hands[0]![0]!] });
    expect(t.p(0).hp).toBe(4);
    expect(t.log()).toContain('sgs.log.playAsSkill');
  });

  it('a bot whose only 杀 for 青龙偃月刀’s follow-up is a 武圣 card answers with it (the prompt has no plain "use")', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'guanyu' },
      equip: { 0: ['blade'] },
      hands: { 0: ['slash', 'peach@heart'], 1: ['jink'] },
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(1, 'play', { cards: [t.hands[1]![0]!] });
    const p = t.prompt(0);
    expect(p.options.map((o) => o.id)).toEqual(['as:wusheng:slash', 'pass']);
    expect(bot(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'as:wusheng:slash', cards: [String(t.hands[0]![1])] });
  });
});
