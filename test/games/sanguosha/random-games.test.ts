/**
 * Seeded random full games for 4–10 players and both decks, with invariants checked after every answer:
 * cards conserved, HP bounds, no hidden card or identity in any other seat's view, JSON round-trip, and at the
 * end exactly one outcome and a replay equal to the snapshot.
 */
import { describe, expect, it } from 'vitest';
import { apply, botAnswer, botRng, candidates, defaultAnswer, replay, rngOf, seedRng, viewFor, type Answer, type Move } from '../../../worker/engine';
import def, { hiddenFrom } from '../../../worker/games/sanguosha';
import { winner } from '../../../worker/games/sanguosha/flow';
import type { S } from '../../../worker/games/sanguosha/types';
import { expectConserved } from './table';

const PRIVATE_KEYS = new Set(['sgs.log.drawYou', 'sgs.log.takeHandSecret', 'sgs.log.yourRole']);

function checkInvariants(s: S): void {
  const g = s.g;
  expectConserved(g);
  const dyingSeats = new Set(s.stack.filter((f) => f.t === 'dying' || f.t === 'death').map((f) => f.seat as number));
  for (const p of g.players) {
    expect(p.hp).toBeLessThanOrEqual(p.maxHp);
    if (!p.alive) expect(p.hp).toBe(0);
    else if (!dyingSeats.has(p.seat) && !s.stack.some((f) => f.t === 'damage' && f.target === p.seat)) expect(p.hp).toBeGreaterThanOrEqual(1);
  }
  for (const e of s.log) if (PRIVATE_KEYS.has(e.msg.key)) expect(e.to).not.toBe('public');
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  for (let seat = -1; seat < s.seats; seat++) {
    const viewer = seat < 0 ? null : seat;
    // Only this answer's log lines: earlier ones were checked after earlier answers.
    const v = viewFor(def, s, viewer, { sinceStep: s.step });
    const view = v.view as any;
    const json = JSON.stringify(v);
    expect(json).not.toContain('"rng"');
    if (s.outcome) continue;
    expect(view.draw).toBeUndefined();
    for (const p of view.players) {
      const real = g.players[p.seat]!;
      if (p.seat !== viewer) {
        expect(p.hand).toBeUndefined();
        expect(p.role).toBe(real.revealed ? real.role : null);
      } else expect(p.hand).toEqual(real.hand);
    }
    // Prompts of other seats are never shown, and private log lines reach only their audience.
    expect(v.prompts.every((p) => p.seat === viewer)).toBe(true);
    const hidden = new Set(hiddenFrom(s, viewer));
    for (const line of v.log) {
      const entry = s.log[line.i]!;
      if (entry.to !== 'public') expect(viewer !== null && entry.to.includes(viewer)).toBe(true);
    }
    for (const zone of [view.table, view.grace, view.discardTop, ...view.players.flatMap((p: any) => [p.judge, Object.values(p.equip)])]) for (const id of zone as number[]) if (id !== null) expect(hidden.has(id)).toBe(false);
  }
}

/** Play a game: mostly the bot, sometimes a random shape-valid answer, sometimes the deadline default. */
function playGame(seats: number, seed: string, options: Record<string, unknown>, maxSteps = 4000): { s: S; moves: Move[] } {
  const opts = def.parseOptions(options, seats) as Record<string, any>;
  let s = replay(def, { seats, seed, options: opts }, []) as S;
  const moves: Move[] = [];
  const driver = rngOf(seedRng(`driver:${seed}`));
  checkInvariants(s);
  while (!s.outcome) {
    if (moves.length >= maxSteps) throw new Error(`game ${seed} did not end in ${maxSteps} answers`);
    const p = s.prompts[driver.int(s.prompts.length)]!;
    const roll = driver.next();
    let a: Answer | undefined;
    if (roll < 0.08) a = defaultAnswer(def, s, p);
    else if (roll < 0.16) {
      const all = candidates(p, 200);
      const pick = all[driver.int(all.length)];
      if (pick && apply(def, s, p.seat, pick).ok) a = pick;
    }
    a ??= botAnswer(def, s, p, botRng(s, p));
    const r = apply(def, s, p.seat, a);
    if (!r.ok) throw new Error(`${seed}: answer rejected: ${r.error.reason}`);
    s = r.value.state;
    moves.push({ seat: p.seat, answer: a });
    checkInvariants(s);
  }
  return { s, moves };
}

describe('seeded random full games', () => {
  for (const deck of ['full', 'standard'] as const)
    for (let n = 4; n <= 10; n++) {
      it(`a ${n}-player game with the ${deck} deck ends with exactly one outcome, invariants holding after every answer`, () => {
        const options = { deck, autoPass: n % 2 === 0, doubleTraitor: n === 6 || n === 8 ? deck === 'standard' : false };
        const seed = `random-${deck}-${n}`;
        const { s, moves } = playGame(n, seed, options);
        expect(s.outcome).not.toBeNull();
        expect(s.prompts).toEqual([]);
        const w = winner(s.g);
        if (s.outcome!.reason.key === 'sgs.end.exhausted') expect(s.outcome!.winners).toEqual([]);
        else expect(w).toEqual(s.outcome);
        // Replay from the seed and the answers reproduces the snapshot exactly.
        const again = replay(def, { seats: n, seed, options: def.parseOptions(options, n) as any }, moves);
        expect(again).toEqual(s);
        // After the end everything is public.
        const v = viewFor(def, s, 0).view as any;
        expect(v.players.every((p: any) => p.role !== null && Array.isArray(p.hand))).toBe(true);
      });
    }
});
