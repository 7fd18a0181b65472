import { describe, expect, it } from 'vitest';
import {
  apply,
  candidates,
  createGame,
  defaultAnswer,
  legalAnswers,
  LoopGuardError,
  replay,
  seedRng,
  startGame,
  viewFor,
  type GameDef,
  type GameState,
  type LogEntry,
} from '../../worker/engine';
import { duel, type DuelData } from '../fixtures/duel';
import { allViews, playOut } from '../helpers/play';

const params = (seed: string, seats = 3) => ({ seats, seed });
type S = GameState<DuelData>;

/** The log written up to each test position (the log is not in the state; `apply` hands back each answer's). */
const written = new WeakMap<S, LogEntry[]>();
const entriesOf = (s: S): LogEntry[] => written.get(s) ?? [];
const after = (s: S, next: S, events: LogEntry[]): S => (written.set(next, [...entriesOf(s), ...events]), next);

/** Answer the colour picks: seat i picks `colours[i]`. */
function pickColours(s: S, colours: ('red' | 'blue')[]): S {
  for (let seat = 0; seat < colours.length; seat++) {
    const p = s.prompts.find((x) => x.seat === seat && x.kind === 'chooseColour')!;
    const r = apply(duel, s, seat, { prompt: p.id, option: colours[seat]! });
    if (!r.ok) throw new Error(r.error.reason);
    s = after(s, r.value.state, r.value.events);
  }
  return s;
}

/** A state with the hands set by hand (test positions), before the first play prompt is built from them. */
function withHands(s: S, hands: string[][]): S {
  const c = structuredClone(s);
  const all = new Set(hands.flat());
  c.g.deck = c.g.deck.concat(c.g.hands.flat()).filter((x) => !all.has(x));
  c.g.discard = c.g.discard.filter((x) => !all.has(x));
  c.g.hands = hands;
  return after(s, c, []);
}

function answer(s: S, seat: number, option: string, extra: { cards?: string[]; seats?: number[] } = {}): S {
  const p = s.prompts.find((x) => x.seat === seat);
  if (!p) throw new Error(`seat ${seat} is not asked anything`);
  const r = apply(duel, s, seat, { prompt: p.id, option, ...extra });
  if (!r.ok) throw new Error(r.error.reason);
  return after(s, r.value.state, r.value.events);
}

/** Start a 3-seat game, all red, with the given hands, and the play prompt rebuilt for them. */
function position(hands: string[][], colours: ('red' | 'blue')[] = ['red', 'red', 'red']): S {
  const start = startGame(duel, params('pos'));
  let s = after(start.state, start.state, start.events);
  // Set the hands before the colour picks end so the first play prompt is built from them.
  s = withHands(s, hands);
  return pickColours(s, colours);
}

describe('engine: determinism and replay', () => {
  it('the same seed and the same answers reproduce the same state byte for byte', () => {
    const a = playOut(duel, params('same'), 'random');
    const b = replay(duel, params('same'), a.moves);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a.state));
  });

  it('replaying the move log reproduces the snapshot after every step', () => {
    playOut(duel, params('replay', 4), 'random', (s, moves) => {
      if (moves.length % 7 === 0) expect(replay(duel, params('replay', 4), moves)).toEqual(s);
    });
  });

  it('every state survives a JSON round trip unchanged', () => {
    playOut(duel, params('json', 5), 'random', (s) => {
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    });
  });

  it('a different seed deals different hands', () => {
    expect(createGame(duel, params('a')).g.hands).not.toEqual(createGame(duel, params('b')).g.hands);
  });

  it('apply never modifies the state it is given', () => {
    const s = createGame(duel, params('pure'));
    const before = JSON.stringify(s);
    apply(duel, s, 0, { prompt: s.prompts[0]!.id, option: 'blue' });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('engine: prompts', () => {
  it('a simultaneous pick asks every seat at once', () => {
    const s = createGame(duel, params('sim', 4));
    expect(s.prompts.map((p) => [p.seat, p.kind])).toEqual([0, 1, 2, 3].map((i) => [i, 'chooseColour']));
  });

  it('a simultaneous pick waits for the last seat and hides earlier picks until then', () => {
    let s = createGame(duel, params('sim'));
    s = answer(s, 1, 'blue');
    expect(s.prompts.map((p) => p.seat)).toEqual([0, 2]);
    const v0 = viewFor(duel, s, 0).view as { colour: unknown[] };
    expect(v0.colour[1]).toBe('picked');
    expect((viewFor(duel, s, 2).view as { colour: unknown[] }).colour).toEqual([null, 'picked', null]);
    expect((viewFor(duel, s, 1).view as { colour: unknown[] }).colour[1]).toBe('blue');
    s = answer(s, 0, 'red');
    s = answer(s, 2, 'red');
    expect((viewFor(duel, s, 0).view as { colour: unknown[] }).colour).toEqual(['red', 'blue', 'red']);
    expect(s.prompts.map((p) => [p.seat, p.kind])).toEqual([[0, 'play']]);
  });

  it('a seat sees only its own prompts and the table sees whom it waits for', () => {
    const s = createGame(duel, params('own', 3));
    const v = viewFor(duel, s, 1);
    expect(v.prompts.map((p) => p.seat)).toEqual([1]);
    expect(v.waiting).toEqual([0, 1, 2]);
    expect(viewFor(duel, s, null).prompts).toEqual([]);
    expect(JSON.stringify(v.prompts)).not.toContain('"frame"');
  });

  it('the first answer in a multi-seat window closes the others and opens a counter-window', () => {
    // seat 0 attacks seat 1 with a 3; seat 1 blocks with a 5; seats 0 and 2 both hold a 1 (c0, c8).
    let s = position([
      ['c2', 'c8'],
      ['c4', 'c16'],
      ['c0', 'c5'],
    ]);
    s = answer(s, 0, 'attack', { cards: ['c2'], seats: [1] });
    s = answer(s, 1, 'block', { cards: ['c4'] });
    expect(s.prompts.map((p) => [p.seat, p.kind]).sort()).toEqual([
      [0, 'window'],
      [2, 'window'],
    ]);
    s = answer(s, 2, 'cancel', { cards: ['c0'] });
    // seat 0's prompt is closed; the counter-window asks everyone but seat 2 who holds a 1: seats 0 and 1
    expect(s.prompts.map((p) => [p.seat, p.kind]).sort()).toEqual([
      [0, 'window'],
      [1, 'window'],
    ]);
    s = answer(s, 1, 'cancel', { cards: ['c16'] });
    // the counter restores the block; the next window asks seat 0 (the only holder besides seat 1)
    expect(s.prompts.map((p) => p.seat)).toEqual([0]);
    s = answer(s, 0, 'pass');
    expect(s.g.hp).toEqual([3, 3, 3]);
    expect(entriesOf(s).some((e) => e.msg.key === 'duel.blocked')).toBe(true);
  });

  it('a cancelled block lets the damage through', () => {
    let s = position([['c2', 'c8'], ['c4'], ['c0']]);
    s = answer(s, 0, 'attack', { cards: ['c2'], seats: [1] });
    s = answer(s, 1, 'block', { cards: ['c4'] });
    s = answer(s, 2, 'cancel', { cards: ['c0'] });
    s = answer(s, 0, 'pass'); // counter-window: seat 0 holds c8 (a 1) and declines
    expect(s.g.hp).toEqual([3, 2, 3]);
  });
});

describe('engine: answer validation', () => {
  const s0 = createGame(duel, params('val'));
  const p0 = s0.prompts.find((p) => p.seat === 0)!;

  it("answering another seat's prompt is not_your_prompt", () => {
    const r = apply(duel, s0, 1, { prompt: p0.id, option: 'red' });
    expect(r.ok || r.error.code).toBe('not_your_prompt');
  });

  it("another seat's open prompt and a prompt that does not exist get the same error (issue 9)", () => {
    const other = apply(duel, s0, 1, { prompt: p0.id, option: 'red' });
    const unknown = apply(duel, s0, 1, { prompt: 'p999', option: 'red' });
    expect(other.ok).toBe(false);
    expect(JSON.stringify(other)).toBe(JSON.stringify(unknown));
  });

  it('an unknown option is illegal', () => {
    const r = apply(duel, s0, 0, { prompt: p0.id, option: 'green' });
    expect(r.ok || r.error).toEqual({ code: 'illegal', reason: `no option green in prompt ${p0.id}` });
  });

  const play = position([['c2', 'c3'], ['c4'], ['c5']]);
  const pp = play.prompts[0]!;

  it('a card outside the option is illegal', () => {
    const r = apply(duel, play, 0, { prompt: pp.id, option: 'attack', cards: ['c4'], seats: [1] });
    expect(r.ok || r.error.reason).toBe('c4 cannot be picked here');
  });

  it('too many cards is illegal', () => {
    const r = apply(duel, play, 0, { prompt: pp.id, option: 'attack', cards: ['c2', 'c3'], seats: [1] });
    expect(r.ok || r.error.reason).toBe('pick at most 1 cards');
  });

  it('the same card or seat picked twice is illegal, wherever the repeat is in the list', () => {
    const r = apply(duel, play, 0, { prompt: pp.id, option: 'attack', cards: ['c2', 'c2'], seats: [1] });
    expect(r.ok || r.error.reason).toBe('the same card is picked twice');
    // A prompt whose option takes up to three of each, so only the repeat can be wrong.
    const wide = structuredClone(play);
    const o = wide.prompts[0]!.options.find((x) => x.id === 'attack')!;
    o.cards = { from: ['c2', 'c3', 'c9'], min: 1, max: 3 };
    o.seats = { from: [1, 2, 3], min: 1, max: 3 };
    for (const cards of [
      ['c2', 'c3', 'c2'],
      ['c3', 'c2', 'c2'],
      ['c2', 'c2', 'c3'],
    ]) {
      const bad = apply(duel, wide, 0, { prompt: pp.id, option: 'attack', cards, seats: [1] });
      expect(bad.ok || bad.error.reason, cards.join()).toBe('the same card is picked twice');
    }
    for (const seats of [
      [1, 2, 1],
      [2, 1, 1],
    ]) {
      const bad = apply(duel, wide, 0, { prompt: pp.id, option: 'attack', cards: ['c2'], seats });
      expect(bad.ok || bad.error.reason, seats.join()).toBe('the same seat is picked twice');
    }
    const fine = apply(duel, wide, 0, { prompt: pp.id, option: 'attack', cards: ['c2', 'c3', 'c9'], seats: [1, 2] });
    expect(fine.ok ? '' : fine.error.reason).not.toMatch(/picked twice/);
  });

  it('a missing pick is illegal', () => {
    const r = apply(duel, play, 0, { prompt: pp.id, option: 'attack', cards: ['c2'] });
    expect(r.ok || r.error.reason).toBe('pick at least 1 seats');
  });

  it('picks on an option that takes none are illegal', () => {
    const r = apply(duel, play, 0, { prompt: pp.id, option: 'pass', cards: ['c2'] });
    expect(r.ok || r.error.reason).toBe('this option takes no cards');
  });

  it('a pick the rules forbid is illegal with the rule as reason', () => {
    let s = answer(play, 0, 'attack', { cards: ['c3'], seats: [1] }); // value 4
    const p = s.prompts[0]!;
    s = structuredClone(s);
    s.g.hands[1] = ['c1', 'c4']; // c1 (value 2) is too weak, c4 (5) is fine
    s.prompts[0]!.options[0]!.cards!.from = ['c1', 'c4'];
    const r = apply(duel, s, 1, { prompt: p.id, option: 'block', cards: ['c1'] });
    expect(r.ok || r.error).toEqual({ code: 'illegal', reason: 'a block needs a card of value 4 or more' });
  });

  it('an answer after the end is rejected as finished', () => {
    const { state } = playOut(duel, params('end'), 'random');
    const r = apply(duel, state, 0, { prompt: 'p1', option: 'red' });
    expect(r.ok || r.error.code).toBe('finished');
  });
});

describe('engine: triggers', () => {
  it('an optional effect asks its owner first and a compulsory one just fires', () => {
    // seat 1 is blue (shield, optional), the attack is unblockable
    let s = position([['c7'], ['c0'], ['c1']], ['red', 'blue', 'red']);
    s = answer(s, 0, 'attack', { cards: ['c7'], seats: [1] });
    s = answer(s, 1, 'pass');
    expect(s.prompts.map((p) => [p.seat, p.kind])).toEqual([[1, 'skill']]);
    s = answer(s, 1, 'use');
    expect(s.g.hp[1]).toBe(3);
    expect(s.g.shieldUsed[1]).toBe(true);
  });

  it('a compulsory after-damage effect fires for its owner without a prompt', () => {
    let s = position([['c7'], ['c0'], ['c1']]);
    const before = s.g.hands[1]!.length;
    s = answer(s, 0, 'attack', { cards: ['c7'], seats: [1] });
    s = answer(s, 1, 'pass');
    expect(s.g.hp[1]).toBe(2);
    expect(s.g.hands[1]!.length).toBe(before + 1); // rage drew one
  });

  it('an optional effect may word its own question, naming whom it is about', () => {
    const asking: GameDef<DuelData> = {
      ...duel,
      skills: {
        ...duel.skills,
        shield: {
          id: 'shield',
          effects: [
            {
              ...duel.skills!.shield!.effects[0]!,
              ask: (_c, _seat, ev) => ({ key: 'duel.shieldAsk', params: { source: ev.source as number } }),
            },
          ],
        },
      },
    };
    let s = position([['c7'], ['c0'], ['c1']], ['red', 'blue', 'red']);
    const p = s.prompts[0]!;
    const r = apply(asking, s, 0, { prompt: p.id, option: 'attack', cards: ['c7'], seats: [1] });
    if (!r.ok) throw new Error(r.error.reason);
    const r2 = apply(asking, r.value.state, 1, { prompt: r.value.state.prompts[0]!.id, option: 'pass' });
    if (!r2.ok) throw new Error(r2.error.reason);
    s = r2.value.state;
    expect(s.prompts[0]!.message).toEqual({ key: 'duel.shieldAsk', params: { source: 0 } });
  });

  it('declining an optional effect leaves the event unchanged', () => {
    let s = position([['c7'], ['c0'], ['c1']], ['red', 'blue', 'red']);
    s = answer(s, 0, 'attack', { cards: ['c7'], seats: [1] });
    s = answer(s, 1, 'pass');
    s = answer(s, 1, 'pass');
    expect(s.g.hp[1]).toBe(2);
  });
});

describe('engine: views', () => {
  it('no seat view or spectator view contains another seat’s hand in random full games', () => {
    for (const seed of ['v1', 'v2', 'v3']) {
      playOut(duel, params(seed, 4), 'random', (s, _moves, log) => {
        if (s.outcome) return;
        // The log may name a card that was public once (played, then reshuffled into a hand): check the
        // zones and the prompts, and the log's private lines separately.
        for (const { seat, json: full } of allViews(duel, s, log)) {
          const v = JSON.parse(full) as { view: unknown; prompts: unknown; log: { msg: { key: string } }[] };
          const json = JSON.stringify([v.view, v.prompts]);
          expect(v.log.filter((l) => l.msg.key === 'duel.youDrew').length).toBe(
            seat === null
              ? 0
              : log.filter((e) => e.msg.key === 'duel.youDrew' && e.to !== 'public' && e.to.includes(seat)).length,
          );
          for (let other = 0; other < s.seats; other++) {
            if (other === seat) continue;
            for (const c of s.g.hands[other]!) expect(json).not.toMatch(new RegExp(`"${c}"`));
          }
          expect(json).not.toContain('"rng"');
          for (const c of s.g.deck) expect(json).not.toMatch(new RegExp(`"${c}"`));
        }
      });
    }
  });

  it('private log lines reach only their audience', () => {
    let s = position([['c7'], ['c0'], ['c1']]);
    s = answer(s, 0, 'pass'); // seat 0 draws privately
    const log = entriesOf(s);
    const mine = viewFor(duel, s, 0, { log }).log.filter((l) => l.msg.key === 'duel.youDrew');
    const theirs = viewFor(duel, s, 1, { log }).log.filter((l) => l.msg.key === 'duel.youDrew');
    expect(mine.length).toBe(1);
    expect(theirs).toEqual([]);
    expect(viewFor(duel, s, 1, { log }).log.some((l) => l.msg.key === 'duel.drew')).toBe(true);
  });

  it('after the end the full record is public', () => {
    const { state, log } = playOut(duel, params('rec'), 'random');
    expect(viewFor(duel, state, null, { log }).log.length).toBe(log.length);
    expect(JSON.stringify(viewFor(duel, state, null).view)).not.toContain('hidden');
  });

  it('the log since a version holds only what happened after it', () => {
    const { state, log } = playOut(duel, params('since'), 'random');
    const since = viewFor(duel, state, 0, { sinceStep: 5, log }).log;
    expect(since.every((l) => l.at >= 5)).toBe(true);
    expect(since.length).toBeLessThan(log.length);
  });
});

describe('engine: defaults, bots and legal answers', () => {
  it('every default answer is legal and a game of defaults ends', () => {
    const r = playOut(duel, params('defaults', 3), 'default');
    expect(r.state.outcome).not.toBeNull();
  });

  it('a game of bots ends with winners among the seats', () => {
    const r = playOut(duel, params('bots', 4), 'bot');
    expect(r.state.outcome!.winners.every((w) => w >= 0 && w < 4)).toBe(true);
  });

  it('legal answers are exactly the candidates the rules accept', () => {
    const s = position([['c2', 'c3'], ['c4'], ['c5']]);
    const legal = legalAnswers(duel, s, 0);
    // attack with 2 cards × 2 targets, or pass
    expect(legal.length).toBe(5);
    expect(legalAnswers(duel, s, 1)).toEqual([]);
    expect(candidates(s.prompts[0]!).length).toBe(5);
  });

  it('perft: legal answer sequences from a fixed seed to depth 4', () => {
    const count = (s: S, depth: number): number => {
      if (depth === 0 || s.outcome) return 1;
      let n = 0;
      for (const p of s.prompts)
        for (const a of legalAnswers(duel, s, p.seat).filter((x) => x.prompt === p.id)) {
          const r = apply(duel, s, p.seat, a);
          if (r.ok) n += count(r.value.state, depth - 1);
        }
      return n;
    };
    const s = createGame(duel, params('perft', 2));
    // depth 1: 2 seats × 2 colours; depth 2: the other seat's pick (2) after each; then the first turn.
    expect([1, 2, 3, 4].map((d) => count(s, d))).toEqual([4, 8, 8 * 4, PERFT_4]);
  });
  it('the default for a seat that must pick picks deterministically', () => {
    const s = createGame(duel, params('det'));
    expect(defaultAnswer(duel, s, s.prompts[0]!)).toEqual({ prompt: s.prompts[0]!.id, option: 'red' });
  });
});

// Pinned by the first run; a change means the rules' branching changed.
const PERFT_4 = 80;

describe('engine: loop guard', () => {
  it('a flow that never waits is stopped by the loop guard', () => {
    const looping: GameDef = {
      ...duel,
      id: 'loop',
      setup(ctx) {
        ctx.push({ t: 'spin' });
        return {};
      },
      frames: { spin: { run: () => 'again', answer: () => undefined } },
    } as GameDef;
    expect(() => createGame(looping, params('loop'))).toThrow(LoopGuardError);
  });
});

describe('engine: prompt ids (issue 9)', () => {
  const ids = (seed: string) => createGame(duel, params(seed, 6)).prompts.map((p) => p.id);

  it('prompt ids are the same for the same seed and answers (a replay gives the same ids)', () => {
    expect(ids('same')).toEqual(ids('same'));
    const { state, moves } = playOut(duel, params('replayed'), 'random');
    expect(replay(duel, params('replayed'), moves).prompts.map((p) => p.id)).toEqual(state.prompts.map((p) => p.id));
  });

  it('prompt ids differ between games: another game tells nothing about the ids of this one', () => {
    expect(ids('one').some((id) => ids('two').includes(id))).toBe(false);
  });

  it('prompt ids of a simultaneous ask do not follow seat order', () => {
    // Six seats asked at once: sorted by id, they come out in seat order in about 1 game of 720 by chance.
    let inSeatOrder = 0;
    for (let g = 0; g < 40; g++) {
      const ps = createGame(duel, params(`order${g}`, 6)).prompts;
      const bySeat = [...ps].sort((a, b) => a.seat - b.seat).map((p) => p.id);
      if (JSON.stringify(bySeat) === JSON.stringify(bySeat.slice().sort())) inSeatOrder++;
    }
    expect(inSeatOrder).toBeLessThan(3);
  });

  it('prompt ids are at least 64 bits of hash, not a counter', () => {
    for (const id of ids('shape')) expect(id).toMatch(/^p[0-9a-f]{16}$/);
  });

  it('making prompt ids does not advance the game RNG', () => {
    // A game whose setup draws nothing and asks six seats: its RNG must still be the bare seed.
    const asks: GameDef<null> = {
      ...(duel as unknown as GameDef<null>),
      setup: (ctx) => {
        ctx.push({ t: 'ask' });
        return null;
      },
      frames: {
        ask: {
          run(ctx) {
            for (let seat = 0; seat < 6; seat++)
              ctx.ask({ seat, kind: 'x', message: { key: 'x' }, options: [{ id: 'ok', message: { key: 'x' } }] });
            return 'wait';
          },
          answer() {},
        },
      },
    };
    const s = createGame(asks, params('rng', 6));
    expect(s.prompts).toHaveLength(6);
    expect(s.rng).toEqual(seedRng('rng'));
  });
});
