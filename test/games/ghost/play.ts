/** Whole-game players for the random-game tests and the bench: bot or random answers, invariants after each step. */
import { expect } from 'vitest';
import ghost from '../../../worker/games/ghost/index';
import { apply, botAnswer, botRng, createGame, type Move } from '../../../worker/engine/runtime';
import { rngOf, seedRng, type Rng } from '../../../worker/engine/rng';
import type { Answer, GameState, Prompt } from '../../../worker/engine/types';
import { HAND_DECK, ghostDeckFor } from '../../../worker/games/ghost/cards';
import type { G } from '../../../worker/games/ghost/state';

/** A uniformly random answer of the prompt's shape; the rules may still refuse it (the caller retries). */
export function randomAnswer(p: Prompt, rng: Rng): Answer {
  const o = rng.pick(p.options);
  const a: Answer = { prompt: p.id, option: o.id };
  const pick = <T,>(spec: { from: T[]; min: number; max: number }): T[] => {
    const n = spec.min + rng.int(Math.min(spec.max, spec.from.length) - spec.min + 1);
    return rng.shuffle([...spec.from]).slice(0, n);
  };
  if (o.cards) a.cards = pick(o.cards);
  if (o.seats) a.seats = pick(o.seats);
  return a;
}

const sorted = (xs: string[]) => [...xs].sort();

/** Invariants of every position (DESIGN §8). */
export function checkInvariants(s: GameState<G>): void {
  const g = s.g;
  const hand = [...g.deck, ...g.discard, ...g.players.flatMap((p) => [...p.hand, ...(p.artifact ? [p.artifact] : [])]), ...(g.vote ? Object.values(g.vote.votes).flat() : [])];
  expect(sorted(hand)).toEqual(sorted(HAND_DECK));
  const ghostCards = [...g.ghost, ...g.eventPile, ...g.removed, ...g.limbo, ...g.players.flatMap((p) => [...p.imps, ...p.points].map((c) => c.id))];
  expect(sorted(ghostCards)).toEqual(sorted(ghostDeckFor(g.P)));
  for (const p of g.players) expect(p.spirit).toBeGreaterThanOrEqual(0);
  if (g.gk !== null && !s.outcome) expect(g.players[g.gk]!.imps.length).toBeGreaterThan(0);
  expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  if (s.outcome) return;
  for (let v = 0; v < g.P; v++) {
    const view = ghost.view(s, v) as any;
    expect(typeof view.ghost).toBe('number');
    expect(typeof view.deck).toBe('number');
    expect(view.seen).toEqual(g.seen[v]);
    const { discard: _d, lastReveal: _l, seen: _s, shownCard: _c, vote, ...rest } = view;
    const text = JSON.stringify(rest);
    for (let o = 0; o < g.P; o++) {
      if (o === v) continue;
      expect(view.players[o].hand).toBeNull();
      if (!g.players[o]!.revealed) expect(view.players[o].identity).toBeNull();
      for (const c of g.players[o]!.hand) expect(text).not.toContain(`"${c}"`);
      if (vote) {
        const votes = g.vote!.votes[o] ?? [];
        if (!g.vote!.faceUp.includes(o) && !vote.shown[o]) expect(vote.open[o]).toBeUndefined();
        if (!g.vote!.faceUp.includes(o)) for (const c of votes) if (!vote.shown[o]) expect(JSON.stringify(vote)).not.toContain(`"${c}"`);
      }
    }
    // The ghost deck's order and the RNG never reach a seat.
    expect(JSON.stringify(view)).not.toContain(JSON.stringify(s.rng));
  }
}

/** Play a whole game; `mode` decides who answers: the game's bot, or uniformly random legal answers. */
export function playGame(P: number, seed: string, mode: 'bot' | 'random', check = true): { s: GameState<G>; moves: Move[] } {
  let s = createGame(ghost, { seats: P, seed });
  const moves: Move[] = [];
  const rng = rngOf(seedRng(`answers|${seed}`));
  if (check) checkInvariants(s);
  for (let n = 0; !s.outcome; n++) {
    if (n > 20000) throw new Error('game too long');
    const p = s.prompts[0]!;
    let a: Answer | null = null;
    let next: GameState<G> | null = null;
    if (mode === 'bot') {
      // The game's bot first (botAnswer would apply it twice: once to check it, once to play it).
      const rng = botRng(s, p);
      a = ghost.bot!(s, p, rng);
      let r = a ? apply(ghost, s, p.seat, a) : null;
      if (!r?.ok) {
        a = botAnswer(ghost, s, p, botRng(s, p));
        r = apply(ghost, s, p.seat, a);
      }
      if (!r.ok) throw new Error(r.error.reason);
      next = r.value.state;
    } else {
      for (let k = 0; k < 30 && !next; k++) {
        a = randomAnswer(p, rng);
        const r = apply(ghost, s, p.seat, a);
        if (r.ok) next = r.value.state;
      }
      if (!next) {
        a = ghost.defaultAnswer!(s, p)!;
        const r = apply(ghost, s, p.seat, a);
        if (!r.ok) throw new Error(`default refused: ${r.error.reason}`);
        next = r.value.state;
      }
    }
    moves.push({ seat: p.seat, answer: a! });
    s = next;
    if (check) checkInvariants(s);
  }
  return { s, moves };
}

