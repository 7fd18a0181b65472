/**
 * The "easy" bot (the first 驱鬼 bot, kept as the baseline of issue 25): hosts the most promising exorcism, votes
 * for whoever is not known to be a rival, sabotages known rivals half the time, challenges on evidence. It reads
 * only its seat's view (`BotSeat`).
 */
import type { Answer } from '../../../engine/types';
import { isArtifact, colourOf, type Colour } from '../ids';
import { atRisk, cond, holder, known, positive, wantsGK, weight, type BotSeat } from './seat';
import { playSpells, spellKeep, URGENT } from './spells';

/** What a level decides for itself; the prompt kinds are dispatched to it by `answerWith`, one switch for both levels. */
export interface Level {
  day(b: BotSeat): Answer;
  bestTarget(b: BotSeat, from: string[]): string | null;
  vote(b: BotSeat): Answer;
  challenge(b: BotSeat, from: number[]): Answer;
  worst(b: BotSeat, n: number): string[];
}

/** A bot's answer to its prompt, each prompt kind handed to the level's own choice. */
export function answerWith(level: Level, b: BotSeat): Answer | null {
  const p = b.p;
  const optOf = (id: string) => p.options.find((o) => o.id === id);
  switch (p.kind) {
    case 'play':
      return level.day(b);
    case 'respond':
      return playSpells(b) ?? b.a('pass');
    case 'host':
    case 'summon': {
      const t = level.bestTarget(b, optOf('target')?.cards?.from ?? []);
      return t ? b.a('target', { cards: [t] }) : b.a('pass');
    }
    case 'vote':
      return level.vote(b);
    case 'challenge':
      return level.challenge(b, optOf('challenge')?.seats?.from ?? []);
    case 'discard':
      return b.a(p.options[0]!.id, { cards: level.worst(b, p.options[0]!.cards!.min) });
    case 'escape':
      return optOf('escape') ? b.a('escape') : b.a('continue');
    default:
      return b.a(p.options[0]!.id);
  }
}

export const easy = (b: BotSeat): Answer | null =>
  answerWith({ day, bestTarget, vote, challenge, worst: worstCards }, b);

/** Weighted positive minus negative of `cards` for an imp's current condition. */
export function net(b: BotSeat, imp: string, cards: string[]): number {
  const c = cond(b, imp).colour;
  return cards.reduce((n, x) => n + (positive(x, c) ? weight(b, x) : -weight(b, x)), 0);
}

/** Cards to vote for (true) or against (false) an imp, at most `max` physical cards, best first, until weight `need`. */
export function pickVotes(b: BotSeat, imp: string, help: boolean, max: number, need: number): string[] {
  const c = cond(b, imp).colour;
  const good = b.hand
    .filter((x) => (c === 'any' ? help : help === positive(x, c)))
    .sort((x, y) => weight(b, y) - weight(b, x) || (x < y ? -1 : 1));
  const out: string[] = [];
  let w = 0;
  for (const x of good) {
    if (out.length >= max || w >= need) break;
    out.push(x);
    w += weight(b, x);
  }
  return out;
}

function bestTarget(b: BotSeat, from: string[]): string | null {
  const v = b.v;
  const summon = v.gk === b.me;
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const imp of from) {
    const c = cond(b, imp);
    const pos = net(b, imp, pickVotes(b, imp, true, 99, 99));
    let score = pos - c.n;
    if (summon) {
      if (pos < c.n) continue;
      score = -c.n;
    } else {
      const h = holder(b, imp);
      if (h === v.gk) score += 3;
      if (h !== null && atRisk(b, h)) score += wantsGK(b, h) ? -3 : 3;
      if (h === b.me) score += 1;
      if (b.colour === b.cat.imp[imp]!.colour) score += 0.5;
    }
    if (score > bestScore) {
      best = imp;
      bestScore = score;
    }
  }
  return summon || bestScore >= -2 ? best : null;
}

export function vote(b: BotSeat): Answer {
  const v = b.v;
  const vt = v.vote!;
  const me = b.me;
  const max = b.p.options.find((x) => x.id === 'vote')!.cards!.max;
  const c = cond(b, vt.imp);
  const pass = b.a('pass');
  const cast = (cards: string[]) => (cards.length ? b.a('vote', { cards }) : pass);
  if (vt.summon || vt.host === me) return cast(pickVotes(b, vt.imp, true, max, c.n));
  if (v.gk === me) return vt.holder === me && c.colour !== 'any' ? cast(pickVotes(b, vt.imp, false, max, 2)) : pass;
  if (vt.holder === v.gk) {
    const gkHeretic = v.players[v.gk]!.identity === 'heretic_king';
    return gkHeretic && b.team === 'heretic' && c.colour !== 'any'
      ? cast(pickVotes(b, vt.imp, false, max, 2))
      : cast(pickVotes(b, vt.imp, true, max, c.n));
  }
  if (vt.holder === me) return cast(pickVotes(b, vt.imp, true, max, c.n));
  if (atRisk(b, vt.holder))
    return wantsGK(b, vt.holder) && c.colour !== 'any'
      ? cast(pickVotes(b, vt.imp, false, max, 1))
      : cast(pickVotes(b, vt.imp, true, max, c.n));
  const hostTeam = known(b, vt.host);
  const rival = (hostTeam !== null && hostTeam !== b.team) || (b.team === 'heretic' && v.gk === null);
  if (rival && c.colour !== 'any' && b.rng.next() < 0.5) return cast(pickVotes(b, vt.imp, false, max, 1));
  if (!rival && b.rng.next() < 0.65) return cast(pickVotes(b, vt.imp, true, max, 1));
  return pass;
}

function challenge(b: BotSeat, from: number[]): Answer {
  const vt = b.v.vote!;
  const c = cond(b, vt.imp);
  const mineNet = net(b, vt.imp, vt.open[b.me] ?? []);
  const others = Object.entries(vt.counts).reduce((n, [s, k]) => n + (Number(s) === b.me ? 0 : k * 2), 0);
  // Even if every other card were a positive 敕令符 the imp would stay: nothing to lose by challenging.
  if (mineNet + others < c.n && from.length) return b.a('challenge', { seats: [from[0]!] });
  const suspect = from.find((s) => {
    const t = known(b, s);
    return t !== null && t !== b.team;
  });
  if (suspect !== undefined) return b.a('challenge', { seats: [suspect] });
  if (from.length && b.rng.next() < 0.2) return b.a('challenge', { seats: [b.rng.pick(from)] });
  return b.a('reveal');
}

function day(b: BotSeat): Answer {
  const me = b.v.players[b.me]!;
  const opts = b.p.options;
  const urgent = playSpells(b, URGENT);
  if (urgent) return urgent;
  const equip = opts.find((o) => o.id === 'equip');
  if (equip && !me.artifact) return b.a('equip', { cards: [equip.cards!.from[0]!] });
  const spell = playSpells(b);
  if (spell) return spell;
  const heretic = opts.find((o) => o.id === 'heretic');
  if (heretic && b.identity === 'heretic_king' && b.rng.next() < 0.3)
    return b.a('heretic', { seats: [heretic.seats!.from[0]!] });
  const buy = opts.find((o) => o.id === 'buy');
  if (buy && b.hand.length < (me.handLimit ?? 99) + 1) return b.a('buy');
  return b.a('end');
}

/** The `n` least useful cards: spare artifacts first, then the colour the bot holds most of. */
export function worstCards(b: BotSeat, n: number): string[] {
  const hand = b.hand;
  const reds = hand.filter((c) => colourOf(c) === 'red').length;
  const major: Colour = reds * 2 >= hand.length ? 'red' : 'blue';
  const art = b.v.players[b.me]!.artifact;
  const score = (c: string) =>
    (isArtifact(c) ? (art ? 0 : 2) : 3) +
    (colourOf(c) === major ? 0 : 1) +
    weight(b, c) +
    (b.level === 'good' ? spellKeep(b, c) : 0);
  return [...hand].sort((x, y) => score(x) - score(y) || (x < y ? -1 : 1)).slice(0, n);
}
