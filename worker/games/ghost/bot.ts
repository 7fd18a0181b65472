import type { Rng } from '../../engine/rng';
import type { Answer, GameState, Prompt } from '../../engine/types';
import { RULES, identityColour, teamOf, type Team } from './basics';
import { weightOf, type Catalogue } from './catalogue';
import { colourOf, isArtifact, typeOf, type Colour } from './ids';
import { condition, handLimit, holderOf, isPositive, readFacts, type G } from './state';

/**
 * A bot that plays legal, sensible moves: hosts the most promising exorcism, votes for its team (sabotages
 * only where its side gains), challenges on evidence, summons as the GK. Deterministic given `rng`.
 */
export function ghostBot(cat: Catalogue, s: GameState<G>, p: Prompt, rng: Rng): Answer | null {
  const g = s.g;
  const me = p.seat;
  const a = (option: string, extra: Partial<Answer> = {}): Answer => ({ prompt: p.id, option, ...extra });
  const has = (id: string) => p.options.some((o) => o.id === id);
  const optOf = (id: string) => p.options.find((o) => o.id === id);
  switch (p.kind) {
    case 'play':
      return day(cat, g, me, p, rng, a);
    case 'respond':
      return respond(g, me, p, a);
    case 'host':
    case 'summon': {
      const t = bestTarget(cat, g, me, optOf('target')?.cards?.from ?? []);
      return t ? a('target', { cards: [t] }) : a('pass');
    }
    case 'vote':
      return vote(cat, g, me, p, rng, a);
    case 'challenge':
      return challenge(cat, g, me, optOf('challenge')?.seats?.from ?? [], rng, a);
    case 'discard': {
      const o = p.options[0]!;
      return a(o.id, { cards: worstCards(cat, g, me, o.cards!.min) });
    }
    case 'escape':
      return has('escape') ? a('escape') : a('continue');
    default:
      return a(p.options[0]!.id);
  }
}

type Mk = (option: string, extra?: Partial<Answer>) => Answer;

const teamKnown = (g: G, me: number, t: number): Team | null => {
  const p = g.players[t]!;
  if (p.revealed || t === me) return teamOf(p.identity);
  const seen = g.seen[me]!.find((e) => e.kind === 'identity' && e.seat === t);
  return seen ? teamOf(seen.what[0] as never) : null;
};
const myTeam = (g: G, me: number) => teamOf(g.players[me]!.identity);
/** The option playing a spell of type `key` ('S06'), if the prompt offers one. */
const spellOption = (p: Prompt, key: string) => p.options.find((o) => o.id.startsWith('play:') && typeOf(o.id.slice(5)) === key);

/**
 * Will `s` make a GK at the end of this turn unless one of his own imps is exorcised (R8 v1.1: his 3rd imp
 * arrived this turn)? Public: it follows from the imps on the table.
 */
function atRisk(g: G, s: number | null): boolean {
  if (s === null || s === g.gk || g.gk !== null) return false;
  const f = readFacts(g);
  return f.thirdImp.includes(s) && !f.exorcisedFrom.includes(s) && g.players[s]!.imps.length >= RULES.gkEmergePlayerImps;
}

/** Does `me` want the player at risk, `s`, to make a GK? Heretics do (the 邪道(王) becomes it), unless `s` is the 邪道(王), who would fall. */
const wantsGK = (g: G, me: number, s: number) => myTeam(g, me) === 'heretic' && g.players[s]!.identity !== 'heretic_king';

/** Weighted positive minus negative of `cards` for an imp's current condition. */
function net(cat: Catalogue, g: G, imp: string, cards: string[]): number {
  const c = condition(cat, g, imp).colour;
  return cards.reduce((n, x) => n + (c === 'any' || isPositive(x, c) ? weightOf(cat, x) : -weightOf(cat, x)), 0);
}

/** Cards to vote for (true) or against (false) an imp, at most `max` physical cards, best first. */
function pickVotes(cat: Catalogue, g: G, me: number, imp: string, help: boolean, max: number, need: number): string[] {
  const c = condition(cat, g, imp).colour;
  const hand = g.players[me]!.hand;
  const good = hand.filter((x) => (c === 'any' ? help : help === isPositive(x, c))).sort((x, y) => weightOf(cat, y) - weightOf(cat, x));
  const out: string[] = [];
  let w = 0;
  for (const x of good) {
    if (out.length >= max || w >= need) break;
    out.push(x);
    w += weightOf(cat, x);
  }
  return out;
}

function bestTarget(cat: Catalogue, g: G, me: number, from: string[]): string | null {
  const summon = g.gk === me;
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const imp of from) {
    const cond = condition(cat, g, imp);
    const mine = pickVotes(cat, g, me, imp, true, 99, 99);
    const pos = net(cat, g, imp, mine);
    let score = pos - cond.n;
    if (summon) {
      if (pos < cond.n) continue;
      score = -cond.n;
    } else {
      const holder = holderOf(g, imp);
      if (holder === g.gk) score += 3;
      if (holder !== null && atRisk(g, holder)) score += wantsGK(g, me, holder) ? -3 : 3;
      if (holder === me) score += 1;
      if (identityColour(g.players[me]!.identity) === cat.imp[imp]!.colour) score += 0.5;
    }
    if (score > bestScore) {
      best = imp;
      bestScore = score;
    }
  }
  return summon || bestScore >= -2 ? best : null;
}

function vote(cat: Catalogue, g: G, me: number, p: Prompt, rng: Rng, a: Mk): Answer {
  const vt = g.vote!;
  const o = p.options.find((x) => x.id === 'vote')!;
  const max = o.cards!.max;
  const cond = condition(cat, g, vt.imp);
  const pass = a('pass');
  const cast = (cards: string[]) => (cards.length ? a('vote', { cards }) : pass);
  if (vt.summon || vt.host === me) return cast(pickVotes(cat, g, me, vt.imp, true, max, cond.n));
  const team = myTeam(g, me);
  if (g.gk === me) return vt.holder === me && cond.colour !== 'any' ? cast(pickVotes(cat, g, me, vt.imp, false, max, 2)) : pass;
  if (vt.holder === g.gk) {
    const gkHeretic = g.players[g.gk]!.identity === 'heretic_king';
    return gkHeretic && team === 'heretic' && cond.colour !== 'any' ? cast(pickVotes(cat, g, me, vt.imp, false, max, 2)) : cast(pickVotes(cat, g, me, vt.imp, true, max, cond.n));
  }
  if (vt.holder === me) return cast(pickVotes(cat, g, me, vt.imp, true, max, cond.n));
  if (atRisk(g, vt.holder)) return wantsGK(g, me, vt.holder) && cond.colour !== 'any' ? cast(pickVotes(cat, g, me, vt.imp, false, max, 1)) : cast(pickVotes(cat, g, me, vt.imp, true, max, cond.n));
  const hostTeam = teamKnown(g, me, vt.host);
  const rival = (hostTeam !== null && hostTeam !== team) || (team === 'heretic' && g.gk === null);
  if (rival && cond.colour !== 'any' && rng.next() < 0.5) return cast(pickVotes(cat, g, me, vt.imp, false, max, 1));
  if (!rival && rng.next() < 0.65) return cast(pickVotes(cat, g, me, vt.imp, true, max, 1));
  return pass;
}

function challenge(cat: Catalogue, g: G, me: number, from: number[], rng: Rng, a: Mk): Answer {
  const vt = g.vote!;
  const cond = condition(cat, g, vt.imp);
  const mineNet = net(cat, g, vt.imp, vt.votes[me] ?? []);
  const others = Object.entries(vt.votes).reduce((n, [v, c]) => n + (Number(v) === me ? 0 : c.length * 2), 0);
  // Even if every other card were a positive 敕令符 the imp would stay: nothing to lose by challenging.
  if (mineNet + others < cond.n && from.length) return a('challenge', { seats: [from[0]!] });
  const team = myTeam(g, me);
  const suspect = from.find((v) => {
    const t = teamKnown(g, me, v);
    return t !== null && t !== team;
  });
  if (suspect !== undefined) return a('challenge', { seats: [suspect] });
  if (from.length && rng.next() < 0.2) return a('challenge', { seats: [rng.pick(from)] });
  return a('reveal');
}

function respond(g: G, me: number, p: Prompt, a: Mk): Answer {
  const ward = spellOption(p, 'S06');
  if (ward && g.players[me]!.imps.length >= 2) return a(ward.id);
  const bind = spellOption(p, 'S18');
  if (bind && g.gk !== null && g.gk !== me && bind.seats!.from.includes(g.gk) && g.players[g.gk]!.imps.length > 0) return a(bind.id, { seats: [g.gk] });
  return a('pass');
}

function day(cat: Catalogue, g: G, me: number, p: Prompt, rng: Rng, a: Mk): Answer {
  const pl = g.players[me]!;
  const opts = p.options;
  const slay = spellOption(p, 'S19');
  if (slay) return a(slay.id);
  const equip = opts.find((o) => o.id === 'equip');
  if (equip && !pl.artifact) return a('equip', { cards: [equip.cards!.from[0]!] });
  for (const key of ['S01', 'S02', 'S03']) {
    const o = spellOption(p, key);
    if (o) return a(o.id);
  }
  const dual = spellOption(p, 'S15');
  if (dual) return a(dual.id, { seats: [dual.seats!.from[0]!] });
  const eye = spellOption(p, 'S08');
  if (eye) {
    const unknown = eye.seats!.from.filter((t) => teamKnown(g, me, t) === null);
    if (unknown.length) return a(eye.id, { seats: [unknown[0]!] });
  }
  const heretic = opts.find((o) => o.id === 'heretic');
  if (heretic && pl.identity === 'heretic_king' && rng.next() < 0.3) return a('heretic', { seats: [heretic.seats!.from[0]!] });
  const buy = opts.find((o) => o.id === 'buy');
  if (buy && pl.hand.length < handLimit(cat, g, me) + 1) return a('buy');
  return a('end');
}

/** The `n` least useful cards: spare artifacts first, then the colour the bot holds most of. */
function worstCards(cat: Catalogue, g: G, me: number, n: number): string[] {
  const hand = g.players[me]!.hand;
  const reds = hand.filter((c) => colourOf(c) === 'red').length;
  const major: Colour = reds * 2 >= hand.length ? 'red' : 'blue';
  const score = (c: string) => (isArtifact(c) ? (g.players[me]!.artifact ? 0 : 2) : 3) + (colourOf(c) === major ? 0 : 1) + weightOf(cat, c);
  return [...hand].sort((x, y) => score(x) - score(y) || (x < y ? -1 : 1)).slice(0, n);
}
