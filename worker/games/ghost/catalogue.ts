/**
 * The catalogue a 驱鬼 game plays with, passed in its GameDef (`GhostDef.cat`) and read by the rules through
 * `catOf(ctx)` (frames, spells) or as an argument (views, the bot): the card lists (data, `cards.ts` for the real
 * deck) and the rule of each spell, event and ghost-king card by id. Rule modules import only types from the
 * catalogue files; `index.ts` assembles the real one, a test assembles its own (`makeGhost`).
 */
import type { FrameDef, GameDef } from '../../engine/game';
import type { Answer, Option } from '../../engine/types';
import type { BotSeat } from './bot/seat';
import type { ArtifactDef, EventDef, ImpDef, KingDef, SpellDef } from './cards';
import { byId, typeOf } from './ids';
import type { C, G } from './state';

export interface Cards {
  imps: ImpDef[];
  events: EventDef[];
  spells: SpellDef[];
  artifacts: ArtifactDef[];
  kings: KingDef[];
}

/** What playing a spell picks (becomes the option's `cards` / `seats` spec). */
export interface Pick {
  cards?: { from: string[]; min: number; max: number };
  seats?: { from: number[]; min: number; max: number };
}

/**
 * A spell's rule (cards.md §5), one file per spell (`spells/<id>.ts`): `pick` says what the play chooses, or null
 * when the spell has nothing to act on now; `check` rejects a pick the spec cannot express; `play` resolves it.
 */
export interface SpellRule {
  /** The id of its card line (`SpellDef.id`); its name and text are the strings `ghost.card.<id>`, `ghost.text.<id>`. */
  id: string;
  /** Spirit it costs now, when that is not its card's `cost` (斩鬼符). */
  cost?(g: G): number;
  pick(cat: Catalogue, g: G, s: number, card: string): Pick | null;
  check?(g: G, s: number, a: Answer): string | void;
  play(ctx: C, s: number, a: Answer, card: string): void;
  /** Frames the spell pushes (观星术's arranging), by their `t`. */
  frames?: Record<string, FrameDef<G>>;
  /** How a bot holds and plays it (bot.ts); without one a bot never plays it and holds it like a plain card. */
  bot?: SpellBot;
}

/**
 * A spell's bot part, beside its rule (DESIGN §6b). It decides from the bot's seat (`BotSeat`: the seat's view,
 * never the state) and must be pure: no state, no clock, randomness only from `b.rng`.
 */
export interface SpellBot {
  /** Worth of keeping the card in hand, about 0–3 (a discard drops the least worth first; its vote weight is added). */
  keep: number;
  /** Playing order among the spells a bot may play now: higher first (default 0). */
  rank?: number;
  /** Play it now, through option `o` (`play:<card>`)? The picks (`seats`, `cards`; `{}` for none), or null to hold it. */
  use?(b: BotSeat, o: Option): Partial<Answer> | null;
}

/** An event card resolves at once, with no player decisions (cards.md §4). */
export type EventRule = (ctx: C) => void;
/** A ghost-king card's additional victory condition (cards.md §7). */
export type KingRule = (g: G) => boolean;

export interface Catalogue {
  cards: Cards;
  imp: Record<string, ImpDef>;
  event: Record<string, EventDef>;
  spell: Record<string, SpellDef>;
  artifact: Record<string, ArtifactDef>;
  king: Record<string, KingDef>;
  spellRule: Record<string, SpellRule>;
  eventRule: Record<string, EventRule>;
  kingRule: Record<string, KingRule>;
  /** The hand-deck instance ids, in catalogue order: S01-R1, S01-R2, S01-B1, … A10-B1 (cards.md §9). */
  handDeck: string[];
}

/** 驱鬼's GameDef with the catalogue it plays with. */
export interface GhostDef extends GameDef<G> {
  cat: Catalogue;
}

export const catOf = (ctx: C): Catalogue => (ctx.def as GhostDef).cat;

/** The hand-deck instances of spells (`copies` per colour) and artifacts (one per colour). */
export const handDeckOf = (cards: Cards): string[] =>
  [...cards.spells.map((s) => [s.id, s.copies] as const), ...cards.artifacts.map((a) => [a.id, 1] as const)].flatMap(
    ([id, n]) => (['R', 'B'] as const).flatMap((c) => Array.from({ length: n }, (_, i) => `${id}-${c}${i + 1}`)),
  );

/** The ghost deck for P players, unshuffled (cards.md §9). */
export const ghostDeckOf = (cards: Cards, p: number): string[] => [
  ...cards.imps.filter((c) => c.minP <= p).map((c) => c.id),
  ...cards.events.filter((c) => c.minP <= p).map((c) => c.id),
];

/** Vote weight of a hand card (敕令符 counts 2, cards.md §2.10). */
export const weightOf = (cat: Catalogue, card: string): number => cat.spell[typeOf(card)]?.weight ?? 1;

/** The catalogue of `cards` with their rules; every spell, event and king card must have its rule. */
export function makeCatalogue(
  cards: Cards,
  rules: { spells: SpellRule[]; events: Record<string, EventRule>; kings: Record<string, KingRule> },
): Catalogue {
  const spellRule = byId(rules.spells);
  const missing = [
    ...cards.spells.filter((c) => !spellRule[c.id]),
    ...cards.events.filter((c) => !rules.events[c.id]),
    ...cards.kings.filter((c) => !rules.kings[c.id]),
  ];
  if (missing.length) throw new Error(`驱鬼: no rule for ${missing.map((c) => c.id).join(', ')}`);
  return {
    cards,
    imp: byId(cards.imps),
    event: byId(cards.events),
    spell: byId(cards.spells),
    artifact: byId(cards.artifacts),
    king: byId(cards.kings),
    spellRule,
    eventRule: rules.events,
    kingRule: rules.kings,
    handDeck: handDeckOf(cards),
  };
}
