import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('放逐 fangzhu (曹丕)', () => {
  it('放逐 turns a character over after drawing X (曹丕’s lost HP), and his next turn is skipped', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'caopi' }, hands: { 1: ['slash'] } });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.p(2).hp).toBe(2);
    const q = t.prompt(2);
    expect(q.message).toMatchObject({ key: 'sgs.ask.fangzhu', params: { n: 1 } });
    expect(q.options[0]!.seats!.from).toEqual([3, 0, 1]);
    t.answer(2, 'use', { seats: [3] });
    expect(t.p(3).hand.length).toBe(1);
    expect(t.p(3).turnedOver).toBe(true);
    expect(t.log()).toContain('sgs.log.fangzhu');
    // Play on: seat 1 ends, seat 2 plays a turn, seat 3's turn is skipped and it turns back up.
    t.pass(1);
    expect(t.g.current).toBe(2);
    t.pass(2);
    if (t.asked(2)?.kind === 'discard')
      t.answer(2, 'discard', { cards: t.p(2).hand.slice(0, t.prompt(2).options[0]!.cards!.min) });
    expect(t.log()).toContain('sgs.log.turnBack');
    expect(t.p(3).turnedOver).toBe(false);
    expect(t.g.current).toBe(0);
    expect(t.p(3).hand.length).toBe(1);
    expectConserved(t.g);
  });

  it('放逐 on a face-down character turns it face up again', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'caopi' }, hands: { 1: ['slash'] } });
    t.s.g.players[3]!.turnedOver = true;
    t.use(1, t.hands[1]![0]!, [2]).answer(2, 'use', { seats: [3] });
    expect(t.p(3).turnedOver).toBe(false);
    expect(t.log()).toContain('sgs.log.turnUp');
  });

  it('放逐 may not pick 曹丕 himself, and declining changes nothing', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'caopi' }, hands: { 1: ['slash'] } });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.try(2, 'use', { seats: [2] }).ok).toBe(false);
    t.pass(2);
    expect(t.g.players.every((p) => !p.turnedOver)).toBe(true);
  });
});
