import { describe, expect, test } from 'vitest';
import { apply, botAnswer, botRng, createGame, rngOf, seedRng, type SeatOrder } from '../../../worker/engine';
import { strings } from '../../../worker/games/ghost/i18n';
import { answer, CAREFUL, OFFERED } from '../../../worker/games/ghost/orders';
import type { G } from '../../../worker/games/ghost/state';
import type { GameState } from '../../../worker/engine/types';
import { parseSeatOrders, standingAnswer } from '../../../worker/room/bots';
import { runOrders } from '../../fixtures/orders';
import { allViews } from '../../helpers/play';
import { blues, reds, table, type Runner, type TableSpec, FIXTURE } from './fixture';

const on = (...ids: string[]): SeatOrder[] => ids.map((id) => ({ id }));
const everything = (t: Runner) => JSON.stringify({ state: t.s, views: allViews(t.def, t.s) });

/** The room's path: apply what the orders answer now, timing aside. */
function byOrders(t: Runner, orders: Record<number, SeatOrder[]>) {
  const r = runOrders(t.def, t.s, (seat) => orders[seat] ?? []);
  t.s = r.state;
  return r;
}

describe('standing orders of 驱鬼', () => {
  test('passWindows passes a ⚡ reaction window at once, and the table cannot tell it from a hand pass', () => {
    const spec: TableSpec = {
      step: 'night',
      current: 1,
      hands: { 0: ['S06-R1'], 1: [], 2: ['S05-B1'], 3: ['S01-R1'] },
      spirit: { 0: 2, 2: 1 },
    };
    // Every window prompt waits for its answer here, as with the room's autoPass off.
    const hand = table({ ...spec, askAll: true }).reply(1, 'pass');
    const h = apply(hand.def, hand.s, 2, { prompt: hand.prompt.id, option: 'pass' });
    if (!h.ok) throw new Error(h.error.reason);
    hand.s = h.value.state;
    const t = table({ ...spec, askAll: true }).reply(1, 'pass');
    const r = byOrders(t, { 2: on('passWindows') });
    expect(r.moves.map((m) => [m.seat, m.answer.option])).toEqual([[2, 'pass']]);
    expect(JSON.stringify(r.events)).toBe(JSON.stringify(h.value.events));
    expect(everything(t)).toBe(everything(hand));
    // A plain pass (unlike "always pass", which changes the state); the next seat in turn order is asked, card or not.
    expect(t.p(2).autoPass).toBe(false);
    expect(t.asked()).toEqual(['3:respond']);
  });

  test('passWindows answers nothing but reaction windows', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(2), 1: reds(1, 2), 2: [], 3: [] } });
    expect(answer(FIXTURE.cat, t.s, t.prompt, on('passWindows'))).toBeNull();
  });

  test('voteOwnColour does not vote on an imp of the other colour, after a human-like pause', () => {
    // 饿死鬼 I01 is a red imp; seat 1 is 天师道 (blue).
    const spec: TableSpec = {
      step: 'exorcise',
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      imps: { 2: ['I01'] },
      hands: { 0: reds(2), 1: blues(2), 2: [], 3: [] },
    };
    const t = table(spec)
      .reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(2) });
    expect(t.asked()).toEqual(['1:vote']);
    const r = byOrders(t, { 1: on('voteOwnColour') });
    // Its timing is 'human': the room waits before answering, so nothing is applied at once.
    expect(r.moves).toEqual([]);
    expect(r.delayed).toEqual([{ seat: 1, prompt: t.prompt.id, order: 'voteOwnColour' }]);
    const sa = standingAnswer(t.def, t.s, t.prompt, on('voteOwnColour'))!;
    expect(sa.answer).toEqual({ prompt: t.prompt.id, option: 'pass' });
    const hand = table(spec)
      .reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(2) })
      .reply(1, 'pass');
    const r2 = apply(t.def, t.s, 1, sa.answer);
    expect(r2.ok).toBe(true);
    if (r2.ok) t.s = r2.value.state;
    expect(everything(t)).toBe(everything(hand));
  });

  test('voteOwnColour asks when the imp is of my colour, and always asks a heretic', () => {
    const t = table({
      P: 5,
      step: 'exorcise',
      ids: ['taiping_red', 'taiping_red', 'heretic_king', 'tianshi_blue', 'tianshi_blue'],
      imps: { 3: ['I01'] },
      hands: { 0: reds(1), 1: reds(1, 1), 2: reds(1, 2), 3: [], 4: blues(1) },
    });
    t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'pass');
    // Voting goes host, then counter-clockwise: 0, 4, 3, 2, 1.
    expect(t.asked()).toEqual(['4:vote']);
    expect(answer(FIXTURE.cat, t.s, t.prompt, on('voteOwnColour'))).toMatchObject({ option: 'pass' }); // blue seat, red imp
    t.reply(4, 'pass');
    expect(t.asked()).toEqual(['2:vote']);
    expect(answer(FIXTURE.cat, t.s, t.prompt, on('voteOwnColour'))).toBeNull(); // heretic
    t.reply(2, 'pass');
    expect(t.asked()).toEqual(['1:vote']);
    expect(answer(FIXTURE.cat, t.s, t.prompt, on('voteOwnColour'))).toBeNull(); // red seat, red imp
  });

  test('orders are checked and stored in the game’s order', () => {
    expect(parseSeatOrders(FIXTURE, [{ id: 'voteOwnColour' }, { id: 'passWindows' }])).toEqual([
      { id: 'passWindows' },
      { id: 'voteOwnColour' },
    ]);
    expect(parseSeatOrders(FIXTURE, [{ id: 'jinkSlash' }])).toMatch(/unknown order/);
  });

  test('every order has a label and an explanation in the three languages', () => {
    for (const o of OFFERED)
      for (const lang of ['zh-CN', 'zh-TW', 'en'])
        for (const k of [o.message.key, o.hint.key]) expect(strings[lang]![k], `${lang} ${k}`).toBeTruthy();
  });

  for (const P of [4, 5, 8])
    test(`seeded bot games with the careful orders: every order answer is legal (${P} players)`, () => {
      let s = createGame(FIXTURE, { seats: P, seed: `orders-${P}` }) as GameState<G>;
      let byOrder = 0;
      for (let n = 0; !s.outcome; n++) {
        if (n > 20_000) throw new Error('game did not end');
        for (const p of s.prompts) {
          const a = answer(FIXTURE.cat, s, p, CAREFUL);
          if (a) expect(apply(FIXTURE, s, p.seat, a).ok).toBe(true);
        }
        const p = s.prompts[0]!;
        const mine = answer(FIXTURE.cat, s, p, CAREFUL);
        if (mine) byOrder++;
        const r = apply(FIXTURE, s, p.seat, mine ?? botAnswer(FIXTURE, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
      expect(byOrder).toBeGreaterThan(0);
    });
});

describe('驱鬼 standing orders read only what their seat may see', () => {
  test('dealing other hands, the decks and other unrevealed identities differently never changes an answer', () => {
    let checked = 0;
    for (const P of [5, 8]) {
      let s = createGame(FIXTURE, { seats: P, seed: `orders-hidden-${P}` }) as GameState<G>;
      for (let n = 0; !s.outcome && n < 4000; n++) {
        for (const p of s.prompts) {
          const a = answer(FIXTURE.cat, s, p, CAREFUL);
          const t = JSON.parse(JSON.stringify(s)) as GameState<G>;
          const rng = rngOf(seedRng(`h${n}`));
          const others = t.g.players.filter((_q, i) => i !== p.seat);
          const cards = rng.shuffle([...t.g.deck, ...others.flatMap((q) => q.hand)]);
          for (const z of [t.g.deck, ...others.map((q) => q.hand)]) z.splice(0, z.length, ...cards.splice(0, z.length));
          t.g.ghost = rng.shuffle([...t.g.ghost]);
          const secret = others.filter((q) => !q.revealed);
          const ids = rng.shuffle(secret.map((q) => q.identity));
          for (const [i, q] of secret.entries()) q.identity = ids[i]!;
          expect(answer(FIXTURE.cat, t, p, CAREFUL)).toEqual(a);
          checked++;
        }
        const p = s.prompts[0]!;
        const r = apply(
          FIXTURE,
          s,
          p.seat,
          answer(FIXTURE.cat, s, p, CAREFUL) ?? botAnswer(FIXTURE, s, p, botRng(s, p)),
        );
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
