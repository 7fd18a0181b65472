import { describe, expect, it } from 'vitest';
import { createGame, viewFor } from '../../../worker/engine';
import def, { deckIds, parseOptions } from '../../../worker/games/sanguosha';
import { DECK } from '../../../worker/games/sanguosha/deck';
import { distance, inRange } from '../../../worker/games/sanguosha/core';
import { table, expectConserved } from './table';

const count = (key: string) => DECK.filter((c) => c[2] === key).length;

describe('catalogue and setup', () => {
  it('the full deck has 160 cards: 44 杀 (30 plain, 9 thunder, 5 fire), 24 闪, 12 桃, 5 酒, 7 无懈可击, 40 per suit', () => {
    expect(DECK.length).toBe(160);
    expect([count('slash'), count('thunder_slash'), count('fire_slash')]).toEqual([30, 9, 5]);
    expect([count('jink'), count('peach'), count('analeptic'), count('nullification')]).toEqual([24, 12, 5, 7]);
    for (const suit of ['spade', 'heart', 'club', 'diamond']) expect(DECK.filter((c) => c[3] === suit).length).toBe(40);
    expect(new Set(DECK.map((c) => c[0])).size).toBe(160);
  });

  it('the standard deck option uses the 108 standard + EX cards', () => {
    expect(deckIds(def.deck, 'standard').length).toBe(108);
    const s = createGame(def, { seats: 5, seed: 'std', options: parseOptions({ deck: 'standard' }, 5) as any });
    expectConserved(s.g);
    expect(s.g.draw.length + s.g.players.reduce((n, p) => n + p.hand.length, 0)).toBe(108);
    expect(s.g.players.flatMap((p) => p.hand).every((id) => def.card[id]!.key !== 'analeptic' || id < 109)).toBe(true);
  });

  const expectedRoles: Record<number, number[]> = {
    4: [1, 1, 1, 1],
    5: [1, 1, 2, 1],
    6: [1, 1, 3, 1],
    7: [1, 2, 3, 1],
    8: [1, 2, 4, 1],
    9: [1, 3, 4, 1],
    10: [1, 3, 4, 2],
  };
  for (const [n, counts] of Object.entries(expectedRoles)) {
    it(`identities for ${n} players follow ruling S2 (${counts.join('/')})`, () => {
      const s = createGame(def, { seats: Number(n), seed: `roles${n}`, options: parseOptions({}, Number(n)) as any });
      const roles = s.g.players.map((p) => p.role);
      expect(['lord', 'loyalist', 'rebel', 'traitor'].map((r) => roles.filter((x) => x === r).length)).toEqual(counts);
    });
  }

  it('the double-traitor option gives 6 players 1/1/2/2 and 8 players 1/2/3/2', () => {
    for (const [n, counts] of [
      [6, [1, 1, 2, 2]],
      [8, [1, 2, 3, 2]],
    ] as const) {
      const s = createGame(def, { seats: n, seed: 'dt', options: parseOptions({ doubleTraitor: true }, n) as any });
      const roles = s.g.players.map((p) => p.role);
      expect(['lord', 'loyalist', 'rebel', 'traitor'].map((r) => roles.filter((x) => x === r).length)).toEqual(counts);
    }
  });

  it('without generals the lord is revealed, takes the first turn and has 5 HP in games of 5 or more (4 in a 4-player game)', () => {
    for (const n of [4, 5, 8]) {
      const s = createGame(def, { seats: n, seed: `lord${n}`, options: parseOptions({ noGenerals: true }, n) as any });
      const lord = s.g.players.find((p) => p.role === 'lord')!;
      expect(lord.revealed).toBe(true);
      expect(s.g.players.filter((p) => p.revealed).length).toBe(1);
      expect(lord.maxHp).toBe(n >= 5 ? 5 : 4);
      expect(s.g.players.filter((p) => p.role !== 'lord').every((p) => p.hp === 4 && p.maxHp === 4)).toBe(true);
      expect(s.g.current).toBe(lord.seat);
      expect(s.prompts[0]).toMatchObject({ seat: lord.seat, kind: 'play' });
      // 4 dealt each; the lord has drawn 2 more in the draw phase.
      for (const p of s.g.players) expect(p.hand.length).toBe(p.seat === lord.seat ? 6 : 4);
    }
  });

  it('bad options are rejected with a reason', () => {
    expect(parseOptions({ deck: 'huge' }, 5)).toMatch(/deck/);
    expect(parseOptions({ autoPass: 'yes' }, 5)).toMatch(/autoPass/);
    expect(parseOptions({ colour: 1 }, 5)).toMatch(/unknown option/);
    expect(parseOptions({}, 3)).toMatch(/4 to 10/);
    expect(parseOptions({ botLevel: 'hard' }, 5)).toMatch(/botLevel/);
    expect(parseOptions(undefined, 6)).toEqual({
      botLevel: 'good',
      deck: 'full',
      autoPass: true,
      doubleTraitor: false,
      noGenerals: false,
      extraLords: true,
    });
    // The room's "bot plays for absent players" travels with the options untouched.
    expect(parseOptions({ botsForAbsent: true }, 6)).toMatchObject({ botsForAbsent: true });
    expect(parseOptions({ botsForAbsent: 'no' }, 6)).toMatch(/botsForAbsent/);
  });
});

describe('distance and range', () => {
  it('distance is the shorter way round over living seats; a +1 horse adds one, a −1 horse subtracts one', () => {
    const t = table({
      roles: ['lord', 'rebel', 'rebel', 'loyalist', 'traitor', 'rebel'],
      equip: { 3: ['jueying'], 0: ['chitu'] },
    });
    const g = t.g;
    expect(distance(t, 1, 2)).toBe(1);
    expect(distance(t, 1, 4)).toBe(3);
    expect(distance(t, 1, 3)).toBe(3); // 2 steps + the +1 horse
    expect(distance(t, 0, 3)).toBe(3); // 3 steps +1 −1
    expect(distance(t, 0, 2)).toBe(1); // 2 steps −1
    t.p(1).alive = false;
    expect(distance(t, 0, 2)).toBe(1);
  });

  it('slash can only target characters within attack range; a weapon sets the range', () => {
    const t = table({ roles: ['lord', 'rebel', 'rebel', 'loyalist', 'traitor', 'rebel'], hands: { 0: ['slash'] } });
    const slash = t.hands[0]![0]!;
    const o = t.prompt(0).options.find((x) => x.id === `use:${slash}`)!;
    expect(o.seats!.from.sort()).toEqual([1, 5]);
    const v = viewFor(def, t.s, 0).view as any;
    expect(v.me.inRange).toEqual([false, true, false, false, false, true]);
    expect(v.me.distance).toEqual([null, 1, 2, 3, 2, 1]);
    const t2 = table({
      roles: ['lord', 'rebel', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hands: { 0: ['slash'] },
      equip: { 0: ['kylin_bow'] },
    });
    expect(
      t2
        .prompt(0)
        .options.find((x) => x.id.startsWith('use:'))!
        .seats!.from.sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(inRange(t2, 0, 3)).toBe(true);
  });
});

describe('杀 闪 桃 酒', () => {
  it('slash deals 1 damage when the target has no 闪 (asked nothing with autoPass)', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(3);
    expect(t.prompt(0).kind).toBe('play');
  });

  it('slash asks the target "张三 uses 杀 on you — play 闪?" and a 闪 cancels it', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash'], 1: ['jink'] } });
    const slash = t.hands[0]![0]!;
    t.use(0, slash, [1]);
    const p = t.prompt(1);
    expect(p.message).toEqual({ key: 'sgs.ask.jinkSlash', params: { source: 0, card: slash } });
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.p(1).hp).toBe(4);
    expect(t.g.discard).toContain(t.hands[1]![0]);
  });

  it('declining to play 闪 takes the damage', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]).pass(1);
    expect(t.p(1).hp).toBe(3);
  });

  it('slash cannot be used twice in one play phase without a crossbow', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash', 'slash'] } });
    const [a, b] = t.hands[0]!;
    t.use(0, a!, [1]);
    expect(t.options(0)).not.toContain(`use:${b}`);
    expect(t.try(0, `use:${b}`, { seats: [1] }).ok).toBe(false);
  });

  it('with 诸葛连弩 any number of 杀 may be used in the play phase', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['slash', 'slash', 'fire_slash'] },
      equip: { 0: ['crossbow'] },
    });
    const [a, b, c] = t.hands[0]!;
    t.use(0, a!, [1]).use(0, b!, [1]).use(0, c!, [1]);
    expect(t.p(1).hp).toBe(1);
  });

  it('peach can be used in the play phase only when wounded, and heals 1', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['peach'] } });
    expect(t.options(0)).not.toContain(`use:${t.hands[0]![0]}`);
    const t2 = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hp: [2], hands: { 0: ['peach'] } });
    t2.use(0, t2.hands[0]![0]!);
    expect(t2.p(0).hp).toBe(3);
  });

  it('酒 adds 1 to the next 杀 this turn and can be used once per turn', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['analeptic', 'analeptic', 'slash'] },
    });
    const [w1, w2, s] = t.hands[0]!;
    t.use(0, w1!);
    expect(t.options(0)).not.toContain(`use:${w2}`);
    t.use(0, s!, [1]);
    expect(t.p(1).hp).toBe(2);
  });

  it('酒 used on yourself while dying recovers 1 HP', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [4, 1],
      hands: { 0: ['slash'], 1: ['analeptic'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(1).message.key).toBe('sgs.ask.rescueSelf');
    t.answer(1, 'use', { cards: [t.hands[1]![0]!] });
    expect(t.p(1)).toMatchObject({ hp: 1, alive: true });
  });
});

describe('turn structure', () => {
  it('a turn runs 准备, 判定, 摸牌 (2 cards), 出牌, 弃牌 down to HP, 结束, then the next living seat', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [2],
      hands: { 0: ['jink', 'jink', 'jink', 'peach@heart:3'] },
      phase: 'start',
    });
    expect(t.p(0).hand.length).toBe(6);
    t.pass(0);
    const d = t.prompt(0);
    expect(d.kind).toBe('discard');
    expect(d.options[0]!.cards).toMatchObject({ min: 4, max: 4 });
    t.answer(0, 'discard', { cards: t.p(0).hand.slice(0, 4) });
    expect(t.p(0).hand.length).toBe(2);
    expect(t.g.current).toBe(1);
    expect(t.prompt(1).kind).toBe('play');
  });

  it('dead seats are skipped in turn order', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'] });
    t.p(1).alive = false;
    t.pass(0);
    expect(t.g.current).toBe(2);
  });

  it('the discard pile is reshuffled into the draw pile when it runs out', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['ex_nihilo'] } });
    const g = t.g;
    g.discard.push(...g.draw.splice(1));
    t.use(0, t.hands[0]![0]!);
    expect(t.p(0).hand.length).toBe(2);
    expect(t.log()).toContain('sgs.log.reshuffle');
    expectConserved(t.g);
  });

  it('when the draw and discard piles together cannot supply a draw the game ends in a draw (S9)', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['ex_nihilo'] } });
    const g = t.g;
    // Park all other cards in seat 3's hand so only one card is left to draw.
    const rest = g.draw.splice(1);
    t.p(3).hand.push(...rest);
    t.use(0, t.hands[0]![0]!).passAll();
    expect(t.s.outcome).toEqual({ winners: [], reason: { key: 'sgs.end.exhausted' } });
    expectConserved(t.g);
  });
});
