import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('鬼道 guidao (张角)', () => {
  it('鬼道 replaces the judgement card of 闪电 with a black card and takes the original: the bolt misses and moves on', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['lightning@spade'] },
      hands: { 0: ['slash@club:2'] },
      top: ['thunder_slash@spade:5'],
    });
    expect(t.prompt(0).message.key).toBe('sgs.ask.guidao');
    t.answer(0, 'use', { cards: [t.hands[0]![0]!] });
    expect(t.p(1).hp).toBe(4);
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.g.discard).toContain(t.hands[0]![0]!);
    expect(t.p(2).judge).toEqual(t.judges[1]);
    expect(t.log()).toContain('sgs.log.guidao');
    expect(t.log()).toContain('sgs.log.judgeChanged');
    expectConserved(t.g);
  });

  it('鬼道 with an equipped black card makes 乐不思蜀 hit', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['indulgence'] },
      equip: { 0: ['eight_diagram@spade'] },
      top: ['peach@heart'],
    });
    t.answer(0, 'use', { cards: [t.equips[0]![0]!] });
    expect(t.p(0).equip.armor).toBeNull();
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.log()).toContain('sgs.log.delayedHit');
    expect(t.log()).toContain('sgs.log.skipPhase');
  });

  it('鬼道 cannot play a red card, and passing leaves the judgement as it was', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['lightning@spade'] },
      hands: { 0: ['slash@club:2', 'peach@heart'] },
      top: ['thunder_slash@spade:5'],
    });
    expect(t.prompt(0).options[0]!.cards!.from).toEqual([String(t.hands[0]![0])]);
    expect(t.try(0, 'use', { cards: [t.hands[0]![1]!] }).ok).toBe(false);
    t.pass(0);
    expect(t.p(1).hp).toBe(1);
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('with autoPass off 鬼道 is asked even without a black card (only "pass"), so the wait tells nothing', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      options: { autoPass: false },
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['lightning@spade'] },
      hands: { 0: ['peach@heart'] },
      top: ['thunder_slash@spade:5'],
    });
    // Everyone is asked for 无懈可击 first (autoPass off).
    for (let k = 0; k < 10 && t.s.prompts.some((x) => x.kind === 'nullify'); k++)
      t.pass(t.s.prompts.find((x) => x.kind === 'nullify')!.seat);
    const p = t.s.prompts.find((x) => x.message.key === 'sgs.ask.guidao')!;
    expect(p.seat).toBe(0);
    expect(p.options.map((o) => o.id)).toEqual(['pass']);
  });

  it('with no black card 鬼道 is not asked', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['lightning@spade'] },
      hands: { 0: ['peach@heart'] },
      top: ['thunder_slash@spade:5'],
    });
    expect(t.s.prompts.some((p) => p.message.key === 'sgs.ask.guidao')).toBe(false);
    expect(t.p(1).hp).toBe(1);
  });

  it('a bot turns a friend’s hit of 闪电 into a miss, and leaves an enemy’s hit alone', () => {
    const friend = table({
      roles: ['lord', 'loyalist', 'rebel', 'traitor'],
      current: 1,
      phase: 'start',
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['lightning@spade'] },
      hands: { 0: ['slash@club:2'] },
      top: ['thunder_slash@spade:5'],
    });
    friend.g.players[1]!.revealed = true;
    const p = friend.prompt(0);
    expect(bot(friend.s, p, botRng(friend.s, p))).toMatchObject({
      option: 'use',
      cards: [String(friend.hands[0]![0])],
    });
    const foe = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      generals: { 0: 'zhangjiao' },
      judge: { 1: ['lightning@spade'] },
      hands: { 0: ['slash@club:2'] },
      top: ['thunder_slash@spade:5'],
    });
    foe.g.players[1]!.revealed = true;
    const q = foe.prompt(0);
    expect(bot(foe.s, q, botRng(foe.s, q))).toMatchObject({ option: 'pass' });
  });
});
