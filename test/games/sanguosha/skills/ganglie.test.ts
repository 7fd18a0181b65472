import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('刚烈 ganglie (夏侯惇)', () => {
  it('刚烈’s judgement is not ♥: the source chooses to discard two hand cards', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'xiahoudun' },
      hands: { 1: ['slash', 'jink', 'peach'] },
      top: ['slash@spade:8'],
    });
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.ganglie', params: { target: 1 } });
    t.answer(2, 'use');
    const q = t.prompt(1);
    expect(q.message).toMatchObject({ key: 'sgs.ask.ganglieChoose', params: { source: 2 } });
    expect(q.options.map((o) => o.id)).toEqual(['discard', 'damage']);
    t.answer(1, 'discard', { cards: t.hands[1]!.slice(1) });
    expect(t.p(1).hand).toEqual([]);
    expect(t.p(1).hp).toBe(4);
    expect(t.log()).toContain('sgs.log.ganglieDiscard');
    expect(t.g.discard).toContain(t.top[0]!);
    expectConserved(t.g);
  });

  it('刚烈’s judgement is not ♥: the source may take 1 damage from 夏侯惇 instead', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'xiahoudun' },
      hands: { 1: ['slash', 'jink', 'peach'] },
      top: ['slash@spade:8'],
    });
    t.use(1, t.hands[1]![0]!, [2]).answer(2, 'use').answer(1, 'damage');
    expect(t.p(1).hp).toBe(3);
    expect(t.p(1).hand.length).toBe(2);
    const dmg = t
      .entries()
      .filter((e) => e.msg.key === 'sgs.log.damage')
      .at(-1)!;
    expect(dmg.msg.params).toMatchObject({ source: 2, target: 1, n: 1 });
  });

  it('a ♥ judgement makes 刚烈 fail', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'xiahoudun' },
      hands: { 1: ['slash', 'jink', 'peach'] },
      top: ['peach@heart'],
    });
    t.use(1, t.hands[1]![0]!, [2]).answer(2, 'use');
    expect(t.log()).toContain('sgs.log.ganglieMiss');
    expect(t.p(1).hp).toBe(4);
    expect(t.p(1).hand.length).toBe(2);
    expect(t.prompt(1).kind).toBe('play');
  });

  it('a source with fewer than two hand cards is not asked and takes the damage', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'xiahoudun' },
      hands: { 1: ['slash', 'jink'] },
      top: ['slash@spade:8'],
    });
    t.use(1, t.hands[1]![0]!, [2]).answer(2, 'use');
    expect(t.p(1).hp).toBe(3);
    expect(t.p(1).hand.length).toBe(1);
  });

  it('刚烈 with no damage source (闪电): the judgement is used up and nothing else happens (S13)', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'xiahoudun' },
      hp: [5],
      maxHp: [5],
      judge: { 0: ['lightning@spade'] },
      top: ['slash@spade:7', 'slash@club'],
    });
    expect(t.p(0).hp).toBe(2);
    expect(t.prompt(0).message.key).toBe('sgs.ask.ganglieNoSource');
    t.answer(0, 'use');
    expect(t.g.discard).toContain(t.top[1]!);
    expect(t.entries().filter((e) => e.msg.key === 'sgs.log.judge').length).toBe(2);
    expect(t.p(0).hp).toBe(2);
    expectConserved(t.g);
  });
});
