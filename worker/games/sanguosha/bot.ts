/**
 * Default answers (a deadline passed) and the bot. The bot sees only what its seat sees: its own identity and
 * hand, revealed identities and the public record of who attacked whom (`g.stance`).
 */
import type { Answer, Prompt, Rng } from '../../engine';
import { inRange, isSlash, keyOf, P, seatsFrom, skillById, wounded, card, sgs } from './core';
import type { G, K, KS } from './types';

/** How much a bot wants to keep a card (low = discard first): each card file's `value`, equipment 3. */
export const cardValue = (k: K, id: number) =>
  sgs(k).cards[keyOf(k, id)]?.value ?? (sgs(k).kinds[keyOf(k, id)]!.type === 'equip' ? 3 : 1);
/** Least valuable first; ties by id, so the choice is deterministic. */
const byValue = (k: K, ids: number[]) => [...ids].sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b);

/** The default on deadline: no response; the minimal discard (least valuable cards); the first pick. */
export function defaultAnswer(k: K, p: Prompt): Answer | null {
  const pass = p.options.find((o) => o.id === 'pass');
  if (pass) return { prompt: p.id, option: 'pass' };
  const o = p.options[0]!;
  const a: Answer = { prompt: p.id, option: o.id };
  if (o.cards)
    a.cards = byValue(k, o.cards.from.filter((x) => x !== 'hand').map(Number))
      .map(String)
      .concat(o.cards.from.includes('hand') ? ['hand'] : [])
      .slice(0, o.cards.min);
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

/** The first option that gives a card: the real-card option, else a view-as one (`as:…`). */
const giving = (p: Prompt, real: string) =>
  p.options.find((o) => o.id === real) ?? p.options.find((o) => o.id.startsWith('as:'));

export function bot(k: KS, p: Prompt, rng: Rng): Answer | null {
  const g = k.g;
  const me = p.seat;
  const att = (t: number) => attitude(g, me, t);
  const opt = (id: string) => p.options.find((o) => o.id === id);
  const pass: Answer | null = opt('pass') ? { prompt: p.id, option: 'pass' } : null;
  const withCards = (id: string, cards: string[]): Answer => ({ prompt: p.id, option: id, cards });
  const params = (p.message.params ?? {}) as Record<string, number>;

  // A prompt a skill asks is answered by the skill's own bot, if it has one.
  // The shared prompts a skill pushes (观星's arrange, 遗计's distribute) name the skill in `params.skill` instead.
  const named = /^sgs\.skill\.([a-z_]+)$/.exec(
    (p.message.params?.skill as { key?: string } | undefined)?.key ?? '',
  )?.[1];
  const sid = /^sgs\.ask\.([a-z_]+)/.exec(p.message.key)?.[1];
  const own =
    (sid ? skillById(k, sid)?.bot?.(k, p, rng) : undefined) ??
    (named && (p.kind === 'arrange' || p.kind === 'distribute') ? skillById(k, named)?.bot?.(k, p, rng) : undefined);
  if (own) return own;
  switch (p.kind) {
    case 'play':
      return botPlay(k, p, rng);
    case 'chooseGeneral': {
      // The strongest general on offer (a simple table in generals.ts).
      const ids = p.options.map((o) => o.id);
      const best = ids.reduce((a, b) =>
        (sgs(k).general[b.slice(8)]?.strength ?? 0) > (sgs(k).general[a.slice(8)]?.strength ?? 0) ? b : a,
      );
      return { prompt: p.id, option: best };
    }
    case 'respond': {
      const o = opt('discard') ?? giving(p, 'play');
      if (!o) return pass;
      if (p.message.key === 'sgs.ask.hujia' && att(params.lord!) <= 0) return pass;
      // In a duel against a friend, give in; otherwise answer with the least valuable fitting card.
      if ((p.message.key === 'sgs.ask.duel' || p.message.key === 'sgs.ask.duelNoCard') && att(params.source!) > 0)
        return pass;
      if (p.message.key === 'sgs.ask.fireDiscard' && att(params.target!) > 0) return pass;
      return withCards(o.id, byValue(k, o.cards!.from.map(Number)).slice(0, o.cards!.min).map(String));
    }
    case 'nullify': {
      const o = giving(p, 'use');
      if (!o) return pass;
      const trick = keyOf(k, params.card!);
      const target = params.target!;
      const harmful = !!sgs(k).cards[trick]?.harmful;
      const counter = p.message.key === 'sgs.ask.wuxieCounter';
      // Protect yourself and friends from harm; on a counter, restore harm aimed at enemies.
      const want = counter
        ? harmful
          ? att(target) < 0 && params.by !== me
          : att(target) > 0 && params.by !== me
        : harmful
          ? att(target) > 0 && (target === me || P(g, target).hp <= 2 || trick === 'indulgence')
          : att(target) < 0 && trick === 'ex_nihilo';
      return want ? withCards(o.id, byValue(k, o.cards!.from.map(Number)).slice(0, o.cards!.min).map(String)) : pass;
    }
    case 'rescue': {
      const o = giving(p, 'use');
      const t = params.target!;
      if (o && (t === me || att(t) > 0))
        return withCards(o.id, byValue(k, o.cards!.from.map(Number)).slice(0, o.cards!.min).map(String));
      return pass;
    }
    case 'discard': {
      const o = p.options[0]!;
      return withCards(o.id, byValue(k, o.cards!.from.map(Number)).slice(0, o.cards!.min).map(String));
    }
    case 'skill': {
      // A prompt that offers only view-as cards (青龙偃月刀 with 龙胆's 闪 as 杀) has no 'use' option.
      const o = giving(p, 'use');
      if (!o) return pass;
      const key = p.message.key;
      if (key === 'sgs.ask.ice_sword') return att(params.target!) > 0 ? { prompt: p.id, option: 'use' } : pass;
      if (key === 'sgs.ask.double_swords_target')
        return (o.cards?.from.length ?? 0) > 2
          ? withCards('use', [String(byValue(k, o.cards!.from.map(Number))[0])])
          : pass;
      if (o.cards) return withCards(o.id, byValue(k, o.cards.from.map(Number)).slice(0, o.cards.min).map(String));
      return { prompt: p.id, option: o.id };
    }
    case 'pick': {
      const from = p.options[0]!.cards!.from;
      const t = params.target!;
      const friend = att(t) > 0;
      const judge = from.filter((x) => x !== 'hand' && P(g, t).judge.includes(Number(x)));
      if (friend && judge.length) return withCards('pick', [judge[0]!]);
      const equips = from.filter((x) => x !== 'hand' && !judge.includes(x));
      const armour = equips.find((x) => sgs(k).kinds[keyOf(k, Number(x))]!.slot === 'armor');
      if (armour) return withCards('pick', [armour]);
      if (from.includes('hand')) return withCards('pick', ['hand']);
      return withCards('pick', [equips[0] ?? from[0]!]);
    }
    case 'grace': {
      const from = p.options[0]!.cards!.from.map(Number);
      return withCards('take', [String(byValue(k, from).at(-1))]);
    }
    case 'show':
      return withCards('show', [String(byValue(k, p.options[0]!.cards!.from.map(Number))[0])]);
    case 'collateral': {
      const o = giving(p, 'use');
      if (o && att(params.target!) <= 0)
        return withCards(o.id, byValue(k, o.cards!.from.map(Number)).slice(0, o.cards!.min).map(String));
      return pass;
    }
    case 'distribute': {
      // 遗计: the cards go to the friend who needs them most (fewest hand cards, then lowest HP); with no known
      // friend they stay with the giver.
      const o = p.options[0]!;
      const friends = (o.seats?.from ?? [])
        .filter((t) => t !== me && att(t) > 0)
        .sort((a, b) => P(g, a).hand.length - P(g, b).hand.length || P(g, a).hp - P(g, b).hp || a - b);
      const to = friends[0] ?? ((o.seats?.from ?? []).includes(me) ? me : o.seats!.from[0]!);
      return { prompt: p.id, option: o.id, cards: o.cards!.from.slice(0, o.cards!.max), seats: [to] };
    }
    default:
      return null;
  }
}

/** The play phase: equip, heal, draw, then attack the most likely enemy. */
function botPlay(k: KS, p: Prompt, rng: Rng): Answer {
  const g = k.g;
  const me = p.seat;
  const mine = P(g, me);
  const att = (t: number) => attitude(g, me, t);
  let best: { score: number; a: Answer } = { score: 0, a: { prompt: p.id, option: 'pass' } };
  let bias = 0;
  const consider = (score: number, a: Answer) => {
    score += bias + rng.next() * 0.5; // break ties differently from game to game
    if (score > best.score) best = { score, a };
  };
  const enemies = (from: number[]) => from.filter((t) => att(t) < 0).sort((a, b) => P(g, a).hp - P(g, b).hp);
  const others = seatsFrom(g, 0).filter((t) => t !== me);
  const nEnemies = others.filter((t) => att(t) < 0).length;
  const nFriends = others.filter((t) => att(t) > 0).length;
  for (const o of p.options) {
    bias = 0;
    if (o.id === 'pass') continue;
    if (o.id.startsWith('skill:')) {
      const a = skillById(k, o.id.slice(6))?.active?.bot?.(k, me, o, p.id);
      if (a) consider(a.score, a.answer);
      continue;
    }
    let key: string;
    let a: Answer;
    if (o.id.startsWith('as:')) {
      const [, sk, name] = o.id.split(':') as [string, string, string];
      // A skill that knows better how to make its card (乱击's same-suit pair) says so itself.
      const rule = skillById(k, sk)?.viewAs?.find((r) => r.as === name);
      if (rule?.bot) {
        const b = rule.bot(k, me, o, p.id);
        if (b) consider(b.score, b.answer);
        continue;
      }
      if (name === 'slash') {
        // A view-as 杀 (武圣, 丈八蛇矛) when no real one is left: the least valuable cards it may take.
        const t = enemies(o.seats?.from ?? [])[0];
        const hasReal = p.options.some((x) => x.id.startsWith('use:') && isSlash(k, Number(x.id.slice(4))));
        const cards = byValue(k, o.cards!.from.map(Number)).slice(0, o.cards!.min);
        if (t !== undefined && !hasReal && (o.cards!.min === 1 || mine.hand.length >= 4))
          consider(o.cards!.min === 1 ? 39 : 8, { prompt: p.id, option: o.id, cards: cards.map(String), seats: [t] });
        continue;
      }
      // Any other view-as card (奇袭's 过河拆桥, 国色's 乐不思蜀 …) is weighed like the real one, made of the least valuable
      // cards the rule may take (hand cards before equipment), never of cards worth more than it; a real card goes first.
      const inHand = new Set(mine.hand);
      const cards = byValue(k, o.cards!.from.map(Number))
        .sort((x, y) => Number(!inHand.has(x)) - Number(!inHand.has(y)))
        .slice(0, o.cards!.min);
      if (cards.some((c) => cardValue(k, c) > (sgs(k).cards[name]?.value ?? 0))) continue;
      key = name;
      a = { prompt: p.id, option: o.id, cards: cards.map(String) };
      bias = -1;
    } else {
      const [verb, raw] = o.id.split(':');
      key = keyOf(k, Number(raw));
      a = { prompt: p.id, option: o.id, cards: [raw!] };
      if (verb === 'recast') {
        consider(3, a);
        continue;
      }
      const kind = sgs(k).kinds[key]!;
      if (kind.type === 'equip') {
        const cur = mine.equip[kind.slot!];
        consider(cur === null ? 50 : 0, a);
        continue;
      }
    }
    const from = o.seats?.from ?? [];
    const foes = enemies(from);
    switch (key) {
      case 'peach':
        consider(wounded(mine) && mine.hp <= 2 ? 60 : wounded(mine) ? 20 : 0, a);
        break;
      case 'analeptic':
        if (
          p.options.some(
            (x) =>
              x.id.startsWith('use:') &&
              sgs(k).card[Number(x.id.slice(4))] &&
              isSlash(k, Number(x.id.slice(4))) &&
              enemies(x.seats?.from ?? []).length,
          )
        )
          consider(38, a);
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
          const v = seatsFrom(g, 0).find((t) => t !== w && att(t) < 0 && inRange(k, w, t));
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
