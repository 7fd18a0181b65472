import { describe, expect, it } from 'vitest';
import { apply, createGame, legalAnswers } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { table } from './table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as ['lord', 'rebel', 'loyalist', 'traitor'][number][];

describe('more rules', () => {
  it('the 杀 limit resets with a new play phase', () => {
    const t = table({ roles, hands: { 0: ['slash', 'slash'], 1: [] } });
    const [a, b] = t.hands[0]!;
    t.use(0, a!, [1]).pass(0);
    // Seat 1's turn passes; around the table back to the lord.
    for (const seat of [1, 2, 3]) {
      while (t.asked(seat)?.kind === 'discard')
        t.answer(seat, 'discard', {
          cards: t.prompt(seat).options[0]!.cards!.from.slice(0, t.prompt(seat).options[0]!.cards!.min),
        });
      t.pass(seat);
      while (t.asked(seat)?.kind === 'discard')
        t.answer(seat, 'discard', {
          cards: t.prompt(seat).options[0]!.cards!.from.slice(0, t.prompt(seat).options[0]!.cards!.min),
        });
    }
    expect(t.g.current).toBe(0);
    expect(t.options(0)).toContain(`use:${b}`);
  });

  it('HP never goes above max HP', () => {
    const t = table({ roles, hp: [4, 3], hands: { 0: ['god_salvation'] } });
    t.use(0, t.hands[0]![0]!);
    expect(t.g.players.map((p) => p.hp)).toEqual([4, 4, 4, 4]);
  });

  it('桃园结义 opens no 无懈可击 window for a character at full HP', () => {
    const t = table({ roles, hp: [4, 3], hands: { 0: ['god_salvation'], 2: ['nullification'] } });
    t.use(0, t.hands[0]![0]!);
    // Only seat 1 is wounded: one window, about seat 1.
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.wuxie', params: { target: 1 } });
    t.pass(2);
    expect(t.asked(2)).toBeUndefined();
    expect(t.p(1).hp).toBe(4);
  });

  it('无懈可击 is never asked for basic cards', () => {
    const t = table({ roles, hands: { 0: ['slash'], 2: ['nullification'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.asked(2)).toBeUndefined();
    expect(t.p(1).hp).toBe(3);
  });

  it('火攻 may target yourself when you hold another card', () => {
    const t = table({ roles, hands: { 0: ['fire_attack', 'jink@heart', 'peach@heart'] } });
    const o = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    expect(o.seats!.from).toContain(0);
    t.use(0, t.hands[0]![0]!, [0])
      .answer(0, 'show', { cards: [t.hands[0]![1]!] })
      .answer(0, 'discard', { cards: [t.hands[0]![2]!] });
    expect(t.p(0).hp).toBe(3);
  });

  it('藤甲 takes fire damage from 火攻 at +1', () => {
    const t = table({
      roles,
      equip: { 1: ['vine'] },
      hands: { 0: ['fire_attack', 'slash@club:8'], 1: ['slash@club:9'] },
    });
    t.use(0, t.hands[0]![0]!, [1])
      .answer(1, 'show', { cards: [t.hands[1]![0]!] })
      .answer(0, 'discard', { cards: [t.hands[0]![1]!] });
    expect(t.p(1).hp).toBe(2);
  });

  it('a dead character’s equipment no longer works (its armour is discarded with it)', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hp: [5, 1],
      hands: { 0: ['thunder_slash'] },
      equip: { 1: ['silver_lion'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1)).toMatchObject({ alive: false, hp: 0 });
  });

  it('a −1 horse brings a seat at distance 2 into range 1', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hands: { 0: ['slash'] },
      equip: { 0: ['chitu'] },
    });
    expect(
      t
        .prompt(0)
        .options.find((x) => x.id.startsWith('use:'))!
        .seats!.from.sort(),
    ).toEqual([1, 2, 3, 4]);
  });

  it('perft: the legal answers of the first prompt of a fixed game are pinned', () => {
    const s = createGame(def, { seats: 5, seed: 'perft-1', options: def.parseOptions({ noGenerals: true }, 5) as any });
    const p = s.prompts[0]!;
    const answers = legalAnswers(def, s, p.seat);
    expect({ kind: p.kind, options: p.options.length, answers: answers.length }).toMatchInlineSnapshot(`
      {
        "answers": 9,
        "kind": "play",
        "options": 6,
      }
    `);
  });
});

describe('perft with generals', () => {
  it('perft: the lord’s selection prompt and the first play prompt of a fixed game with generals are pinned', () => {
    let s = createGame(def, { seats: 5, seed: 'perft-generals', options: def.parseOptions({}, 5) as any });
    const first = s.prompts[0]!;
    const counts = [
      { kind: first.kind, options: first.options.length, answers: legalAnswers(def, s, first.seat).length },
    ];
    while (s.prompts.some((p) => p.kind === 'chooseGeneral')) {
      const p = s.prompts.find((x) => x.kind === 'chooseGeneral')!;
      s = (apply(def, s, p.seat, { prompt: p.id, option: p.options[0]!.id }) as any).value.state;
    }
    const play = s.prompts[0]!;
    counts.push({ kind: play.kind, options: play.options.length, answers: legalAnswers(def, s, play.seat).length });
    expect(counts).toMatchInlineSnapshot(`
      [
        {
          "answers": 9,
          "kind": "chooseGeneral",
          "options": 9,
        },
        {
          "answers": 8,
          "kind": "play",
          "options": 6,
        },
      ]
    `);
  });
});

describe('autoPass (S8)', () => {
  it('the log never says whether a pass was automatic', () => {
    const auto = table({ roles, hands: { 0: ['slash'] }, options: { autoPass: true } });
    auto.use(0, auto.hands[0]![0]!, [1]);
    const manual = table({ roles, hands: { 0: ['slash'] }, options: { autoPass: false } });
    manual.use(0, manual.hands[0]![0]!, [1]).pass(1);
    const tail = (t: ReturnType<typeof table>) =>
      t
        .entries()
        .slice(-3)
        .map((e) => ({ to: e.to, msg: e.msg }));
    expect(tail(auto)).toEqual(tail(manual));
    expect(auto.log()).toContain('sgs.log.noResponse');
  });

  it('with autoPass off every living player is asked to rescue, in order from the current player', () => {
    const t = table({ roles, hp: [4, 1], hands: { 0: ['slash'] }, options: { autoPass: false } });
    t.use(0, t.hands[0]![0]!, [1]).pass(1); // no 闪
    const asked: number[] = [];
    for (let k = 0; k < 4; k++) {
      const p = t.s.prompts[0]!;
      expect(p.kind).toBe('rescue');
      asked.push(p.seat);
      t.pass(p.seat);
    }
    expect(asked).toEqual([0, 1, 2, 3]);
    expect(t.p(1).alive).toBe(false);
  });

  it('with autoPass on a 借刀杀人 holder without 杀 hands the weapon over at once', () => {
    const t = table({ roles, hands: { 0: ['collateral'] }, equip: { 1: ['blade'] } });
    t.use(0, t.hands[0]![0]!, [1, 2]);
    expect(t.asked(1)).toBeUndefined();
    expect(t.p(0).hand).toContain(t.equips[1]![0]);
  });
});

describe('bad answers', () => {
  it('an illegal answer is rejected with a reason and changes nothing', () => {
    const t = table({ roles, hands: { 0: ['collateral', 'fire_attack@heart:2'], 1: [] }, equip: { 1: ['crossbow'] } });
    const before = JSON.stringify(t.s);
    const wrongOrder = t.try(0, `use:${t.hands[0]![0]}`, { seats: [2, 1] });
    expect(wrongOrder.ok).toBe(false);
    if (!wrongOrder.ok)
      expect(wrongOrder.error).toMatchObject({ code: 'illegal', reason: expect.stringMatching(/weapon/) });
    expect(t.try(0, `use:${t.hands[0]![1]}`, { seats: [1] }).ok).toBe(false); // 火攻 on a seat with no hand cards
    expect(t.try(0, 'use:999', {}).ok).toBe(false);
    const other = apply(def, t.s, 1, { prompt: t.prompt(0).id, option: 'pass' });
    expect(other.ok ? null : other.error.code).toBe('not_your_prompt');
    expect(JSON.stringify(t.s)).toBe(before);
  });
});
