/**
 * Standing orders (预设应对) of 三国杀: rules a seat sets in advance that answer its off-turn prompts the moment
 * they appear — 闪 against a 杀, the 无懈可击 windows, the dying rounds, 五谷丰登, and "always / never use" each
 * skill that asks before it triggers. Data plus one pure matcher.
 *
 * The matcher reads the public prompt (its kind, message key and params, its options and their cards) and the
 * asked seat's own hand and identity, never anything that seat cannot see. It answers exactly what the player
 * would send by hand (a card from the option's own list), so the engine validates it like any other answer and
 * the log cannot tell the two apart. It imports only data (the deck), so the client can list the orders too.
 */
import type { Answer, GameOrders, Json, Msg, OrderDef, Prompt, SeatOrder } from '../../engine';
import { DECK } from './deck';
import type { Role, S } from './types';

const KEY: Record<number, string> = Object.fromEntries(DECK.map((c) => [c[0], c[2]]));

const msg = (kind: 'order' | 'orderHint', id: string): Msg => ({ key: `sgs.${kind}.${id}` });
const order = (id: string, kinds: string[], o: Partial<OrderDef> = {}): OrderDef => ({
  id,
  message: msg('order', id),
  hint: msg('orderHint', id),
  kinds,
  ...o,
});

/**
 * The skills that ask "use it?" when they trigger (an optional effect: 集智, 英姿, 洛神, 闭月…). Each gets two
 * orders, "always use" and "never use" (one at a time); the table lists those of the seat's own general.
 */
const TRIGGERS = [
  'jianxiong',
  'hujia',
  'fankui',
  'ganglie',
  'tiandu',
  'luoyi',
  'luoshen',
  'guanxing',
  'tieqi',
  'jizhi',
  'jijiang',
  'fangquan',
  'yingzi',
  'keji',
  'lianying',
  'biyue',
  'xingshang',
];

/** `always:jizhi` / `never:jizhi`: answer the skill's own question with use / pass. */
const skillOrders = (skill: string): OrderDef[] =>
  (['always', 'never'] as const).map((way) => ({
    id: `${way}:${skill}`,
    message: { key: `sgs.order.${way}Skill`, params: { skill } },
    hint: { key: `sgs.orderHint.${way}Skill`, params: { skill } },
    kinds: ['skill'],
    group: `skill:${skill}`,
  }));

/** The orders, in the order the table lists them and the matcher tries them. */
export const OFFERED: OrderDef[] = [
  order('jinkSlash', ['respond']),
  order('jinkArchery', ['respond']),
  order('slashSavage', ['respond']),
  order('eightDiagram', ['skill']),
  order('wuxieOnlyMe', ['nullify'], { group: 'wuxie' }),
  order('wuxieNever', ['nullify'], { group: 'wuxie' }),
  order('rescueSelf', ['rescue']),
  order('rescueAlly', ['rescue']),
  order('rescueOthers', ['rescue']),
  order('graceBest', ['grace']),
  // Last: every order above that holds a card for the prompt answers it first.
  order('passNothing', ['respond', 'nullify', 'rescue', 'collateral'], { timing: 'human' }),
  ...TRIGGERS.flatMap(skillOrders),
];

/** The careful player's choice, for the table's "recommended" button and the closing-note measurement. */
export const CAREFUL: SeatOrder[] = [
  'jinkSlash',
  'jinkArchery',
  'slashSavage',
  'eightDiagram',
  'wuxieOnlyMe',
  'rescueSelf',
  'rescueAlly',
  'rescueOthers',
  'graceBest',
  'passNothing',
].map((id) => ({ id }));

/** How much a careful player wants a card from 五谷丰登 (higher first); equipment after these, the rest last. */
const GRACE_RANK = [
  'peach',
  'nullification',
  'jink',
  'analeptic',
  'ex_nihilo',
  'slash',
  'fire_slash',
  'thunder_slash',
  'snatch',
  'dismantlement',
  'indulgence',
  'duel',
];
const EQUIPMENT = new Set([
  'crossbow',
  'qinggang_sword',
  'ice_sword',
  'double_swords',
  'guding_blade',
  'blade',
  'spear',
  'axe',
  'halberd',
  'fan',
  'kylin_bow',
  'eight_diagram',
  'nioh_shield',
  'vine',
  'silver_lion',
  'jueying',
  'dilu',
  'zhuahuangfeidian',
  'hualiu',
  'chitu',
  'dayuan',
  'zixing',
]);
const graceRank = (key: string) => {
  const i = GRACE_RANK.indexOf(key);
  return i >= 0 ? i : EQUIPMENT.has(key) ? GRACE_RANK.length : GRACE_RANK.length + 1;
};

const LORD_SIDE: Role[] = ['lord', 'loyalist'];

/** Is `t` an ally of `me` as `me` sees the table: someone of my side whose identity is shown (a traitor has none). */
export function shownAlly(s: S, me: number, t: number): boolean {
  if (t === me) return false;
  const mine = s.g.players[me]!.role;
  const them = s.g.players[t]!;
  if (!them.revealed || mine === 'traitor') return false;
  return LORD_SIDE.includes(mine) ? LORD_SIDE.includes(them.role) : them.role === mine;
}

type Matcher = (s: S, p: Prompt, params: Record<string, Json>) => Answer | null;

const num = (p: Prompt, name: string) => p.message.params?.[name] as number | undefined;
const pass = (p: Prompt): Answer | null =>
  p.options.some((o) => o.id === 'pass') ? { prompt: p.id, option: 'pass' } : null;

/**
 * Play a card of one of `keys` (tried in that order) through option `optionId`, taken from the option's own
 * list and still in the hand; null when there is none ("card gone": the player is asked).
 */
function playFrom(s: S, p: Prompt, optionId: string, keys: string[]): Answer | null {
  const o = p.options.find((x) => x.id === optionId);
  if (!o?.cards || o.cards.min !== 1) return null;
  const hand = s.g.players[p.seat]!.hand;
  // 无双 and its kind ask for several cards one by one (the prompt says how many are still needed): one card
  // short of them would be thrown away, so then the player decides.
  const need = num(p, 'n') ?? 1;
  if (o.cards.from.filter((c) => keys.includes(KEY[Number(c)]!) && hand.includes(Number(c))).length < need) return null;
  for (const key of keys) {
    const card = o.cards.from.find((c) => KEY[Number(c)] === key && hand.includes(Number(c)));
    if (card !== undefined) return { prompt: p.id, option: o.id, cards: [card] };
  }
  return null;
}

const MATCH: Record<string, Matcher> = {
  jinkSlash: (s, p) => (p.message.key === 'sgs.ask.jinkSlash' ? playFrom(s, p, 'play', ['jink']) : null),
  jinkArchery: (s, p) => (p.message.key === 'sgs.ask.archery' ? playFrom(s, p, 'play', ['jink']) : null),
  slashSavage: (s, p) =>
    p.message.key === 'sgs.ask.savage' ? playFrom(s, p, 'play', ['slash', 'thunder_slash', 'fire_slash']) : null,
  eightDiagram: (_s, p) =>
    p.message.key === 'sgs.ask.eight_diagram' && p.options.some((o) => o.id === 'use')
      ? { prompt: p.id, option: 'use' }
      : null,
  wuxieOnlyMe: (_s, p) => (num(p, 'target') !== p.seat ? pass(p) : null),
  wuxieNever: (_s, p) => pass(p),
  rescueSelf: (s, p) => (num(p, 'target') === p.seat ? playFrom(s, p, 'use', ['analeptic', 'peach']) : null),
  rescueAlly: (s, p) => {
    const t = num(p, 'target');
    return t !== undefined && shownAlly(s, p.seat, t) ? playFrom(s, p, 'use', ['peach']) : null;
  },
  rescueOthers: (s, p) => {
    const t = num(p, 'target');
    return t !== undefined && t !== p.seat && !shownAlly(s, p.seat, t) ? pass(p) : null;
  },
  graceBest: (s, p) => {
    const o = p.options.find((x) => x.id === 'take');
    if (!o?.cards) return null;
    const best = [...o.cards.from]
      .filter((c) => s.g.grace.includes(Number(c)))
      .sort((a, b) => graceRank(KEY[Number(a)]!) - graceRank(KEY[Number(b)]!) || Number(a) - Number(b))[0];
    return best === undefined ? null : { prompt: p.id, option: 'take', cards: [best] };
  },
  passNothing: (_s, p) => (p.options.length === 1 && p.options[0]!.id === 'pass' ? pass(p) : null),
};

/** "Always / never use `skill`": its question is the one whose "use" option names it (public, in the prompt). */
function skillOrder(id: string, p: Prompt): Answer | null {
  const [way, skill] = id.split(':');
  const use = p.options.find((o) => o.id === 'use');
  if (use?.message.params?.skill !== skill) return null;
  return way === 'always' ? { prompt: p.id, option: 'use' } : pass(p);
}

/**
 * The answer the seat's orders give to `p`, or null (ask the player).
 * @example answer(s, p, [{ id: 'jinkSlash' }]) // { prompt: 'p41', option: 'play', cards: ['29'] } with 闪 ♥2 in hand
 */
export function answer(s: S, p: Prompt, orders: SeatOrder[]): Answer | null {
  const on = new Map(orders.map((o) => [o.id, o.params ?? {}]));
  for (const def of OFFERED) {
    const params = on.get(def.id);
    if (!params || !def.kinds.includes(p.kind)) continue;
    const a = def.group?.startsWith('skill:') ? skillOrder(def.id, p) : MATCH[def.id]!(s, p, params);
    if (a) return a;
  }
  return null;
}

export const orders: GameOrders<S['g']> = { offered: OFFERED, answer };
