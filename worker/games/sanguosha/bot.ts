/**
 * Default answers (a deadline passed) and the bot. The bot sees only what its seat sees: its own identity and
 * hand, revealed identities and the public record of who attacked whom (`g.stance`).
 */
import type { Answer, Prompt, Rng } from '../../engine';
import { CARD, inRange, isSlash, keyOf, P, seatsFrom, wounded } from './core';
import { KINDS } from './kinds';
import type { G, S } from './types';

/** How much a bot wants to keep a card (low = discard first). */
const VALUE: Record<string, number> = {
  peach: 9, nullification: 8, jink: 7, analeptic: 6, ex_nihilo: 6, slash: 5, fire_slash: 5, thunder_slash: 5, snatch: 5, dismantlement: 5,
  indulgence: 5, duel: 4, savage_assault: 4, archery_attack: 4, supply_shortage: 4, collateral: 3, amazing_grace: 3, god_salvation: 2,
  iron_chain: 2, fire_attack: 2, lightning: 1,
};
export const cardValue = (id: number) => VALUE[keyOf(id)] ?? (KINDS[keyOf(id)]!.type === 'equip' ? 3 : 1);
/** Least valuable first; ties by id, so the choice is deterministic. */
const byValue = (ids: number[]) => [...ids].sort((a, b) => cardValue(a) - cardValue(b) || a - b);

/** The default on deadline: no response; the minimal discard (least valuable cards); the first pick. */
export function defaultAnswer(_s: S, p: Prompt): Answer | null {
  const pass = p.options.find((o) => o.id === 'pass');
  if (pass) return { prompt: p.id, option: 'pass' };
  const o = p.options[0]!;
  const a: Answer = { prompt: p.id, option: o.id };
  if (o.cards) a.cards = byValue(o.cards.from.filter((x) => x !== 'hand').map(Number)).map(String).concat(o.cards.from.includes('hand') ? ['hand'] : []).slice(0, o.cards.min);
  if (o.seats) a.seats = o.seats.from.slice(0, o.seats.min);
  return a;
}

/** Which side a seat seems to be on, from `me`'s point of view: +1 friend, −1 enemy, 0 unknown. */
export function attitude(g: G, me: number, t: number): number {
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

const HARMFUL = new Set(['slash', 'fire_slash', 'thunder_slash', 'dismantlement', 'snatch', 'duel', 'savage_assault', 'archery_attack', 'fire_attack', 'indulgence', 'supply_shortage', 'lightning', 'collateral', 'iron_chain']);

export function bot(s: S, p: Prompt, rng: Rng): Answer | null {
  const g = s.g;
  const me = p.seat;
  const att = (t: number) => attitude(g, me, t);
  const opt = (id: string) => p.options.find((o) => o.id === id);
  const pass: Answer | null = opt('pass') ? { prompt: p.id, option: 'pass' } : null;
  const withCards = (id: string, cards: string[]): Answer => ({ prompt: p.id, option: id, cards });
  const params = (p.message.params ?? {}) as Record<string, number>;

  switch (p.kind) {
    case 'play':
      return botPlay(s, p, rng);
    case 'respond': {
      const o = opt('play') ?? opt('discard');
      if (!o) return pass;
      // In a duel against a friend, give in; otherwise answer with the least valuable fitting card.
      if (p.message.key === 'sgs.ask.duel' && att(params.source!) > 0) return pass;
      if (p.message.key === 'sgs.ask.fireDiscard' && att(params.target!) > 0) return pass;
      return withCards(o.id, [String(byValue(o.cards!.from.map(Number))[0])]);
    }
    case 'nullify': {
      const o = opt('use');
      if (!o) return pass;
      const trick = keyOf(params.card!);
      const target = params.target!;
      const harmful = HARMFUL.has(trick);
      const counter = p.message.key === 'sgs.ask.wuxieCounter';
      // Protect yourself and friends from harm; on a counter, restore harm aimed at enemies.
      const want = counter ? (harmful ? att(target) < 0 && params.by !== me : att(target) > 0 && params.by !== me) : harmful ? att(target) > 0 && (target === me || P(g, target).hp <= 2 || trick === 'indulgence') : att(target) < 0 && trick === 'ex_nihilo';
      return want ? withCards('use', [o.cards!.from[0]!]) : pass;
    }
    case 'rescue': {
      const o = opt('use');
      const t = params.target!;
      if (o && (t === me || att(t) > 0)) return withCards('use', [o.cards!.from[0]!]);
      return pass;
    }
    case 'discard': {
      const o = p.options[0]!;
      return withCards(o.id, byValue(o.cards!.from.map(Number)).slice(0, o.cards!.min).map(String));
    }
    case 'skill': {
      const o = opt('use')!;
      const key = p.message.key;
      if (key === 'sgs.ask.ice_sword') return att(params.target!) > 0 ? { prompt: p.id, option: 'use' } : pass;
      if (key === 'sgs.ask.double_swords_target') return (o.cards?.from.length ?? 0) > 2 ? withCards('use', [String(byValue(o.cards!.from.map(Number))[0])]) : pass;
      if (o.cards) return withCards('use', byValue(o.cards.from.map(Number)).slice(0, o.cards.min).map(String));
      return { prompt: p.id, option: 'use' };
    }
    case 'pick': {
      const from = p.options[0]!.cards!.from;
      const t = params.target!;
      const friend = att(t) > 0;
      const judge = from.filter((x) => x !== 'hand' && P(g, t).judge.includes(Number(x)));
      if (friend && judge.length) return withCards('pick', [judge[0]!]);
      const equips = from.filter((x) => x !== 'hand' && !judge.includes(x));
      const armour = equips.find((x) => KINDS[keyOf(Number(x))]!.slot === 'armor');
      if (armour) return withCards('pick', [armour]);
      if (from.includes('hand')) return withCards('pick', ['hand']);
      return withCards('pick', [equips[0] ?? from[0]!]);
    }
    case 'grace': {
      const from = p.options[0]!.cards!.from.map(Number);
      return withCards('take', [String(byValue(from).at(-1))]);
    }
    case 'show':
      return withCards('show', [String(byValue(p.options[0]!.cards!.from.map(Number))[0])]);
    case 'collateral': {
      const o = opt('use');
      if (o && att(params.target!) <= 0) return withCards('use', [o.cards!.from[0]!]);
      return pass;
    }
    default:
      return null;
  }
}

/** The play phase: equip, heal, draw, then attack the most likely enemy. */
function botPlay(s: S, p: Prompt, rng: Rng): Answer {
  const g = s.g;
  const me = p.seat;
  const mine = P(g, me);
  const att = (t: number) => attitude(g, me, t);
  let best: { score: number; a: Answer } = { score: 0, a: { prompt: p.id, option: 'pass' } };
  const consider = (score: number, a: Answer) => {
    score += rng.next() * 0.5; // break ties differently from game to game
    if (score > best.score) best = { score, a };
  };
  const enemies = (from: number[]) => from.filter((t) => att(t) < 0).sort((a, b) => P(g, a).hp - P(g, b).hp);
  const others = seatsFrom(g, 0).filter((t) => t !== me);
  const nEnemies = others.filter((t) => att(t) < 0).length;
  const nFriends = others.filter((t) => att(t) > 0).length;
  for (const o of p.options) {
    if (o.id === 'pass') continue;
    if (o.id === 'spear') {
      const t = enemies(o.seats!.from)[0];
      if (t !== undefined && mine.hand.length >= 4) consider(8, { prompt: p.id, option: o.id, cards: byValue(mine.hand).slice(0, 2).map(String), seats: [t] });
      continue;
    }
    const [verb, raw] = o.id.split(':');
    const id = Number(raw);
    const key = keyOf(id);
    const a: Answer = { prompt: p.id, option: o.id, cards: [String(id)] };
    if (verb === 'recast') {
      consider(3, a);
      continue;
    }
    const kind = KINDS[key]!;
    if (kind.type === 'equip') {
      const cur = mine.equip[kind.slot!];
      consider(cur === null ? 50 : 0, a);
      continue;
    }
    const from = o.seats?.from ?? [];
    const foes = enemies(from);
    switch (key) {
      case 'peach':
        consider(wounded(mine) && mine.hp <= 2 ? 60 : wounded(mine) ? 20 : 0, a);
        break;
      case 'analeptic':
        if (p.options.some((x) => x.id.startsWith('use:') && CARD[Number(x.id.slice(4))] && isSlash(Number(x.id.slice(4))) && enemies(x.seats?.from ?? []).length)) consider(38, a);
        break;
      case 'ex_nihilo':
        consider(55, a);
        break;
      case 'slash':
      case 'fire_slash':
      case 'thunder_slash':
        if (foes.length) consider(40, { ...a, seats: foes.slice(0, o.seats!.max) });
        break;
      case 'duel':
        if (foes.length) consider(30, { ...a, seats: [foes[0]!] });
        break;
      case 'dismantlement':
      case 'snatch': {
        const friendInTrouble = from.find((t) => att(t) > 0 && P(g, t).judge.length > 0);
        if (friendInTrouble !== undefined) consider(47, { ...a, seats: [friendInTrouble] });
        else if (foes.length) consider(45, { ...a, seats: [foes[0]!] });
        break;
      }
      case 'indulgence':
      case 'supply_shortage':
        if (foes.length) consider(42, { ...a, seats: [foes[0]!] });
        break;
      case 'savage_assault':
      case 'archery_attack':
        if (nEnemies > nFriends) consider(35, a);
        break;
      case 'god_salvation':
        if (wounded(mine) && nFriends >= nEnemies) consider(22, a);
        break;
      case 'amazing_grace':
        consider(nFriends >= nEnemies ? 25 : 6, a);
        break;
      case 'iron_chain': {
        const chainFoes = foes.filter((t) => !P(g, t).chained).slice(0, 2);
        if (chainFoes.length === 2) consider(12, { ...a, seats: chainFoes });
        else if (mine.chained) consider(11, { ...a, seats: [me] });
        break;
      }
      case 'fire_attack':
        if (foes.length && mine.hand.length >= 4) consider(15, { ...a, seats: [foes[0]!] });
        break;
      case 'lightning':
        consider(4, a);
        break;
      case 'collateral': {
        for (const w of from) {
          if (w === me || P(g, w).equip.weapon === null || att(w) > 0) continue;
          const v = seatsFrom(g, 0).find((t) => t !== w && att(t) < 0 && inRange(g, w, t));
          if (v !== undefined) {
            consider(28, { ...a, seats: [w, v] });
            break;
          }
        }
        break;
      }
    }
  }
  return best.a;
}
