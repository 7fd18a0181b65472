/**
 * The card catalogue of 驱鬼 (rules/ghost/cards.md), one line per card type, ids those of cards.md (`ids.ts`).
 * Data only: names and texts live in the strings (`i18n/cards.ts`), each spell's rule in `spells/<id>.ts`. The
 * rules never import these lists: `index.ts` passes them in the GameDef (`catalogue.ts`), so a test or a
 * variant builds a game with other cards. The client reads them to draw the cards.
 */
import { byId, typeOf, type Colour } from './ids';
import { ghostDeckOf, handDeckOf, type Cards } from './catalogue';

export type Possession =
  | 'CURRENT'
  | 'NEXT'
  | 'PREV'
  | 'OPPOSITE'
  | 'MOST_HAND'
  | 'FEWEST_HAND'
  | 'MOST_SPIRIT'
  | 'FEWEST_SPIRIT'
  | 'MOST_IMPS'
  | 'FEWEST_IMPS'
  | 'MOST_POINTS'
  | 'FEWEST_POINTS'
  | 'LAST_HOST'
  | 'HAS_ARTIFACT'
  | 'NO_ARTIFACT'
  | 'FIRST_UNPOSSESSED';
export type ImpEffect =
  | 'HAND_LIMIT_MINUS_1'
  | 'PERK_HAND_LIMIT_PLUS_1'
  | 'NO_VOTE_ON_THIS'
  | 'NO_HOST_ON_THIS'
  | 'NO_CHALLENGE'
  | 'VOTE_CAP_3'
  | 'NO_EQUIP'
  | 'ARTIFACT_SUPPRESSED'
  | 'BUY_COST_PLUS_1'
  | 'NO_BUY'
  | 'SPELL_COST_PLUS_1'
  | 'ONE_SPELL_PER_TURN'
  | 'VOTES_FACE_UP'
  | 'LOSE_SPIRIT_TURN_START'
  | 'NO_DRAW_PHASE_SPIRIT'
  | 'DRAW_MINUS_1'
  | 'PERK_EXTRA_SPIRIT'
  | 'END_TURN_DISCARD'
  | 'GAMBLE'
  | 'REVEAL_CARD_DAY'
  | 'NONE';

/** `any`: total weighted cards ≥ n, no cancellation, no challenge (cards.md §2.11). */
export interface ImpDef {
  id: string;
  colour: Colour;
  possession: Possession;
  dispel: { colour: Colour | 'any'; n: number };
  reward: { spirit: number; draw: number };
  effect: ImpEffect;
  minP: number;
}
export interface EventDef {
  id: string;
  minP: number;
}
type Window = 'before' | 'after';
/** `copies` per colour; `weight` is the vote weight (敕令符 counts 2); `window` marks ⚡ reaction spells. */
export interface SpellDef {
  id: string;
  cost: number;
  copies: number;
  weight: number;
  window: Window | null;
}
export interface ArtifactDef {
  id: string;
}
export interface KingDef {
  id: string;
}

// biome-ignore format: one row per line
export const IMPS: ImpDef[] = [
  { id: 'I01', colour: 'red', possession: 'FEWEST_HAND', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'HAND_LIMIT_MINUS_1', minP: 4 },
  { id: 'I02', colour: 'red', possession: 'FEWEST_POINTS', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_VOTE_ON_THIS', minP: 4 },
  { id: 'I03', colour: 'red', possession: 'LAST_HOST', dispel: { colour: 'red', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'NO_HOST_ON_THIS', minP: 4 },
  { id: 'I04', colour: 'red', possession: 'FEWEST_SPIRIT', dispel: { colour: 'red', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'PERK_HAND_LIMIT_PLUS_1', minP: 4 },
  { id: 'I05', colour: 'red', possession: 'NEXT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_CHALLENGE', minP: 4 },
  { id: 'I06', colour: 'red', possession: 'OPPOSITE', dispel: { colour: 'blue', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'VOTE_CAP_3', minP: 4 },
  { id: 'I07', colour: 'red', possession: 'NO_ARTIFACT', dispel: { colour: 'any', n: 3 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_EQUIP', minP: 4 },
  { id: 'I08', colour: 'blue', possession: 'CURRENT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'HAND_LIMIT_MINUS_1', minP: 4 },
  { id: 'I09', colour: 'blue', possession: 'HAS_ARTIFACT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'ARTIFACT_SUPPRESSED', minP: 4 },
  { id: 'I10', colour: 'blue', possession: 'MOST_SPIRIT', dispel: { colour: 'blue', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'BUY_COST_PLUS_1', minP: 4 },
  { id: 'I11', colour: 'blue', possession: 'MOST_POINTS', dispel: { colour: 'blue', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'VOTES_FACE_UP', minP: 4 },
  { id: 'I12', colour: 'blue', possession: 'PREV', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'LOSE_SPIRIT_TURN_START', minP: 4 },
  { id: 'I13', colour: 'blue', possession: 'MOST_HAND', dispel: { colour: 'red', n: 3 }, reward: { spirit: 0, draw: 1 }, effect: 'GAMBLE', minP: 4 },
  { id: 'I14', colour: 'blue', possession: 'FEWEST_SPIRIT', dispel: { colour: 'any', n: 3 }, reward: { spirit: 1, draw: 0 }, effect: 'NONE', minP: 4 },
  { id: 'I15', colour: 'red', possession: 'PREV', dispel: { colour: 'any', n: 4 }, reward: { spirit: 0, draw: 1 }, effect: 'NO_DRAW_PHASE_SPIRIT', minP: 5 },
  { id: 'I16', colour: 'blue', possession: 'NEXT', dispel: { colour: 'any', n: 4 }, reward: { spirit: 0, draw: 1 }, effect: 'DRAW_MINUS_1', minP: 5 },
  { id: 'I17', colour: 'red', possession: 'CURRENT', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'END_TURN_DISCARD', minP: 6 },
  { id: 'I18', colour: 'blue', possession: 'FIRST_UNPOSSESSED', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'NO_BUY', minP: 6 },
  { id: 'I19', colour: 'red', possession: 'MOST_IMPS', dispel: { colour: 'red', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'SPELL_COST_PLUS_1', minP: 7 },
  { id: 'I20', colour: 'blue', possession: 'MOST_IMPS', dispel: { colour: 'blue', n: 2 }, reward: { spirit: 1, draw: 0 }, effect: 'ONE_SPELL_PER_TURN', minP: 7 },
  { id: 'I21', colour: 'red', possession: 'MOST_SPIRIT', dispel: { colour: 'red', n: 4 }, reward: { spirit: 1, draw: 1 }, effect: 'PERK_EXTRA_SPIRIT', minP: 8 },
  { id: 'I22', colour: 'red', possession: 'FEWEST_IMPS', dispel: { colour: 'any', n: 5 }, reward: { spirit: 1, draw: 1 }, effect: 'NONE', minP: 8 },
  { id: 'I23', colour: 'blue', possession: 'OPPOSITE', dispel: { colour: 'blue', n: 4 }, reward: { spirit: 1, draw: 1 }, effect: 'REVEAL_CARD_DAY', minP: 8 },
  { id: 'I24', colour: 'blue', possession: 'LAST_HOST', dispel: { colour: 'any', n: 5 }, reward: { spirit: 1, draw: 1 }, effect: 'NO_EQUIP', minP: 8 },
];

// biome-ignore format: one row per line
export const EVENTS: EventDef[] = [
  { id: 'E01', minP: 4 },
  { id: 'E02', minP: 4 },
  { id: 'E03', minP: 4 },
  { id: 'E04', minP: 4 },
  { id: 'E05', minP: 5 },
  { id: 'E06', minP: 6 },
  { id: 'E07', minP: 7 },
  { id: 'E08', minP: 8 },
];

// biome-ignore format: one row per line
export const SPELLS: SpellDef[] = [
  { id: 'S01', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S02', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S03', cost: 1, copies: 2, weight: 1, window: null },
  { id: 'S04', cost: 0, copies: 2, weight: 2, window: null },
  { id: 'S05', cost: 1, copies: 2, weight: 1, window: 'before' },
  { id: 'S06', cost: 2, copies: 2, weight: 1, window: 'before' },
  { id: 'S07', cost: 2, copies: 1, weight: 1, window: null },
  { id: 'S08', cost: 3, copies: 1, weight: 1, window: null },
  { id: 'S09', cost: 1, copies: 2, weight: 1, window: null },
  { id: 'S10', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S11', cost: 1, copies: 2, weight: 1, window: 'after' },
  { id: 'S12', cost: 1, copies: 2, weight: 1, window: null },
  { id: 'S13', cost: 1, copies: 1, weight: 1, window: null },
  { id: 'S14', cost: 0, copies: 1, weight: 1, window: null },
  { id: 'S15', cost: 0, copies: 2, weight: 1, window: null },
  { id: 'S16', cost: 1, copies: 1, weight: 1, window: null },
  { id: 'S17', cost: 1, copies: 1, weight: 1, window: null },
  { id: 'S18', cost: 1, copies: 2, weight: 1, window: 'after' },
  { id: 'S19', cost: 2, copies: 2, weight: 1, window: null },
];

// biome-ignore format: one row per line
export const ARTIFACTS: ArtifactDef[] = [
  { id: 'A01' },
  { id: 'A02' },
  { id: 'A03' },
  { id: 'A04' },
  { id: 'A05' },
  { id: 'A06' },
  { id: 'A07' },
  { id: 'A08' },
  { id: 'A09' },
  { id: 'A10' },
];

// biome-ignore format: one row per line
export const KINGS: KingDef[] = [
  { id: 'K01' },
  { id: 'K02' },
  { id: 'K03' },
  { id: 'K04' },
  { id: 'K05' },
  { id: 'K06' },
];

/** The real deck. */
export const CARDS: Cards = { imps: IMPS, events: EVENTS, spells: SPELLS, artifacts: ARTIFACTS, kings: KINGS };

// The real deck by id, for the client (the rules read the catalogue they were given).
export const IMP = byId(IMPS);
export const EVENT = byId(EVENTS);
export const SPELL = byId(SPELLS);
export const ARTIFACT = byId(ARTIFACTS);
export const KING = byId(KINGS);

/** The 84 hand-deck cards and the ghost deck of the real deck, for the client's rules page. */
export const HAND_DECK = handDeckOf(CARDS);
export const ghostDeckFor = (p: number): string[] => ghostDeckOf(CARDS, p);
export const weightOf = (card: string): number => SPELL[typeOf(card)]?.weight ?? 1;
