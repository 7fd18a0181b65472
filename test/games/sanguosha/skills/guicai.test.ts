import { describe, expect, it } from 'vitest';
import { rngOf, seedRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('鬼才 guicai (司马懿)', () => {
  it('鬼才 replaces the judgement card of 乐不思蜀: a ♥ played in its place saves the play phase', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:7'],
      hands: { 1: ['jink@heart', 'slash@club'] },
    });
    const heart = t.hands[1]![0]!;
    const judged = t.top[0]!;
    const q = t.prompt(1);
    expect(q.message).toMatchObject({ key: 'sgs.ask.guicai', params: { target: 0, card: judged } });
    // Only hand cards may replace it.
    expect(q.options.find((o) => o.id === 'use')!.cards!.from).toEqual(t.hands[1]!.map(String));
    t.answer(1, 'use', { cards: [heart] });
    expect(t.p(1).hand).not.toContain(heart);
    expect(t.g.discard).toContain(judged);
    expect(t.g.discard).toContain(heart);
    expect(t.log()).toContain('sgs.log.guicai');
    expect(t.log()).toContain('sgs.log.judgeChanged');
    expect(t.log()).toContain('sgs.log.delayedMiss');
    expect(t.prompt(0).kind).toBe('play');
    expectConserved(t.g);
  });

  it('declining 鬼才 lets the judgement stand: 乐不思蜀 skips the play phase', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:7'],
      hands: { 1: ['jink@heart'] },
    });
    t.pass(1);
    expect(t.log()).toContain('sgs.log.delayedHit');
    expect(t.log()).not.toContain('sgs.log.guicai');
    expect(t.asked(0)?.kind).not.toBe('play');
  });

  it('鬼才 replaces the judgement card of 闪电: a ♥ in place of ♠7 means no damage and the 闪电 moves on', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 2: 'simayi' },
      judge: { 0: ['lightning@spade'] },
      top: ['slash@spade:7'],
      hands: { 2: ['peach@heart'] },
    });
    const bolt = t.judges[0]![0]!;
    t.answer(2, 'use', { cards: [t.hands[2]![0]!] });
    expect(t.p(0).hp).toBe(4);
    expect(t.p(1).judge).toEqual([bolt]);
    expectConserved(t.g);
  });

  it('鬼才 can also turn a judgement against its owner’s enemy: a ♠3 in place of ♥ makes 闪电 strike', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['lightning@spade'] },
      top: ['peach@heart'],
      hands: { 1: ['dismantlement@spade:3'] },
    });
    t.answer(1, 'use', { cards: [t.hands[1]![0]!] });
    expect(t.p(0).hp).toBe(1);
  });

  it('鬼才 is not offered with an empty hand', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:7'],
    });
    expect(t.log()).not.toContain('sgs.log.guicai');
    expect(t.log()).toContain('sgs.log.delayedHit');
    expect(t.entries().some((e) => e.msg.key === 'sgs.log.turn' && e.msg.params?.seat === 1)).toBe(true);
  });

  it('a 鬼才 card from another seat’s hand is refused and changes nothing', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:7'],
      hands: { 1: ['jink@heart'], 2: ['peach@heart'] },
    });
    const before = JSON.stringify(t.s);
    expect(t.try(1, 'use', { cards: [t.hands[2]![0]!] }).ok).toBe(false);
    expect(JSON.stringify(t.s)).toBe(before);
  });

  it('the bot’s 鬼才 saves its lord from 乐不思蜀 with its cheapest ♥', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 2: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:7'],
      hands: { 2: ['peach@heart', 'jink@heart', 'slash@club'] },
    });
    const a = bot(t.s, t.prompt(2), rngOf(seedRng('b')))!;
    expect(a).toMatchObject({ option: 'use', cards: [String(t.hands[2]![1]!)] });
  });

  it('a rebel bot’s 鬼才 leaves a bad judgement of the lord alone and spoils a good one', () => {
    const bad = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:7'],
      hands: { 1: ['jink@heart', 'slash@club'] },
    });
    expect(bot(bad.s, bad.prompt(1), rngOf(seedRng('b')))!.option).toBe('pass');
    const good = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'simayi' },
      judge: { 0: ['indulgence'] },
      top: ['peach@heart'],
      hands: { 1: ['jink@heart', 'slash@club'] },
    });
    expect(bot(good.s, good.prompt(1), rngOf(seedRng('b')))).toMatchObject({
      option: 'use',
      cards: [String(good.hands[1]![1]!)],
    });
  });
});
