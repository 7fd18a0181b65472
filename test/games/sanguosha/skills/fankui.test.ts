import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('反馈 fankui (司马懿)', () => {
  it('after a 杀 hurts 司马懿 he may take one card from its source, a hand card blind', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'simayi' }, hands: { 1: ['slash', 'peach'] } });
    const peach = t.hands[1]![1]!;
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.p(2).hp).toBe(2);
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.fankui', params: { target: 1 } });
    t.answer(2, 'use');
    expect(t.prompt(2).kind).toBe('pick');
    expect(t.prompt(2).options[0]!.cards!.from).toEqual(['hand']);
    t.answer(2, 'pick', { cards: ['hand'] });
    expect(t.p(2).hand).toEqual([peach]);
    expect(t.p(1).hand).toEqual([]);
    const use = t.entries().find((e) => e.msg.key === 'sgs.log.skillUse')!;
    expect(use.msg.params).toMatchObject({ seat: 2, skill: { key: 'sgs.skill.fankui' } });
    // Which card it was is told only to the two of them.
    const secret = t.entries().find((e) => e.msg.key === 'sgs.log.takeHandSecret')!;
    expect([...(secret.to ?? [])].sort()).toEqual([1, 2]);
    expectConserved(t.g);
  });

  it('反馈 may take an equipped card of the source', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'simayi' },
      hands: { 1: ['slash'] },
      equip: { 1: ['crossbow'] },
    });
    const bow = t.equips[1]![0]!;
    t.use(1, t.hands[1]![0]!, [2])
      .answer(2, 'use')
      .answer(2, 'pick', { cards: [String(bow)] });
    expect(t.p(2).hand).toEqual([bow]);
    expect(t.p(1).equip.weapon).toBeNull();
  });

  it('反馈 is not offered when the source has no cards', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'simayi' }, hands: { 1: ['slash'] } });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.asked(2)).toBeUndefined();
    expect(t.prompt(1).kind).toBe('play');
  });

  it('反馈 is not offered for damage without a source (闪电)', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'simayi' },
      hp: [5],
      maxHp: [5],
      judge: { 0: ['lightning@spade'] },
      top: ['slash@spade:7'],
      hands: { 1: ['jink'] },
    });
    expect(t.p(0).hp).toBe(2);
    expect(t.log()).not.toContain('sgs.log.skillUse');
    expect(t.asked(0)?.message.key).not.toBe('sgs.ask.fankui');
  });

  it('damage 司马懿 causes himself (火攻) lets 反馈 take back only his own equipment', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'simayi' },
      hands: { 0: ['fire_attack', 'slash@heart', 'peach@heart'] },
      equip: { 0: ['crossbow'] },
    });
    const [fire, shown, paid] = t.hands[0]! as [number, number, number];
    const bow = t.equips[0]![0]!;
    t.use(0, fire, [0])
      .answer(0, 'show', { cards: [shown] })
      .answer(0, 'discard', { cards: [paid] });
    expect(t.p(0).hp).toBe(2);
    const q = t.prompt(0);
    expect(q.message.key).toBe('sgs.ask.fankuiSelf');
    expect(q.options[0]!.cards!.from).toEqual([String(bow)]);
    t.answer(0, 'use', { cards: [bow] });
    expect(t.p(0).equip.weapon).toBeNull();
    expect(t.p(0).hand).toEqual([shown, bow]);
    expect(t.log()).toContain('sgs.log.fankuiSelf');
    expectConserved(t.g);
  });
});
