import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('枭姬 xiaoji (孙尚香)', () => {
  it('枭姬 draws two when 过河拆桥 discards one of her equipped cards', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'sunshangxiang' },
      hands: { 1: ['dismantlement'] },
      equip: { 0: ['chitu'] },
      top: ['jink', 'peach'],
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(1, 'pick', { cards: [String(t.equips[0]![0])] });
    expect(t.prompt(0).message).toEqual({ key: 'sgs.ask.xiaoji', params: { n: 1 } });
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.skillUse')!.msg.params).toEqual({
      seat: 0,
      skill: { key: 'sgs.skill.xiaoji' },
    });
    expectConserved(t.g);
  });

  it('枭姬 draws two when she replaces an equipped card with a new one', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang' },
      hands: { 0: ['qinggang_sword'] },
      equip: { 0: ['crossbow'] },
      top: ['jink', 'peach'],
    });
    t.use(0, t.hands[0]![0]!);
    expect(t.p(0).equip.weapon).toBe(t.hands[0]![0]!);
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.g.discard).toContain(t.equips[0]![0]!);
  });

  it('枭姬 is offered once for each equipped card lost at once (制衡 two of them: four cards)', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunshangxiang' },
      skills: { 0: ['zhiheng'] },
      equip: { 0: ['chitu', 'crossbow'] },
      top: ['jink', 'peach', 'slash', 'duel', 'snatch', 'analeptic'],
    });
    t.answer(0, 'skill:zhiheng', { cards: t.equips[0]! });
    expect(t.prompt(0).message).toEqual({ key: 'sgs.ask.xiaoji', params: { n: 2 } });
    t.answer(0, 'use');
    expect(t.prompt(0).message).toEqual({ key: 'sgs.ask.xiaoji', params: { n: 1 } });
    t.answer(0, 'use');
    // 2 + 2 from 枭姬, then 制衡's own 2.
    expect(t.p(0).hand).toHaveLength(6);
    expectConserved(t.g);
  });

  it('枭姬 also fires when an equipped card is used (as a view-as card) or taken by 顺手牵羊', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'sunshangxiang' },
      hands: { 1: ['snatch'] },
      equip: { 0: ['chitu'] },
      top: ['jink', 'peach'],
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(1, 'pick', { cards: [String(t.equips[0]![0])] });
    t.answer(0, 'use');
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.p(1).hand).toEqual(t.equips[0]);
  });

  it('losing a hand card does not trigger 枭姬; declining draws nothing', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'sunshangxiang' },
      hands: { 0: ['jink'], 1: ['dismantlement', 'dismantlement'] },
      equip: { 0: ['chitu'] },
    });
    t.use(1, t.hands[1]![0]!, [0]).answer(1, 'pick', { cards: ['hand'] });
    expect(t.asked(0)).toBeUndefined();
    t.use(1, t.hands[1]![1]!, [0]).answer(1, 'pick', { cards: [String(t.equips[0]![0])] });
    t.pass(0);
    expect(t.p(0).hand).toEqual([]);
  });
});
