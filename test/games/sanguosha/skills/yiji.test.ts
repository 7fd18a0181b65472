import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('遗计 yiji (郭嘉)', () => {
  it('遗计’s distribution: after 1 damage 郭嘉 looks at the top two cards and hands them out, one to a friend, one to himself', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'guojia' },
      hands: { 1: ['slash'] },
      top: ['peach', 'jink'],
    });
    const [a, b] = t.top as [number, number];
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.yiji', params: { n: 1 } });
    t.answer(2, 'use');
    const q = t.prompt(2);
    expect(q.kind).toBe('distribute');
    expect(q.options[0]!.cards!.from).toEqual([String(a), String(b)]);
    // Nobody else is shown the cards.
    expect(t.s.prompts.filter((p) => p.seat !== 2)).toEqual([]);
    t.answer(2, 'give', { cards: [a], seats: [0] });
    t.answer(2, 'give', { cards: [b], seats: [2] });
    expect(t.p(0).hand).toEqual([a]);
    expect(t.p(2).hand).toEqual([b]);
    const secret = t.entries().find((e) => e.msg.key === 'sgs.log.distributeSecret')!;
    expect([...(secret.to as number[])].sort()).toEqual([0, 2]);
    expect(t.prompt(1).kind).toBe('play');
    expectConserved(t.g);
  });

  it('a bot hands 遗计’s cards to a friend (the loyal 郭嘉 to his lord), and keeps them with no known friend', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 2: 'guojia' },
      hands: { 1: ['slash'] },
      top: ['peach', 'jink'],
    });
    t.use(1, t.hands[1]![0]!, [2]);
    t.answer(2, 'use');
    const q = t.prompt(2);
    const a = bot(t.s, q, botRng(t.s, q))!;
    expect(a).toMatchObject({ option: 'give', seats: [0] });
    expect([...a.cards!].sort()).toEqual([...q.options[0]!.cards!.from].sort());
    t.answer(2, 'give', { cards: a.cards!.map(Number), seats: a.seats! });
    expect(t.p(0).hand.length).toBe(2);
    expectConserved(t.g);

    // A rebel 郭嘉 who knows no fellow rebel has no friend: he keeps the cards.
    const u = table({
      roles: ['lord', 'loyalist', 'rebel', 'traitor'],
      current: 1,
      generals: { 2: 'guojia' },
      hands: { 1: ['slash'] },
      top: ['peach', 'jink'],
    });
    u.use(1, u.hands[1]![0]!, [2]);
    u.answer(2, 'use');
    const r = u.prompt(2);
    expect(bot(u.s, r, botRng(u.s, r))).toMatchObject({ option: 'give', seats: [2] });
  });

  it('遗计 is offered once per point of damage: 闪电’s 3 damage asks three times, and stopping ends it', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'guojia' },
      hp: [5],
      maxHp: [5],
      judge: { 0: ['lightning@spade'] },
      top: ['slash@spade:7'],
    });
    t.pass(0); // 天妒: leave the judgement card
    expect(t.p(0).hp).toBe(2);
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.yiji', params: { n: 3 } });
    t.answer(0, 'use');
    const two = t.prompt(0).options[0]!.cards!.from;
    t.answer(0, 'give', { cards: two, seats: [0] });
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.yiji', params: { n: 2 } });
    t.pass(0);
    expect(t.p(0).hand.length).toBe(2 + 2); // two from 遗计, two from the draw phase
    expect(t.prompt(0).kind).toBe('play');
    expectConserved(t.g);
  });

  it('遗计 reshuffles the discard pile in when fewer than two cards are left to look at', () => {
    const t = table({ roles: [...roles], current: 1, generals: { 2: 'guojia' }, hands: { 1: ['slash'] } });
    const pile = t.g.draw.length;
    // Move all but one card of the draw pile to the discard pile.
    t.s.g.discard.push(...t.s.g.draw.splice(1, pile - 1));
    t.use(1, t.hands[1]![0]!, [2]).answer(2, 'use');
    expect(t.log()).toContain('sgs.log.reshuffle');
    expect(t.prompt(2).options[0]!.cards!.from.length).toBe(2);
    expectConserved(t.g);
  });
});
