import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('行殇 xingshang (曹丕)', () => {
  it('when another character dies 曹丕 may take all their hand and equipped cards before they are discarded', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'caopi' },
      hp: [, 1],
      hands: { 0: ['slash'], 1: ['jink', 'duel'] },
      equip: { 1: ['crossbow'] },
      judge: { 1: ['indulgence'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    t.passAll([1]);
    expect(t.p(1).alive).toBe(false);
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.xingshang', params: { target: 1, n: 3 } });
    t.answer(0, 'use');
    for (const c of [...t.hands[1]!, ...t.equips[1]!]) expect(t.p(0).hand).toContain(c);
    // Not the judgement area: that is discarded.
    expect(t.g.discard).toContain(t.judges[1]![0]!);
    const secret = t.entries().find((e) => e.msg.key === 'sgs.log.xingshangSecret')!;
    expect(secret.to).toEqual([0]);
    // The rebel's killer still draws 3.
    expect(t.p(0).hand.length).toBe(3 + 3);
    expectConserved(t.g);
  });

  it('declining 行殇 leaves the dead character’s cards to the discard pile', () => {
    const t = table({ roles: [...roles], generals: { 0: 'caopi' }, hp: [, 1], hands: { 0: ['slash'], 1: ['duel'] } });
    t.use(0, t.hands[0]![0]!, [1]).passAll([1]).pass(0);
    expect(t.g.discard).toContain(t.hands[1]![0]!);
  });

  it('行殇 is not offered for a character who dies with no cards', () => {
    const t = table({ roles: [...roles], generals: { 0: 'caopi' }, hp: [, 1], hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).alive).toBe(false);
    expect(t.log()).not.toContain('sgs.log.xingshang');
    expect(t.prompt(0).kind).toBe('play');
  });
});
