import { describe, expect, it } from 'vitest';
import { rngOf, seedRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('突袭 tuxi (张辽)', () => {
  it('突袭 takes one hand card from each of two characters instead of drawing', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhangliao' },
      hands: { 1: ['jink'], 2: ['peach'] },
      top: ['slash', 'slash'],
    });
    const q = t.prompt(0);
    expect(q.message.key).toBe('sgs.ask.tuxi');
    expect(q.options[0]!.seats).toMatchObject({ from: [1, 2], min: 1, max: 2 });
    const drawBefore = t.g.draw.length;
    t.answer(0, 'use', { seats: [2, 1] });
    expect([...t.p(0).hand].sort()).toEqual([t.hands[1]![0]!, t.hands[2]![0]!].sort());
    expect(t.p(1).hand).toEqual([]);
    expect(t.p(2).hand).toEqual([]);
    expect(t.g.draw.length).toBe(drawBefore);
    expect(t.log()).toContain('sgs.log.tuxi');
    const secrets = t.entries().filter((e) => e.msg.key === 'sgs.log.takeHandSecret');
    expect(secrets.map((e) => [...(e.to ?? [])].sort())).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(t.prompt(0).kind).toBe('play');
    expectConserved(t.g);
  });

  it('突袭 on one character takes one card and still draws nothing', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhangliao' },
      hands: { 1: ['jink', 'slash'], 2: ['peach'] },
    });
    t.answer(0, 'use', { seats: [1] });
    expect(t.p(0).hand.length).toBe(1);
    expect(t.p(1).hand.length).toBe(1);
  });

  it('declining 突袭 draws the usual two cards', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhangliao' },
      hands: { 1: ['jink'] },
      top: ['slash', 'duel'],
    });
    t.pass(0);
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.p(1).hand.length).toBe(1);
  });

  it('a character without hand cards cannot be a 突袭 target', () => {
    const t = table({ roles: [...roles], phase: 'start', generals: { 0: 'zhangliao' }, hands: { 1: ['jink'] } });
    expect(t.prompt(0).options[0]!.seats!.from).toEqual([1]);
    const before = JSON.stringify(t.s);
    expect(t.try(0, 'use', { seats: [2] }).ok).toBe(false);
    expect(JSON.stringify(t.s)).toBe(before);
  });

  it('突袭 is not offered when nobody else has a hand card', () => {
    const t = table({ roles: [...roles], phase: 'start', generals: { 0: 'zhangliao' }, top: ['slash', 'duel'] });
    expect(t.p(0).hand).toEqual(t.top);
    expect(t.prompt(0).kind).toBe('play');
  });

  it('突袭 is not offered when 兵粮寸断 has skipped the draw phase', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhangliao' },
      judge: { 0: ['supply_shortage'] },
      top: ['slash@spade:7'],
      hands: { 1: ['jink'] },
    });
    expect(t.log()).toContain('sgs.log.delayedHit');
    expect(t.prompt(0).kind).toBe('play');
    expect(t.p(0).hand).toEqual([]);
  });

  it('the bot raids two characters who are not friends, and draws normally when only one is there', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhangliao' },
      hands: { 1: ['jink'], 2: ['peach'], 3: ['slash'] },
    });
    const a = bot(t.s, t.prompt(0), rngOf(seedRng('b')))!;
    expect(a.option).toBe('use');
    expect(a.seats!.length).toBe(2);
    const one = table({ roles: [...roles], phase: 'start', generals: { 0: 'zhangliao' }, hands: { 1: ['jink'] } });
    expect(bot(one.s, one.prompt(0), rngOf(seedRng('b')))!.option).toBe('pass');
  });
});
