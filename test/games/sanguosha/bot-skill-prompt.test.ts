import { describe, expect, it } from 'vitest';
import { rngOf, seedRng } from '../../../worker/engine';
import { bot } from './table';
import { table } from './table';

describe('the bot on a "use it?" prompt', () => {
  it('a 青龙偃月刀 chance that offers only a view-as 杀 (武圣) is answered with it, not a crash', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      generals: { 1: 'guanyu' },
      equip: { 1: ['blade'] },
      hands: { 1: ['slash@spade', 'peach@heart'], 2: ['jink'] },
    });
    t.use(1, t.hands[1]![0]!, [2]).answer(2, 'play', { cards: [t.hands[2]![0]!] });
    const q = t.prompt(1);
    expect(q.message.key).toBe('sgs.ask.blade');
    expect(q.options.map((o) => o.id)).toEqual(['as:wusheng:slash', 'pass']);
    const a = bot(t.s, q, rngOf(seedRng('x')))!;
    expect(a.option).toBe('as:wusheng:slash');
    expect(t.try(1, a.option, { cards: a.cards }).ok).toBe(true);
  });
});
