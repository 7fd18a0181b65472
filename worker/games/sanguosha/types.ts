import type { Ctx, Effect, Frame, GameState, Json, Skill } from '../../engine';
import type { Slot } from './kinds';

export type Role = 'lord' | 'loyalist' | 'rebel' | 'traitor';

export interface Player {
  seat: number;
  role: Role;
  /** Identity shown to everyone (the lord from the start; others when they die). */
  revealed: boolean;
  hp: number;
  maxHp: number;
  alive: boolean;
  /** null in the skill-less game: gender matters only to 雌雄双股剑. */
  gender: 'male' | 'female' | null;
  hand: number[];
  equip: Record<Slot, number | null>;
  /** Delayed tricks in the order they were placed (the last is judged first). */
  judge: number[];
  chained: boolean;
  /** The general's own skills (ids in GameDef.skills); empty for the skill-less generals of this issue. */
  skills: string[];
}

export interface G {
  deckKind: 'full' | 'standard';
  /** Draw pile; index 0 is the top. */
  draw: number[];
  discard: number[];
  /** Cards being used, judged or revealed (五谷丰登) right now. */
  table: number[];
  /** Revealed by 五谷丰登 and still to be taken. */
  grace: number[];
  players: Player[];
  current: number;
  phase: 'start' | 'judge' | 'draw' | 'play' | 'discard' | 'end' | 'none';
  round: number;
  slashes: number;
  wineUsed: boolean;
  drunk: boolean;
  skipDraw: boolean;
  skipPlay: boolean;
  /** Bots' memory of who acted against the lord's side (+) or the rebels' side (−); public behaviour only. */
  stance: number[];
}

export type S = GameState<G>;
export type C = Ctx<G>;
export type Ev = Record<string, Json>;

/**
 * A skill of this game (equipment now, generals later): the engine's triggered effects plus static modifiers
 * and the answer to its own confirmation prompt.
 */
export interface SgsSkill extends Skill<G> {
  effects: Effect<G>[];
  /** Weapon: attack range. */
  range?: number;
  /** +1 horse: others' distance to the owner grows by this. */
  distanceTo?: number;
  /** −1 horse: the owner's distance to others shrinks by this. */
  distanceFrom?: number;
  /** 诸葛连弩: no limit on 杀 in the play phase. */
  unlimitedSlash?: boolean;
  /** 方天画戟: extra 杀 targets when the 杀 is the last hand card. */
  extraSlashTargets?: (g: G, seat: number, cards: number[]) => number;
  /** 丈八蛇矛: two hand cards may be used or played as a 杀. */
  twoAsSlash?: boolean;
  /** The owner answered "use" to this skill's `confirm` prompt. */
  resolve?: (ctx: C, seat: number, ev: Ev, picked: number[], f: Frame) => void;
  /** The owner answered "pass" to its `confirm` prompt. */
  decline?: (ctx: C, seat: number, ev: Ev, f: Frame) => void;
  /** Equipment leaving the area (白银狮子); called before the generic `equipLost` timing. */
  onLose?: (ctx: C, seat: number) => void;
  /** Frames this skill runs (merged into the GameDef's frames). */
  frames?: Record<string, import('../../engine').FrameDef<G>>;
}
