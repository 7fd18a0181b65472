/**
 * The card catalogue of 驱鬼 (rules/ghost/cards.md), one line per card type. Display names and texts live in
 * i18n.ts; ids are those of cards.md. Hand-deck instances are `<typeId>-<R|B><n>` (cards.md §9).
 */

export type Colour = 'red' | 'blue';
export type Identity = 'taiping_red' | 'tianshi_blue' | 'heretic_king' | 'heretic_follower';
export type Possession =
  | 'CURRENT' | 'NEXT' | 'PREV' | 'OPPOSITE' | 'MOST_HAND' | 'FEWEST_HAND' | 'MOST_SPIRIT' | 'FEWEST_SPIRIT'
  | 'MOST_IMPS' | 'FEWEST_IMPS' | 'MOST_POINTS' | 'FEWEST_POINTS' | 'LAST_HOST' | 'HAS_ARTIFACT' | 'NO_ARTIFACT'
  | 'FIRST_UNPOSSESSED';
export type ImpEffect =
  | 'HAND_LIMIT_MINUS_1' | 'PERK_HAND_LIMIT_PLUS_1' | 'NO_VOTE_ON_THIS' | 'NO_HOST_ON_THIS' | 'NO_CHALLENGE'
  | 'VOTE_CAP_3' | 'NO_EQUIP' | 'ARTIFACT_SUPPRESSED' | 'BUY_COST_PLUS_1' | 'NO_BUY' | 'SPELL_COST_PLUS_1'
  | 'ONE_SPELL_PER_TURN' | 'VOTES_FACE_UP' | 'LOSE_SPIRIT_TURN_START' | 'NO_DRAW_PHASE_SPIRIT' | 'DRAW_MINUS_1'
  | 'PERK_EXTRA_SPIRIT' | 'END_TURN_DISCARD' | 'GAMBLE' | 'REVEAL_CARD_DAY' | 'NONE';

/** `any`: total weighted cards ≥ n, no cancellation, no challenge (cards.md §2.11). */
export interface ImpDef { id: string; zh: string; key: string; colour: Colour; possession: Possession; dispel: { colour: Colour | 'any'; n: number }; reward: { spirit: number; draw: number }; effect: ImpEffect; minP: number }
export interface EventDef { id: string; zh: string; key: string; minP: number }
export type Window = 'before' | 'after';
export interface SpellDef { id: string; zh: string; key: string; cost: number; copies: number; weight: number; window: Window | null }
export interface ArtifactDef { id: string; zh: string; key: string }
export interface KingDef { id: string; zh: string; key: string }

// prettier-ignore
export const IMPS: ImpDef[] = [
  { id: 'I01', zh: '饿死鬼', key: 'starving_ghost', colour: 'red', possession: 'FEWEST_HAND', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'HAND_LIMIT_MINUS_1', minP: 4 },
  { id: 'I02', zh: '胆小鬼', key: 'coward_ghost', colour: 'red', possession: 'FEWEST_POINTS', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_VOTE_ON_THIS', minP: 4 },
  { id: 'I03', zh: '替死鬼', key: 'scapegoat_ghost', colour: 'red', possession: 'LAST_HOST', dispel: { colour: 'red', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'NO_HOST_ON_THIS', minP: 4 },
  { id: 'I04', zh: '小气鬼', key: 'stingy_ghost', colour: 'red', possession: 'FEWEST_SPIRIT', dispel: { colour: 'red', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'PERK_HAND_LIMIT_PLUS_1', minP: 4 },
  { id: 'I05', zh: '酒鬼', key: 'drunk_ghost', colour: 'red', possession: 'NEXT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_CHALLENGE', minP: 4 },
  { id: 'I06', zh: '无头鬼', key: 'headless_ghost', colour: 'red', possession: 'OPPOSITE', dispel: { colour: 'blue', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'VOTE_CAP_3', minP: 4 },
  { id: 'I07', zh: '魍魉', key: 'wangliang', colour: 'red', possession: 'NO_ARTIFACT', dispel: { colour: 'any', n: 3 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_EQUIP', minP: 4 },
  { id: 'I08', zh: '吊死鬼', key: 'hanged_ghost', colour: 'blue', possession: 'CURRENT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'HAND_LIMIT_MINUS_1', minP: 4 },
  { id: 'I09', zh: '山魈', key: 'mountain_imp', colour: 'blue', possession: 'HAS_ARTIFACT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'ARTIFACT_SUPPRESSED', minP: 4 },
  { id: 'I10', zh: '贪财鬼', key: 'greedy_ghost', colour: 'blue', possession: 'MOST_SPIRIT', dispel: { colour: 'blue', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'BUY_COST_PLUS_1', minP: 4 },
  { id: 'I11', zh: '长舌鬼', key: 'longtongue_ghost', colour: 'blue', possession: 'MOST_POINTS', dispel: { colour: 'blue', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'VOTES_FACE_UP', minP: 4 },
  { id: 'I12', zh: '水鬼', key: 'drowned_ghost', colour: 'blue', possession: 'PREV', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'LOSE_SPIRIT_TURN_START', minP: 4 },
  { id: 'I13', zh: '赌鬼', key: 'gambler_ghost', colour: 'blue', possession: 'MOST_HAND', dispel: { colour: 'red', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'GAMBLE', minP: 4 },
  { id: 'I14', zh: '穷鬼', key: 'pauper_ghost', colour: 'blue', possession: 'FEWEST_SPIRIT', dispel: { colour: 'any', n: 3 }, reward: { spirit: 1, draw: 0 }, effect: 'NONE', minP: 4 },
  { id: 'I15', zh: '瞌睡鬼', key: 'sleepy_ghost', colour: 'red', possession: 'PREV', dispel: { colour: 'any', n: 4 }, reward: { spirit: 0, draw: 1 }, effect: 'NO_DRAW_PHASE_SPIRIT', minP: 5 },
  { id: 'I16', zh: '疫鬼', key: 'plague_ghost', colour: 'blue', possession: 'NEXT', dispel: { colour: 'any', n: 4 }, reward: { spirit: 0, draw: 1 }, effect: 'DRAW_MINUS_1', minP: 5 },
  { id: 'I17', zh: '冒失鬼', key: 'reckless_ghost', colour: 'red', possession: 'CURRENT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'END_TURN_DISCARD', minP: 6 },
  { id: 'I18', zh: '懒鬼', key: 'lazy_ghost', colour: 'blue', possession: 'FIRST_UNPOSSESSED', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_BUY', minP: 6 },
  { id: 'I19', zh: '夜叉', key: 'yaksha', colour: 'red', possession: 'MOST_IMPS', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'SPELL_COST_PLUS_1', minP: 7 },
  { id: 'I20', zh: '捣蛋鬼', key: 'prankster_ghost', colour: 'blue', possession: 'MOST_IMPS', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'ONE_SPELL_PER_TURN', minP: 7 },
  { id: 'I21', zh: '狐魅', key: 'fox_spirit', colour: 'red', possession: 'MOST_SPIRIT', dispel: { colour: 'red', n: 4 }, reward: { spirit: 1, draw: 1 }, effect: 'PERK_EXTRA_SPIRIT', minP: 8 },
  { id: 'I22', zh: '游魂', key: 'wandering_soul', colour: 'red', possession: 'FEWEST_IMPS', dispel: { colour: 'any', n: 5 }, reward: { spirit: 1, draw: 1 }, effect: 'NONE', minP: 8 },
  { id: 'I23', zh: '画皮', key: 'painted_skin', colour: 'blue', possession: 'OPPOSITE', dispel: { colour: 'blue', n: 4 }, reward: { spirit: 1, draw: 1 }, effect: 'REVEAL_CARD_DAY', minP: 8 },
  { id: 'I24', zh: '伥鬼', key: 'chang_ghost', colour: 'blue', possession: 'LAST_HOST', dispel: { colour: 'any', n: 5 }, reward: { spirit: 1, draw: 1 }, effect: 'NO_EQUIP', minP: 8 },
];

// prettier-ignore
export const EVENTS: EventDef[] = [
  { id: 'E01', zh: '百鬼夜行', key: 'night_parade', minP: 4 },
  { id: 'E02', zh: '阴风阵阵', key: 'yin_wind', minP: 4 },
  { id: 'E03', zh: '轮回', key: 'samsara', minP: 4 },
  { id: 'E04', zh: '天雷', key: 'heavenly_thunder', minP: 4 },
  { id: 'E05', zh: '阴阳颠倒', key: 'yinyang_reversal', minP: 5 },
  { id: 'E06', zh: '鬼打墙', key: 'ghost_wall', minP: 6 },
  { id: 'E07', zh: '孤魂游荡', key: 'drifting_soul', minP: 7 },
  { id: 'E08', zh: '借尸还魂', key: 'borrowed_corpse', minP: 8 },
];

/** `copies` per colour; `weight` is the vote weight (敕令符 counts 2); `window` marks ⚡ reaction spells. */
// prettier-ignore
export const SPELLS: SpellDef[] = [
  { id: 'S01', zh: '聚灵诀', key: 'gather_spirit', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S02', zh: '符水', key: 'talisman_water', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S03', zh: '卜卦', key: 'divination', cost: 1, copies: 2, weight: 1, window: null },
  { id: 'S04', zh: '敕令符', key: 'decree_talisman', cost: 0, copies: 2, weight: 2, window: null },
  { id: 'S05', zh: '观星术', key: 'star_gazing', cost: 1, copies: 2, weight: 1, window: 'before' },
  { id: 'S06', zh: '护身咒', key: 'warding_charm', cost: 2, copies: 2, weight: 1, window: 'before' },
  { id: 'S07', zh: '移魂术', key: 'soul_transfer', cost: 2, copies: 1, weight: 1, window: null },
  { id: 'S08', zh: '天眼通', key: 'heavenly_eye', cost: 3, copies: 1, weight: 1, window: null },
  { id: 'S09', zh: '借法', key: 'borrow_power', cost: 1, copies: 2, weight: 1, window: null },
  { id: 'S10', zh: '回灵', key: 'recall', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S11', zh: '破煞符', key: 'breaking_talisman', cost: 1, copies: 2, weight: 1, window: 'after' },
  { id: 'S12', zh: '探魂', key: 'soul_probe', cost: 1, copies: 2, weight: 1, window: null },
  { id: 'S13', zh: '明察令', key: 'insight_decree', cost: 1, copies: 1, weight: 1, window: null },
  { id: 'S14', zh: '打坐', key: 'meditation', cost: 0, copies: 1, weight: 1, window: null },
  { id: 'S15', zh: '双修', key: 'dual_cultivation', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S16', zh: '散功', key: 'disperse_power', cost: 1, copies: 1, weight: 1, window: null },
  { id: 'S17', zh: '清心咒', key: 'clear_mind', cost: 1, copies: 1, weight: 1, window: null },
  { id: 'S18', zh: '定身符', key: 'binding_talisman', cost: 1, copies: 2, weight: 1, window: 'after' },
  { id: 'S19', zh: '斩鬼符', key: 'ghost_slaying_talisman', cost: 2, copies: 2, weight: 1, window: null },
];

// prettier-ignore
export const ARTIFACTS: ArtifactDef[] = [
  { id: 'A01', zh: '桃木剑', key: 'peachwood_sword' },
  { id: 'A02', zh: '铜钱剑', key: 'coin_sword' },
  { id: 'A03', zh: '罗盘', key: 'luopan' },
  { id: 'A04', zh: '拂尘', key: 'horsetail_whisk' },
  { id: 'A05', zh: '符笔', key: 'talisman_brush' },
  { id: 'A06', zh: '铜铃', key: 'bronze_bell' },
  { id: 'A07', zh: '七星灯', key: 'seven_star_lamp' },
  { id: 'A08', zh: '八卦镜', key: 'bagua_mirror' },
  { id: 'A09', zh: '招魂幡', key: 'soul_banner' },
  { id: 'A10', zh: '照妖镜', key: 'demon_mirror' },
];

// prettier-ignore
export const KINGS: KingDef[] = [
  { id: 'K01', zh: '血煞鬼王', key: 'blood_fiend_king' },
  { id: 'K02', zh: '万鬼朝宗', key: 'myriad_homage_king' },
  { id: 'K03', zh: '摄魂鬼王', key: 'soul_reaper_king' },
  { id: 'K04', zh: '噬心鬼王', key: 'heart_devourer_king' },
  { id: 'K05', zh: '吞天鬼王', key: 'sky_swallower_king' },
  { id: 'K06', zh: '夺舍鬼王', key: 'body_thief_king' },
];

/** Identity cards per player count (cards.md §8; the single heretic of 5p/7p is 邪道(王), R19). */
export const IDENTITIES: Record<number, Partial<Record<Identity, number>>> = {
  4: { taiping_red: 2, tianshi_blue: 2 },
  5: { taiping_red: 2, tianshi_blue: 2, heretic_king: 1 },
  6: { taiping_red: 3, tianshi_blue: 3 },
  7: { taiping_red: 3, tianshi_blue: 3, heretic_king: 1 },
  8: { taiping_red: 3, tianshi_blue: 3, heretic_king: 1, heretic_follower: 1 },
};

/** Numbers of the seed and of cards.md, by player count where they vary. */
export const RULES = {
  startHand: 4,
  startSpirit: 1,
  handLimit: 5,
  minHandLimit: 2,
  buyCost: 2,
  challengeCatch: 3,
  hostMaxCardsForChallenge: 5,
  gkKillBonus: 5,
  gkEmergeTableImps: 7,
  gkEmergePlayerImps: 3,
  endThreshold: { 4: 4, 5: 4, 6: 3, 7: 3, 8: 3 } as Record<number, number>,
  hereticPerImp: { 5: 2, 7: 3, 8: 2 } as Record<number, number>,
  gkRefill: { 4: 7, 5: 7, 6: 7, 7: 10, 8: 10 } as Record<number, number>,
};

export const IMP = Object.fromEntries(IMPS.map((c) => [c.id, c])) as Record<string, ImpDef>;
export const EVENT = Object.fromEntries(EVENTS.map((c) => [c.id, c])) as Record<string, EventDef>;
export const SPELL = Object.fromEntries(SPELLS.map((c) => [c.id, c])) as Record<string, SpellDef>;
export const ARTIFACT = Object.fromEntries(ARTIFACTS.map((c) => [c.id, c])) as Record<string, ArtifactDef>;
export const KING = Object.fromEntries(KINGS.map((c) => [c.id, c])) as Record<string, KingDef>;

/** The 84 hand-deck instance ids, in catalogue order: S01-R1, S01-R2, S01-B1, … A10-B1. */
export const HAND_DECK: string[] = [...SPELLS.map((s) => [s.id, s.copies] as const), ...ARTIFACTS.map((a) => [a.id, 1] as const)].flatMap(([id, n]) =>
  (['R', 'B'] as const).flatMap((c) => Array.from({ length: n }, (_, i) => `${id}-${c}${i + 1}`)),
);

/** Type id of a hand-card instance: 'S04-B2' → 'S04'. */
export const typeOf = (card: string): string => card.slice(0, 3);
export const colourOf = (card: string): Colour => (card[4] === 'R' ? 'red' : 'blue');
export const isSpell = (card: string): boolean => card[0] === 'S';
export const isArtifact = (card: string): boolean => card[0] === 'A';
/** Vote weight of a hand card (敕令符 S04 counts 2, cards.md §2.10). */
export const weightOf = (card: string): number => SPELL[typeOf(card)]?.weight ?? 1;
export const isImp = (ghost: string): boolean => ghost[0] === 'I';

/** The ghost deck for P players, unshuffled (cards.md §9). */
export const ghostDeckFor = (p: number): string[] => [...IMPS.filter((c) => c.minP <= p).map((c) => c.id), ...EVENTS.filter((c) => c.minP <= p).map((c) => c.id)];

export const identityColour = (id: Identity): Colour | null => (id === 'taiping_red' ? 'red' : id === 'tianshi_blue' ? 'blue' : null);
export type Team = 'red' | 'blue' | 'heretic';
export const teamOf = (id: Identity): Team => (id === 'taiping_red' ? 'red' : id === 'tianshi_blue' ? 'blue' : 'heretic');
