import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('结姻 jieyin (孙尚香)', () => {
  it('结姻: discard two hand cards, she and a wounded male character each recover 1 HP, once per play phase', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang', 2: 'ganning', 3: 'daqiao' },
      hp: [2, 4, 2, 2],
      hands: { 0: ['jink', 'slash', 'peach'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === 'skill:jieyin')!;
    // Seat 1 is unhurt and seat 3 is a woman; only 甘宁 qualifies.
    expect(o.seats!.from).toEqual([2]);
    expect(o.cards).toMatchObject({ min: 2, max: 2 });
    t.answer(0, 'skill:jieyin', { cards: t.hands[0]!.slice(0, 2), seats: [2] });
    expect(t.p(0).hp).toBe(3);
    expect(t.p(2).hp).toBe(3);
    expect(t.p(0).hand).toEqual([t.hands[0]![2]!]);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.jieyin')!.msg.params).toEqual({
      seat: 0,
      target: 2,
      cards: t.hands[0]!.slice(0, 2),
    });
    // His recovery comes first.
    const heals = t
      .entries()
      .filter((e) => e.msg.key === 'sgs.log.recover')
      .map((e) => e.msg.params!.seat);
    expect(heals).toEqual([2, 0]);
    expect(t.options(0)).not.toContain('skill:jieyin');
    expectConserved(t.g);
  });

  it('结姻 works when she is not wounded herself (only he recovers)', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang', 1: 'ganning' },
      hp: [3, 2],
      hands: { 0: ['jink', 'slash'] },
    });
    t.answer(0, 'skill:jieyin', { cards: t.hands[0]!, seats: [1] });
    expect(t.p(1).hp).toBe(3);
    expect(t.p(0).hp).toBe(3);
  });

  it('结姻 is refused for an unwounded or female target, or with one card, and the refusal changes nothing', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang', 1: 'ganning', 2: 'daqiao', 3: 'luxun' },
      hp: [2, 4, 2, 2],
      hands: { 0: ['jink', 'slash'] },
    });
    expect(t.try(0, 'skill:jieyin', { cards: t.hands[0]!, seats: [1] }).ok).toBe(false);
    expect(t.try(0, 'skill:jieyin', { cards: t.hands[0]!, seats: [2] }).ok).toBe(false);
    expect(t.try(0, 'skill:jieyin', { cards: [t.hands[0]![0]!], seats: [3] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual(t.hands[0]);
    expect(t.p(3).hp).toBe(2);
  });

  it('with no wounded man at the table 结姻 is not offered', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang', 1: 'ganning' },
      hp: [2],
      hands: { 0: ['jink', 'slash'] },
    });
    expect(t.options(0)).not.toContain('skill:jieyin');
  });

  it('a bot uses 结姻 on a wounded ally with its two cheapest cards, never on an enemy', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang', 1: 'ganning', 2: 'lvmeng' },
      hp: [2, 2, 2],
      hands: { 0: ['jink', 'iron_chain', 'lightning'] },
    });
    t.g.stance[2] = -3; // seat 2 has helped the lord: an ally
    t.g.stance[1] = 3; // seat 1 has attacked the lord's side: an enemy
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a).toMatchObject({ option: 'skill:jieyin', seats: [2] });
    expect(a.cards!.map(Number).sort()).toEqual(t.hands[0]!.slice(1).sort());
  });
});
