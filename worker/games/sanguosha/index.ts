/**
 * 三国杀 identity mode (身份局) as a GameDef: general selection (or skill-less 4-HP generals with "no generals"),
 * every card of the 160-card deck (or the 108-card standard + EX deck), equipment and generals' skills as skills.
 */
import type { FrameDef, Json } from '../../engine';
import { DECK, type CardRow } from './deck';
import { DOUBLE_TRAITOR_COUNTS, KINDS, ROLE_COUNTS, type Kind } from './kinds';
import { GENERALS, type General } from './generals';
import { CARD_DEFS } from './cards';
import { SKILLS } from './skills';
import { seatsFrom, sgs, skillIds } from './core';
import { view } from './view';
import { FLOW_FRAMES } from './flow';
import { dealStart } from './flow/select';
import { strings } from './i18n';
import { stringsOf } from './i18n/rows';
import type { Rows } from './i18n/rows';
import { defaultAnswer, sgsBot } from './bot';
import { orders } from './orders';
import {
  BOT_LEVELS,
  type BotLevel,
  type C,
  type CardDef,
  type CardInfo,
  type G,
  type Player,
  type Role,
  type S,
  type SgsDef,
  type SgsSkill,
} from './types';

export type { G, SgsDef } from './types';

const OPTION_KEYS = ['deck', 'autoPass', 'doubleTraitor', 'noGenerals', 'extraLords', 'botsForAbsent', 'botLevel'];

/**
 * Creation options: deck ('full' 160 | 'standard' 108), autoPass (S8, default on), doubleTraitor (S2), noGenerals
 * (S3: everyone a skill-less 4-HP general, default off), extraLords (S3: 张角, 袁绍, 曹丕, 刘禅 offered to the lord,
 * default on), botLevel ('easy' | 'good', default 'good': how the game's bots play).
 * @example parseOptions({ deck: 'standard' }, 6) // { deck: 'standard', autoPass: true, doubleTraitor: false, noGenerals: false, extraLords: true, botLevel: 'good' }
 */
export function parseOptions(raw: unknown, seats: number): Record<string, Json> | string {
  if (seats < 4 || seats > 10) return 'sanguosha is played by 4 to 10 players';
  const o = (raw ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || Array.isArray(o)) return 'options must be an object';
  for (const k of Object.keys(o))
    if (!OPTION_KEYS.includes(k)) return `unknown option ${k} (known: ${OPTION_KEYS.join(', ')})`;
  const deck = o.deck ?? 'full';
  if (deck !== 'full' && deck !== 'standard') return "deck must be 'full' (160 cards) or 'standard' (108 cards)";
  for (const k of ['autoPass', 'doubleTraitor', 'noGenerals', 'extraLords', 'botsForAbsent'])
    if (o[k] !== undefined && typeof o[k] !== 'boolean') return `${k} must be true or false`;
  const out: Record<string, Json> = {
    deck,
    autoPass: o.autoPass !== false,
    doubleTraitor: o.doubleTraitor === true,
    noGenerals: o.noGenerals === true,
    extraLords: o.extraLords !== false,
  };
  // The level of the game's bots (filled seats, stand-ins), public like every option; "good" unless the host says.
  const level = o.botLevel ?? 'good';
  if (!BOT_LEVELS.includes(level as BotLevel))
    return `botLevel must be one of ${BOT_LEVELS.map((l) => `"${l}"`).join(', ')}`;
  out.botLevel = level as BotLevel;
  // A room-level choice ("bot plays for absent players") that travels with the options; the rules ignore it.
  if (o.botsForAbsent !== undefined) out.botsForAbsent = o.botsForAbsent as boolean;
  return out;
}

/** The card ids of a deck option in a game's deck. */
export const deckIds = (deck: readonly CardRow[], kind: 'full' | 'standard'): number[] =>
  deck.filter((c) => kind === 'full' || c[1] !== 'maneuvering').map((c) => c[0]);

/** Every card id a seat may not see in `s` (other hands, the draw pile); for tests and audits. */
export function hiddenFrom(s: S, seat: number | null): number[] {
  if (s.outcome) return [];
  return [...s.g.draw, ...s.g.players.filter((p) => p.seat !== seat).flatMap((p) => p.hand)];
}

function setup(ctx: C): G {
  const n = ctx.s.seats;
  const o = ctx.s.options;
  const counts = (o.doubleTraitor && DOUBLE_TRAITOR_COUNTS[n]) || ROLE_COUNTS[n]!;
  const roles: Role[] = [];
  (['lord', 'loyalist', 'rebel', 'traitor'] as const).forEach((r, i) => {
    for (let k = 0; k < counts[i]!; k++) roles.push(r);
  });
  ctx.rng.shuffle(roles);
  const deckKind = o.deck === 'standard' ? 'standard' : 'full';
  const draw = ctx.rng.shuffle(deckIds(sgs(ctx).deck, deckKind));
  const lord = roles.indexOf('lord');
  const generals = o.noGenerals !== true;
  const players: Player[] = roles.map((role, seat) => {
    const hp = role === 'lord' && n >= 5 ? 5 : 4;
    return {
      seat,
      role,
      revealed: role === 'lord',
      hp,
      maxHp: hp,
      alive: true,
      gender: null,
      hand: [],
      equip: { weapon: null, armor: null, plus: null, minus: null },
      judge: [],
      chained: false,
      skills: [],
      general: null,
      kingdom: null,
      marks: {},
      turnedOver: false,
    };
  });
  const g: G = {
    deckKind,
    draw,
    discard: [],
    table: [],
    grace: [],
    players,
    current: lord,
    phase: 'none',
    round: 0,
    slashes: 0,
    wineUsed: false,
    drunk: false,
    skipDraw: false,
    skipPlay: false,
    asName: {},
    used: {},
    extraTurns: [],
    selection: generals ? { offers: players.map(() => []), picks: players.map(() => null), revealed: false } : null,
    stance: players.map(() => 0),
  };
  ctx.log('sgs.log.start', { seat: lord, n });
  // The lord is public (the line above): only the others learn their identity in a line of their own.
  for (const p of players.filter((x) => x.role !== 'lord'))
    ctx.log('sgs.log.roleSecret', { seat: p.seat, role: { key: `sgs.role.${p.role}` } }, [p.seat]);
  ctx.push({ t: 'turn', seat: lord, st: 0 });
  // With generals the hands are dealt after the reveal (seed §4 follows §2–3).
  if (generals) ctx.push({ t: 'select', st: 0, pool: [] });
  else dealStart(ctx, lord, g);
  return g;
}

/** What a variant or a test adds to the game: cards (physical rows, kinds, rules), skills, generals, strings. */
export interface SanguoshaParts {
  /** The game id (default 'sanguosha'). */
  id?: string;
  /** Physical cards added to the deck: `[id, pkg, key, suit, rank]`, ids not in the deck. */
  extraDeck?: readonly CardRow[];
  /** What new card keys are (`KINDS`' shape). */
  extraKinds?: Record<string, Kind>;
  /** Basic cards and tricks (cards/<key>.ts' shape). */
  extraCards?: readonly CardDef[];
  extraSkills?: readonly SgsSkill[];
  extraGenerals?: readonly General[];
  /** Strings as rows, key → [zh-CN, zh-TW, en]. */
  strings?: Rows;
}

/**
 * 三国杀 as a GameDef with its catalogue, and whatever `parts` add: the game every table plays is
 * `makeSanguosha()`; a test or a variant builds its own instead of patching a module.
 * @example makeSanguosha({ extraDeck: [[1001, 'ex', 'peach_rain', 'heart', 3]], extraKinds: { peach_rain: { type: 'trick' } }, extraCards: [peachRain], strings: { 'sgs.card.peach_rain': ['桃雨', '桃雨', 'Peach Rain'] } })
 */
export function makeSanguosha(parts: SanguoshaParts = {}): SgsDef {
  const deck = [...DECK, ...(parts.extraDeck ?? [])];
  const kinds = { ...KINDS, ...parts.extraKinds };
  const cardList = [...CARD_DEFS, ...(parts.extraCards ?? [])];
  const skillList = [...SKILLS, ...(parts.extraSkills ?? [])];
  const generals = [...GENERALS, ...(parts.extraGenerals ?? [])];
  const card: Record<number, CardInfo> = {};
  for (const [id, , key, suit, rank] of deck) {
    if (card[id]) throw new Error(`card id ${id} twice in the deck`);
    const kind = kinds[key];
    if (!kind) throw new Error(`card ${id}: no kind for ${key}`);
    card[id] = { id, key, suit, rank, kind };
  }
  const frames: Record<string, FrameDef<G>> = { ...FLOW_FRAMES };
  for (const x of [...cardList, ...skillList]) Object.assign(frames, x.frames);
  const def: SgsDef = {
    id: parts.id ?? 'sanguosha',
    minSeats: 4,
    maxSeats: 10,
    parseOptions,
    setup,
    frames,
    view: (s, seat) => view(def, s, seat),
    /** Ruling S7: while a 无懈可击 window is open everyone alive is "considering", so nobody learns who holds one. */
    waitingOn(s) {
      const open = s.prompts.map((p) => s.stack.find((f) => f.id === p.frame)?.t);
      if (open.includes('wuxie')) return seatsFrom(s.g, 0);
      return [...new Set(s.prompts.map((p) => p.seat))].sort((a, b) => a - b);
    },
    defaultAnswer: (s, p) => defaultAnswer({ g: s.g, def }, p),
    bot: (s, p, rng) => sgsBot(def, s, p, rng),
    skillsOf: (s, seat) => skillIds({ g: s.g, def }, seat),
    triggerOrder: (s) => seatsFrom(s.g, s.g.current),
    strings: parts.strings ? mergeStrings(strings, stringsOf(parts.strings)) : strings,
    roleOf: (s, seat) => {
      const p = s.g.players[seat];
      return p ? `sgs.role.${p.role}` : null;
    },
    summary: (s) => ({ key: 'sgs.summary', params: { round: s.g.round, seat: s.g.current } }),
    orders,
    deck,
    kinds,
    cards: Object.fromEntries(cardList.map((c) => [c.key, c])),
    skills: Object.fromEntries(skillList.map((x) => [x.id, x])),
    generals,
    card,
    general: Object.fromEntries(generals.map((x) => [x.id, x])),
  };
  return def;
}

const sanguosha: SgsDef = makeSanguosha();

export default sanguosha;

/** The game's strings with a test's or a variant's own rows added, per language. */
function mergeStrings<T extends Record<string, Record<string, string>>>(base: T, extra: T): T {
  return Object.fromEntries(Object.entries(base).map(([l, v]) => [l, { ...v, ...extra[l] }])) as T;
}
