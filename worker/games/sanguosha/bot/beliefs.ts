/**
 * The "good" bot's beliefs (issue 25): who is what, from public acts only. Each living seat whose identity is not
 * shown gets a probability of each identity still unaccounted for (the table knows how many of each there were;
 * the dead and the lord are shown): every way to deal those identities to those seats is weighed by how well it
 * fits what each seat did in the open (`g.stance`: acts against the lord's side count towards "rebel", help
 * towards "loyalist"; the renegade is taken to hide), and summed. From that, each identity plays its side.
 */
import { P, seatsFrom } from '../core';
import type { G, Role } from '../types';

const ROLES = ['loyalist', 'rebel', 'traitor'] as const;
type Hidden = (typeof ROLES)[number];

export interface Beliefs {
  /** Probability that seat `t` is `r` (1 or 0 where it is known). */
  p(t: number, r: Role): number;
  /** +1 friend, −1 enemy, 0 unknown. */
  att(t: number): number;
  /** Does `me` save `t` when it is dying? */
  saves(t: number): boolean;
  /** Enemies in the order to hit them: the one that matters most first. */
  order(foes: number[]): number[];
}

/** How well a seat's public record fits each hidden identity. */
function fitOf(g: G, t: number): Record<Hidden, number> {
  const s = Math.max(-6, Math.min(6, g.stance[t] ?? 0));
  return { loyalist: Math.exp(-0.8 * s), rebel: Math.exp(0.8 * s), traitor: Math.exp(-0.25 * s) };
}

/** The probability of each hidden identity for each unknown seat, by weighing every consistent deal. */
function marginals(g: G, me: number, counts: readonly number[]): Map<number, Record<Hidden, number>> {
  const left: Record<Hidden, number> = { loyalist: counts[1]!, rebel: counts[2]!, traitor: counts[3]! };
  const unknown: number[] = [];
  for (const p of g.players) {
    const known = p.seat === me || p.revealed;
    if (known && p.role !== 'lord') left[p.role as Hidden]--;
    else if (!known && p.alive) unknown.push(p.seat);
  }
  const w = unknown.map((t) => fitOf(g, t));
  const sum = unknown.map(() => ({ loyalist: 0, rebel: 0, traitor: 0 }));
  const pick: Hidden[] = [];
  let total = 0;
  const walk = (i: number, weight: number) => {
    if (i === unknown.length) {
      total += weight;
      pick.forEach((r, j) => (sum[j]![r] += weight));
      return;
    }
    for (const r of ROLES) {
      if (left[r] <= 0) continue;
      left[r]--;
      pick.push(r);
      walk(i + 1, weight * w[i]![r]);
      pick.pop();
      left[r]++;
    }
  };
  // Dead seats keep only living identities' counts right: a dead unknown cannot be (the dead are shown).
  walk(0, 1);
  const out = new Map<number, Record<Hidden, number>>();
  unknown.forEach((t, j) => {
    const x = sum[j]!;
    out.set(t, {
      loyalist: total ? x.loyalist / total : 0,
      rebel: total ? x.rebel / total : 0,
      traitor: total ? x.traitor / total : 0,
    });
  });
  return out;
}

/** The first bot's rule of thumb: revealed identities, then the public stance, then late in the game distrust. */
export function easyAttitude(g: G, me: number, t: number): number {
  if (t === me) return 1;
  const mine = P(g, me).role;
  const them = P(g, t);
  const late = g.round > 8;
  const stance = g.stance[t] ?? 0; // > 0: acted against the lord's side
  const lordSide = (r: string) => r === 'lord' || r === 'loyalist';
  const aliveCount = seatsFrom(g, 0).length;
  if (mine === 'rebel') {
    if (them.revealed) return them.role === 'rebel' ? 1 : lordSide(them.role) ? -1 : 0;
    return stance > 0 ? 1 : stance < 0 ? -1 : late ? -1 : 0;
  }
  if (mine === 'traitor') {
    if (them.role === 'lord') return aliveCount <= 2 ? -1 : 1;
    if (them.revealed) return them.role === 'rebel' ? -1 : 0;
    return stance > 0 ? -1 : late && stance < 0 ? -1 : 0;
  }
  // lord or loyalist
  if (them.revealed) return lordSide(them.role) ? 1 : -1;
  if (stance > 0) return -1;
  if (stance < 0) return 1;
  return late ? -1 : 0;
}

/** What `me` believes of every seat, and what that makes each seat to it. */
export function beliefs(g: G, me: number, counts: readonly number[]): Beliefs {
  const m = marginals(g, me, counts);
  const mine = P(g, me).role;
  const p = (t: number, r: Role): number => {
    const q = P(g, t);
    if (t === me || q.revealed) return q.role === r ? 1 : 0;
    return r === 'lord' ? 0 : (m.get(t)?.[r] ?? 0);
  };
  const living = seatsFrom(g, 0);
  const lord = living.find((t) => P(g, t).revealed && P(g, t).role === 'lord');
  const hpOf = (t: number) => Math.max(P(g, t).hp, 0.5);
  // Expected strength (HP) of each side still in play.
  const lordSide = living.reduce((n, t) => n + (p(t, 'lord') + p(t, 'loyalist')) * hpOf(t), 0);
  const rebelSide = living.reduce((n, t) => n + p(t, 'rebel') * hpOf(t), 0);
  const rebelsLeft = living.reduce((n, t) => n + p(t, 'rebel'), 0);
  const rebelHeavy = counts[2]! > counts[0]! + counts[1]!;
  const othersLeft = living.filter((t) => t !== me && t !== lord).length;
  const late = g.round > 10;
  const firstRead = (t: number, R: number, T: number) => {
    // The lord left alone with one seat: it is a rebel or the renegade, however loyal it looked. (Earlier, with no
    // loyalist left, it measured no better, and the renegade's share at 8 players fell below its band.)
    if (mine === 'lord' && living.length === 2 && p(t, 'loyalist') === 0) return -1;
    const e = easyAttitude(g, me, t);
    return e === 0 && (R >= 0.7 || T >= 0.8) ? -1 : e;
  };
  // Each identity's rule: a seat is an enemy or a friend once the evidence is strong enough, else unknown (0).
  const att = (t: number): number => {
    if (t === me) return 1;
    const [L, R, T] = [p(t, 'loyalist'), p(t, 'rebel'), p(t, 'traitor')];
    switch (mine) {
      case 'rebel':
        if (t === lord) return -1;
        // A seat most likely not a fellow rebel (odds of 0.3 or less) is a foe too, not only a likely loyalist: the
        // renegade wins only once the rebels are gone, and a renegade who sides with the lord shields him.
        return R >= 0.6 ? 1 : L >= 0.5 || R <= 0.3 || (late && L + T >= 0.7) ? -1 : 0;
      case 'loyalist':
        if (t === lord) return 1;
        // The first bot's reading of the public record, sharpened where the odds are clear.
        return firstRead(t, R, T);
      case 'lord': {
        // Never a likely loyalist who has not hurt the lord's side (killing one costs the lord his cards).
        const e = firstRead(t, R, T);
        return e < 0 && L >= 0.4 && (g.stance[t] ?? 0) <= 0 ? 0 : e;
      }
      default:
        // The renegade: the lord lives until the last; it cuts down whichever side is ahead, and hides otherwise.
        // At a table dealt more rebels than the lord's side (6 and 8 players) the rebels outgun it: the renegade
        // sides with the lord until the likely rebels are gone, then turns on the rest, and on the lord last.
        // (Standing aside once only two rebels were left handed the rebels their wins.)
        if (rebelHeavy) {
          if (t === lord) return othersLeft === 0 ? -1 : 1;
          if (rebelsLeft >= 0.5) return R >= 0.5 ? -1 : 0;
          return -1;
        }
        if (t === lord) {
          if (othersLeft === 0) return -1;
          // A lord far ahead is worn down too, while he has HP to spare: 3 or more, and more than the rebels left
          // could take in a round (he is still saved when dying).
          const spare = P(g, t).hp >= 3 && P(g, t).hp > rebelsLeft + 1;
          return lordSide > rebelSide + 1 && spare ? -1 : 1;
        }
        if (rebelsLeft < 0.5) return -1;
        if (lordSide > rebelSide + 1) return L >= 0.6 ? -1 : 0;
        if (rebelSide > lordSide + 1) return R >= 0.6 ? -1 : 0;
        return 0;
    }
  };
  const hostility = (t: number) => Math.max(0, lord === undefined ? 0 : (g.acts?.[t]?.[lord] ?? 0));
  // A foe's staying power: HP first, then the cards that may hold a 闪 or a 桃.
  const weak = (t: number) => P(g, t).hp * 2 + Math.min(P(g, t).hand.length, 4) * 0.5;
  const order = (foes: number[]): number[] =>
    [...foes].sort((a, b) => {
      // Rebels (and the renegade at the end) press the lord; the renegade leaves him for last.
      if (mine === 'rebel' || (mine === 'traitor' && othersLeft === 0))
        return Number(b === lord) - Number(a === lord) || weak(a) - weak(b) || a - b;
      if (mine === 'traitor') return Number(a === lord) - Number(b === lord) || weak(a) - weak(b) || a - b;
      // The lord's side finishes off the weakest (a dead rebel pays three cards), then whoever hurt the lord most.
      return weak(a) - weak(b) || hostility(b) - hostility(a) || a - b;
    });
  // The renegade keeps the lord alive while anyone else is; everyone saves its friends.
  const saves = (t: number) => t === me || att(t) > 0 || (mine === 'traitor' && t === lord && othersLeft > 0);
  return { p, att, order, saves };
}
