import type { Answer, GameState, Prompt } from '../../engine/types';
import { IDENTITIES, RULES, type Identity } from './basics';
import { BOT_LEVELS, ghostBot, type BotLevel } from './bot';
import { CARDS } from './cards';
import { ghostDeckOf, makeCatalogue, type Cards, type GhostDef, type SpellRule } from './catalogue';
import { EVENT_RULES } from './events';
import { FRAMES } from './flow';
import { strings } from './i18n';
import { stringsOf, type Rows } from './i18n/rows';
import { KING_RULES } from './kings';
import { ordersFor } from './orders';
import { SPELL_RULES } from './spells';
import { freshTurn, type G, type Player } from './state';
import { viewGhost } from './view';

/** What a game is built from; by default the real deck of `cards.ts` with the rules of `spells/`. */
export interface GhostOptions {
  /** The card lists (each list left out is the real one). */
  cards?: Partial<Cards>;
  /** Spell rules besides (or instead of, by id) the real ones. */
  spells?: SpellRule[];
  /** Strings rows besides the real ones (a new card's name and text). */
  strings?: Rows;
}

/**
 * 驱鬼 Exorcism (seed 000 + rules/ghost/cards.md) as a GameDef: 4–8 players, hidden identities, a shared
 * ghost deck that haunts the table each night and exorcisms decided by face-down votes. The catalogue travels
 * in the GameDef (`cat`): a test or a variant builds its own game with other cards, nothing is patched.
 * @example makeGhost({ cards: { spells: [...SPELLS, { id: 'S20', cost: 1, copies: 1, weight: 1, window: null }] }, spells: [S20], strings: { 'ghost.card.S20': [...], 'ghost.text.S20': [...] } })
 */
export function makeGhost(o: GhostOptions = {}): GhostDef {
  const spells = [...SPELL_RULES.filter((r) => !o.spells?.some((x) => x.id === r.id)), ...(o.spells ?? [])];
  const cat = makeCatalogue({ ...CARDS, ...o.cards }, { spells, events: EVENT_RULES, kings: KING_RULES });
  const frames = Object.assign({}, FRAMES, ...spells.map((r) => r.frames ?? {}));
  const more = stringsOf(o.strings ?? {});
  return {
    id: 'ghost',
    minSeats: 4,
    maxSeats: 8,
    cat,
    parseOptions(raw, seats) {
      if (seats < 4 || seats > 8) return 'the ghost game is for 4 to 8 players';
      if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
        return 'options must be an object';
      const o = (raw ?? {}) as Record<string, unknown>;
      // The room's autoPass (room/bots.ts, like 三国杀's): on unless the host says, the room passes for a seat whose
      // ⚡ window offers nothing but a pass, after a person-like pause; the rules themselves ask every seat.
      if (o.autoPass !== undefined && typeof o.autoPass !== 'boolean') return 'autoPass must be true or false';
      // The level of the game's bots (filled seats, stand-ins), public like every option; "good" unless the host says.
      const level = o.botLevel ?? 'good';
      if (!BOT_LEVELS.includes(level as BotLevel))
        return `botLevel must be one of ${BOT_LEVELS.map((l) => `"${l}"`).join(', ')}`;
      return { autoPass: o.autoPass !== false, botLevel: level as BotLevel };
    },
    setup(ctx) {
      const P = ctx.s.seats;
      const rng = ctx.rng;
      const ids = rng.shuffle(
        Object.entries(IDENTITIES[P]!).flatMap(([id, n]) => Array<Identity>(n!).fill(id as Identity)),
      );
      const deck = rng.shuffle([...cat.handDeck]);
      const players: Player[] = ids.map((identity) => ({
        identity,
        revealed: false,
        hand: deck.splice(deck.length - RULES.startHand, RULES.startHand),
        spirit: RULES.startSpirit,
        imps: [],
        points: [],
        artifact: null,
        warded: false,
        clearMind: false,
        hereticUsed: false,
        autoPass: false,
      }));
      const first = rng.int(P);
      const g: G = {
        P,
        players,
        deck,
        discard: [],
        ghost: rng.shuffle(ghostDeckOf(cat.cards, P)),
        eventPile: [],
        removed: [],
        limbo: [],
        kingCard: rng.pick(cat.cards.kings).id,
        gk: null,
        gkTurn: -1,
        killer: null,
        first,
        current: first,
        turn: 1,
        phase: 'start',
        clock: 0,
        lastHost: null,
        k04: 0,
        ts: freshTurn(P),
        vote: null,
        lastReveal: null,
        seen: players.map(() => []),
        shownCard: null,
        result: null,
      };
      ctx.log('ghost.log.setup', { king: g.kingCard, seat: first, n: g.ghost.length });
      for (const [s, p] of players.entries())
        ctx.log('ghost.log.yourIdentity', { seat: s, identity: { key: `ghost.identity.${p.identity}` } }, [s]);
      ctx.push({ t: 'turn', step: 'start' });
      return g;
    },
    frames,
    view: (s, seat) => viewGhost(cat, s, seat),
    defaultAnswer: (s, p) => defaultFor(s, p),
    bot: (s, p, rng) => ghostBot(cat, s, p, rng),
    strings: Object.fromEntries(Object.entries(strings).map(([l, t]) => [l, { ...t, ...more[l] }])),
    orders: ordersFor(cat),
    roleOf: (s, seat) => {
      const p = s.g.players[seat];
      return p ? `ghost.identity.${p.identity}` : null;
    },
    summary(s: GameState<G>) {
      const g = s.g;
      return { key: 'ghost.summary', params: { turn: g.turn, seat: g.current, n: g.ghost.length } };
    },
  };
}

/** Defaults (DESIGN §3): pass, no vote, no challenge, keep the order; discards take the first cards in hand order. */
export function defaultFor(s: GameState<G>, p: Prompt): Answer | null {
  const ids = p.options.map((o) => o.id);
  for (const id of ['pass', 'end', 'reveal', 'continue']) if (ids.includes(id)) return { prompt: p.id, option: id };
  const o = p.options[0]!;
  if (p.kind === 'discard' && o.cards) {
    const hand = s.g.players[p.seat]!.hand;
    return { prompt: p.id, option: o.id, cards: hand.slice(0, o.cards.min) };
  }
  return { prompt: p.id, option: o.id };
}

const ghost = makeGhost();
export default ghost;
export type { G };
