/**
 * The 驱鬼 bot (issue 25, DESIGN §6b): it decides from its seat's view alone, each spell carries its own bot
 * part, and the "good" level plays its side.
 */
import { describe, expect, test } from 'vitest';
import { makeGhost } from '../../../worker/games/ghost';
import { decide } from '../../../worker/games/ghost/bot';
import { known } from '../../../worker/games/ghost/bot/seat';
import type { GhostDef, SpellRule } from '../../../worker/games/ghost/catalogue';
import { colourOf } from '../../../worker/games/ghost/ids';
import { condition, gain, isPositive, type G } from '../../../worker/games/ghost/state';
import { seatView } from '../../../worker/games/ghost/view';
import { apply, botRng, startGame } from '../../../worker/engine/runtime';
import { rngOf, seedRng, type Rng } from '../../../worker/engine/rng';
import type { Answer, GameState, Prompt } from '../../../worker/engine/types';
import { blues, FIXTURE, reds, table } from './fixture';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const botOf = (game: GhostDef, s: GameState<G>, p: Prompt): Answer | null => game.bot!(s, p, botRng(s, p));

/**
 * The same game with everything `seat` cannot see dealt anew in a random consistent way: the cards of other
 * hands, of face-down votes and of the hand deck (each keeping its count; a card the seat's view names stays
 * where it is), the identities of the seats the seat does not know (permuted among them) and the order of the
 * ghost deck (cards the view names stay). The RNG state is left as it is, so `botRng` gives the same stream.
 */
function redeal(game: GhostDef, s: GameState<G>, seat: number, rng: Rng): GameState<G> {
  const t = clone(s);
  const g = t.g;
  const text = JSON.stringify(seatView(game.cat, s, seat));
  const named = (c: string) => text.includes(`"${c}"`);
  // Card slots: [array, index] for every hidden card.
  const slots: [string[], number][] = [];
  const add = (z: string[]) => z.forEach((c, i) => !named(c) && slots.push([z, i]));
  g.players.forEach((p, i) => i !== seat && add(p.hand));
  add(g.deck);
  const vt = g.vote;
  if (vt)
    for (const [v, cards] of Object.entries(vt.votes))
      if (Number(v) !== seat && !vt.faceUp.includes(Number(v)) && !vt.shown[v]) add(cards);
  const pool = rng.shuffle(slots.map(([z, i]) => z[i]!));
  slots.forEach(([z, i], k) => (z[i] = pool[k]!));
  if (vt) for (const v of Object.keys(vt.votes)) vt.votes[v]!.sort();
  // Identities the seat does not know.
  const seen = new Set(g.seen[seat]!.filter((e) => e.kind === 'identity').map((e) => e.seat));
  const hidden = g.players.map((_, i) => i).filter((i) => i !== seat && !g.players[i]!.revealed && !seen.has(i));
  const ids = rng.shuffle(hidden.map((i) => g.players[i]!.identity));
  hidden.forEach((i, k) => (g.players[i]!.identity = ids[k]!));
  // The ghost deck's order.
  const gs = g.ghost.flatMap((c, i) => (named(c) ? [] : [i]));
  const gc = rng.shuffle(gs.map((i) => g.ghost[i]!));
  gs.forEach((i, k) => (g.ghost[i] = gc[k]!));
  return t;
}

/** Which side-playing choice a decision is, for the re-deal test's count (null: another kind). */
function decisionKind(s: GameState<G>, p: Prompt, a: Answer): string | null {
  if (p.kind === 'host' || p.kind === 'challenge') return p.kind;
  const vt = s.g.vote;
  if (p.kind !== 'vote' || !vt || vt.summon || vt.host === p.seat || a.option !== 'vote') return null;
  const id = s.g.players[p.seat]!.identity;
  if (id !== 'taiping_red' && id !== 'tianshi_blue') return 'heretic vote';
  const c = condition(FIXTURE.cat, s.g, vt.imp);
  return a.cards!.every((x) => isPositive(x, c.colour)) ? 'colour for' : 'colour against';
}

describe('the bot decides from its seat view alone', () => {
  /**
   * Seeded bot games (good at every count, easy at 5 and 8 players too): at every decision, three random re-deals of what the deciding seat cannot
   * see leave its view exactly as it was (the re-deal is consistent) and its answer unchanged; the decisions
   * include every side-playing choice of the good bot (hosting, challenging, cards for and against, a heretic's).
   */
  test('re-dealing other hands, unknown identities, face-down votes and both decks never changes a bot decision (every seat, 4 to 8 players)', () => {
    const rng = rngOf(seedRng('bot-redeal'));
    let decisions = 0;
    let changed = 0;
    const seats = new Set<string>();
    const kinds: Record<string, number> = {};
    for (const P of [4, 5, 6, 7, 8])
      for (const level of P % 3 === 2 ? (['good', 'easy'] as const) : (['good'] as const)) {
        let s = startGame(FIXTURE, { seats: P, seed: `redeal-${P}-${level}`, options: { botLevel: level } }).state;
        for (let n = 0; !s.outcome && n < 3000; n++) {
          const p = s.prompts[0]!;
          const a = botOf(FIXTURE, s, p);
          const view = JSON.stringify(seatView(FIXTURE.cat, s, p.seat));
          for (let k = 0; k < 3; k++) {
            const t = redeal(FIXTURE, s, p.seat, rng);
            if (JSON.stringify(t.g) !== JSON.stringify(s.g)) changed++;
            expect(JSON.stringify(seatView(FIXTURE.cat, t, p.seat)), `${P}p step ${s.step}: the re-deal shows`).toBe(
              view,
            );
            expect(botOf(FIXTURE, t, p), `${P}p ${level} step ${s.step} seat ${p.seat} (${p.kind})`).toEqual(a);
          }
          decisions++;
          seats.add(`${P}:${p.seat}`);
          const kind = decisionKind(s, p, a!);
          if (kind) kinds[kind] = (kinds[kind] ?? 0) + 1;
          const r = apply(FIXTURE, s, p.seat, a!);
          if (!r.ok) throw new Error(r.error.reason);
          s = r.value.state;
        }
      }
    expect(decisions).toBeGreaterThan(500);
    // The side-playing choices were all among them: hosting, challenging, a 太平道/天师道 seat's cards for and
    // against another's exorcism, a heretic's votes.
    for (const k of ['host', 'challenge', 'colour for', 'colour against', 'heretic vote'])
      expect(kinds[k] ?? 0, k).toBeGreaterThan(10);
    // Every seat of every count decided, and the re-deals did change the hidden parts.
    expect(seats.size).toBe(4 + 5 + 6 + 7 + 8);
    expect(changed).toBeGreaterThan(decisions);
  });

  test('the level is the game option botLevel: the same position, the same seat, another answer for another level', () => {
    let differ = 0;
    for (let k = 0; k < 20 && !differ; k++) {
      let s = startGame(FIXTURE, { seats: 6, seed: `levels-${k}` }).state;
      for (let n = 0; !s.outcome && n < 400; n++) {
        const p = s.prompts[0]!;
        const view = seatView(FIXTURE.cat, s, p.seat);
        const [e, g] = (['easy', 'good'] as const).map((l) => decide(FIXTURE.cat, view, p, botRng(s, p), l));
        if (JSON.stringify(e) !== JSON.stringify(g)) differ++;
        expect(botOf(FIXTURE, { ...s, options: { botLevel: 'easy' } }, p)).toEqual(e);
        expect(botOf(FIXTURE, s, p)).toEqual(g);
        const r = apply(FIXTURE, s, p.seat, g!);
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
    }
    expect(differ).toBeGreaterThan(0);
  });
});

describe('each spell carries its bot part', () => {
  /** 聚宝盆 (not in cards.md): you and another player each gain 1 spirit; its bot gives the other to a friend. */
  const S90: SpellRule = {
    id: 'S90',
    pick: (_cat, g, s) => ({ seats: { from: g.players.map((_, i) => i).filter((i) => i !== s), min: 1, max: 1 } }),
    play(ctx, s, a) {
      gain(ctx.g, s, 1);
      gain(ctx.g, a.seats![0]!, 1);
    },
    bot: {
      keep: 1,
      rank: 200,
      use: (b, o) => ({ seats: [o.seats!.from.find((t) => known(b, t) !== null) ?? o.seats!.from[0]!] }),
    },
  };
  const cards = FIXTURE.cat.cards;
  const bowl = makeGhost({
    cards: { ...cards, spells: [...cards.spells, { id: 'S90', cost: 1, copies: 1, weight: 1, window: null }] },
    spells: [S90],
  });

  test('a spell added through makeGhost with its bot is played by the bot, as its bot part says; the real deck has no such card', () => {
    const t = table({
      game: bowl,
      step: 'dayStart',
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      hands: { 0: ['S90-R1', ...blues(1)] },
      spirit: { 0: 1 },
      tweak: (g) => g.seen[0]!.push({ kind: 'identity', seat: 2, what: ['taiping_red'], turn: 1 }),
    });
    expect(botOf(bowl, t.s, t.prompt)).toEqual({ prompt: t.prompt.id, option: 'play:S90-R1', seats: [2] });
    expect(FIXTURE.cat.spellRule.S90).toBeUndefined();
  });

  test('a spell without a bot part is never played by the bot', () => {
    const { bot: _b, ...plain } = S90;
    const game = makeGhost({
      cards: { ...cards, spells: [...cards.spells, { id: 'S90', cost: 1, copies: 1, weight: 1, window: null }] },
      spells: [plain],
    });
    const t = table({ game, step: 'dayStart', hands: { 0: ['S90-R1'] }, spirit: { 0: 1 } });
    expect(t.options(0)).toContain('play:S90-R1');
    expect(botOf(game, t.s, t.prompt)!.option).not.toBe('play:S90-R1');
  });
});

describe('the good bot plays its side', () => {
  const IDS = ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'] as const;
  const look = (seat: number, at: number, id: string) => (g: G) =>
    void g.seen[seat]!.push({ kind: 'identity', seat: at, what: [id], turn: 1 });

  test("a 驱鬼 bot does not vote negative on its own colour's imp", () => {
    // Seat 1 (unknown to seat 0) hosts 饿死鬼 (a red imp, dispelled by red); seat 0 is 太平道 (red) with both colours in hand.
    const t = table({
      step: 'exorcise',
      current: 1,
      ids: [...IDS],
      imps: { 2: ['I01'] },
      hands: { 0: [...reds(2), ...blues(2)], 1: reds(2, 4) },
    });
    t.reply(1, 'target', { cards: ['I01'] }).reply(1, 'vote', { cards: reds(2, 4) });
    const a = botOf(FIXTURE, t.s, t.prompt)!;
    expect(t.prompt.seat).toBe(0);
    for (const c of a.cards ?? []) expect(colourOf(c)).toBe('red');
    // And over seeded games: no good bot ever votes a negative card on an imp of its colour hosted by a seat it does not know to be a rival.
    let votes = 0;
    for (const P of [4, 6, 8]) {
      let s = startGame(FIXTURE, { seats: P, seed: `own-colour-${P}` }).state;
      for (let n = 0; !s.outcome && n < 3000; n++) {
        const p = s.prompts[0]!;
        const b = botOf(FIXTURE, s, p)!;
        const vt = s.g.vote;
        const me = s.g.players[p.seat]!.identity;
        const colour = me === 'taiping_red' ? 'red' : me === 'tianshi_blue' ? 'blue' : null;
        if (
          p.kind === 'vote' &&
          b.option === 'vote' &&
          vt &&
          !vt.summon &&
          s.g.gk !== p.seat &&
          FIXTURE.cat.imp[vt.imp]!.colour === colour &&
          FIXTURE.cat.imp[vt.imp]!.dispel.colour !== 'any' &&
          !s.g.ts.swapped
        ) {
          const hostKnown =
            s.g.players[vt.host]!.revealed ||
            s.g.seen[p.seat]!.some((e) => e.kind === 'identity' && e.seat === vt.host);
          if (!hostKnown) {
            votes++;
            const want = FIXTURE.cat.imp[vt.imp]!.dispel.colour;
            for (const c of b.cards!) expect(colourOf(c), `${P}p step ${s.step}`).toBe(want);
          }
        }
        const r = apply(FIXTURE, s, p.seat, b);
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
    }
    expect(votes).toBeGreaterThan(5);
  });

  test('a good bot backs the exorcism of a seat it knows to be of its side with cards for it', () => {
    const t = table({
      step: 'exorcise',
      current: 1,
      ids: [...IDS],
      imps: { 2: ['I08'] },
      hands: { 3: [...reds(2), ...blues(2)], 1: blues(2, 4) },
      tweak: look(3, 1, 'tianshi_blue'),
    });
    t.reply(1, 'target', { cards: ['I08'] }).reply(1, 'vote', { cards: blues(1, 4) });
    expect(t.prompt.seat).toBe(0);
    t.reply(0, 'pass');
    expect(t.prompt.seat).toBe(3);
    const a = botOf(FIXTURE, t.s, t.prompt)!;
    expect(a.option).toBe('vote');
    for (const c of a.cards!) expect(colourOf(c)).toBe('blue');
  });

  test('a good bot votes against the exorcism of a seat it knows to be a rival, when the imp is not of its colour', () => {
    // Seat 0 (red) knows seat 1 is 天师道; seat 1 hosts 守财奴-like blue imp I08 (dispelled by blue).
    const t = table({
      step: 'exorcise',
      current: 1,
      ids: [...IDS],
      imps: { 2: ['I08'] },
      hands: { 0: [...reds(2), ...blues(2)], 1: blues(3, 4) },
      tweak: look(0, 1, 'tianshi_blue'),
    });
    t.reply(1, 'target', { cards: ['I08'] }).reply(1, 'vote', { cards: blues(3, 4) });
    let voted = 0;
    for (let k = 0; k < 10; k++) {
      const a = FIXTURE.bot!(t.s, t.prompt, rngOf(seedRng(`against-${k}`)))!;
      if (a.option === 'vote') {
        voted++;
        for (const c of a.cards!) expect(colourOf(c)).toBe('red');
      }
    }
    expect(voted).toBeGreaterThan(0);
  });

  test('a good bot casts no card against the exorcism of a host it has no evidence about (he may be a friend)', () => {
    // Seat 0 (red) knows nothing of seat 1, who hosts the blue imp I08 (dispelled by blue) with no other imp to pick.
    const t = table({
      step: 'exorcise',
      current: 1,
      ids: [...IDS],
      imps: { 2: ['I08'] },
      hands: { 0: [...reds(2), ...blues(2)], 1: blues(3, 4) },
    });
    t.reply(1, 'target', { cards: ['I08'] }).reply(1, 'vote', { cards: blues(3, 4) });
    expect(t.prompt.seat).toBe(0);
    for (let k = 0; k < 10; k++) {
      const a = FIXTURE.bot!(t.s, t.prompt, rngOf(seedRng(`unknown-${k}`)))!;
      expect(a.option === 'pass' || a.cards!.every((c) => colourOf(c) === 'blue')).toBe(true);
    }
  });

  test('a good bot as host does not challenge a voter only because a look showed him a rival: a rival often votes for, and a challenge that finds only cards for it ends the exorcism', () => {
    const t = table({
      step: 'exorcise',
      ids: [...IDS],
      imps: { 2: ['I01'] },
      hands: { 0: reds(3), 1: reds(1, 4), 3: reds(1, 3) },
      tweak: look(0, 1, 'tianshi_blue'),
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(3) })
      .reply(3, 'vote', { cards: reds(1, 3) });
    if (t.prompt.seat === 2) t.reply(2, 'pass');
    t.reply(1, 'vote', { cards: reds(1, 4) });
    expect(botOf(FIXTURE, t.s, t.prompt)).toMatchObject({ option: 'reveal' });
  });

  test('with 明察令 running, a good bot as host challenges the voter a look showed to be of the other team (a first find of only cards for it costs nothing)', () => {
    const t = table({
      step: 'exorcise',
      ids: [...IDS],
      imps: { 2: ['I01'] },
      hands: { 0: reds(3), 1: blues(1), 3: reds(1, 3) },
      tweak: (g) => {
        look(0, 1, 'tianshi_blue')(g);
        g.ts.insight = 1;
      },
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(3) })
      .reply(3, 'vote', { cards: reds(1, 3) });
    if (t.prompt.seat === 2) t.reply(2, 'pass');
    t.reply(1, 'vote', { cards: blues(1) });
    expect(botOf(FIXTURE, t.s, t.prompt)).toMatchObject({ option: 'challenge', seats: [1] });
  });

  test('a good bot as host does not challenge a voter it has no reason to doubt (a failed challenge ends the exorcism)', () => {
    const t = table({
      step: 'exorcise',
      ids: [...IDS],
      imps: { 2: ['I01'] },
      hands: { 0: reds(3), 1: blues(1), 3: reds(1, 3) },
    });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(3) })
      .reply(3, 'vote', { cards: reds(1, 3) });
    if (t.prompt.seat === 2) t.reply(2, 'pass');
    t.reply(1, 'vote', { cards: blues(1) });
    expect(botOf(FIXTURE, t.s, t.prompt)).toMatchObject({ option: 'reveal' });
  });

  test('a heretic bot as host at 5 players prefers an imp of the colour most of his points have (the same-colour bonus)', () => {
    // Seat 0 is 邪道(王) with two blue imps exorcised; 饿死鬼 (red) and 水鬼 (blue) both need 2 red, within reach.
    for (let k = 0; k < 8; k++) {
      const t = table({
        P: 5,
        seed: `bonus-${k}`,
        step: 'exorcise',
        ids: ['heretic_king', 'taiping_red', 'taiping_red', 'tianshi_blue', 'tianshi_blue'],
        imps: { 1: ['I01'], 2: ['I12'] },
        points: { 0: ['I09', 'I10'] },
        hands: { 0: reds(3) },
      });
      expect(botOf(FIXTURE, t.s, t.prompt)).toMatchObject({ option: 'target', cards: ['I12'] });
    }
  });

  test('a good bot as host prefers an imp of its own colour (double points) when it can carry either', () => {
    // Seat 0 is 太平道: 饿死鬼 (red, 2 red) and 赌鬼-like blue I08 (2 blue) both within reach.
    const t = table({
      step: 'exorcise',
      ids: [...IDS],
      imps: { 1: ['I08'], 2: ['I01'] },
      hands: { 0: [...reds(2), ...blues(2)] },
    });
    expect(botOf(FIXTURE, t.s, t.prompt)).toMatchObject({ option: 'target', cards: ['I01'] });
  });
});
