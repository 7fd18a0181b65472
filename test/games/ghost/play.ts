/** Whole-game players for the random-game tests and the bench: bot or random answers, invariants after each step. */
import { expect } from 'vitest';
import ghost from '../../../worker/games/ghost/index';
import { apply, botAnswer, botRng, startGame, type Move } from '../../../worker/engine/runtime';
import { rngOf, seedRng, type Rng } from '../../../worker/engine/rng';
import type { Answer, GameState, LogEntry, Prompt } from '../../../worker/engine/types';
import { ghostDeckOf, type GhostDef } from '../../../worker/games/ghost/catalogue';
import type { G } from '../../../worker/games/ghost/state';

/** A uniformly random answer of the prompt's shape; the rules may still refuse it (the caller retries). */
export function randomAnswer(p: Prompt, rng: Rng): Answer {
  const o = rng.pick(p.options);
  const a: Answer = { prompt: p.id, option: o.id };
  const pick = <T>(spec: { from: T[]; min: number; max: number }): T[] => {
    const n = spec.min + rng.int(Math.min(spec.max, spec.from.length) - spec.min + 1);
    return rng.shuffle([...spec.from]).slice(0, n);
  };
  if (o.cards) a.cards = pick(o.cards);
  if (o.seats) a.seats = pick(o.seats);
  return a;
}

const sorted = (xs: string[]) => [...xs].sort();

/** Invariants of every position (DESIGN §8). Plain checks in the hot loop: `expect` per card is too slow. */
function checkInvariants(s: GameState<G>, game: GhostDef = ghost): void {
  const g = s.g;
  const bad = (why: string): never => {
    throw new Error(`step ${s.step}: ${why}`);
  };
  const hand = [
    ...g.deck,
    ...g.discard,
    ...g.players.flatMap((p) => [...p.hand, ...(p.artifact ? [p.artifact] : [])]),
    ...(g.vote ? Object.values(g.vote.votes).flat() : []),
  ];
  if (sorted(hand).join() !== sorted(game.cat.handDeck).join()) bad(`hand cards not conserved: ${hand.length}`);
  const ghostCards = [
    ...g.ghost,
    ...g.eventPile,
    ...g.removed,
    ...g.limbo,
    ...g.players.flatMap((p) => [...p.imps, ...p.points].map((c) => c.id)),
  ];
  if (sorted(ghostCards).join() !== sorted(ghostDeckOf(game.cat.cards, g.P)).join())
    bad(`ghost cards not conserved: ${ghostCards.length}`);
  for (const p of g.players) if (p.spirit < 0) bad('negative spirit');
  if (g.gk !== null && !s.outcome && g.players[g.gk]!.imps.length === 0) bad('a living ghost king without imps');
  // The parts an answer changes survive JSON each step (the whole state, log included, at the end).
  const live = s.outcome ? s : { g: s.g, stack: s.stack, prompts: s.prompts, rng: s.rng };
  expect(JSON.parse(JSON.stringify(live))).toStrictEqual(live);
  if (s.outcome) return;
  const rng = JSON.stringify(s.rng);
  for (let v = 0; v < g.P; v++) {
    const view = game.view(s, v) as any;
    if (typeof view.ghost !== 'number' || typeof view.deck !== 'number') bad('deck order in a view');
    if (JSON.stringify(view.seen) !== JSON.stringify(g.seen[v])) bad(`seat ${v} sees another seat's looks`);
    const { discard: _d, lastReveal: _l, seen: _s, shownCard: _c, vote, ...rest } = view;
    const text = JSON.stringify(rest);
    const voteText = JSON.stringify(vote);
    for (let o = 0; o < g.P; o++) {
      if (o === v) continue;
      if (view.players[o].hand !== null) bad(`seat ${v} sees the hand of ${o}`);
      if (!g.players[o]!.revealed && view.players[o].identity !== null) bad(`seat ${v} sees the identity of ${o}`);
      for (const c of g.players[o]!.hand) if (text.includes(`"${c}"`)) bad(`seat ${v} sees ${c} in the hand of ${o}`);
      if (vote && !g.vote!.faceUp.includes(o) && !vote.shown[o]) {
        if (vote.open[o] !== undefined) bad(`seat ${v} sees the votes of ${o}`);
        for (const c of g.vote!.votes[o] ?? [])
          if (voteText.includes(`"${c}"`)) bad(`seat ${v} sees the vote ${c} of ${o}`);
      }
    }
    // The RNG never reaches a seat.
    if (JSON.stringify(view).includes(rng)) bad('the RNG in a view');
  }
}

/**
 * Play a whole game; `mode` decides who answers: the game's bot, or uniformly random legal answers. `log`
 * holds the log entries the setup and the answers wrote (what the room stores), so readers need not look into
 * the state.
 */
export function playGame(
  P: number,
  seed: string,
  mode: 'bot' | 'random',
  check = true,
  game: GhostDef = ghost,
): { s: GameState<G>; moves: Move[]; log: LogEntry[] } {
  const start = startGame(game, { seats: P, seed });
  let s = start.state;
  const log: LogEntry[] = [...start.events];
  const moves: Move[] = [];
  const rng = rngOf(seedRng(`answers|${seed}`));
  if (check) checkInvariants(s, game);
  for (let n = 0; !s.outcome; n++) {
    if (n > 20000) throw new Error('game too long');
    const p = s.prompts[0]!;
    let a: Answer | null = null;
    let next: GameState<G> | null = null;
    if (mode === 'bot') {
      // The game's bot first (botAnswer would apply it twice: once to check it, once to play it).
      const rng = botRng(s, p);
      a = game.bot!(s, p, rng);
      let r = a ? apply(game, s, p.seat, a) : null;
      if (!r?.ok) {
        a = botAnswer(game, s, p, botRng(s, p));
        r = apply(game, s, p.seat, a);
      }
      if (!r.ok) throw new Error(r.error.reason);
      next = r.value.state;
      log.push(...r.value.events);
    } else {
      for (let k = 0; k < 30 && !next; k++) {
        a = randomAnswer(p, rng);
        const r = apply(game, s, p.seat, a);
        if (r.ok) {
          next = r.value.state;
          log.push(...r.value.events);
        }
      }
      if (!next) {
        a = game.defaultAnswer!(s, p)!;
        const r = apply(game, s, p.seat, a);
        if (!r.ok) throw new Error(`default refused: ${r.error.reason}`);
        next = r.value.state;
        log.push(...r.value.events);
      }
    }
    moves.push({ seat: p.seat, answer: a! });
    s = next;
    if (check) checkInvariants(s, game);
  }
  return { s, moves, log };
}
