import { it } from 'vitest';
import { apply, botAnswer, botRng, createGame, defaultAnswer, type Answer, type GameDef, type GameState, type Prompt, type SeatOrder } from '../worker/engine';
import sanguosha from '../worker/games/sanguosha';
import ghost from '../worker/games/ghost';
import { CAREFUL as GHOST_CAREFUL } from '../worker/games/ghost/orders';
import type { G as GhostG } from '../worker/games/ghost/state';
import { CAREFUL } from '../worker/games/sanguosha/orders';
import type { S } from '../worker/games/sanguosha/types';
import { standingAnswer } from '../worker/room/standing';
import { record } from './report';

/**
 * The person's answer, played by the bot; the deadline default where the game's bot fails on a prompt (the 三国杀
 * bot has no answer yet for a 青龙偃月刀 follow-up that offers only a view-as 杀).
 */
function byPerson<G>(def: GameDef<G>, s: GameState<G>, p: Prompt): Answer {
  try {
    return botAnswer(def, s, p, botRng(s, p));
  } catch {
    return defaultAnswer(def, s, p);
  }
}

interface Tally {
  games: number;
  rounds: number;
  /** Prompts a person had to answer. */
  person: number;
  /** Of those, off-turn prompts (not the current player's play or discard). */
  personOffTurn: number;
  /** Prompts answered by standing orders (instant or after a human-like pause). */
  byOrder: number;
  /** Times the table newly waited on a person. */
  waits: number;
}

/**
 * One bot game. With `orders`, every seat has them: whatever they answer is answered by them (as the room will,
 * instantly or after its pause — either way no person is waited on); the bot plays every other prompt, standing
 * for the person.
 */
function play(seats: number, seed: string, autoPass: boolean, orders: SeatOrder[] | null, t: Tally): void {
  const options = sanguosha.parseOptions({ autoPass }, seats) as Record<string, any>;
  let s = createGame(sanguosha, { seats, seed, options }) as S;
  const settle = () => {
    for (let guard = 0; orders && guard < 1000; guard++) {
      const hit = s.prompts.map((p) => ({ p, sa: standingAnswer(sanguosha, s, p, orders) })).find((x) => x.sa);
      if (!hit) return;
      const r = apply(sanguosha, s, hit.p.seat, hit.sa!.answer);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.value.state;
      t.byOrder++;
    }
  };
  settle();
  t.waits++;
  for (let n = 0; !s.outcome; n++) {
    if (n > 20_000) throw new Error('game did not end');
    const p = s.prompts[0]!;
    const before = new Set(s.prompts.map((x) => x.id));
    t.person++;
    if (!(p.seat === s.g.current && (p.kind === 'play' || p.kind === 'discard'))) t.personOffTurn++;
    const r = apply(sanguosha, s, p.seat, byPerson(sanguosha, s, p));
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
    settle();
    if (s.prompts.some((x) => !before.has(x.id))) t.waits++;
  }
  t.rounds += Math.max(1, s.g.round);
  t.games++;
}

it('sanguosha: prompts per round that still wait on a person, without and with the careful standing orders', () => {
  const GAMES = 40;
  for (const seats of [5, 8]) {
    const metrics = [];
    for (const autoPass of [true, false])
      for (const orders of [null, CAREFUL]) {
        const t: Tally = { games: 0, rounds: 0, person: 0, personOffTurn: 0, byOrder: 0, waits: 0 };
        for (let g = 0; g < GAMES; g++) play(seats, `orders-bench-${seats}-${g}`, autoPass, orders, t);
        const tag = `autoPass ${autoPass ? 'on' : 'off'}, ${orders ? 'careful orders' : 'no orders'}`;
        metrics.push(
          { name: `person prompts per round (${tag})`, value: t.person / t.rounds, unit: 'prompts' },
          { name: `off-turn person prompts per round (${tag})`, value: t.personOffTurn / t.rounds, unit: 'prompts' },
          { name: `waits on a person per round (${tag})`, value: t.waits / t.rounds, unit: 'waits', note: 'times the table newly waits on someone' },
          { name: `answered by orders per round (${tag})`, value: t.byOrder / t.rounds, unit: 'prompts' },
        );
      }
    record(`sanguosha standing orders (${seats} players, ${GAMES} bot games each)`, metrics);
  }
});

it('ghost: prompts per round (one turn of every seat) that still wait on a person, without and with the careful orders', () => {
  const GAMES = 30;
  for (const seats of [5, 8]) {
    const metrics = [];
    for (const orders of [null, GHOST_CAREFUL]) {
      let person = 0, byOrder = 0, turns = 0;
      for (let k = 0; k < GAMES; k++) {
        let s = createGame(ghost, { seats, seed: `orders-bench-ghost-${seats}-${k}` }) as GameState<GhostG>;
        for (let n = 0; !s.outcome; n++) {
          if (n > 20_000) throw new Error('game did not end');
          const hit = orders ? s.prompts.map((p) => ({ p, sa: standingAnswer(ghost, s, p, orders) })).find((x) => x.sa) : undefined;
          const p = hit?.p ?? s.prompts[0]!;
          const a = hit ? hit.sa!.answer : byPerson(ghost, s, p);
          if (hit) byOrder++;
          else person++;
          const r = apply(ghost, s, p.seat, a);
          if (!r.ok) throw new Error(r.error.reason);
          s = r.value.state;
        }
        turns += s.g.turn;
      }
      const rounds = turns / seats;
      const tag = orders ? 'careful orders' : 'no orders';
      metrics.push(
        { name: `person prompts per round (${tag})`, value: person / rounds, unit: 'prompts' },
        { name: `answered by orders per round (${tag})`, value: byOrder / rounds, unit: 'prompts' },
      );
    }
    record(`ghost standing orders (${seats} players, ${GAMES} bot games each)`, metrics);
  }
});
