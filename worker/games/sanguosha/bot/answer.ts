/**
 * A bot's answer to any prompt, from its seat (`BotSeat`: its view, its level's beliefs). Whatever a skill, a card
 * or an equipment asks is answered by that thing's own bot part (`SgsSkill.bot`, `CardDef.bot`); the prompt kinds
 * the flow itself asks (respond, discard, pick, …) and the weighing of the play phase's options are here.
 */
import type { Answer, Option, Prompt } from '../../../engine';
import { isSlash, keyOf, P, sgs, skillById, skillOfCard } from '../core';
import type { BotSeat } from '../types';
import { cardValue } from './seat';

/** The first option that gives a card: the real-card option, else a view-as one (`as:…`). */
const giving = (p: Prompt, real: string) =>
  p.options.find((o) => o.id === real) ?? p.options.find((o) => o.id.startsWith('as:'));

/** The skill a prompt belongs to: `sgs.ask.<id>…`, or the skill a shared prompt names (观星's arrange, 遗计's distribute). */
function ownSkillBot(b: BotSeat): Answer | null | undefined {
  const { k, p, rng } = b;
  const named = /^sgs\.skill\.([a-z_]+)$/.exec(
    (p.message.params?.skill as { key?: string } | undefined)?.key ?? '',
  )?.[1];
  const sid = /^sgs\.ask\.([a-z_]+)/.exec(p.message.key)?.[1];
  // 雌雄双股剑 asks its target `sgs.ask.double_swords_target`: the skill's own bot answers both sides.
  const skill = sid ? (skillById(k, sid) ?? skillById(k, sid.replace(/_target$/, ''))) : undefined;
  return (
    skill?.bot?.(k, p, rng) ??
    (named && (p.kind === 'arrange' || p.kind === 'distribute') ? skillById(k, named)?.bot?.(k, p, rng) : undefined)
  );
}

/** The card whose prompt this is (`CardDef.bot.asks`), and its answer; null lets the generic answer decide. */
function ownCardBot(b: BotSeat): Answer | null {
  for (const c of Object.values(sgs(b.k).cards)) if (c.bot?.asks?.includes(b.p.message.key)) return c.bot.answer!(b);
  return null;
}

export function answer(b: BotSeat): Answer | null {
  const { k, p, me } = b;
  const g = k.g;
  const own = ownSkillBot(b) ?? ownCardBot(b);
  if (own) return own;
  const pass = b.pass;
  const params = (p.message.params ?? {}) as Record<string, number>;
  switch (p.kind) {
    case 'play':
      return play(b);
    case 'chooseGeneral': {
      // The strongest general on offer (a simple table in generals.ts); the good bot the one that wins most often
      // in its own identity at a table of this size (`pick`, `pickFrom6`, measured), the table's strength breaking
      // ties.
      const ids = p.options.map((o) => o.id);
      const role = P(g, me).role;
      const worth = (id: string) => {
        const x = sgs(k).general[id.slice(8)];
        const pick = (g.players.length >= 6 ? x?.pickFrom6?.[role] : undefined) ?? x?.pick[role] ?? 0;
        return b.level === 'good' ? pick * 100 + (x?.strength ?? 0) : (x?.strength ?? 0);
      };
      const best = ids.reduce((a, x) => (worth(x) > worth(a) ? x : a));
      return { prompt: p.id, option: best };
    }
    case 'respond': {
      const o = p.options.find((x) => x.id === 'discard') ?? giving(p, 'play');
      if (!o) return pass;
      return b.withCards(o.id, b.cheapest(o.cards!.from, o.cards!.min));
    }
    case 'discard': {
      const o = p.options[0]!;
      return b.withCards(o.id, b.cheapest(o.cards!.from, o.cards!.min));
    }
    case 'skill': {
      // A prompt that offers only view-as cards (青龙偃月刀 with 龙胆's 闪 as 杀) has no 'use' option.
      const o = giving(p, 'use');
      if (!o) return pass;
      if (o.cards) return b.withCards(o.id, b.cheapest(o.cards.from, o.cards.min));
      return { prompt: p.id, option: o.id };
    }
    case 'pick': {
      const from = p.options[0]!.cards!.from;
      const t = params.target!;
      const friend = b.att(t) > 0;
      const judge = from.filter((x) => x !== 'hand' && P(g, t).judge.includes(Number(x)));
      if (friend && judge.length) return b.withCards('pick', [judge[0]!]);
      const equips = from.filter((x) => x !== 'hand' && !judge.includes(x));
      const armour = equips.find((x) => sgs(k).kinds[keyOf(k, Number(x))]!.slot === 'armor');
      if (armour) return b.withCards('pick', [armour]);
      if (from.includes('hand')) return b.withCards('pick', ['hand']);
      return b.withCards('pick', [equips[0] ?? from[0]!]);
    }
    case 'distribute': {
      // 遗计: the cards go to the friend who needs them most (fewest hand cards, then lowest HP); with no known
      // friend they stay with the giver.
      const o = p.options[0]!;
      const friends = (o.seats?.from ?? [])
        .filter((t) => t !== me && b.att(t) > 0)
        .sort((x, y) => P(g, x).hand.length - P(g, y).hand.length || P(g, x).hp - P(g, y).hp || x - y);
      const to = friends[0] ?? ((o.seats?.from ?? []).includes(me) ? me : o.seats!.from[0]!);
      return { prompt: p.id, option: o.id, cards: o.cards!.from.slice(0, o.cards!.max), seats: [to] };
    }
    default:
      return null;
  }
}

/** The play phase: each option weighed by its card's, equipment's or skill's own bot part; the best is played. */
function play(b: BotSeat): Answer {
  const { k, p, me, rng } = b;
  const mine = P(k.g, me);
  let best: { score: number; a: Answer } = { score: 0, a: { prompt: p.id, option: 'pass' } };
  let bias = 0;
  const consider = (x: { score: number; answer: Answer } | null) => {
    if (!x) return;
    const score = x.score + bias + rng.next() * 0.5; // break ties differently from game to game
    if (score > best.score) best = { score, a: x.answer };
  };
  for (const o of p.options) {
    bias = 0;
    if (o.id === 'pass') continue;
    if (o.id.startsWith('skill:')) {
      consider(skillById(k, o.id.slice(6))?.active?.bot?.(k, me, o, p.id) ?? null);
      continue;
    }
    let key: string;
    let a: Answer;
    if (o.id.startsWith('as:')) {
      const [, sk, name] = o.id.split(':') as [string, string, string];
      // A skill that knows better how to make its card (乱击's same-suit pair) says so itself.
      const rule = skillById(k, sk)?.viewAs?.find((r) => r.as === name);
      if (rule?.bot) {
        consider(rule.bot(k, me, o, p.id));
        continue;
      }
      if (name === 'slash') {
        // A view-as 杀 (武圣, 丈八蛇矛) when no real one is left: the least valuable cards it may take.
        const t = b.foes(o.seats?.from ?? [])[0];
        const hasReal = p.options.some((x) => x.id.startsWith('use:') && isSlash(k, Number(x.id.slice(4))));
        // Hand cards first; never the worn weapon or −1 horse (the targets on offer count on their range).
        const worn = [mine.equip.weapon, mine.equip.minus];
        const free = o.cards!.from.filter((x) => !worn.includes(Number(x)));
        const inHand = free.filter((x) => mine.hand.includes(Number(x)));
        const cards = b.cheapest(inHand.length >= o.cards!.min ? inHand : free, o.cards!.min);
        if (cards.length < o.cards!.min) continue;
        if (t !== undefined && !hasReal && (o.cards!.min === 1 || mine.hand.length >= 4))
          consider({ score: o.cards!.min === 1 ? 39 : 8, answer: { prompt: p.id, option: o.id, cards, seats: [t] } });
        continue;
      }
      // Any other view-as card (奇袭's 过河拆桥, 国色's 乐不思蜀 …) is weighed like the real one, made of the least
      // valuable cards the rule may take (hand cards before equipment), never of cards worth more than it; a real
      // card goes first.
      const inHand = new Set(mine.hand);
      const cards = o
        .cards!.from.map(Number)
        .sort((x, y) => Number(!inHand.has(x)) - Number(!inHand.has(y)) || cardValue(k, x) - cardValue(k, y) || x - y)
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
        consider({ score: 3, answer: a });
        continue;
      }
      if (sgs(k).kinds[key]!.type === 'equip') {
        consider(equip(b, o, a, key));
        continue;
      }
    }
    consider(sgs(k).cards[key]?.bot?.play?.(b, o, a) ?? null);
  }
  return best.a;
}

/** Putting on equipment: the card's own bot part, else into an empty slot. */
function equip(b: BotSeat, o: Option, a: Answer, key: string) {
  const k = b.k;
  // The first bot ("easy") only fills empty slots; the good one asks the equipment's own bot part.
  const own = b.level === 'good' ? skillById(k, skillOfCard(k, key))?.equip?.play : undefined;
  if (own) return own(b, o, a);
  const cur = P(k.g, b.me).equip[sgs(k).kinds[key]!.slot!];
  return { score: cur === null ? 50 : 0, answer: a };
}
