import { describe, expect, test } from 'vitest';
import { blues, day, reds, table, third } from './fixture';

describe('events', () => {
  test('百鬼夜行 flips the next ghost card and resolves it', () => {
    const t = table({ step: 'haunt', current: 0, ghost: ['E01', 'I08'] });
    expect(t.g.eventPile).toEqual(['E01']);
    expect(t.p(0).imps.map((c) => c.id)).toEqual(['I08']);
  });

  test('阴风阵阵 makes every non-GK player with cards discard 1 at random', () => {
    const t = table({
      step: 'haunt',
      gk: 3,
      imps: { 3: ['I01', 'I02', 'I03'] },
      ghost: ['E02'],
      hands: { 0: reds(2), 1: [], 2: blues(1), 3: reds(2, 2) },
    });
    expect(t.p(2).hand).toHaveLength(0);
    expect(t.p(0).hand).toHaveLength(1);
    expect(t.p(3).hand).toHaveLength(2);
  });

  test('轮回 shuffles the discard pile into the hand deck and gives non-GK players 1 spirit', () => {
    const t = table({
      step: 'haunt',
      ghost: ['E03'],
      spirit: { 0: 0, 1: 0, 2: 0, 3: 0 },
      tweak: (g) => g.discard.push(...g.deck.splice(0, 10)),
    });
    expect(t.g.discard).toHaveLength(0);
    expect([0, 1, 2, 3].map((s) => t.p(s).spirit)).toEqual([1, 1, 1, 1]);
  });

  test('天雷 removes the newest table imp from the game when no ghost king exists', () => {
    const t = table({ step: 'haunt', ghost: ['E04'], imps: { 1: ['I01'], 2: ['I02'] } });
    expect(t.g.removed).toContain('I02');
    expect(t.p(1).imps).toHaveLength(1);
  });

  test("天雷 removes the ghost king's newest imp and at 0 the current player defeats him", () => {
    const t = table({
      step: 'haunt',
      current: 0,
      gk: 2,
      ghost: ['E04'],
      imps: { 2: ['I01'] },
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
    });
    expect(t.s.outcome!.reason.key).toBe('ghost.end.gkDefeated');
    expect(t.g.killer).toBe(0);
    expect((t.g.result as any).teams.red).toBe(5);
  });

  test('阴阳颠倒 swaps red and blue in every dispel condition this turn', () => {
    const t = table({
      P: 5,
      step: 'haunt',
      ghost: ['E05'],
      imps: { 2: ['I01'] },
      hands: { 0: blues(2), 1: [], 2: [], 3: [], 4: [] },
    });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: blues(2) });
    expect(t.g.lastReveal).toMatchObject({ colour: 'blue', success: true });
  });

  test("鬼打墙 skips this turn's exorcism", () => {
    const t = table({
      P: 6,
      step: 'haunt',
      ghost: ['E06'],
      imps: { 2: ['I01'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: [], 4: [], 5: [] },
    });
    expect(t.logKeys()).toContain('ghost.log.ghostWall');
    expect(t.asked()).not.toContain('0:host');
  });

  test('孤魂游荡 moves the newest imp of the most possessed player to the least possessed when 2 apart', () => {
    const t = table({
      P: 7,
      step: 'haunt',
      ghost: ['E07'],
      imps: { 0: ['I01'], 1: ['I02'], 2: ['I03', 'I04'], 3: ['I05'], 4: ['I06'], 5: ['I07'] },
    });
    expect(t.p(6).imps.map((c) => c.id)).toEqual(['I04']);
  });

  test('借尸还魂 raises the most recently exorcised imp, which possesses again', () => {
    const t = table({ P: 8, step: 'haunt', current: 0, ghost: ['E08'], points: { 3: ['I02', 'I08'] } });
    expect(t.p(3).points.map((c) => c.id)).toEqual(['I02']);
    expect(t.p(0).imps.map((c) => c.id)).toEqual(['I08']);
  });
});

describe('spells', () => {
  test('a spell cannot be played without the spirit to pay for it', () => {
    const t = day(['S08-R1'], { spirit: { 0: 2 } });
    expect(t.options(0)).not.toContain('play:S08-R1');
  });
});

describe('artifacts', () => {
  const won = (spec: Parameters<typeof table>[0]) =>
    table({
      step: 'exorcise',
      imps: { 2: ['I01'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: reds(1, 2) },
      spirit: { 0: 0, 3: 0 },
      ...spec,
    });

  test('桃木剑 gives the host 1 spirit when his exorcism succeeds', () => {
    const t = won({ artifact: { 0: 'A01-R1' } })
      .reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(2) })
      .reply(3, 'pass');
    expect(t.p(0).spirit).toBe(2);
  });

  test('铜钱剑 raises the hand limit by 1', () => {
    const t = table({ step: 'endTurn', artifact: { 0: 'A02-R1' }, hands: { 0: reds(6) } });
    expect(t.asked()).not.toContain('0:discard');
  });

  test('罗盘 shows its holder the top ghost card at the start of his day', () => {
    const t = table({ step: 'dayStart', artifact: { 0: 'A03-R1' }, ghost: ['I05'] });
    expect((t.view(0).view as any).seen[0]).toMatchObject({ kind: 'ghostTop', what: ['I05'] });
    expect(t.entries().find((e) => e.msg.key === 'ghost.log.luopan')!.to).toEqual([0]);
  });

  test('拂尘 gives 1 extra spirit in the draw phase', () => {
    const t = table({ step: 'start', artifact: { 0: 'A04-R1' }, spirit: { 0: 0 } });
    expect(t.p(0).spirit).toBe(2);
  });

  test('符笔 makes the first purchase of a turn cost 1 less', () => {
    const t = table({ step: 'dayStart', artifact: { 0: 'A05-R1' }, spirit: { 0: 3 } }).reply(0, 'buy');
    expect(t.p(0).spirit).toBe(2);
    t.reply(0, 'buy');
    expect(t.p(0).spirit).toBe(0);
  });

  test('铜铃 draws 1 card for a voter (not the host) of a successful exorcism', () => {
    const t = won({ artifact: { 3: 'A06-R1' }, hands: { 0: reds(1), 1: [], 2: [], 3: reds(1, 2) } });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(1) })
      .reply(3, 'vote', { cards: reds(1, 2) })
      .reply(0, 'reveal');
    expect(t.p(3).hand).toHaveLength(1);
  });

  test('七星灯 switches off the imp effects of its holder', () => {
    const t = table({ step: 'endTurn', artifact: { 0: 'A07-R1' }, imps: { 0: ['I08'] }, hands: { 0: reds(5) } });
    expect(t.asked()).not.toContain('0:discard');
  });

  test('八卦镜 puts its holder last in possession ties', () => {
    const t = table({
      step: 'haunt',
      current: 0,
      ghost: ['I01'],
      artifact: { 0: 'A08-R1' },
      hands: { 0: reds(1), 1: reds(1, 1), 2: reds(2, 2), 3: reds(2, 4) },
    });
    expect(t.p(1).imps.map((c) => c.id)).toEqual(['I01']);
  });

  test('招魂幡 makes a successful challenge pay 4 spirit', () => {
    const t = table({
      step: 'exorcise',
      artifact: { 0: 'A09-R1' },
      imps: { 2: ['I01'] },
      hands: { 0: reds(1), 1: [], 2: [], 3: blues(1) },
      spirit: { 0: 0 },
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(1) })
      .reply(3, 'vote', { cards: blues(1) })
      .reply(0, 'challenge', { seats: [3] });
    expect(t.entries().find((e) => e.msg.key === 'ghost.log.caught')!.msg.params!.n).toBe(4);
  });

  test('照妖镜 shows the host the identity of a voter caught by his challenge', () => {
    const t = table({
      step: 'exorcise',
      artifact: { 0: 'A10-R1' },
      imps: { 2: ['I01'] },
      hands: { 0: reds(1), 1: [], 2: [], 3: blues(1) },
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(1) })
      .reply(3, 'vote', { cards: blues(1) })
      .reply(0, 'challenge', { seats: [3] });
    expect((t.view(0).view as any).seen[0]).toMatchObject({ kind: 'identity', seat: 3 });
  });
});

describe('ghost-king cards', () => {
  const gkTable = (king: string, spec: Parameters<typeof table>[0]) =>
    table({ step: 'emerge', gk: 2, king, hands: { 0: [] }, ...spec });

  test('血煞鬼王 wins with 6 imps in a 4-player game', () => {
    expect(gkTable('K01', { imps: { 2: ['I01', 'I02', 'I03', 'I04', 'I05', 'I06'] } }).s.outcome!.reason.key).toBe(
      'ghost.end.gkCard',
    );
    expect(gkTable('K01', { imps: { 2: ['I01', 'I02', 'I03', 'I04', 'I05'] } }).s.outcome).toBeNull();
  });

  test('万鬼朝宗 wins when every other player has an imp', () => {
    expect(gkTable('K02', { imps: { 2: ['I01'], 0: ['I02'], 1: ['I03'], 3: ['I04'] } }).s.outcome!.reason.key).toBe(
      'ghost.end.gkCard',
    );
    expect(gkTable('K02', { imps: { 2: ['I01'], 0: ['I02'], 1: ['I03'] } }).s.outcome).toBeNull();
  });

  test('摄魂鬼王 wins when 2 other players have 2 imps each in a 4-player game', () => {
    expect(gkTable('K03', { imps: { 2: ['I01'], 0: ['I02', 'I05'], 1: ['I03', 'I04'] } }).s.outcome!.reason.key).toBe(
      'ghost.end.gkCard',
    );
  });

  test('噬心鬼王 wins after P turns in a row without an exorcism', () => {
    expect(gkTable('K04', { imps: { 2: ['I01'] }, tweak: (g) => (g.k04 = 3) }).s.outcome!.reason.key).toBe(
      'ghost.end.gkCard',
    );
    expect(gkTable('K04', { imps: { 2: ['I01'] }, tweak: (g) => (g.k04 = 2) }).s.outcome).toBeNull();
  });

  test('吞天鬼王 wins holding 12 cards at the end of his own night only', () => {
    const hand = [...reds(8), ...blues(4)];
    expect(gkTable('K05', { current: 2, imps: { 2: ['I01'] }, hands: { 2: hand } }).s.outcome!.reason.key).toBe(
      'ghost.end.gkCard',
    );
    expect(gkTable('K05', { current: 0, imps: { 2: ['I01'] }, hands: { 0: [], 2: hand } }).s.outcome).toBeNull();
  });

  test('夺舍鬼王 wins with 4 imps while nobody else has any', () => {
    expect(gkTable('K06', { imps: { 2: ['I01', 'I02', 'I03', 'I04'] } }).s.outcome!.reason.key).toBe(
      'ghost.end.gkCard',
    );
  });

  test('no ghost-king card wins in the turn the ghost king emerged', () => {
    const t = table({ step: 'emerge', king: 'K06', imps: { 2: ['I01', 'I02', 'I03', 'I04'] }, tweak: third(2) });
    expect(t.g.gk).toBe(2);
    expect(t.s.outcome).toBeNull();
  });
});
