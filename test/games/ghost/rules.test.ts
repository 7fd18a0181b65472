import { describe, expect, test } from 'vitest';
import ghost from '../../../worker/games/ghost/index';
import { createGame, startGame } from '../../../worker/engine/runtime';
import { HAND_DECK, ghostDeckFor } from '../../../worker/games/ghost/cards';
import { colourOf } from '../../../worker/games/ghost/ids';
import { blues, reds, table, third, type Runner, type TableSpec } from './fixture';

describe('setup', () => {
  test('the hand deck has 84 cards, 42 red and 42 blue', () => {
    expect(HAND_DECK).toHaveLength(84);
    expect(new Set(HAND_DECK).size).toBe(84);
    expect(HAND_DECK.filter((c) => colourOf(c) === 'red')).toHaveLength(42);
  });

  test.each([
    [4, 18, 14],
    [5, 21, 16],
    [6, 24, 18],
    [7, 27, 20],
    [8, 32, 24],
  ])('the ghost deck of a %i-player game has %i cards, %i of them imps', (P, n, imps) => {
    const s = createGame(ghost, { seats: P, seed: 'deck' });
    expect(s.g.ghost).toHaveLength(n);
    expect(ghostDeckFor(P).filter((c) => c[0] === 'I')).toHaveLength(imps);
  });

  test.each([
    [4, { taiping_red: 2, tianshi_blue: 2 }],
    [5, { taiping_red: 2, tianshi_blue: 2, heretic_king: 1 }],
    [6, { taiping_red: 3, tianshi_blue: 3 }],
    [7, { taiping_red: 3, tianshi_blue: 3, heretic_king: 1 }],
    [8, { taiping_red: 3, tianshi_blue: 3, heretic_king: 1, heretic_follower: 1 }],
  ])('identities in a %i-player game', (P, want) => {
    const s = createGame(ghost, { seats: P, seed: 'ids' });
    const got: Record<string, number> = {};
    for (const p of s.g.players) got[p.identity] = (got[p.identity] ?? 0) + 1;
    expect(got).toEqual(want);
  });

  test('each player starts with 4 cards and 1 spirit, and only he sees his identity', () => {
    const { state: s, events } = startGame(ghost, { seats: 5, seed: 'start' });
    // The first player has already drawn in his draw phase.
    s.g.players.forEach((p, i) => {
      if (i !== s.g.first) expect(p.hand).toHaveLength(4);
      if (i !== s.g.first) expect(p.spirit).toBe(1);
    });
    const line = events.filter((e) => e.msg.key === 'ghost.log.yourIdentity');
    expect(line.map((e) => e.to)).toEqual([[0], [1], [2], [3], [4]]);
  });

  test('one ghost-king card is face up from the start', () => {
    const s = createGame(ghost, { seats: 4, seed: 'king' });
    expect((ghost.view(s, 0) as any).kingCard).toMatch(/^K0[1-6]$/);
    expect((ghost.view(s, null) as any).kingCard).toBe(s.g.kingCard);
  });
});

describe('turn', () => {
  test('the draw phase draws 2 cards and gains 1 spirit', () => {
    const t = table({ step: 'start', hands: { 0: [] }, spirit: { 0: 0 } });
    expect(t.asked()).toEqual(['0:play']);
    expect(t.p(0).hand).toHaveLength(2);
    expect(t.p(0).spirit).toBe(1);
  });

  test('buying a card costs 2 spirit, any number of times in the day', () => {
    const t = table({ step: 'dayStart', hands: { 0: [] }, spirit: { 0: 5 } });
    t.reply(0, 'buy').reply(0, 'buy');
    expect(t.p(0).spirit).toBe(1);
    expect(t.p(0).hand).toHaveLength(2);
    expect(t.options(0)).not.toContain('buy');
  });

  test('a purchase is not offered when no card can be drawn', () => {
    const t = table({
      step: 'dayStart',
      spirit: { 0: 5 },
      tweak: (g) => g.players[1]!.hand.push(...g.deck.splice(0), ...g.discard.splice(0)),
    });
    expect(t.options(0)).not.toContain('buy');
  });

  test('a player equips one artifact per turn and the replaced one is discarded', () => {
    const t = table({ step: 'dayStart', hands: { 0: ['A01-R1', 'A02-B1'] }, artifact: { 0: 'A03-R1' } });
    t.reply(0, 'equip', { cards: ['A01-R1'] });
    expect(t.p(0).artifact).toBe('A01-R1');
    expect(t.g.discard).toContain('A03-R1');
    expect(t.options(0)).not.toContain('equip');
  });

  test('a spell goes to the discard pile after it resolves', () => {
    const t = table({ step: 'dayStart', hands: { 0: ['S01-R1'] }, spirit: { 0: 0 } });
    t.reply(0, 'play:S01-R1');
    expect(t.p(0).spirit).toBe(2);
    expect(t.g.discard).toEqual(['S01-R1']);
  });

  test('the same spell may be played twice in a turn', () => {
    const t = table({ step: 'dayStart', hands: { 0: ['S01-R1', 'S01-B1'] }, spirit: { 0: 0 } });
    t.reply(0, 'play:S01-R1').reply(0, 'play:S01-B1');
    expect(t.p(0).spirit).toBe(4);
  });

  test('turns pass clockwise to the next seat', () => {
    const t = table({ step: 'endTurn', current: 3, hands: { 3: [] } });
    expect(t.g.current).toBe(0);
    expect(t.asked()).toEqual(['0:play']);
  });

  test('at the end of his turn a player discards down to 5 cards of his choice', () => {
    const t = table({ step: 'endTurn', hands: { 0: [...reds(4), ...blues(3)] } });
    expect(t.asked()).toEqual(['0:discard']);
    expect(t.option('discard')!.cards).toMatchObject({ min: 2, max: 2 });
    t.reply(0, 'discard', { cards: blues(2) });
    expect(t.p(0).hand).toHaveLength(5);
  });

  test('the default discard is the first cards of the hand (deterministic)', () => {
    const t = table({ step: 'endTurn', hands: { 0: [...reds(4), ...blues(3)] } });
    expect(ghost.defaultAnswer!(t.s, t.prompt)).toMatchObject({ option: 'discard', cards: reds(2) });
  });
});

describe('reaction windows', () => {
  test('with autoPass off (as the room runs the rules) every player is asked in turn order; with it on only holders', () => {
    const spec: TableSpec = {
      step: 'night',
      current: 1,
      hands: { 0: ['S06-R1'], 1: [], 2: ['S05-B1'], 3: ['S01-R1'] },
      spirit: { 0: 2, 2: 1 },
    };
    const every = table({ ...spec, askAll: true });
    expect(every.asked()).toEqual(['1:respond']);
    every.reply(1, 'pass');
    expect(every.asked()).toEqual(['2:respond']);
    every.reply(2, 'pass');
    expect(every.asked()).toEqual(['3:respond']);
    every.reply(3, 'pass');
    expect(every.asked()).toEqual(['0:respond']);
    // With autoPass on in the rules (older records, practice) only the holders of a playable ⚡ spell are asked.
    const t = table(spec);
    expect(t.asked()).toEqual(['2:respond']);
    t.reply(2, 'pass');
    expect(t.asked()).toEqual(['0:respond']);
  });

  test('a window asks a seat with no ⚡ spell exactly as one holding one: same prompt, same public waiting', () => {
    // Seat 1 (current) is asked first either way; only its own options differ.
    const spec = (hand: string[]): TableSpec => ({
      step: 'night',
      current: 1,
      hands: { 0: [], 1: hand, 2: [], 3: [] },
      spirit: { 1: 5 },
    });
    const without = table({ ...spec([]), askAll: true });
    const holding = table({ ...spec(['S06-R1']), askAll: true });
    const [a, b] = [without.s.prompts[0]!, holding.s.prompts[0]!];
    expect([a.seat, a.kind, a.message]).toEqual([b.seat, b.kind, b.message]);
    expect(a.options.map((o) => o.id)).toEqual(['pass', 'passAlways']);
    expect(b.options.map((o) => o.id)).toEqual(['play:S06-R1', 'pass', 'passAlways']);
    const waiting = (t: Runner) => (t.view(null) as { waiting?: unknown }).waiting;
    expect(waiting(without)).toEqual([1]);
    expect(waiting(without)).toEqual(waiting(holding));
    // Passing moves the window on the same way: next the seat after, in turn order.
    without.reply(1, 'pass');
    holding.reply(1, 'pass');
    expect(without.asked()).toEqual(['2:respond']);
    expect(waiting(without)).toEqual(waiting(holding));
  });

  test('a player who cannot pay for his ⚡ spell is not asked', () => {
    const t = table({ step: 'night', hands: { 0: [], 1: ['S06-R1'], 2: [], 3: [] }, spirit: { 1: 1 } });
    expect(t.asked()).not.toContain('1:respond');
  });

  test('a player may play several ⚡ spells in one window, then pass', () => {
    const t = table({
      step: 'after',
      imps: { 1: ['I01'] },
      hands: { 0: [], 1: [], 2: ['S11-R1', 'S11-B1'], 3: [] },
      spirit: { 2: 2 },
    });
    t.reply(2, 'play:S11-R1', { cards: ['I01'] }).reply(2, 'play:S11-B1', { cards: ['I01'] });
    expect(t.g.ts.breaking).toEqual({ I01: 2 });
  });

  test('"always pass" stops a player from being asked again', () => {
    const t = table({ step: 'night', hands: { 0: [], 1: ['S06-R1', 'S18-R1'], 2: [], 3: [] }, spirit: { 1: 9 } });
    t.reply(1, 'passAlways');
    expect(t.p(1).autoPass).toBe(true);
    // The window after the haunting would offer 定身符, but seat 1 is not asked.
    expect(t.g.phase).toBe('exorcism');
    expect(t.asked()).not.toContain('1:respond');
  });

  test('in his day a player who chose "always pass" can ask to be asked again', () => {
    const t = table({ step: 'dayStart', tweak: (g) => (g.players[0]!.autoPass = true) });
    t.reply(0, 'askReactions');
    expect(t.p(0).autoPass).toBe(false);
    expect(t.options(0)).not.toContain('askReactions');
  });
});

describe('haunting', () => {
  test('a flipped imp possesses the player named by its condition', () => {
    // 酒鬼 NEXT: the current player's next seat.
    const t = table({ step: 'haunt', current: 2, ghost: ['I05'] });
    expect(t.p(3).imps.map((c) => c.id)).toEqual(['I05']);
  });

  test('ties in a possession condition go to the first player in turn order from the current player', () => {
    // 饿死鬼 FEWEST_HAND: seats 0 and 3 tie with 1 card; current is 2, so seat 3 comes first.
    const t = table({
      step: 'haunt',
      current: 2,
      ghost: ['I01'],
      hands: { 0: reds(1), 1: reds(2, 1), 2: reds(2, 3), 3: blues(1) },
    });
    expect(t.p(3).imps.map((c) => c.id)).toEqual(['I01']);
  });

  test('with the ghost king out, a player who already has 2 imps discards half his hand when possessed again', () => {
    const t = table({
      step: 'haunt',
      current: 0,
      gk: 2,
      ghost: ['I08'],
      imps: { 0: ['I01', 'I02'], 2: ['I03'] },
      hands: { 0: reds(5) },
    });
    expect(t.asked()).toEqual(['0:discard']);
    expect(t.option('discard')!.cards).toMatchObject({ min: 2, max: 2 });
    expect(t.g.limbo).toEqual(['I08']);
    t.reply(0, 'discard', { cards: reds(2) });
    expect(t.p(0).imps.map((c) => c.id)).toEqual(['I01', 'I02', 'I08']);
    expect(t.p(0).hand).toHaveLength(3);
  });

  test('without a ghost king there is no half-hand discard', () => {
    const t = table({ step: 'haunt', current: 0, ghost: ['I08'], imps: { 0: ['I01', 'I02'] }, hands: { 0: reds(5) } });
    expect(t.p(0).imps).toHaveLength(3);
    expect(t.p(0).hand).toHaveLength(5);
  });

  test('the ghost king is never possessed by a flip', () => {
    // 吊死鬼 CURRENT while the current player is the GK: the next eligible seat takes it.
    const t = table({ step: 'haunt', current: 1, gk: 1, imps: { 1: ['I01', 'I02', 'I03'] }, ghost: ['I08'] });
    expect(t.p(2).imps.map((c) => c.id)).toEqual(['I08']);
  });
});

describe('ghost king', () => {
  // Seed 鬼王的产生 a / b and 邪道 a–c; cards.md R8 v1.1, R9, R10.
  const ids5 = ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'] as const;

  test("the 3rd imp arrives and another player's imp is exorcised: the holder still becomes the ghost king that turn", () => {
    // 吊死鬼 (CURRENT) is seat 0's 3rd imp; seat 0 then exorcises 穷鬼 (any 3) on seat 1.
    const t = table({
      step: 'haunt',
      ghost: ['I08'],
      imps: { 0: ['I01', 'I02'], 1: ['I14'] },
      hands: { 0: reds(3), 1: [], 2: [], 3: [] },
    });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    expect(t.logKeys()).toContain('ghost.log.exorcised');
    expect(t.g.gk).toBe(0);
  });

  test("the 3rd imp arrives and one of the holder's own imps is exorcised that turn: no ghost king", () => {
    const t = table({
      step: 'haunt',
      ghost: ['I08'],
      imps: { 0: ['I01', 'I02'], 1: ['I14'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: [] },
    });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: reds(2) });
    expect(t.logKeys()).toContain('ghost.log.exorcised');
    expect(t.p(0).imps).toHaveLength(2);
    expect(t.g.gk).toBeNull();
  });

  test('the 3rd imp arrives and nothing is exorcised: the holder becomes the ghost king at the end of the night', () => {
    const t = table({
      step: 'haunt',
      ghost: ['I08'],
      imps: { 0: ['I01', 'I02'] },
      hands: { 0: [], 1: [], 2: [], 3: [] },
    });
    t.reply(0, 'pass');
    expect(t.g.gk).toBe(0);
    expect(t.p(0).imps).toHaveLength(3);
  });

  test('a saved holder of 3 imps does not become the ghost king in a later turn in which he receives no imp', () => {
    // Seat 0 kept 3 imps from an earlier turn; this turn the flip is an event and nobody exorcises.
    const t = table({
      step: 'haunt',
      current: 1,
      ghost: ['E03'],
      imps: { 0: ['I01', 'I02', 'I03'] },
      hands: { 0: [], 1: [], 2: [], 3: [] },
    });
    t.reply(1, 'pass');
    expect(t.logKeys()).toContain('ghost.log.turn');
    expect(t.g.gk).toBeNull();
    expect(t.g.current).toBe(2);
  });

  test('the 7th table imp arrives and no imp anywhere is exorcised: the player with most imps becomes the ghost king, topped up to 3 imps', () => {
    const t = table({
      step: 'haunt',
      current: 1,
      ghost: ['I10'],
      imps: { 0: ['I01', 'I02'], 1: ['I03'], 2: ['I04', 'I05'], 3: ['I06'] },
      hands: { 0: [], 1: [], 2: [], 3: [] },
    });
    // 贪财鬼 (MOST_SPIRIT, all tied at 1 → first in TBO from seat 1) is the 7th table imp, on seat 1.
    expect(t.p(1).imps.map((c) => c.id)).toEqual(['I03', 'I10']);
    t.reply(1, 'pass');
    // seats 0, 1, 2 tie with 2; TBO from seat 1 gives seat 1.
    expect(t.g.gk).toBe(1);
    expect(t.p(1).imps).toHaveLength(3);
    // topped up with the latest-arrival imp of the player with most imps (seat 2, first in TBO after seat 1).
    expect(t.p(1).imps.map((c) => c.id)).toContain('I05');
  });

  test("the 7th table imp: any successful exorcism this turn, of anyone's imp, keeps the ghost king away", () => {
    const t = table({
      step: 'haunt',
      current: 1,
      ghost: ['I10'],
      imps: { 0: ['I01', 'I02'], 1: ['I03'], 2: ['I04', 'I14'], 3: ['I06'] },
      hands: { 0: [], 1: reds(3), 2: [], 3: [] },
    });
    t.reply(1, 'target', { cards: ['I14'] }).reply(1, 'vote', { cards: reds(3) });
    expect(t.logKeys()).toContain('ghost.log.exorcised');
    expect(t.g.gk).toBeNull();
  });

  test('7 table imps standing from an earlier turn do not make a ghost king in a turn that brought no imp', () => {
    const t = table({
      step: 'haunt',
      current: 1,
      ghost: ['E03'],
      imps: { 0: ['I01', 'I02'], 1: ['I03', 'I10'], 2: ['I04', 'I05'], 3: ['I06'] },
      hands: { 0: [], 1: [], 2: [], 3: [] },
    });
    t.reply(1, 'pass');
    expect(t.g.gk).toBeNull();
  });

  test('the ghost king refills to 7 cards in a 4-player game', () => {
    const t = table({ step: 'emerge', imps: { 2: ['I01', 'I02', 'I03'] }, hands: { 2: reds(2) }, tweak: third(2) });
    expect(t.p(2).hand).toHaveLength(7);
  });

  test('the ghost king refills to 10 cards in a 7-player game', () => {
    const t = table({
      P: 7,
      step: 'emerge',
      ids: [
        'taiping_red',
        'taiping_red',
        'taiping_red',
        'tianshi_blue',
        'tianshi_blue',
        'tianshi_blue',
        'heretic_king',
      ],
      imps: { 2: ['I01', 'I02', 'I03'] },
      hands: { 6: reds(2) },
      tweak: third(2),
    });
    expect(t.g.gk).toBe(6);
    expect(t.p(6).hand).toHaveLength(10);
  });

  test('a new ghost king loses his points and his artifact', () => {
    const t = table({
      step: 'emerge',
      imps: { 2: ['I01', 'I02', 'I03'] },
      points: { 2: ['I04'] },
      artifact: { 2: 'A01-R1' },
      tweak: third(2),
    });
    expect(t.g.gk).toBe(2);
    expect(t.p(2).points).toHaveLength(0);
    expect(t.p(2).artifact).toBeNull();
    expect(t.g.removed).toContain('I04');
    expect(t.p(2).revealed).toBe(false);
  });

  test('with a heretic king in the game, another player whose 3rd imp arrived and whose own imps were not exorcised makes the heretic king the ghost king; he reveals himself', () => {
    // Seat 0's 3rd imp arrives (吊死鬼, CURRENT); he exorcises 穷鬼 on seat 3, which does not save him.
    const t = table({
      P: 5,
      step: 'haunt',
      ghost: ['I08'],
      ids: [...ids5],
      imps: { 0: ['I01', 'I02'], 3: ['I14'] },
      hands: { 0: reds(3), 1: [], 2: [], 3: [], 4: [] },
    });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    // The heretic-escape question comes first (R20 b); a non-heretic may only go on.
    t.reply(0, 'continue');
    expect(t.g.gk).toBe(1);
    expect(t.p(1).revealed).toBe(true);
    // topped up from the qualifying player first.
    expect(
      t
        .p(1)
        .imps.map((c) => c.id)
        .sort(),
    ).toEqual(['I01', 'I02', 'I08']);
    expect(t.p(0).imps).toHaveLength(0);
  });

  test("the heretic king whose 3rd imp arrived loses and the game ends, even though another player's imp was exorcised that turn", () => {
    // Seat 1 (邪道王) is the current player; 吊死鬼 is his 3rd imp; he exorcises 穷鬼 on seat 3.
    const t = table({
      P: 5,
      step: 'haunt',
      current: 1,
      ghost: ['I08'],
      ids: [...ids5],
      imps: { 1: ['I01', 'I02'], 3: ['I14'] },
      points: { 0: ['I04'] },
      hands: { 0: [], 1: reds(3), 2: [], 3: [], 4: [] },
    });
    t.reply(1, 'target', { cards: ['I14'] }).reply(1, 'vote', { cards: reds(3) });
    expect(t.logKeys()).toContain('ghost.log.exorcised');
    // He could still escape his imps (R20 b); he does not.
    t.reply(1, 'continue');
    expect(t.logKeys()).toContain('ghost.log.hereticKingFalls');
    expect(t.s.outcome!.reason.key).toBe('ghost.end.hereticKing');
    // The heretic scored 2 + nothing else, red 2: heretics cannot win, so red does.
    expect(t.s.outcome!.winners).toEqual([0, 2]);
    expect(t.g.gk).toBeNull();
  });

  test('the heretic king whose own imp was exorcised in the turn his 3rd arrived plays on', () => {
    const t = table({
      P: 5,
      step: 'haunt',
      current: 1,
      ghost: ['I08'],
      ids: [...ids5],
      imps: { 1: ['I01', 'I02'] },
      hands: { 0: [], 1: reds(2), 2: [], 3: [], 4: [] },
    });
    t.reply(1, 'target', { cards: ['I01'] }).reply(1, 'vote', { cards: reds(2) });
    expect(t.s.outcome).toBeNull();
    expect(t.g.gk).toBeNull();
  });

  test('the ghost king skips draw and day, and draws 1 card at nightfall', () => {
    const t = table({
      step: 'start',
      current: 1,
      gk: 1,
      imps: { 1: ['I01', 'I02', 'I03'] },
      hands: { 1: reds(2) },
      spirit: { 1: 0 },
    });
    expect(t.p(1).spirit).toBe(0);
    expect(t.p(1).hand).toHaveLength(3);
    expect(t.logKeys()).toContain('ghost.log.gkDraw');
  });

  test('the ghost king has no hand limit', () => {
    const t = table({ step: 'endTurn', current: 1, gk: 1, imps: { 1: ['I01', 'I02', 'I03'] }, hands: { 1: reds(8) } });
    expect(t.asked()).not.toContain('1:discard');
    expect(t.p(1).hand).toHaveLength(8);
  });

  test('imp effects do not apply to the ghost king', () => {
    // 吊死鬼 would lower the hand limit; 水鬼 would cost spirit.
    const t = table({ step: 'start', current: 1, gk: 1, imps: { 1: ['I08', 'I12', 'I03'] }, spirit: { 1: 3 } });
    expect(t.p(1).spirit).toBe(3);
  });

  test('the ghost king cannot equip: his artifact is discarded on emergence', () => {
    const t = table({ step: 'emerge', imps: { 2: ['I01', 'I02', 'I03'] }, artifact: { 2: 'A04-B1' }, tweak: third(2) });
    expect(t.g.discard).toContain('A04-B1');
  });

  test("the ghost king's identity stays secret unless he is the heretic king", () => {
    const t = table({ step: 'emerge', imps: { 2: ['I01', 'I02', 'I03'] }, tweak: third(2) });
    expect(t.g.gk).toBe(2);
    expect((t.view(0).view as any).players[2].identity).toBeNull();
  });
});

describe('heretics', () => {
  const ids5 = ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'] as const;

  test('a heretic with 3 imps may reveal himself and send his imps to possess others', () => {
    const t = table({
      P: 5,
      step: 'escape',
      current: 0,
      ids: [...ids5],
      imps: { 1: ['I05', 'I12', 'I08'] },
      hands: { 1: reds(3) },
    });
    expect(t.asked()).toEqual(['1:escape']);
    expect(t.options(1)).toEqual(['continue', 'escape']);
    t.reply(1, 'escape');
    expect(t.p(1).revealed).toBe(true);
    expect(t.p(1).imps).toHaveLength(0);
    expect(t.g.discard).toEqual(expect.arrayContaining(reds(3)));
    // 酒鬼 NEXT → seat 1 is excluded, so the first eligible after him: seat 2; 水鬼 PREV → seat 4; 吊死鬼 CURRENT → seat 0.
    expect(t.p(2).imps.map((c) => c.id)).toContain('I05');
    expect(t.p(4).imps.map((c) => c.id)).toContain('I12');
    expect(t.p(0).imps.map((c) => c.id)).toContain('I08');
  });

  test('a non-heretic with 3 imps is asked too but may only continue', () => {
    const t = table({ P: 5, step: 'escape', ids: [...ids5], imps: { 3: ['I01', 'I02', 'I03'] } });
    expect(t.asked()).toEqual(['3:escape']);
    expect(t.options(3)).toEqual(['continue']);
  });

  test('in his day a heretic may re-possess the imps of a player with exactly 2 imps', () => {
    const t = table({ P: 5, step: 'dayStart', current: 1, ids: [...ids5], imps: { 3: ['I05', 'I08'] } });
    expect(t.option('heretic')!.seats!.from).toEqual([3]);
    t.reply(1, 'heretic', { seats: [3] });
    expect(t.p(1).revealed).toBe(true);
    // 酒鬼 NEXT of current 1 → seat 2; 吊死鬼 CURRENT → seat 1.
    expect(t.p(2).imps.map((c) => c.id)).toEqual(['I05']);
    expect(t.p(1).imps.map((c) => c.id)).toEqual(['I08']);
  });

  test('the heretic action is used once per game', () => {
    const t = table({
      P: 5,
      step: 'dayStart',
      current: 1,
      ids: [...ids5],
      imps: { 3: ['I05', 'I08'], 4: ['I01', 'I02'] },
    });
    t.reply(1, 'heretic', { seats: [3] });
    expect(t.options(1)).not.toContain('heretic');
  });
});

describe('end of game and scoring', () => {
  test('the game ends the moment one player has exorcised 4 imps in a 4-player game', () => {
    // Seat 1 (blue) holds 3 points and exorcises 穷鬼 (any 3) as host.
    const t = table({
      step: 'exorcise',
      current: 1,
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      points: { 1: ['I01', 'I08', 'I09'] },
      imps: { 2: ['I14'] },
      hands: { 0: [], 1: reds(3), 2: [], 3: [] },
    });
    t.reply(1, 'target', { cards: ['I14'] }).reply(1, 'vote', { cards: reds(3) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.threshold');
    expect(t.s.outcome!.reason.params).toEqual({ seat: 1 });
    // blue member: 3 blue imps ×2 + 1 red ×1 = 7.
    expect((t.g.result as any).teams).toEqual({ red: 0, blue: 7 });
    expect(t.s.outcome!.winners).toEqual([1, 3]);
  });

  test('3 exorcised imps end a 6-player game, 2 do not', () => {
    const t = table({
      P: 6,
      step: 'exorcise',
      points: { 0: ['I01', 'I08'] },
      imps: { 2: ['I14'], 3: ['I07'] },
      hands: { 0: reds(6), 1: [], 2: [], 3: [], 4: [], 5: [] },
    });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.threshold');
    const u = table({
      P: 6,
      step: 'exorcise',
      points: { 0: ['I01'] },
      imps: { 2: ['I14'] },
      hands: { 0: reds(3), 1: [], 2: [], 3: [], 4: [], 5: [] },
    });
    u.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    expect(u.s.outcome).toBeNull();
  });

  test('4 points at 5 players end the game before a heretic escape can make a ghost king', () => {
    // Seat 0 reaches 4 points this turn. The heretic king (seat 1, 3 imps) would otherwise escape, and his
    // 吊死鬼 (CURRENT) would become seat 0's 3rd imp, making the heretic king the ghost king at once (R20).
    const t = table({
      P: 5,
      step: 'exorcise',
      ids: ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'],
      points: { 0: ['I13', 'I15', 'I16'] },
      imps: { 0: ['I01', 'I02'], 1: ['I05', 'I12', 'I08'], 2: ['I14'] },
      hands: { 0: reds(3), 1: [], 2: [], 3: [], 4: [] },
    });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.threshold');
    expect(t.logKeys()).not.toContain('ghost.log.hereticEscape');
    expect(t.g.gk).toBeNull();
  });

  test('the exorcism threshold does not end the game while a ghost king is out', () => {
    const t = table({
      step: 'exorcise',
      gk: 2,
      points: { 0: ['I04', 'I05', 'I06'] },
      imps: { 2: ['I08', 'I09', 'I10'], 3: ['I14'] },
      hands: { 0: reds(3), 1: [], 2: [], 3: [] },
    });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    expect(t.p(0).points).toHaveLength(4);
    expect(t.s.outcome).toBeNull();
  });

  test('the game ends at the end of the turn the last ghost card was flipped; without a ghost king the teams are scored', () => {
    const t = table({ step: 'endTurn', hands: { 0: [] }, tweak: (g) => g.removed.push(...g.ghost.splice(0)) });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.deck');
  });

  test('the ghost king wins when the ghost deck runs out while he is alive', () => {
    const t = table({
      step: 'endTurn',
      gk: 2,
      imps: { 2: ['I01', 'I02', 'I03'] },
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0)),
    });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.gkDeck');
    expect(t.s.outcome!.winners).toEqual([2]);
  });

  test('tied teams are split by the number of exorcised imps, then share the win', () => {
    const t = table({
      step: 'endTurn',
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      points: { 0: ['I01'], 1: ['I01'.replace('1', '2')] },
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0)),
    });
    // red: I01 red → 2; blue: I02 red → 1.
    expect((t.g.result as any).teams).toEqual({ red: 2, blue: 1 });
    const u = table({
      step: 'endTurn',
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      points: { 0: ['I01'], 1: ['I08'] },
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0)),
    });
    expect(u.s.outcome!.winners).toEqual([0, 1, 2, 3]);
  });

  test('a heretic scores per imp by the table and a same-colour bonus (5 players: 2 each, +2 for a pair)', () => {
    const t = table({
      P: 5,
      step: 'endTurn',
      ids: ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'],
      points: { 1: ['I01', 'I02'] },
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0)),
    });
    expect((t.g.result as any).teams.heretic).toBe(2 * 2 + 2);
  });

  test('heretics in an 8-player game score 2 per imp and no colour bonus', () => {
    const t = table({
      P: 8,
      step: 'endTurn',
      ids: [
        'taiping_red',
        'heretic_king',
        'taiping_red',
        'tianshi_blue',
        'tianshi_blue',
        'taiping_red',
        'tianshi_blue',
        'heretic_follower',
      ],
      points: { 1: ['I01', 'I02', 'I03'] },
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0)),
    });
    expect((t.g.result as any).teams.heretic).toBe(6);
  });

  test('7-player heretic: 3 per imp and +3 for three of a colour', () => {
    const t = table({
      P: 7,
      step: 'endTurn',
      ids: [
        'taiping_red',
        'heretic_king',
        'taiping_red',
        'tianshi_blue',
        'tianshi_blue',
        'taiping_red',
        'tianshi_blue',
      ],
      points: { 1: ['I01', 'I02', 'I08'] },
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0)),
    });
    // colours: red, red, blue → most common 2 → +2.
    expect((t.g.result as any).teams.heretic).toBe(9 + 2);
  });

  test('when the game ends every identity is public', () => {
    const t = table({ step: 'endTurn', hands: { 0: [] }, tweak: (g) => g.removed.push(...g.ghost.splice(0)) });
    const v = t.view(1).view as any;
    expect(v.players.map((p: any) => p.identity)).toEqual(t.g.players.map((p) => p.identity));
    expect(v.players[0].hand).toEqual(t.p(0).hand);
  });
});

describe('more rulings', () => {
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

  test('moving an imp with 移魂术 is not a possession: no half-hand discard while a ghost king is out', () => {
    const t = table({
      step: 'dayStart',
      gk: 3,
      imps: { 3: ['I01', 'I02', 'I03'], 1: ['I04'], 2: ['I05'] },
      hands: { 0: ['S07-R1'], 2: reds(4) },
      spirit: { 0: 2 },
    });
    t.reply(0, 'play:S07-R1', { cards: ['I04'], seats: [2] });
    expect(t.p(2).imps).toHaveLength(2);
    expect(t.p(2).hand).toHaveLength(4);
  });

  test('the 噬心鬼王 counter rises at the end of each night without an exorcism and resets on one', () => {
    const t = table({ step: 'emerge', gk: 2, king: 'K04', imps: { 2: ['I01'] }, hands: { 0: [] } });
    expect(t.g.k04).toBe(1);
    const u = table({
      step: 'exorcise',
      gk: 2,
      king: 'K04',
      imps: { 2: ['I01', 'I02'], 1: ['I08'] },
      hands: { 0: blues(2), 1: [], 2: [], 3: [] },
      tweak: (g) => (g.k04 = 2),
    });
    u.reply(0, 'target', { cards: ['I08'] }).reply(0, 'vote', { cards: blues(2) });
    expect(u.g.k04).toBe(0);
  });

  test('the ghost king is asked in reaction windows too', () => {
    const t = table({
      step: 'after',
      current: 0,
      gk: 2,
      imps: { 2: ['I01', 'I02', 'I03'] },
      hands: { 0: [], 1: [], 2: ['S18-R1'], 3: [] },
      spirit: { 2: 1 },
    });
    expect(t.asked()).toEqual(['2:respond']);
  });

  test('a player without cards is not asked to vote', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), 1: [], 2: reds(1, 1), 3: [] } });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'pass');
    expect(t.asked()).toEqual(['2:vote']);
  });

  test('the hand deck is rebuilt from the shuffled discard pile when it runs out', () => {
    const t = table({
      step: 'dayStart',
      spirit: { 0: 2 },
      hands: { 0: [] },
      tweak: (g) => g.discard.push(...g.deck.splice(0)),
    });
    const before = t.g.discard.length;
    t.reply(0, 'buy');
    expect(t.p(0).hand).toHaveLength(1);
    expect(t.g.deck.length + t.g.discard.length).toBe(before - 1);
    expect(t.logKeys()).toContain('ghost.log.reshuffle');
  });

  test('the hand deck is rebuilt right after the draw that emptied it, not at the next draw (§2.5 v1.1)', () => {
    // One card left in the deck; the rest in the discard pile. Buying takes the last card.
    const t = table({
      step: 'dayStart',
      spirit: { 0: 2 },
      hands: { 0: [] },
      tweak: (g) => g.discard.push(...g.deck.splice(1)),
    });
    const before = t.g.discard.length;
    const last = t.g.deck[0]!;
    t.reply(0, 'buy');
    expect(t.p(0).hand).toEqual([last]);
    expect(t.g.deck).toHaveLength(before);
    expect(t.g.discard).toHaveLength(0);
    expect(t.logKeys()).toContain('ghost.log.reshuffle');
  });

  test('when the deck runs out while the discard pile is empty too, the deck is rebuilt at the next draw', () => {
    // The last card is drawn with nothing to rebuild from; a spell played afterwards feeds the discard pile.
    const t = table({
      step: 'dayStart',
      spirit: { 0: 2 },
      hands: { 0: ['S01-R1'] },
      tweak: (g) => g.players[1]!.hand.push(...g.deck.splice(1), ...g.discard.splice(0)),
    });
    t.reply(0, 'buy');
    expect(t.g.deck).toHaveLength(0);
    t.reply(0, 'play:S01-R1');
    expect(t.g.discard).toEqual(['S01-R1']);
    t.reply(0, 'buy');
    expect(t.p(0).hand).toContain('S01-R1');
    expect(t.g.deck).toHaveLength(0);
  });

  test('the heretic follower never becomes the ghost king: his 3 imps make the heretic king the ghost king', () => {
    const t = table({
      P: 8,
      step: 'emerge',
      ids: [...ids8],
      imps: { 1: ['I01', 'I02', 'I03'] },
      hands: { 0: [] },
      tweak: third(1),
    });
    expect(t.g.gk).toBe(7);
  });

  test("a heretic's re-possession ignores Wards", () => {
    const t = table({
      P: 5,
      step: 'dayStart',
      current: 1,
      ids: ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'],
      imps: { 3: ['I05', 'I12'] },
      tweak: (g) => (g.players[2]!.warded = true),
    });
    t.reply(1, 'heretic', { seats: [3] });
    // 酒鬼 NEXT of current 1 → seat 2, Ward or not.
    expect(t.p(2).imps.map((c) => c.id)).toEqual(['I05']);
  });

  test('when a heretic action leaves someone with 3 imps, the heretic king becomes the ghost king at once', () => {
    const t = table({
      P: 5,
      step: 'dayStart',
      current: 4,
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue', 'heretic_king'],
      imps: { 3: ['I05', 'I08'], 0: ['I01', 'I02'] },
    });
    // seat 4 is the heretic king: 酒鬼 NEXT → seat 0 (3 imps), 吊死鬼 CURRENT → seat 4.
    t.reply(4, 'heretic', { seats: [3] });
    expect(t.g.gk).toBe(4);
    expect(t.p(4).revealed).toBe(true);
  });

  test('the emergence top-up takes imps from Warded players too', () => {
    const u = table({
      step: 'emerge',
      current: 0,
      imps: { 0: ['I01', 'I02'], 1: ['I03', 'I04'], 2: ['I05'], 3: ['I06', 'I07'] },
      tweak: (g) => {
        g.players[1]!.warded = true;
        g.ts.seventh = true;
      },
    });
    expect(u.g.gk).toBe(0);
    expect(u.p(0).imps).toHaveLength(3);
    expect(u.p(1).imps).toHaveLength(1);
  });

  test('a turn saved by an older build, without this turn\'s emergence facts, plays on and counts as "no arrival"', () => {
    const t = table({
      step: 'haunt',
      current: 1,
      ghost: ['I08'],
      imps: { 0: ['I01', 'I02', 'I03'] },
      hands: { 0: [], 1: [], 2: [], 3: [] },
      tweak: (g) => {
        const ts = g.ts as Record<string, unknown>;
        delete ts.thirdImp;
        delete ts.exorcisedFrom;
        delete ts.seventh;
      },
    });
    t.reply(1, 'pass');
    expect(t.g.gk).toBeNull();
    expect(t.g.current).toBe(2);
  });

  test('the view tells everyone whose 3rd imp arrived this turn and whose imps were exorcised', () => {
    const ids = ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'] as const;
    const t = table({
      P: 5,
      step: 'haunt',
      ghost: ['I08'],
      ids: [...ids],
      imps: { 0: ['I01', 'I02'], 3: ['I14'] },
      hands: { 0: reds(3), 1: [], 2: [], 3: [], 4: [] },
    });
    for (const v of [null, 0, 1])
      expect((t.view(v).view as any).turnState).toMatchObject({ thirdImp: [0], exorcisedFrom: [], seventh: false });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: reds(3) });
    // The heretic-escape question is open: the turn is not over yet.
    expect(t.asked()).toEqual(['0:escape']);
    for (const v of [null, 3])
      expect((t.view(v).view as any).turnState).toMatchObject({ thirdImp: [0], exorcisedFrom: [3] });
  });

  test('an imp removed by 天雷 scores for nobody', () => {
    const t = table({ step: 'haunt', ghost: ['E04'], imps: { 1: ['I01'] }, hands: { 0: [], 1: [], 2: [], 3: [] } });
    expect(t.g.removed).toEqual(['I01']);
    expect(t.g.players.every((p) => p.points.length === 0)).toBe(true);
  });
});
