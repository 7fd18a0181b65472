import { describe, expect, test } from 'vitest';
import { handLimit } from '../../../worker/games/ghost/state';
import { blues, reds, table, type TableSpec } from './fixture';

/** Every imp of cards.md §3: its possession condition and its ongoing effect. 8 players hold the whole set. */
const ids8 = [
  'taiping_red',
  'taiping_red',
  'taiping_red',
  'tianshi_blue',
  'tianshi_blue',
  'tianshi_blue',
  'heretic_king',
  'heretic_follower',
] as const;
/** Flip `imp` in an 8-player game with current seat `current`; returns the receiving seat. */
function flip(imp: string, spec: TableSpec = {}): number {
  const t = table({ P: 8, ids: [...ids8], step: 'haunt', ghost: [imp], ...spec });
  return t.g.players.findIndex((p) => p.imps.some((i) => i.id === imp));
}

describe('imps', () => {
  test('饿死鬼 possesses the player with the fewest cards and lowers his hand limit by 1', () => {
    expect(flip('I01', { hands: { 5: reds(1) } })).toBe(5);
    const t = table({ step: 'endTurn', imps: { 0: ['I01'] }, hands: { 0: [...reds(4), ...blues(2)] } });
    expect(t.option('discard')!.cards!.min).toBe(2);
  });

  test('numeric imp effects stack per imp: 饿死鬼 and 吊死鬼 together lower the hand limit by 2', () => {
    const t = table({ step: 'start', imps: { 0: ['I01', 'I08'] } });
    expect(handLimit(t.def.cat, t.g, 0)).toBe(3);
  });

  test('胆小鬼 possesses the player with the fewest points and its holder cannot vote on it', () => {
    expect(
      flip('I02', {
        current: 2,
        points: { 0: ['I03'], 1: ['I04'], 2: ['I05'], 3: ['I06'], 4: ['I07'], 6: ['I08'], 7: ['I09'] },
      }),
    ).toBe(5);
    const t = table({
      step: 'exorcise',
      current: 1,
      imps: { 0: ['I02'] },
      hands: { 0: reds(2), 1: reds(1, 2), 2: [], 3: [] },
    });
    t.reply(1, 'target', { cards: ['I02'] }).reply(1, 'vote', { cards: reds(1, 2) });
    expect(t.asked()).not.toContain('0:vote');
  });

  test('替死鬼 possesses the last successful exorcist and he cannot host its exorcism', () => {
    expect(flip('I03', { current: 0, tweak: (g) => (g.lastHost = 6) })).toBe(6);
    expect(flip('I03', { current: 3 })).toBe(3);
    const t = table({ step: 'exorcise', imps: { 0: ['I03'], 1: ['I01'] } });
    expect(t.option('target')!.cards!.from).toEqual(['I01']);
  });

  test('小气鬼 possesses the player with the least spirit and raises his hand limit by 1', () => {
    expect(flip('I04', { spirit: { 0: 3, 1: 3, 2: 3, 3: 3, 4: 0, 5: 3, 6: 3, 7: 3 } })).toBe(4);
    const t = table({ step: 'endTurn', imps: { 0: ['I04'] }, hands: { 0: [...reds(4), ...blues(2)] } });
    expect(t.asked()).not.toContain('0:discard');
  });

  test("酒鬼 possesses the current player's next player and its holder cannot challenge as host", () => {
    expect(flip('I05', { current: 7 })).toBe(0);
    const t = table({
      step: 'exorcise',
      imps: { 0: ['I05'], 2: ['I01'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: blues(1) },
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(2) })
      .reply(3, 'vote', { cards: blues(1) });
    expect(t.logKeys()).not.toContain('ghost.log.challenge');
    expect(t.g.lastReveal).toMatchObject({ red: 2, blue: 1, success: false });
  });

  test("无头鬼 possesses the player opposite the current player and caps its holder's votes at 3 cards", () => {
    expect(flip('I06', { current: 1 })).toBe(5);
    const t = table({ step: 'exorcise', imps: { 0: ['I06'], 2: ['I01'] }, hands: { 0: reds(5) } });
    t.reply(0, 'target', { cards: ['I01'] });
    expect(t.option('vote')!.cards!.max).toBe(3);
  });

  test('魍魉 possesses the first player without an artifact and its holder cannot equip', () => {
    expect(flip('I07', { current: 0, artifact: { 0: 'A01-R1', 1: 'A02-R1' } })).toBe(2);
    const t = table({ step: 'dayStart', imps: { 0: ['I07'] }, hands: { 0: ['A01-R1'] } });
    expect(t.options(0)).not.toContain('equip');
  });

  test('吊死鬼 possesses the current player and lowers his hand limit by 1', () => {
    expect(flip('I08', { current: 4 })).toBe(4);
    const t = table({ step: 'endTurn', imps: { 0: ['I08'] }, hands: { 0: reds(5) } });
    expect(t.option('discard')!.cards!.min).toBe(1);
  });

  test('山魈 possesses the first player with an artifact and switches the artifact off', () => {
    expect(flip('I09', { current: 0, artifact: { 3: 'A01-R1', 5: 'A02-R1' } })).toBe(3);
    const t = table({ step: 'endTurn', imps: { 0: ['I09'] }, artifact: { 0: 'A02-R1' }, hands: { 0: reds(6) } });
    expect(t.option('discard')!.cards!.min).toBe(1);
  });

  test('贪财鬼 possesses the player with the most spirit and makes his purchases cost 1 more', () => {
    expect(flip('I10', { spirit: { 6: 9 } })).toBe(6);
    const t = table({ step: 'dayStart', imps: { 0: ['I10'] }, spirit: { 0: 3 } });
    t.reply(0, 'buy');
    expect(t.p(0).spirit).toBe(0);
  });

  test('长舌鬼 possesses the player with the most points and his votes are placed face up', () => {
    expect(flip('I11', { points: { 2: ['I01', 'I02'], 3: ['I03'] } })).toBe(2);
    const t = table({
      step: 'exorcise',
      current: 1,
      imps: { 3: ['I11'], 2: ['I01'] },
      hands: { 0: [], 1: reds(1), 2: [], 3: blues(1) },
    });
    t.reply(1, 'target', { cards: ['I01'] })
      .reply(1, 'pass')
      .reply(3, 'vote', { cards: blues(1) });
    expect((t.view(2).view as any).vote.open['3']).toEqual(blues(1));
  });

  test("水鬼 possesses the current player's previous player and costs 1 spirit at the start of his turn", () => {
    expect(flip('I12', { current: 0 })).toBe(7);
    const t = table({ step: 'start', imps: { 0: ['I12'] }, spirit: { 0: 2 } });
    // −1 at the start, +1 in the draw phase.
    expect(t.p(0).spirit).toBe(2);
    expect(t.logKeys()).toContain('ghost.log.loseSpirit');
  });

  test('赌鬼 possesses the player with the most cards and swaps a random card at the start of his day', () => {
    expect(flip('I13', { hands: { 6: reds(6) } })).toBe(6);
    const t = table({ step: 'dayStart', imps: { 0: ['I13'] }, hands: { 0: reds(3) } });
    expect(t.logKeys()).toContain('ghost.log.gamble');
    expect(t.p(0).hand).toHaveLength(3);
    expect(t.g.discard).toHaveLength(1);
  });

  test('穷鬼 possesses the player with the least spirit, has no effect and needs any 3 cards', () => {
    expect(flip('I14', { spirit: { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 7: 2 } })).toBe(6);
    const t = table({
      step: 'exorcise',
      imps: { 2: ['I14'] },
      hands: { 0: [...reds(1), ...blues(2)], 1: [], 2: [], 3: [] },
    });
    t.reply(0, 'target', { cards: ['I14'] }).reply(0, 'vote', { cards: [...reds(1), ...blues(2)] });
    expect(t.g.lastReveal!.success).toBe(true);
  });

  test('瞌睡鬼 possesses the previous player and denies the draw-phase spirit', () => {
    expect(flip('I15', { current: 3 })).toBe(2);
    const t = table({ P: 5, step: 'start', imps: { 0: ['I15'] }, spirit: { 0: 0 } });
    expect(t.p(0).spirit).toBe(0);
  });

  test('疫鬼 possesses the next player and he draws 1 card fewer', () => {
    expect(flip('I16', { current: 3 })).toBe(4);
    const t = table({ P: 5, step: 'start', imps: { 0: ['I16'] }, hands: { 0: [] } });
    expect(t.p(0).hand).toHaveLength(1);
  });

  test('冒失鬼 possesses the current player and makes him discard 1 card at the end of his turn', () => {
    expect(flip('I17', { current: 5 })).toBe(5);
    const t = table({ P: 6, step: 'endTurn', imps: { 0: ['I17'] }, hands: { 0: reds(2) } });
    expect(t.asked()).toEqual(['0:discard']);
    expect(t.option('discard')!.cards!.min).toBe(1);
  });

  test('懒鬼 possesses the first player without imps and its holder cannot buy', () => {
    expect(flip('I18', { current: 0, imps: { 0: ['I01'], 1: ['I02'] } })).toBe(2);
    const t = table({ P: 6, step: 'dayStart', imps: { 0: ['I18'] }, spirit: { 0: 5 } });
    expect(t.options(0)).not.toContain('buy');
  });

  test('夜叉 possesses the player with the most imps and his spells cost 1 more', () => {
    expect(flip('I19', { imps: { 3: ['I01', 'I02'] } })).toBe(3);
    const t = table({ P: 7, step: 'dayStart', imps: { 0: ['I19'] }, hands: { 0: ['S01-R1'] }, spirit: { 0: 0 } });
    expect(t.options(0)).not.toContain('play:S01-R1');
  });

  test('捣蛋鬼 possesses the player with the most imps and allows 1 spell per turn', () => {
    expect(flip('I20', { imps: { 4: ['I01'] } })).toBe(4);
    const t = table({
      P: 7,
      step: 'dayStart',
      imps: { 0: ['I20'] },
      hands: { 0: ['S01-R1', 'S01-B1'] },
      spirit: { 0: 0 },
    });
    t.reply(0, 'play:S01-R1');
    expect(t.options(0)).not.toContain('play:S01-B1');
  });

  test('狐魅 possesses the player with the most spirit and gives 1 extra draw-phase spirit', () => {
    expect(flip('I21', { spirit: { 7: 5 } })).toBe(7);
    const t = table({ P: 8, ids: [...ids8], step: 'start', imps: { 0: ['I21'] }, spirit: { 0: 0 } });
    expect(t.p(0).spirit).toBe(2);
  });

  test('游魂 possesses the player with the fewest imps and needs any 5 cards', () => {
    expect(flip('I22', { current: 0, imps: { 0: ['I01'], 1: ['I02'], 2: ['I03'] } })).toBe(3);
    const t = table({
      P: 8,
      ids: [...ids8],
      step: 'exorcise',
      imps: { 2: ['I22'] },
      hands: { 0: reds(4), 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] },
    });
    t.reply(0, 'target', { cards: ['I22'] }).reply(0, 'vote', { cards: reds(4) });
    expect(t.g.lastReveal).toMatchObject({ need: 5, success: false });
  });

  test('画皮 possesses the opposite player and shows a random card of his hand at the start of his day', () => {
    expect(flip('I23', { current: 6 })).toBe(2);
    const t = table({ P: 8, ids: [...ids8], step: 'dayStart', imps: { 0: ['I23'] }, hands: { 0: reds(2) } });
    expect(reds(2)).toContain(t.g.shownCard);
    expect((t.view(3).view as any).shownCard).toBe(t.g.shownCard);
  });

  test('伥鬼 possesses the last successful exorcist and its holder cannot equip', () => {
    expect(flip('I24', { current: 0, tweak: (g) => (g.lastHost = 5) })).toBe(5);
    const t = table({ P: 8, ids: [...ids8], step: 'dayStart', imps: { 0: ['I24'] }, hands: { 0: ['A02-B1'] } });
    expect(t.options(0)).not.toContain('equip');
  });

  test('a warded player is skipped by a positional condition', () => {
    expect(flip('I08', { current: 4, tweak: (g) => (g.players[4]!.warded = true) })).toBe(5);
  });
});
