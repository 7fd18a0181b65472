/** The foundations the generals stand on (issue 13 Deliver 1–4): offers, moves, cards as data, target reasons, hooks. */
import { describe, expect, it } from 'vitest';
import { T } from '../../../worker/games/sanguosha/timings';
import type { CardDef, SgsSkill } from '../../../worker/games/sanguosha/types';
import { KINDS } from '../../../worker/games/sanguosha/kinds';
import { expectConserved, table, withTestSkills } from './table';
import def, { deckIds, makeSanguosha } from '../../../worker/games/sanguosha';
import { drawCards } from '../../../worker/games/sanguosha/core';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

/** A test skill that records every `cardsLost` event of its owner. */
function lossRecorder(seen: Record<string, unknown>[]): SgsSkill {
  return {
    id: 'test_loss',
    effects: [
      { on: T.cardsLost, can: (_c, seat, ev) => ev.seat === seat, use: (_c, _s, ev) => void seen.push({ ...ev }) },
    ],
  };
}

describe('one move function: every loss fires cardsLost', () => {
  it('losing the last hand card by use says handEmpty', () => {
    const seen: Record<string, unknown>[] = [];
    const t = table({
      roles: [...roles],
      hands: { 0: ['slash'] },
      def: withTestSkills({ test_loss: lossRecorder(seen) }),
      skills: { 0: ['test_loss'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(seen[0]).toMatchObject({ seat: 0, hand: [t.hands[0]![0]], handEmpty: true, to: 'table' });
  });

  it('过河拆桥 and 顺手牵羊 of the last hand card fire cardsLost for the victim', () => {
    for (const trick of ['dismantlement', 'snatch']) {
      const seen: Record<string, unknown>[] = [];
      const t = table({
        roles: [...roles],
        hands: { 0: [trick], 1: ['jink'] },
        def: withTestSkills({ test_loss: lossRecorder(seen) }),
        skills: { 1: ['test_loss'] },
      });
      t.use(0, t.hands[0]![0]!, [1]).answer(0, 'pick', { cards: ['hand'] });
      expect(seen, trick).toEqual([expect.objectContaining({ seat: 1, hand: [t.hands[1]![0]], handEmpty: true })]);
    }
  });

  it('replacing equipment fires cardsLost with the old card in `equip`', () => {
    const seen: Record<string, unknown>[] = [];
    const t = table({
      roles: [...roles],
      hands: { 0: ['crossbow@diamond'] },
      equip: { 0: ['kylin_bow'] },
      def: withTestSkills({ test_loss: lossRecorder(seen) }),
      skills: { 0: ['test_loss'] },
    });
    t.use(0, t.hands[0]![0]!);
    expect(seen.some((e) => (e.equip as number[]).includes(t.equips[0]![0]!))).toBe(true);
    expect(t.p(0).equip.weapon).toBe(t.hands[0]![0]);
    expectConserved(t.g);
  });

  it('cards entering the discard pile together are shuffled by the game RNG, not kept in hand order', () => {
    // A death discards the whole hand at once; over many seeds the pile order must differ from the hand order.
    let differs = 0;
    for (let k = 0; k < 6; k++) {
      const t = table({
        roles: [...roles],
        hp: [4, 1],
        hands: { 0: ['slash'], 1: ['jink', 'peach', 'ex_nihilo', 'duel', 'snatch'] },
        options: { autoPass: true },
        top: [],
      });
      // A different game RNG state each round.
      t.s.rng[0] = (t.s.rng[0] + k * 7919) >>> 0;
      t.use(0, t.hands[0]![0]!, [1]);
      t.passAll();
      const hand = t.hands[1]!.filter((c) => c !== undefined);
      const tail = t.g.discard.filter((c) => hand.includes(c));
      if (JSON.stringify(tail) !== JSON.stringify(hand)) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});

describe('the skill catalogue', () => {
  it('holds every equipment skill and every implemented general skill (an import cycle would silently drop some)', () => {
    for (const id of [
      'crossbow',
      'blade',
      'spear',
      'eight_diagram',
      'plus_horse',
      'minus_horse',
      'jianxiong',
      'hujia',
      'wusheng',
      'zhiheng',
      'jiuyuan',
    ])
      expect(def.skills[id], id).toBeDefined();
  });
});

describe('cards in files', () => {
  it('a trick added by a test through its own GameDef (one definition, its strings, one physical card; no flow edit, no module patched) is offered with its targets, opens a 无懈可击 window and resolves', () => {
    const gift: CardDef = {
      key: 'test_gift',
      harmful: false,
      value: 1,
      pick: { min: 1, max: 1, why: () => null },
      effect: (ctx, f) => void drawCards(ctx, f.target as number, 1),
    };
    const game = makeSanguosha({
      id: 'sanguosha-test-gift',
      extraDeck: [[1001, 'ex', 'test_gift', 'heart', 3]],
      extraKinds: { test_gift: { type: 'trick' } },
      extraCards: [gift],
      strings: { 'sgs.card.test_gift': ['赠礼', '贈禮', 'Gift'] },
    });
    expect(game.strings!['zh-CN']!['sgs.card.test_gift']).toBe('赠礼');
    expect(game.strings!.en!['sgs.card.test_gift']).toBe('Gift');
    const t = table({ roles: [...roles], hands: { 0: [1001], 2: ['nullification'] }, def: game });
    const o = t.prompt(0).options.find((x) => x.id === 'use:1001')!;
    expect(o.seats!.from).toEqual([1, 2, 3]);
    t.use(0, 1001, [3]);
    expect(t.prompt(2).kind).toBe('nullify');
    t.pass(2);
    expect(t.p(3).hand.length).toBe(1);
    expectConserved(t.g, game);
    // The real game is untouched: its deck, cards and strings know nothing of the gift.
    expect(deckIds(def.deck, 'full')).toHaveLength(160);
    expect(def.card[1001]).toBeUndefined();
    expect(def.cards.test_gift).toBeUndefined();
    expect(def.strings!['zh-CN']!['sgs.card.test_gift']).toBeUndefined();
  });

  it('every basic card and trick has its own definition with a bot value; the flow looks targets up there', () => {
    for (const [key, kind] of Object.entries(KINDS))
      if (kind.type !== 'equip') expect(def.cards[key], key).toBeDefined();
    expect(def.cards.snatch!.harmful).toBe(true);
    expect(def.cards.peach!.harmful).toBe(false);
  });

  it('a seat that cannot be targeted comes with its reason (contracts §3): out of range, too far, no cards', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hands: { 0: ['slash', 'snatch'] },
      equip: { 2: ['chitu'] },
    });
    const slash = t.prompt(0).options.find((o) => o.id === `use:${t.hands[0]![0]}`)!;
    expect(slash.seats!.from).toEqual([1, 4]);
    expect(slash.seats!.blocked).toEqual(
      expect.arrayContaining([
        { seat: 2, why: { key: 'sgs.ui.outOfRange' } },
        { seat: 0, why: { key: 'sgs.ui.self' } },
      ]),
    );
    const snatch = t.prompt(0).options.find((o) => o.id === `use:${t.hands[0]![1]}`)!;
    // Seats 1 and 4 are near but have no cards; 2 has a card but is too far.
    expect(snatch).toBeUndefined();
  });

  it('a prohibition skill blocks a target with the skill named as the reason (how 空城 and 谦逊 plug in)', () => {
    const noSlash: SgsSkill = { id: 'test_ward', prohibit: (_g, _owner, _user, name) => name === 'slash', effects: [] };
    const t = table({
      roles: [...roles],
      hands: { 0: ['slash'] },
      skills: { 1: ['test_ward'] },
      def: withTestSkills({ test_ward: noSlash }),
    });
    const o = t.prompt(0).options.find((x) => x.id.startsWith('use:'))!;
    expect(o.seats!.from).toEqual([3]);
    expect(o.seats!.blocked).toContainEqual({
      seat: 1,
      why: { key: 'sgs.why.skill', params: { skill: { key: 'sgs.skill.test_ward' } } },
    });
  });
});

describe('flow hooks', () => {
  it('targetConfirming may move a 杀 to another seat (how 流离 redirects)', () => {
    const redirect: SgsSkill = {
      id: 'test_redirect',
      effects: [
        {
          on: T.targetConfirming,
          can: (_c, seat, ev) => ev.target === seat,
          use: (_c, _s, ev) => void (ev.target = 2),
        },
      ],
    };
    const t = table({
      roles: [...roles],
      hands: { 0: ['slash'] },
      def: withTestSkills({ test_redirect: redirect }),
      skills: { 1: ['test_redirect'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(4);
    expect(t.p(2).hp).toBe(3);
  });

  it('slashTargeted `jinks` makes a 杀 need two 闪 (无双) and `noJink` forbids 闪 (铁骑)', () => {
    const two: SgsSkill = {
      id: 'test_two',
      effects: [
        { on: T.slashTargeted, can: (_c, seat, ev) => ev.src === seat, use: (_c, _s, ev) => void (ev.jinks = 2) },
      ],
    };
    const t = table({
      roles: [...roles],
      hands: { 0: ['slash'], 1: ['jink'] },
      def: withTestSkills({ test_two: two }),
      skills: { 0: ['test_two'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    // One 闪 is not enough (and autoPass ends the second request at once).
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.p(1).hp).toBe(3);
    const iron: SgsSkill = {
      id: 'test_iron',
      effects: [
        { on: T.slashTargeted, can: (_c, seat, ev) => ev.src === seat, use: (_c, _s, ev) => void (ev.noJink = true) },
      ],
    };
    const u = table({
      roles: [...roles],
      hands: { 0: ['slash'], 1: ['jink'] },
      def: withTestSkills({ test_iron: iron }),
      skills: { 0: ['test_iron'] },
    });
    u.use(0, u.hands[0]![0]!, [1]);
    expect(u.p(1).hp).toBe(3);
    expect(u.p(1).hand).toEqual(u.hands[1]);
  });

  it('phaseBegin `skip` skips a phase (how 突袭, 克己 and 放权 replace one)', () => {
    const skipDraw: SgsSkill = {
      id: 'test_skip',
      effects: [
        {
          on: T.phaseBegin,
          can: (_c, seat, ev) => ev.seat === seat && ev.phase === 'draw',
          use: (_c, _s, ev) => void (ev.skip = true),
        },
      ],
    };
    const t = table({
      roles: [...roles],
      phase: 'start',
      def: withTestSkills({ test_skip: skipDraw }),
      skills: { 0: ['test_skip'] },
    });
    expect(t.p(0).hand).toEqual([]);
    expect(t.log()).toContain('sgs.log.skipPhase');
  });

  it('a turned-over character skips its next turn and turns face up (放逐)', () => {
    const t = table({ roles: [...roles], current: 0 });
    t.p(1).turnedOver = true;
    t.pass(0);
    expect(t.p(1).turnedOver).toBe(false);
    expect(t.log()).toContain('sgs.log.turnBack');
    expect(t.g.current).toBe(2);
  });

  it('extra turns (放权) come before the next seat’s turn', () => {
    const t = table({ roles: [...roles], current: 0 });
    t.g.extraTurns.push(2);
    t.pass(0);
    expect(t.g.current).toBe(2);
  });

  it('an effect that calls ctx.ask inside use() fails loudly instead of losing the answer', () => {
    const asker: SgsSkill = {
      id: 'test_asker',
      effects: [
        {
          on: T.phaseStart,
          can: (_c, seat, ev) => ev.seat === seat,
          use: (ctx, seat) =>
            void ctx.ask({
              seat,
              kind: 'skill',
              message: { key: 'x' },
              options: [{ id: 'pass', message: { key: 'x' } }],
            }),
        },
      ],
    };
    expect(() =>
      table({
        roles: [...roles],
        phase: 'start',
        def: withTestSkills({ test_asker: asker }),
        skills: { 0: ['test_asker'] },
      }),
    ).toThrow(/cannot ask/);
  });

  it('a skill’s hand limit change applies in the discard phase (血裔)', () => {
    const t = table({ roles: [...roles], hp: [2], hands: { 0: ['jink', 'jink', 'jink', 'peach'] } });
    t.pass(0);
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.discard', params: { n: 2, hp: 2 } });
  });
});

describe('general prompts skills push', () => {
  it('arrange (观星): picked cards go on top in the picked order, the rest to the bottom in the order given', () => {
    const look: SgsSkill = {
      id: 'test_look',
      effects: [
        {
          on: T.phaseStart,
          can: (_c, seat, ev) => ev.seat === seat,
          use: (ctx, seat) =>
            void ctx.push({
              t: 'arrange',
              seat,
              cards: ctx.g.draw.slice(0, 3),
              skill: 'test_look',
              st: 0,
              top: null,
              bottom: null,
            }),
        },
      ],
    };
    const t = table({
      roles: [...roles],
      phase: 'start',
      top: ['jink', 'peach', 'duel'],
      def: withTestSkills({ test_look: look }),
      skills: { 0: ['test_look'] },
    });
    const [a, b, c] = t.top;
    expect(t.prompt(0).kind).toBe('arrange');
    t.answer(0, 'top', { cards: [c!] });
    t.answer(0, 'bottom', { cards: [b!, a!] });
    // The draw phase then draws the new top: c, and the next card after the arranged ones.
    expect(t.p(0).hand).toContain(c);
    expect(t.g.draw.slice(-2)).toEqual([b, a]);
    expectConserved(t.g);
  });

  it('distribute (遗计): the cards are handed out in any split; each recipient learns its own cards, the table only the number', () => {
    const give: SgsSkill = {
      id: 'test_give',
      effects: [
        {
          on: T.phaseStart,
          can: (_c, seat, ev) => ev.seat === seat,
          use: (ctx, seat) =>
            void ctx.push({ t: 'distribute', seat, cards: ctx.g.draw.slice(0, 2), skill: 'test_give' }),
        },
      ],
    };
    const t = table({
      roles: [...roles],
      phase: 'start',
      top: ['jink', 'peach'],
      def: withTestSkills({ test_give: give }),
      skills: { 0: ['test_give'] },
    });
    t.answer(0, 'give', { cards: [t.top[0]!], seats: [2] });
    expect(t.p(2).hand).toEqual([t.top[0]]);
    t.answer(0, 'give', { cards: [t.top[1]!], seats: [0] });
    expect(t.p(0).hand).toContain(t.top[1]);
    const secret = t.entries().filter((e) => e.msg.key === 'sgs.log.distributeSecret');
    expect(secret.map((e) => e.to)).toEqual([[0, 2], [0]]);
    expectConserved(t.g);
  });
});

describe('text defects of issue 13 §9', () => {
  it('雌雄双股剑’s target is offered "discard a hand card" / "let them draw", not the wielder’s labels', () => {
    const t = table({
      roles: [...roles],
      equip: { 0: ['double_swords'] },
      gender: { 0: 'male', 1: 'female' },
      hands: { 0: ['slash'], 1: ['peach'] },
    });
    t.use(0, t.hands[0]![0]!, [1]).answer(0, 'use');
    expect(t.prompt(1).options.map((o) => o.message.key)).toEqual(['sgs.opt.dsDiscard', 'sgs.opt.dsLetDraw']);
  });

  it('a rescuer who is not dying is offered only 桃, and the dying prompt says how many are needed', () => {
    const t = table({ roles: [...roles], hp: [4, 1], hands: { 0: ['slash'], 2: ['peach', 'analeptic'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    const p = t.prompt(2);
    expect(p.message).toMatchObject({ key: 'sgs.ask.rescue', params: { n: 1 } });
    expect(p.options[0]!.cards!.from).toEqual([String(t.hands[2]![0])]);
    expect(p.options[0]!.message.key).toBe('sgs.opt.rescuePeach');
  });

  it('a 闪 against a 杀 is logged as used (使用); a 杀 in a 决斗 as played (打出)', () => {
    const t = table({ roles: [...roles], hands: { 0: ['slash', 'duel'], 1: ['jink', 'slash'] } });
    t.use(0, t.hands[0]![0]!, [1]).answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect(t.log()).toContain('sgs.log.respondUse');
    t.use(0, t.hands[0]![1]!, [1]).answer(1, 'play', { cards: [t.hands[1]![1]!] });
    expect(t.log()).toContain('sgs.log.play');
  });
});
