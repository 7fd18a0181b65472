import { describe, expect, test } from 'vitest';
import { B, blues, reds, table } from './fixture';

/** Seed 驱鬼 a1–a5 and cards.md §2.9–§2.11, R2–R7, R25, R29–R30. */
const empty = { 1: [], 2: [], 3: [] };

describe('exorcism', () => {
  test('the host may target any imp on any player, including himself, or pass', () => {
    const t = table({ step: 'exorcise', imps: { 0: ['I01'], 2: ['I08'] } });
    expect(t.asked()).toEqual(['0:host']);
    expect(t.option('target')!.cards!.from.sort()).toEqual(['I01', 'I08']);
    t.reply(0, 'pass');
    expect(t.logKeys()).toContain('ghost.log.noExorcism');
  });

  test('voting goes counter-clockwise from the host: host, then his previous player', () => {
    const t = table({
      step: 'exorcise',
      current: 1,
      imps: { 2: ['I01'] },
      hands: { 0: reds(1), 1: reds(1, 1), 2: reds(1, 2), 3: reds(1, 3) },
    });
    t.reply(1, 'target', { cards: ['I01'] });
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(t.prompt.seat);
      t.reply(t.prompt.seat, 'pass');
    }
    expect(order).toEqual([1, 0, 3, 2]);
  });

  test('vote counts are public but the colours of face-down votes are hidden', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(2), 1: [], 2: [], 3: blues(1) } });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: reds(2) });
    const v3 = t.view(3).view as any;
    expect(v3.vote.counts).toEqual({ 0: 2 });
    expect(JSON.stringify(v3)).not.toContain('S01-R1');
    expect((t.view(0).view as any).vote.open['0']).toEqual(reds(2));
  });

  test('red and blue votes cancel 1:1 and the net must reach the dispel number', () => {
    // 饿死鬼 needs net 2 red: 3 red − 1 blue = 2 succeeds.
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(3), 1: [], 2: [], 3: blues(1) } });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(3) })
      .reply(3, 'vote', { cards: blues(1) })
      .reply(0, 'reveal');
    expect(t.g.lastReveal).toMatchObject({ red: 3, blue: 1, need: 2, success: true });
    expect(t.p(0).points.map((c) => c.id)).toEqual(['I01']);
  });

  test('one short of the net dispel number fails and every voted card is discarded', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(2), 1: [], 2: [], 3: blues(1) } });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(2) })
      .reply(3, 'vote', { cards: blues(1) })
      .reply(0, 'reveal');
    expect(t.g.lastReveal!.success).toBe(false);
    expect(t.p(2).imps.map((c) => c.id)).toEqual(['I01']);
    expect(t.g.discard).toEqual(expect.arrayContaining([...reds(2), ...blues(1)]));
  });

  test('the decree talisman counts as 2 votes of its colour', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: ['S04-R1'], ...empty } });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: ['S04-R1'] });
    expect(t.g.lastReveal).toMatchObject({ red: 2, success: true });
  });

  test('an any-N imp counts every card without cancellation and cannot be challenged', () => {
    // 魍魉: any 3 cards.
    const t = table({ step: 'exorcise', imps: { 2: ['I07'] }, hands: { 0: reds(1), 1: [], 2: [], 3: blues(2) } });
    t.reply(0, 'target', { cards: ['I07'] })
      .reply(0, 'vote', { cards: reds(1) })
      .reply(3, 'vote', { cards: blues(2) });
    expect(t.g.lastReveal).toMatchObject({ red: 1, blue: 2, success: true });
    expect(t.logKeys()).not.toContain('ghost.log.challenge');
  });

  test("a challenge that finds a negative card discards that voter's votes and pays the host 3 spirit", () => {
    const t = table({
      step: 'exorcise',
      imps: { 2: ['I01'] },
      spirit: { 0: 0 },
      hands: { 0: reds(2), 1: [], 2: [], 3: blues(1) },
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(2) })
      .reply(3, 'vote', { cards: blues(1) });
    expect(t.asked()).toEqual(['0:challenge']);
    t.reply(0, 'challenge', { seats: [3] });
    expect(t.entries().find((e) => e.msg.key === 'ghost.log.caught')!.msg.params).toMatchObject({
      host: 0,
      voter: 3,
      n: 3,
    });
    // +3 for the catch, +1 reward of 饿死鬼 after the reveal that follows at once.
    expect(t.p(0).spirit).toBe(4);
    expect(t.g.discard).toContain(blues(1)[0]);
    // Seat 3 is not challengeable twice and the reveal now succeeds without his blue card.
    expect(t.logKeys().filter((k) => k === 'ghost.log.challenge')).toHaveLength(1);
    expect(t.g.lastReveal).toMatchObject({ red: 2, blue: 0, success: true });
  });

  test('a challenged voter with only positive votes makes the exorcism fail at once', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), 1: [], 2: [], 3: reds(1, 1) } });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(1) })
      .reply(3, 'vote', { cards: reds(1, 1) })
      .reply(0, 'challenge', { seats: [3] });
    expect(t.logKeys()).toContain('ghost.log.challengeFails');
    expect(t.p(2).imps).toHaveLength(1);
    expect(t.g.discard).toEqual(expect.arrayContaining(reds(2)));
    expect(t.p(0).points).toHaveLength(0);
  });

  test('a host who voted more than 5 cards cannot challenge', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(6), 1: [], 2: [], 3: blues(1) } });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(6) })
      .reply(3, 'vote', { cards: blues(1) });
    expect(t.asked()).not.toContain('0:challenge');
    expect(t.g.lastReveal).toMatchObject({ red: 6, blue: 1 });
  });

  test("the ghost king's votes cannot be challenged", () => {
    const t = table({
      step: 'exorcise',
      gk: 3,
      imps: { 3: ['I01', 'I02', 'I03'], 2: ['I08'] },
      hands: { 0: blues(1), 1: reds(1), 2: [], 3: reds(1, 1) },
    });
    t.reply(0, 'target', { cards: ['I08'] })
      .reply(0, 'vote', { cards: blues(1) })
      .reply(3, 'vote', { cards: reds(1, 1) })
      .reply(1, 'vote', { cards: reds(1) });
    expect(t.option('challenge')!.seats!.from).toEqual([1]);
  });

  test('a successful exorcism gives the imp to the host as a point and rewards every participant', () => {
    // 吊死鬼 (net 2 blue, reward +1 spirit).
    const t = table({
      step: 'exorcise',
      imps: { 2: ['I08'] },
      spirit: { 0: 0, 1: 0, 2: 0, 3: 0 },
      hands: { 0: blues(1), 1: [], 2: [], 3: blues(1, 1) },
    });
    t.reply(0, 'target', { cards: ['I08'] })
      .reply(0, 'vote', { cards: blues(1) })
      .reply(3, 'vote', { cards: blues(1, 1) })
      .reply(0, 'reveal');
    expect(t.p(0).points.map((c) => c.id)).toEqual(['I08']);
    expect(t.entries().find((e) => e.msg.key.startsWith('ghost.log.rewards'))!.msg.params).toMatchObject({
      seats: [0, 3],
      spirit: 1,
    });
    expect([0, 2, 3].map((s) => t.p(s).spirit)).toEqual([1, 0, 1]);
    expect(t.g.lastHost).toBe(0);
  });

  test('a host may exorcise with 0 cards if the other votes carry it; voters who placed nothing are no participants', () => {
    const t = table({
      step: 'exorcise',
      imps: { 2: ['I08'] },
      spirit: { 0: 0, 1: 0, 2: 0, 3: 0 },
      hands: { 0: reds(1), 1: blues(2), 2: [], 3: [] },
    });
    t.reply(0, 'target', { cards: ['I08'] })
      .reply(0, 'pass')
      .reply(1, 'vote', { cards: blues(2) })
      .reply(0, 'reveal');
    expect(t.g.lastReveal!.success).toBe(true);
    expect(t.entries().find((e) => e.msg.key.startsWith('ghost.log.rewards'))!.msg.params).toMatchObject({
      seats: [0, 1],
    });
  });

  test("after a success the host privately looks at the former holder's identity", () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(2), ...empty } });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: reds(2) });
    expect((t.view(0).view as any).seen).toEqual([
      expect.objectContaining({ kind: 'identity', seat: 2, what: [t.p(2).identity] }),
    ]);
    expect((t.view(1).view as any).seen).toEqual([]);
    const line = t.entries().find((e) => e.msg.key === 'ghost.log.lookIdentity')!;
    expect(line.to).toEqual([0]);
  });

  test('the revealed pool is shuffled, so voters are not attributable', () => {
    const t = table({
      step: 'exorcise',
      imps: { 2: ['I07'] },
      hands: { 0: reds(3), 1: blues(3), 2: [], 3: [] },
      seed: 'shuffle-me',
    });
    t.reply(0, 'target', { cards: ['I07'] })
      .reply(0, 'vote', { cards: reds(3) })
      .reply(1, 'vote', { cards: blues(3) });
    expect(t.g.lastReveal!.pool).toHaveLength(6);
    expect(t.g.lastReveal!.pool).not.toEqual([...reds(3), ...blues(3)]);
  });

  test('a voter may place at most the cards of his hand and the answer must come from it', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), 1: [], 2: [], 3: blues(1) } });
    t.reply(0, 'target', { cards: ['I01'] });
    expect(t.refuse(0, 'vote', { cards: [B[5]!] })).toMatch(/cannot be picked/);
  });

  test("players with 2 imps can neither host nor vote in an exorcism of the ghost king's imp", () => {
    const t = table({
      step: 'exorcise',
      gk: 2,
      imps: { 2: ['I01', 'I02', 'I03'], 0: ['I08', 'I09'], 3: ['I10', 'I11'] },
      hands: { 0: reds(1), 1: reds(1, 1), 3: reds(1, 2) },
    });
    expect(t.option('target')!.cards!.from.sort()).toEqual(['I08', 'I09', 'I10', 'I11']);
    const u = table({
      step: 'exorcise',
      current: 1,
      gk: 2,
      imps: { 2: ['I01', 'I02', 'I03'], 3: ['I10', 'I11'] },
      hands: { 0: reds(1), 1: reds(2, 1), 2: [], 3: reds(1, 3) },
    });
    u.reply(1, 'target', { cards: ['I03'] }).reply(1, 'vote', { cards: reds(2, 1) });
    // seat 0 votes, seat 3 (2 imps) is skipped.
    expect(u.asked()).toEqual(['0:vote']);
    u.reply(0, 'pass');
    expect(u.g.lastReveal).toBeTruthy();
  });

  test("exorcising the ghost king's last imp defeats him and the host's side gets +5", () => {
    const t = table({
      step: 'exorcise',
      gk: 2,
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      imps: { 2: ['I01'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: [] },
    });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: reds(2) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.gkDefeated');
    expect(t.g.killer).toBe(0);
    // Red side: I01 is red → +2, plus +5 for the kill.
    expect((t.g.result as any).teams).toEqual({ red: 7, blue: 0 });
    // The GK (seat 2) is on the red team, which wins, but a defeated GK loses (seed 鬼王的特点, R26 v1.1).
    expect(t.s.outcome!.winners).toEqual([0]);
  });

  test('a defeated ghost king is not among the winners even when his team scores most without the kill', () => {
    // GK seat 2 is red; his team-mate seat 0 holds 4 red points (8). Blue seat 1 kills him: 1 + 5 = 6.
    const t = table({
      step: 'exorcise',
      current: 1,
      gk: 2,
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      points: { 0: ['I02', 'I03', 'I04', 'I05'] },
      imps: { 2: ['I01'] },
      hands: { 0: [], 1: reds(2), 2: [], 3: [] },
    });
    t.reply(1, 'target', { cards: ['I01'] }).reply(1, 'vote', { cards: reds(2) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.gkDefeated');
    expect((t.g.result as any).teams).toEqual({ red: 8, blue: 6 });
    expect((t.g.result as any).winningTeams).toEqual(['red']);
    expect(t.s.outcome!.winners).toEqual([0]);
  });

  test('a defeated heretic-king ghost king takes the heretic follower down with him; the best other team wins', () => {
    const ids8 = [
      'taiping_red',
      'heretic_follower',
      'taiping_red',
      'tianshi_blue',
      'tianshi_blue',
      'taiping_red',
      'tianshi_blue',
      'heretic_king',
    ] as const;
    // The follower holds 5 points (2 each in 8p: 10), more than any other team even with the kill.
    const t = table({
      P: 8,
      step: 'exorcise',
      gk: 7,
      ids: [...ids8],
      points: { 1: ['I02', 'I03', 'I04', 'I05', 'I06'] },
      imps: { 7: ['I01'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] },
    });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: reds(2) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.gkDefeated');
    expect((t.g.result as any).teams).toEqual({ red: 7, heretic: 10, blue: 0 });
    expect((t.g.result as any).winningTeams).toEqual(['red']);
    expect(t.s.outcome!.winners).toEqual([0, 2, 5]);
  });
});

describe('summon', () => {
  test('the ghost king summons alone: only his votes count and no challenge is asked', () => {
    const t = table({
      step: 'exorcise',
      current: 1,
      gk: 1,
      imps: { 1: ['I02', 'I03', 'I04'], 2: ['I01'] },
      hands: { 0: reds(3), 1: reds(2, 3), 2: reds(1, 5), 3: [] },
    });
    expect(t.asked()).toEqual(['1:summon']);
    t.reply(1, 'target', { cards: ['I01'] });
    expect(t.asked()).toEqual(['1:vote']);
    t.reply(1, 'vote', { cards: reds(2, 3) });
    expect(t.p(1).imps.map((c) => c.id)).toContain('I01');
    expect(t.p(2).imps).toHaveLength(0);
    expect(t.g.ts.exorcised).toBe(false);
  });

  test("a failed summon discards the ghost king's votes", () => {
    const t = table({
      step: 'exorcise',
      current: 1,
      gk: 1,
      imps: { 1: ['I02', 'I03', 'I04'], 2: ['I01'] },
      hands: { 1: [...reds(1), ...blues(1)] },
    });
    t.reply(1, 'target', { cards: ['I01'] }).reply(1, 'vote', { cards: [...reds(1), ...blues(1)] });
    expect(t.p(2).imps).toHaveLength(1);
    expect(t.g.discard).toEqual(expect.arrayContaining([...reds(1), ...blues(1)]));
  });
});

describe('the vote question states the rule that applies (issue 10)', () => {
  const key = (t: ReturnType<typeof table>) => t.prompt.message;

  test('a colour imp: face-down cards, its dispel colour for it, the other against', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), ...empty } });
    t.reply(0, 'target', { cards: ['I01'] });
    expect(key(t)).toMatchObject({
      key: 'ghost.ask.vote',
      params: { colour: { key: 'ghost.colour.red' }, need: { key: 'ghost.ui.condColour' } },
    });
  });

  test('an any-N imp: every card counts whatever its colour, and there is no challenge', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I07'] }, hands: { 0: reds(1), ...empty } });
    t.reply(0, 'target', { cards: ['I07'] });
    expect(key(t)).toMatchObject({
      key: 'ghost.ask.vote.any',
      params: { need: { key: 'ghost.ui.condAny', params: { n: 3 } } },
    });
  });

  test('a voter possessed by 长舌鬼 is told the cards go face up', () => {
    const t = table({
      step: 'exorcise',
      imps: { 2: ['I01'], 3: ['I11'] },
      hands: { 0: [], 1: [], 2: [], 3: blues(1) },
    });
    t.reply(0, 'target', { cards: ['I01'] });
    expect(t.prompt.seat).toBe(3);
    expect(key(t).key).toBe('ghost.ask.vote.faceUp');
    const u = table({
      step: 'exorcise',
      imps: { 2: ['I07'], 3: ['I11'] },
      hands: { 0: [], 1: [], 2: [], 3: blues(1) },
    });
    u.reply(0, 'target', { cards: ['I07'] });
    expect(key(u).key).toBe('ghost.ask.vote.any.faceUp');
  });

  test('the summoning ghost king is told to vote alone, with the rule of the imp', () => {
    const t = table({
      step: 'exorcise',
      current: 1,
      gk: 1,
      imps: { 1: ['I02', 'I03', 'I04'], 2: ['I01'], 3: ['I14'] },
      hands: { 1: reds(2) },
    });
    t.reply(1, 'target', { cards: ['I01'] });
    expect(key(t).key).toBe('ghost.ask.summonVote');
    const u = table({
      step: 'exorcise',
      current: 1,
      gk: 1,
      imps: { 1: ['I02', 'I03', 'I04'], 3: ['I14'] },
      hands: { 1: reds(2) },
    });
    u.reply(1, 'target', { cards: ['I14'] });
    expect(key(u).key).toBe('ghost.ask.summonVote.any');
  });
});
