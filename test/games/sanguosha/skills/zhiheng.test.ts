import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('制衡 zhiheng (孙权)', () => {
  it('制衡 discards any number of hand and equipped cards and draws as many, once per play phase', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunquan' },
      hands: { 0: ['jink', 'peach', 'slash'] },
      equip: { 0: ['chitu'] },
      top: ['duel', 'snatch', 'ex_nihilo'],
    });
    const o = t.prompt(0).options.find((x) => x.id === 'skill:zhiheng')!;
    expect(o.cards).toMatchObject({ min: 1, max: 4 });
    t.answer(0, 'skill:zhiheng', { cards: [t.hands[0]![0]!, t.hands[0]![1]!, t.equips[0]![0]!] });
    expect(t.p(0).hand.sort()).toEqual([t.hands[0]![2]!, ...t.top].sort());
    expect(t.p(0).equip.minus).toBeNull();
    expect(t.options(0)).not.toContain('skill:zhiheng');
    expectConserved(t.g);
  });

  it('制衡 may be used again in the next play phase', () => {
    const t = table({ roles: [...roles], generals: { 0: 'sunquan' }, hands: { 0: ['jink'] } });
    t.answer(0, 'skill:zhiheng', { cards: [t.hands[0]![0]!] });
    expect(t.options(0)).not.toContain('skill:zhiheng');
    t.pass(0);
    // The other three take their turns (bots are not needed: passing ends each play phase).
    for (let k = 0; k < 40 && t.g.current !== 0; k++) {
      const p = t.s.prompts[0]!;
      t.answer(
        p.seat,
        p.options.some((o) => o.id === 'pass') ? 'pass' : p.options[0]!.id,
        p.options.some((o) => o.id === 'pass')
          ? {}
          : { cards: p.options[0]!.cards!.from.slice(0, p.options[0]!.cards!.min) },
      );
    }
    expect(t.g.current).toBe(0);
    expect(t.options(0)).toContain('skill:zhiheng');
  });

  it('制衡 with nothing picked is rejected and changes nothing', () => {
    const t = table({ roles: [...roles], generals: { 0: 'sunquan' }, hands: { 0: ['jink'] } });
    expect(t.try(0, 'skill:zhiheng', { cards: [] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('a bot uses 制衡 to throw away its junk (low-value cards), keeping the good ones', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'sunquan' },
      hands: { 0: ['lightning', 'god_salvation', 'iron_chain', 'peach'] },
      hp: [5],
    });
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a.option).toBe('skill:zhiheng');
    expect(a.cards!.map(Number).sort()).toEqual(t.hands[0]!.slice(0, 3).sort());
  });
});
