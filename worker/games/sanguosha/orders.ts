/**
 * Standing orders (预设应对) of 三国杀: rules a seat sets in advance that answer its off-turn prompts the moment
 * they appear — 闪 against a 杀, the 无懈可击 windows, the dying rounds, 五谷丰登. Data plus one pure matcher.
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

/** [zh-CN, zh-TW, en] per key: each order's label (`sgs.order.<id>`) and explanation (`sgs.orderHint.<id>`). */
export const ORDER_ROWS: Record<string, [string, string, string]> = {
  'sgs.order.jinkSlash': [
    '有闪时，对任何杀打出闪',
    '有閃時，對任何殺打出閃',
    'Play a Dodge against any Slash, if I have one',
  ],
  'sgs.orderHint.jinkSlash': [
    '杀指定你时，若手中有闪，立即打出一张；没有闪时照常询问你。',
    '殺指定你時，若手中有閃，立即打出一張；沒有閃時照常詢問你。',
    'When a Slash targets you and you hold a Dodge, one is played at once; without one you are asked as usual.',
  ],
  'sgs.order.jinkArchery': [
    '有闪时，对万箭齐发打出闪',
    '有閃時，對萬箭齊發打出閃',
    'Play a Dodge against Arrow Barrage, if I have one',
  ],
  'sgs.orderHint.jinkArchery': [
    '万箭齐发轮到你时，若手中有闪，立即打出一张。',
    '萬箭齊發輪到你時，若手中有閃，立即打出一張。',
    'When Arrow Barrage reaches you and you hold a Dodge, one is played at once.',
  ],
  'sgs.order.slashSavage': [
    '有杀时，对南蛮入侵打出杀',
    '有殺時，對南蠻入侵打出殺',
    'Play a Slash against Barbarian Invasion, if I have one',
  ],
  'sgs.orderHint.slashSavage': [
    '南蛮入侵轮到你时，若手中有杀，立即打出一张（普通杀优先）。',
    '南蠻入侵輪到你時，若手中有殺，立即打出一張（普通殺優先）。',
    'When Barbarian Invasion reaches you and you hold a Slash, one is played at once (a plain Slash first).',
  ],
  'sgs.order.eightDiagram': ['八卦阵总是进行判定', '八卦陣總是進行判定', 'Always use Eight Trigrams'],
  'sgs.orderHint.eightDiagram': [
    '需要闪时，先用八卦阵判定（红色视为打出闪）。',
    '需要閃時，先用八卦陣判定（紅色視為打出閃）。',
    'When a Dodge is asked of you, judge with Eight Trigrams first (red counts as a Dodge).',
  ],
  'sgs.order.wuxieNever': ['无懈可击窗口一律不响应', '無懈可擊窗口一律不回應', 'Pass every Negate window'],
  'sgs.orderHint.wuxieNever': [
    '所有无懈可击的询问都立即回答“不响应”。',
    '所有無懈可擊的詢問都立即回答「不回應」。',
    'Every Negate window is passed at once.',
  ],
  'sgs.order.wuxieOnlyMe': [
    '除非锦囊以我为目标，不使用无懈可击',
    '除非錦囊以我為目標，不使用無懈可擊',
    'Never Negate unless the trick targets me',
  ],
  'sgs.orderHint.wuxieOnlyMe': [
    '目标是别人的无懈可击窗口立即不响应；目标是你时照常询问你。',
    '目標是別人的無懈可擊窗口立即不回應；目標是你時照常詢問你。',
    'Windows on tricks aimed at others are passed at once; when the trick targets you, you are asked.',
  ],
  'sgs.order.rescueSelf': [
    '濒死时用酒或桃自救',
    '瀕死時用酒或桃自救',
    'When I am dying, save myself with Wine or a Peach',
  ],
  'sgs.orderHint.rescueSelf': [
    '你濒死时，若手中有酒或桃，立即使用一张（酒优先）。',
    '你瀕死時，若手中有酒或桃，立即使用一張（酒優先）。',
    'When you are dying and hold Wine or a Peach, one is used at once (Wine first).',
  ],
  'sgs.order.rescueAlly': [
    '亮明身份的同伴濒死时，给他桃',
    '亮明身分的同伴瀕死時，給他桃',
    'Give a Peach to a dying ally whose identity is shown',
  ],
  'sgs.orderHint.rescueAlly': [
    '同伴：主公与亮明的忠臣（对主公和忠臣而言），亮明的反贼（对反贼而言）；内奸没有同伴。',
    '同伴：主公與亮明的忠臣（對主公和忠臣而言），亮明的反賊（對反賊而言）；內奸沒有同伴。',
    'An ally: the lord and shown loyalists (for the lord and loyalists), shown rebels (for a rebel); a traitor has none.',
  ],
  'sgs.order.rescueOthers': ['其他人濒死时不救', '其他人瀕死時不救', 'Do not save anyone else who is dying'],
  'sgs.orderHint.rescueOthers': [
    '濒死的不是你、也不是亮明身份的同伴时，立即不响应。',
    '瀕死的不是你、也不是亮明身分的同伴時，立即不回應。',
    'When the dying one is neither you nor an ally whose identity is shown, you pass at once.',
  ],
  'sgs.order.passNothing': ['无牌可出时不响应', '無牌可出時不回應', 'Pass when I have nothing to answer with'],
  'sgs.orderHint.passNothing': [
    '只能选“不响应”的询问由系统替你回答，稍作停顿，别人看不出你手里没有牌。',
    '只能選「不回應」的詢問由系統替你回答，稍作停頓，別人看不出你手裡沒有牌。',
    'Prompts where “No” is the only choice are answered for you, after a pause, so nobody learns that you hold nothing.',
  ],
  'sgs.order.graceBest': [
    '五谷丰登时拿最有用的牌',
    '五穀豐登時拿最有用的牌',
    'Bountiful Harvest: take the most useful card',
  ],
  'sgs.orderHint.graceBest': [
    '依次：桃、无懈可击、闪、酒、无中生有、杀……，装备和其余的牌在后。',
    '依次：桃、無懈可擊、閃、酒、無中生有、殺……，裝備和其餘的牌在後。',
    'In this order: Peach, Negate, Dodge, Wine, Something for Nothing, Slash…, then equipment and the rest.',
  ],
};

const msg = (kind: 'order' | 'orderHint', id: string): Msg => ({ key: `sgs.${kind}.${id}` });
const order = (id: string, kinds: string[], o: Partial<OrderDef> = {}): OrderDef => ({
  id,
  message: msg('order', id),
  hint: msg('orderHint', id),
  kinds,
  ...o,
});

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

/**
 * The answer the seat's orders give to `p`, or null (ask the player).
 * @example answer(s, p, [{ id: 'jinkSlash' }]) // { prompt: 'p41', option: 'play', cards: ['29'] } with 闪 ♥2 in hand
 */
export function answer(s: S, p: Prompt, orders: SeatOrder[]): Answer | null {
  const on = new Map(orders.map((o) => [o.id, o.params ?? {}]));
  for (const def of OFFERED) {
    const params = on.get(def.id);
    if (!params || !def.kinds.includes(p.kind)) continue;
    const a = MATCH[def.id]!(s, p, params);
    if (a) return a;
  }
  return null;
}

export const orders: GameOrders<S['g']> = { offered: OFFERED, answer };
