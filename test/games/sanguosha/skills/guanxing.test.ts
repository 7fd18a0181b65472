import { describe, expect, it } from 'vitest';
import { botRng, viewFor } from '../../../../worker/engine';
import def from '../../../../worker/games/sanguosha';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('观星 guanxing (诸葛亮)', () => {
  it('观星: at the start phase 诸葛亮 looks at X = 4 living cards and puts them on top and at the bottom in his order', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhugeliang' },
      top: ['jink', 'slash', 'peach', 'duel', 'snatch'],
    });
    const [a, b, c, d, e] = t.top as [number, number, number, number, number];
    expect(t.prompt(0).message).toEqual({ key: 'sgs.ask.guanxing', params: { n: 4 } });
    t.answer(0, 'use');
    const p = t.prompt(0);
    expect(p.kind).toBe('arrange');
    expect(p.options[0]!.cards!.from).toEqual([a, b, c, d].map(String));
    // Nobody else is shown the cards: another seat or a spectator gets no prompt and no log line naming them.
    for (const seat of [1, 2, 3, null]) {
      // (Lines since the first answer: the fixture's own setup deal is not part of this.)
      const v = viewFor(def, t.s, seat, { sinceStep: 1 });
      expect(v.prompts).toEqual([]);
      const named = v.log
        .flatMap((l) => [l.msg.params?.card, l.msg.params?.cards].flat())
        .filter((x) => typeof x === 'number');
      for (const id of [a, b, c, d]) expect(named).not.toContain(id);
    }
    t.answer(0, 'top', { cards: [c, a] });
    t.answer(0, 'bottom', { cards: [d, b] });
    // The draw phase takes the two he put on top, in his order; the others wait at the bottom.
    expect(t.p(0).hand).toEqual([c, a]);
    expect(t.g.draw[0]).toBe(e);
    expect(t.g.draw.slice(-2)).toEqual([d, b]);
    expect(t.log()).toContain('sgs.log.arrange');
    expectConserved(t.g);
  });

  it('观星 with X capped at 5 and everything sent to the bottom', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel', 'rebel'],
      phase: 'start',
      generals: { 0: 'zhugeliang' },
      top: ['jink', 'slash', 'peach', 'duel', 'snatch', 'analeptic'],
    });
    t.answer(0, 'use');
    expect(t.prompt(0).options[0]!.cards!.from).toHaveLength(5);
    t.answer(0, 'top', { cards: [] });
    t.answer(0, 'bottom', { cards: t.top.slice(0, 5) });
    expect(t.g.draw.slice(-5)).toEqual(t.top.slice(0, 5));
    expect(t.p(0).hand).toContain(t.top[5]!);
  });

  it('the bot’s 观星 puts a ♥ on top when 乐不思蜀 waits to be judged', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'zhugeliang' },
      judge: { 0: ['indulgence'] },
      top: ['lightning@spade', 'jink@heart', 'slash@club', 'iron_chain'],
    });
    t.answer(0, 'use');
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a.option).toBe('top');
    expect(a.cards![0]).toBe(String(t.top[1]));
    t.answer(0, 'top', { cards: a.cards! });
    if (t.asked(0)?.kind === 'arrange') t.answer(0, 'bottom', { cards: t.prompt(0).options[0]!.cards!.from });
    expect(t.log()).toContain('sgs.log.delayedMiss');
  });
});
