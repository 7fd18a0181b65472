import { describe, expect, it } from 'vitest';
import {
  apply,
  botAnswer,
  botRng,
  createGame,
  rngOf,
  seedRng,
  type Answer,
  type SeatOrder,
} from '../../../worker/engine';
import def, { hiddenFrom } from '../../../worker/games/sanguosha';
import { answer, CAREFUL, OFFERED } from '../../../worker/games/sanguosha/orders';
import { SKILLS } from '../../../worker/games/sanguosha/skills';
import { ORDER_ROWS } from '../../../worker/games/sanguosha/i18n/orders';
import { strings } from '../../../worker/games/sanguosha/i18n';
import type { S } from '../../../worker/games/sanguosha/types';
import { humanDelayMs, parseSeatOrders, standingAnswer } from '../../../worker/room/bots';
import { runOrders } from '../../fixtures/orders';
import { allViews } from '../../helpers/play';
import { table, type Layout, type Table } from './table';

const on = (...ids: string[]): SeatOrder[] => ids.map((id) => ({ id }));

/** Let the seats' orders answer whatever they answer now (the room's path). */
function byOrders(t: Table, orders: Record<number, SeatOrder[]>) {
  const r = runOrders(def, t.s, (seat) => orders[seat] ?? []);
  t.s = r.state;
  t.logged.push(...r.events);
  return r;
}

/** Everything another seat or a spectator could ever see, plus the whole state, as text. */
const everything = (t: Table) =>
  JSON.stringify({ state: t.s, log: t.entries(), views: allViews(def, t.s, t.entries()) });

/**
 * Play `setup` twice: once answering `seat`'s prompt by hand with `option`/`cards`, once through its orders.
 * Both must end byte for byte the same.
 */
function sameAsByHand(
  layout: Layout,
  setup: (t: Table) => void,
  seat: number,
  orders: SeatOrder[],
  hand: { option: string; cards?: (string | number)[] },
) {
  const byHand = table(layout);
  setup(byHand);
  const a: Answer = { prompt: byHand.prompt(seat).id, option: hand.option };
  if (hand.cards) a.cards = hand.cards.map(String);
  const h = apply(def, byHand.s, seat, a);
  if (!h.ok) throw new Error(h.error.reason);
  byHand.s = h.value.state;
  byHand.logged.push(...h.value.events);
  const auto = table(layout);
  setup(auto);
  const r = byOrders(auto, { [seat]: orders });
  expect(r.moves).toEqual([{ seat, answer: a, order: orders[0]!.id }]);
  // The same log lines (with their audiences), the same state, the same view for every seat and a spectator.
  expect(JSON.stringify(r.events)).toBe(JSON.stringify(h.value.events));
  expect(everything(auto)).toBe(everything(byHand));
  return auto;
}

const roles4: Layout['roles'] = ['lord', 'rebel', 'loyalist', 'traitor'];

describe('standing orders of 三国杀 answer their prompt at once, as the player would by hand', () => {
  it('jinkSlash plays a 闪 against a 杀, and the table cannot tell it from a hand answer', () => {
    const layout: Layout = { roles: roles4, hands: { 0: ['slash'], 1: ['jink', 'peach'] } };
    const t = sameAsByHand(layout, (t) => t.use(0, t.hands[0]![0]!, [1]), 1, on('jinkSlash'), {
      option: 'play',
      cards: [table(layout).hands[1]![0]!],
    });
    expect(t.p(1).hp).toBe(4);
    expect(t.log()).toContain('sgs.log.respondUse');
  });

  it('jinkSlash with no 闪 left falls back to asking the player', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash'], 1: ['peach'] }, options: { autoPass: false } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(byOrders(t, { 1: on('jinkSlash') }).moves).toEqual([]);
    expect(t.prompt(1).kind).toBe('respond');
  });

  it('an order whose card has left the hand since the prompt was asked returns null (card gone)', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    const p = t.prompt(1);
    expect(answer(t.s, p, on('jinkSlash'))).not.toBeNull();
    const gone = JSON.parse(JSON.stringify(t.s)) as S;
    gone.g.discard.push(...gone.g.players[1]!.hand.splice(0));
    expect(answer(gone, p, on('jinkSlash'))).toBeNull();
    expect(standingAnswer(def, gone, p, on('jinkSlash'))).toBeNull();
  });

  it('jinkArchery plays a 闪 against 万箭齐发; slashSavage plays a 杀 against 南蛮入侵', () => {
    const a: Layout = { roles: roles4, hands: { 0: ['archery_attack'], 1: ['jink'] } };
    sameAsByHand(a, (t) => t.use(0, t.hands[0]![0]!), 1, on('jinkArchery'), {
      option: 'play',
      cards: [table(a).hands[1]![0]!],
    });
    const s: Layout = { roles: roles4, hands: { 0: ['savage_assault'], 1: ['fire_slash', 'slash'] } };
    const plain = table(s).hands[1]![1]!;
    sameAsByHand(s, (t) => t.use(0, t.hands[0]![0]!), 1, on('slashSavage'), { option: 'play', cards: [plain] });
  });

  it('jinkSlash leaves it to the player when more 闪 are needed than the hand holds (无双)', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash'], 1: ['jink', 'jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    const p = t.prompt(1);
    const two = { ...p, message: { ...p.message, params: { ...p.message.params, n: 2 } } };
    expect(answer(t.s, two, on('jinkSlash'))).toMatchObject({ option: 'play' });
    const three = { ...p, message: { ...p.message, params: { ...p.message.params, n: 3 } } };
    expect(answer(t.s, three, on('jinkSlash'))).toBeNull();
  });

  it('jinkSlash does not answer 万箭齐发, nor jinkArchery a 杀 (each order names its prompt)', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(answer(t.s, t.prompt(1), on('jinkArchery', 'slashSavage'))).toBeNull();
  });

  it('eightDiagram always judges with 八卦阵', () => {
    const layout: Layout = {
      roles: roles4,
      equip: { 1: ['eight_diagram'] },
      hands: { 0: ['slash'] },
      top: ['peach@heart:3'],
    };
    const t = sameAsByHand(layout, (t) => t.use(0, t.hands[0]![0]!, [1]), 1, on('eightDiagram'), { option: 'use' });
    expect(t.p(1).hp).toBe(4);
  });

  it('wuxieOnlyMe passes a 无懈可击 window on someone else and asks when the trick targets me', () => {
    const layout: Layout = {
      roles: roles4,
      hands: { 0: ['dismantlement'], 1: ['nullification', 'jink'], 2: ['nullification'] },
    };
    const t = table(layout);
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.s.prompts.map((p) => p.seat).sort()).toEqual([1, 2]);
    const r = byOrders(t, { 1: on('wuxieOnlyMe'), 2: on('wuxieOnlyMe') });
    expect(r.moves.map((m) => [m.seat, m.answer.option, m.order])).toEqual([[2, 'pass', 'wuxieOnlyMe']]);
    expect(t.prompt(1).kind).toBe('nullify');
    // The same pass by hand leaves the same table.
    const hand = table(layout);
    hand.use(0, hand.hands[0]![0]!, [1]).pass(2);
    expect(everything(t)).toBe(everything(hand));
  });

  it('wuxieNever passes every 无懈可击 window, mine included', () => {
    const layout: Layout = { roles: roles4, hands: { 0: ['dismantlement'], 1: ['nullification', 'jink'] } };
    const t = sameAsByHand(layout, (t) => t.use(0, t.hands[0]![0]!, [1]), 1, on('wuxieNever'), { option: 'pass' });
    expect(t.s.prompts.map((p) => p.kind)).toEqual(['pick']);
  });

  it('rescueSelf uses 酒 before 桃 when I am dying', () => {
    const layout: Layout = { roles: roles4, hp: [undefined, 1], hands: { 0: ['slash'], 1: ['peach', 'analeptic'] } };
    const wine = table(layout).hands[1]![1]!;
    const t = sameAsByHand(layout, (t) => t.use(0, t.hands[0]![0]!, [1]), 1, on('rescueSelf'), {
      option: 'use',
      cards: [wine],
    });
    expect(t.p(1).hp).toBe(1);
    expect(t.p(1).hand.length).toBe(1);
  });

  it('rescueAlly gives the dying lord a 桃 from a loyalist; a rebel with rescueOthers passes', () => {
    // Seat 3 (rebel) slashes the lord at 1 HP; the dying round asks from the current player: 3, 0, 1, 2.
    const layout: Layout = {
      roles: ['lord', 'loyalist', 'traitor', 'rebel'],
      hp: [1],
      current: 3,
      hands: { 3: ['slash', 'peach'], 1: ['peach'] },
    };
    const t = table(layout);
    t.use(3, t.hands[3]![0]!, [0]);
    expect(t.prompt(3).kind).toBe('rescue');
    const r = byOrders(t, { 1: on('rescueAlly'), 3: on('rescueAlly', 'rescueOthers') });
    expect(r.moves.map((m) => [m.seat, m.answer.option, m.order])).toEqual([
      [3, 'pass', 'rescueOthers'],
      [1, 'use', 'rescueAlly'],
    ]);
    expect(t.p(0).hp).toBe(1);
    expect(t.p(0).alive).toBe(true);
  });

  it('rescueAlly and rescueOthers never read an identity that is not shown', () => {
    // Seat 1 is dying, unrevealed. Whether it really is a loyalist or a rebel, the lord's orders answer the same.
    const answers = (['loyalist', 'rebel'] as const).map((role) => {
      const t = table({
        roles: ['lord', role, role === 'rebel' ? 'loyalist' : 'rebel', 'traitor'],
        hp: [undefined, 1],
        hands: { 0: ['slash', 'peach'] },
      });
      t.use(0, t.hands[0]![0]!, [1]);
      return [answer(t.s, t.prompt(0), on('rescueAlly')), answer(t.s, t.prompt(0), on('rescueOthers'))];
    });
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]![0]).toBeNull();
    expect(answers[0]![1]).toMatchObject({ option: 'pass' });
  });

  it('graceBest takes the most useful card of 五谷丰登', () => {
    const layout: Layout = {
      roles: roles4,
      hands: { 0: ['amazing_grace'] },
      top: ['slash@spade:7', 'jink@heart:2', 'peach@heart:3', 'dismantlement@spade:3'],
    };
    const t = table(layout);
    t.use(0, t.hands[0]![0]!);
    t.answer(0, 'take', { cards: [String(t.top[0])] }); // the user takes the 杀
    const peach = String(t.top[2]);
    expect(answer(t.s, t.prompt(1), on('graceBest'))).toEqual({
      prompt: t.prompt(1).id,
      option: 'take',
      cards: [peach],
    });
    byOrders(t, { 1: on('graceBest'), 2: on('graceBest') });
    expect(t.p(1).hand).toEqual([Number(peach)]);
    expect(t.p(2).hand).toEqual([t.top[1]]);
  });

  it('passNothing passes a prompt whose only choice is “no”, and only after a human-like pause', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash'] }, options: { autoPass: false } });
    t.use(0, t.hands[0]![0]!, [1]);
    const r = byOrders(t, { 1: on('passNothing') });
    expect(r.moves).toEqual([]);
    expect(r.delayed).toEqual([{ seat: 1, prompt: t.prompt(1).id, order: 'passNothing' }]);
    expect(standingAnswer(def, t.s, t.prompt(1), on('passNothing'))?.answer).toEqual({
      prompt: t.prompt(1).id,
      option: 'pass',
    });
  });

  it('passNothing leaves a prompt alone when the seat holds an answer', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash'], 1: ['jink'] }, options: { autoPass: false } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(answer(t.s, t.prompt(1), on('passNothing'))).toBeNull();
  });

  it('orders never answer a play or discard prompt', () => {
    const t = table({ roles: roles4, hands: { 0: ['slash', 'jink'] } });
    expect(
      answer(
        t.s,
        t.prompt(0),
        OFFERED.map((o) => ({ id: o.id })),
      ),
    ).toBeNull();
  });
});

describe('when an order that could give a secret away answers', () => {
  it('after a pause drawn over the time people take: seconds in a live game, minutes (never hours) in a slow one', () => {
    const H = 3_600_000;
    expect(humanDelayMs(12 * H, 0)).toBe(60_000);
    expect(humanDelayMs(12 * H, 0.999999)).toBeLessThanOrEqual(15 * 60_000);
    expect(humanDelayMs(12 * H, 0.5)).toBe(8 * 60_000);
    // A live game of 2-minute clocks: between 2 s and 10 s, a twelfth of the clock.
    expect(humanDelayMs(2 * 60_000, 0)).toBe(2_000);
    expect(humanDelayMs(2 * 60_000, 0.999999)).toBeLessThanOrEqual(10_000);
    expect(humanDelayMs(2 * 60_000, 0.999999)).toBeGreaterThan(9_900);
  });
});

describe('storing standing orders', () => {
  it('accepts known orders, returns them in the game’s order', () => {
    expect(parseSeatOrders(def, [{ id: 'passNothing' }, { id: 'jinkSlash' }])).toEqual([
      { id: 'jinkSlash' },
      { id: 'passNothing' },
    ]);
    expect(parseSeatOrders(def, [])).toEqual([]);
  });
  it('rejects unknown, doubled and conflicting orders with a reason', () => {
    expect(parseSeatOrders(def, [{ id: 'nope' }])).toMatch(/unknown order nope/);
    expect(parseSeatOrders(def, [{ id: 'jinkSlash' }, { id: 'jinkSlash' }])).toMatch(/twice/);
    expect(parseSeatOrders(def, [{ id: 'wuxieNever' }, { id: 'wuxieOnlyMe' }])).toMatch(/cannot both be on/);
    expect(parseSeatOrders(def, { id: 'jinkSlash' })).toMatch(/list/);
    expect(parseSeatOrders(def, [{ id: 'jinkSlash', params: { x: 1 } }])).toMatch(/no parameter x/);
    expect(parseSeatOrders(def, [{ id: 'jinkSlash', extra: 1 }])).toMatch(/unknown field/);
  });
  it('every order has a label and an explanation in the three languages', () => {
    for (const o of OFFERED)
      for (const lang of ['zh-CN', 'zh-TW', 'en'] as const) {
        expect(strings[lang][o.message.key], `${lang} ${o.message.key}`).toBeTruthy();
        expect(strings[lang][o.hint.key], `${lang} ${o.hint.key}`).toBeTruthy();
      }
    // One row per key: the skill orders share theirs ("Always use {skill}"), every other order has its own two.
    const keys = new Set(OFFERED.flatMap((o) => [o.message.key, o.hint.key]));
    expect(Object.keys(ORDER_ROWS).sort()).toEqual([...keys].sort());
  });
});

describe('seeded bot games with the careful orders on every seat', () => {
  for (const seats of [5, 8])
    for (const autoPass of [true, false])
      it(`every order answer is legal and the game ends (${seats} players, autoPass ${autoPass ? 'on' : 'off'})`, () => {
        const options = def.parseOptions({ autoPass }, seats) as Record<string, any>;
        let s = createGame(def, { seats, seed: `orders-${seats}-${autoPass}`, options }) as S;
        let byOrder = 0;
        for (let n = 0; !s.outcome; n++) {
          if (n > 20_000) throw new Error('game did not end');
          // Every answer an order gives, delayed or not, is one the rules accept.
          for (const p of s.prompts) {
            const a = answer(s, p, CAREFUL);
            if (a) expect(apply(def, s, p.seat, a).ok, `${p.kind} ${p.message.key}`).toBe(true);
          }
          const p = s.prompts.find((x) => answer(s, x, CAREFUL)) ?? s.prompts[0]!;
          const a = answer(s, p, CAREFUL) ?? botAnswer(def, s, p, botRng(s, p));
          if (answer(s, p, CAREFUL)) byOrder++;
          const r = apply(def, s, p.seat, a);
          if (!r.ok) throw new Error(r.error.reason);
          s = r.value.state;
        }
        expect(byOrder).toBeGreaterThan(0);
      });
});

/**
 * The same table as `seat` sees it, with everything hidden from it dealt differently: other hands and the draw
 * pile reshuffled among themselves (each keeps its count), unrevealed identities of others swapped around.
 */
function scrambledFor(s: S, seat: number, salt: string): S {
  const t = JSON.parse(JSON.stringify(s)) as S;
  const rng = rngOf(seedRng(salt));
  const hidden = rng.shuffle([...hiddenFrom(t, seat)]);
  const zones = [t.g.draw, ...t.g.players.filter((p) => p.seat !== seat).map((p) => p.hand)];
  for (const z of zones) z.splice(0, z.length, ...hidden.splice(0, z.length));
  const secret = t.g.players.filter((p) => p.seat !== seat && !p.revealed);
  const roles = rng.shuffle(secret.map((p) => p.role));
  secret.forEach((p, i) => (p.role = roles[i]!));
  return t;
}

describe('standing orders read only what their seat may see', () => {
  it('dealing every hidden card and identity differently never changes what an order answers', () => {
    let checked = 0;
    for (const seats of [5, 8]) {
      let s = createGame(def, {
        seats,
        seed: `orders-hidden-${seats}`,
        options: def.parseOptions({ autoPass: false }, seats) as Record<string, any>,
      }) as S;
      for (let n = 0; !s.outcome && n < 3000; n++) {
        for (const p of s.prompts) {
          const a = answer(s, p, CAREFUL);
          for (let k = 0; k < 2; k++) expect(answer(scrambledFor(s, p.seat, `${n}-${k}`), p, CAREFUL)).toEqual(a);
          checked++;
        }
        const p = s.prompts[0]!;
        const r = apply(def, s, p.seat, answer(s, p, CAREFUL) ?? botAnswer(def, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('skill triggers in standing orders (issue 28 item 10)', () => {
  const layout: Layout = {
    roles: roles4,
    generals: { 0: 'huangyueying' },
    hands: { 0: ['ex_nihilo'] },
    top: ['jink', 'slash', 'peach'],
  };
  const useTrick = (t: Table) => t.use(0, t.hands[0]![0]!);

  it('"always use 集智" answers 集智\'s question with use, exactly as the hand answer would', () => {
    const t = sameAsByHand(layout, useTrick, 0, on('always:jizhi'), { option: 'use' });
    expect(t.log()).toContain('sgs.log.jizhi');
  });

  it('"never use 集智" passes 集智\'s question, exactly as the hand answer would', () => {
    const t = sameAsByHand(layout, useTrick, 0, on('never:jizhi'), { option: 'pass' });
    expect(t.log()).not.toContain('sgs.log.jizhi');
  });

  it("another skill's order leaves 集智's question to the player", () => {
    const t = table(layout);
    useTrick(t);
    expect(answer(t.s, t.prompt(0), on('always:yingzi', 'never:luoshen'))).toBeNull();
  });

  it('always and never of one skill cannot both be on; of two skills they can', () => {
    expect(parseSeatOrders(def, on('always:jizhi', 'never:jizhi'))).toMatch(/cannot both be on/);
    expect(parseSeatOrders(def, on('always:jizhi', 'never:biyue'))).toEqual(on('always:jizhi', 'never:biyue'));
  });

  it('every skill with an always/never order asks before it triggers, and both orders read in each language', () => {
    const skills = [...new Set(OFFERED.filter((o) => o.group?.startsWith('skill:')).map((o) => o.group!.slice(6)))];
    expect(skills).toEqual(expect.arrayContaining(['jizhi', 'yingzi', 'luoshen', 'biyue']));
    for (const id of skills) expect(SKILLS.find((x) => x.id === id)?.effects.some((e) => e.optional)).toBe(true);
    for (const lang of ['zh-CN', 'zh-TW', 'en'] as const)
      for (const o of OFFERED.filter((x) => x.group?.startsWith('skill:')))
        expect(strings[lang][o.message.key]).toContain('{skill}');
  });
});
