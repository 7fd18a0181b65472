import type {
  Answer,
  Ctx,
  Effect,
  Frame,
  FrameDef,
  GameDef,
  GameState,
  Json,
  Msg,
  Option,
  Prompt,
  Rng,
  Skill,
} from '../../engine';
import type { CardRow, Suit } from './deck';
import type { General } from './generals';
import type { Kind, Slot } from './kinds';

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
  /**
   * The zones, skill list and marks below are replaced by new ones when they change, never changed in place (core's
   * card moves, `setMark`): the answer draft shares them with the state before.
   */
  hand: number[];
  equip: Record<Slot, number | null>;
  /** Delayed tricks in the order they were placed (the last is judged first). */
  judge: number[];
  chained: boolean;
  /** The general's own skills (ids in GameDef.skills); empty for a skill-less general. */
  skills: string[];
  /** General id (generals.ts); null before the reveal and in the no-generals game. */
  general: string | null;
  kingdom: Kingdom | null;
  /** Public counters of skills (若愚's awakening, …): mark id → count. */
  marks: Record<string, number>;
  /** 翻面 (放逐): the next turn is skipped and the card turns back. */
  turnedOver: boolean;
}

export type Kingdom = 'wei' | 'shu' | 'wu' | 'qun';

/** General selection (S3): what each seat was offered and picked; nobody sees another's before the reveal. */
export interface Selection {
  offers: string[][];
  picks: (string | null)[];
  /** The lord's pick is public at once; the others' at the reveal. */
  revealed: boolean;
}

export interface G {
  deckKind: 'full' | 'standard';
  /**
   * The four piles are replaced by new lists when they change, never changed in place (core's `takeOut`, `move`,
   * `takeTop`): the answer draft shares them with the state before.
   *
   * Draw pile; index 0 is the top.
   */
  draw: number[];
  discard: number[];
  /** Cards being used, judged or revealed (五谷丰登) right now. */
  table: number[];
  /** Revealed by 五谷丰登 and still to be taken. */
  grace: number[];
  players: Player[];
  current: number;
  phase: 'select' | 'start' | 'judge' | 'draw' | 'play' | 'discard' | 'end' | 'none';
  round: number;
  slashes: number;
  wineUsed: boolean;
  drunk: boolean;
  skipDraw: boolean;
  skipPlay: boolean;
  /** What a card in a judgement area counts as when not its own name (国色): card id → card key. */
  asName: Record<string, string>;
  /** Uses of once-per-phase skills this play phase: `${seat}:${skill}` → count (reset when a play phase begins). */
  used: Record<string, number>;
  /** Extra turns to take before the normal next seat (放权), in order. */
  extraTurns: number[];
  /** Present while generals are being chosen, and kept after (who was offered what is public at the end). */
  selection: Selection | null;
  /** Bots' memory of who acted against the lord's side (+) or the rebels' side (−); public behaviour only. */
  stance: number[];
  /**
   * Public acts between seats, for bots' beliefs: `acts[a][t]` counts what `a` did to `t` in the open, hostile
   * (damage, a harmful card aimed at it) up, helpful (a 桃 that saved it) down. Absent in games begun before it.
   */
  acts?: number[][];
}

export type S = GameState<G>;
export type C = Ctx<G>;

/**
 * 三国杀 as a GameDef with its catalogue: the physical deck, what each card key is, the basic cards and tricks,
 * the skills (equipment's and generals'), the generals. Built by `makeSanguosha` (index.ts); rules reach it through
 * their ctx (`sgs(ctx)` in core.ts), never by importing a catalogue module.
 */
export interface SgsDef extends GameDef<G> {
  deck: readonly CardRow[];
  kinds: Record<string, Kind>;
  cards: Record<string, CardDef>;
  skills: Record<string, SgsSkill>;
  generals: readonly General[];
  /** The deck by card id, and the generals by id (derived). */
  card: Record<number, CardInfo>;
  general: Record<string, General>;
}

/** A physical card's facts. */
export interface CardInfo {
  id: number;
  key: string;
  suit: Suit;
  rank: number;
  kind: Kind;
}

/**
 * What catalogue-reading helpers need: the game data and the game it is played with. A rule's ctx is one; a view
 * or a bot passes `{ g: s.g, def }`.
 */
export interface K {
  readonly g: G;
  readonly def: GameDef<G>;
}
/**
 * `K` with a state: a rule's ctx, or a bot's seat (its `s` and `g` rebuilt from its seat's view by bot/seat.ts:
 * other hands and the draw pile are placeholders, unrevealed identities null).
 */
export interface KS extends K {
  readonly s: S;
}

/** The two bot levels a host may pick (option `botLevel`): the first bot, and the one that plays its side. */
export type BotLevel = 'easy' | 'good';
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'good'];

/** A bot's answer with how much it wants it (40 ≈ a good 杀, 55 ≈ 无中生有; the best-scored option is played). */
export type Scored = { score: number; answer: Answer } | null;

/**
 * What a bot knows as it decides: its seat's game rebuilt from its view (`k`), its prompt, its level and its
 * beliefs about the others. Card and equipment files weigh their own options with it.
 */
export interface BotSeat {
  readonly k: KS;
  readonly p: Prompt;
  readonly me: number;
  readonly level: BotLevel;
  readonly rng: Rng;
  /** +1 a friend, −1 an enemy, 0 unknown, from this level's beliefs (public acts only). */
  att(t: number): number;
  /** The enemies among `from`, the one to hit first first. */
  foes(from: readonly number[]): number[];
  /** Does it save `t` from dying with a 桃 (its friends; the renegade the lord while others live)? */
  saves(t: number): boolean;
  /** How likely `t`'s armour stops a 杀 made of `cards` (its armour's `equip.guard`; 0 without one). */
  guard(t: number, cards: number[]): number;
  /** Living others this bot counts as enemies and as friends. */
  readonly nFoes: number;
  readonly nFriends: number;
  /** The least valuable `n` of `ids` (ties by id). */
  cheapest(ids: readonly (number | string)[], n: number): string[];
  /** The answer `option` with these cards. */
  withCards(option: string, cards: string[]): Answer;
  readonly pass: Answer | null;
}

/** A card's own bot part: its play-phase use, and its answers to the prompts the card itself asks. */
export interface CardBot {
  /** The option `o` that plays this card (its answer `a` already names the cards): a score and answer, or null. */
  play?(b: BotSeat, o: Option, a: Answer): Scored;
  /** Prompt message keys (`sgs.ask.duel` …) this card answers with `answer`. */
  asks?: readonly string[];
  answer?(b: BotSeat): Answer | null;
}
export type Ev = Record<string, Json>;

/** How a card is being asked for: used in the play phase, used as an answer (闪 to a 杀, 桃 when dying, 无懈可击), played (打出: 决斗, 南蛮). */
export type How = 'play' | 'use' | 'respond';

/**
 * A view-as (转化) rule of a skill: which of its owner's cards may stand for the card `as`. The one offer layer
 * (offers.ts) asks every skill of a seat for these wherever a card is asked for.
 */
export interface ViewAs {
  /** The virtual card's name (a KINDS key). */
  as: string;
  /** How many physical cards make one virtual card (武圣 1, 丈八蛇矛 and 乱击 2). */
  n: number;
  /** 'h': hand cards only; 'he': hand and equipment. */
  zones: 'h' | 'he';
  /** May this card be one of them? */
  card(k: K, seat: number, id: number): boolean;
  /** For n > 1: do these cards together qualify (乱击: same suit)? */
  group?(k: K, seat: number, ids: number[]): boolean;
  /** When the rule applies at all (急救: outside your turn); default always. */
  when?(k: K, seat: number, how: How): boolean;
  /** The bot's use of this rule's play-phase option (as `Active.bot`); without it the bot only plays view-as 杀. */
  bot?(k: KS, seat: number, o: Option, promptId: string): { score: number; answer: Answer } | null;
}

/** A skill's option in its owner's play phase (制衡, 仁德, 苦肉 …): option id `skill:<id>`. */
export interface Active {
  /** Uses per play phase (counted in `g.used`); omitted = unlimited. */
  perPhase?: number;
  /**
   * 黄天: the option is offered to other seats (those for which this says yes) in their play phase, not to the owner.
   * `option` and `use` then get the user's seat; `perPhase` counts the user's uses.
   */
  lentTo?(k: K, owner: number, seat: number): boolean;
  /** The bot's use of this option: a score (40 ≈ a good 杀, 55 ≈ 无中生有; the best-scored option is played) and the answer, or null to leave it. */
  bot?(k: KS, seat: number, o: Option, promptId: string): { score: number; answer: Answer } | null;
  /** The option (cards/seats it may pick), or null when it cannot be used now. `message` defaults to `sgs.opt.skill {skill}`. */
  option(k: K, seat: number): (Omit<Option, 'id' | 'message'> & { message?: Msg }) | null;
  /** Check the picks (return a reason to reject) and act: log, move cards, push frames. */
  use(ctx: C, seat: number, cards: number[], targets: number[]): string | void;
}

/**
 * A skill of this game (equipment's and generals'): the engine's triggered effects plus static modifiers the core
 * asks at one place each (FreeKill's skill kinds), view-as rules, a play-phase option, and the answer to its own
 * confirmation prompt.
 */
export interface SgsSkill extends Skill<G> {
  effects: Effect<G>[];
  /** 主公技: active only while its owner is the lord. */
  lord?: boolean;
  /** 锁定技 (display only: compulsory effects are simply not `optional`). */
  locked?: boolean;
  /** Weapon: attack range. */
  range?: number;
  /** +1 horse: others' distance to the owner grows by this. */
  distanceTo?: number;
  /** −1 horse, 马术: the owner's distance to others shrinks by this. */
  distanceFrom?: number;
  /** 诸葛连弩, 咆哮: no limit on 杀 in the play phase. */
  unlimitedSlash?: boolean;
  /** 方天画戟: extra 杀 targets when the 杀 is the last hand card. */
  extraSlashTargets?: (k: K, seat: number, cards: number[]) => number;
  /** View-as rules (武圣, 龙胆, 丈八蛇矛 …). */
  viewAs?: ViewAs[];
  /** 空城, 谦逊: `user` may not choose the owner as a target of `name` (the reason shown is `sgs.skill.<id>`). */
  prohibit?: (k: K, owner: number, user: number, name: string) => boolean;
  /** 奇才: tricks the owner uses have no distance limit. */
  trickNoDistance?: boolean;
  /** 血裔: change to the owner's hand limit. */
  handLimit?: (k: K, owner: number) => number;
  /** 无双: how many 闪 (what 'jink') or 决斗 杀 (what 'duel') `opponent` must give against the owner; the largest wins. */
  needs?: (k: K, owner: number, opponent: number, what: 'jink' | 'duel') => number;
  /** A play-phase option. */
  active?: Active;
  /** The owner answered "use" to this skill's `confirm` prompt. */
  resolve?: (ctx: C, seat: number, ev: Ev, picked: number[], f: Frame) => string | void;
  /** The owner answered "pass" to its `confirm` prompt. */
  decline?: (ctx: C, seat: number, ev: Ev, f: Frame) => void;
  /** The bot's answer to prompts this skill asks (message key `sgs.ask.<id>…`); null falls back to the generic bot. */
  bot?: (k: KS, p: Prompt, rng: Rng) => Answer | null;
  /**
   * Equipment: the card's bot part — its keep value (low = discarded first; default 3) and when to put it on
   * (default: into an empty slot, 50).
   */
  equip?: {
    value: number;
    play?(b: BotSeat, o: Option, a: Answer): Scored;
    /** Armour: how likely (0–1) it stops the 杀 made of `cards` aimed at its owner (the good bot aims elsewhere). */
    guard?(k: K, cards: number[]): number;
  };
  /** Equipment leaving the area (白银狮子); called before the `cardsLost` timing. */
  onLose?: (ctx: C, seat: number) => void;
  /** Frames this skill runs (merged into the GameDef's frames). */
  frames?: Record<string, FrameDef<G>>;
}

/** Targets a card lets its user pick: how many, and why a seat cannot be one (null = it can). */
export interface TargetRule {
  min: number;
  max: number | ((k: K, user: number, cards: number[]) => number);
  /** The user may pick itself (铁索连环, 火攻). */
  self?: boolean;
  why(k: K, user: number, t: number, cards: number[]): Msg | null;
}

/** What the play phase may do with a card: targets to pick from, min/max, and the blocked seats with reasons. */
export interface TargetSpec {
  from?: number[];
  min?: number;
  max?: number;
  blocked?: { seat: number; why: Msg }[];
}

/**
 * A basic card or trick as data plus small functions (cards/<key>.ts), looked up by the flow and the bot. Equipment
 * lives in equips/ as skills.
 */
export interface CardDef {
  key: string;
  /** Hurts its targets (bots' stance memory, 无懈可击 decisions). */
  harmful: boolean;
  /** Keep value for bots (low = discarded first). */
  value: number;
  /** How a bot plays it and answers the prompts it asks. */
  bot?: CardBot;
  /** May it be used in the play phase at all now (酒 once a turn, 桃 only when wounded)? Default: yes. */
  usable?(k: K, seat: number, cards: number[]): boolean;
  /** Targets the user picks; without it the card aims at `auto` (default its user). */
  pick?: TargetRule;
  auto?: 'self' | 'others' | 'all';
  /** A whole target spec of its own (借刀杀人 picks two seats in order). */
  spec?(k: K, seat: number, cards: number[]): TargetSpec | null;
  /** Basic cards: the whole effect once (桃, 酒), on the `use` frame. */
  resolve?(ctx: C, f: Frame): void;
  /** Tricks: before the per-target effects (五谷丰登 reveals); return false if the game ended meanwhile. */
  prepare?(ctx: C, f: Frame): boolean;
  /** Tricks: the effect on one target, on the `trickOn` frame (push frames, change state). */
  effect?(ctx: C, f: Frame): void;
  /** Frames the card runs (merged into the GameDef's frames). */
  frames?: Record<string, FrameDef<G>>;
}
