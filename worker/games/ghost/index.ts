import type { GameDef } from '../../engine/game';
import type { Answer, GameState, Prompt } from '../../engine/types';
import { HAND_DECK, IDENTITIES, KINGS, RULES, ghostDeckFor, type Identity } from './cards';
import { FRAMES } from './flow';
import { ghostBot } from './bot';
import { strings } from './i18n';
import { orders } from './orders';
import { freshTurn, type G, type Player } from './state';
import { viewGhost } from './view';

/**
 * 驱鬼 Exorcism (seed 000 + rules/ghost/cards.md) as a GameDef: 4–8 players, hidden identities, a shared
 * ghost deck that haunts the table each night and exorcisms decided by face-down votes.
 */
const ghost: GameDef<G> = {
  id: 'ghost',
  minSeats: 4,
  maxSeats: 8,
  parseOptions(raw, seats) {
    if (seats < 4 || seats > 8) return 'the ghost game is for 4 to 8 players';
    if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) return 'options must be an object';
    return {};
  },
  setup(ctx) {
    const P = ctx.s.seats;
    const rng = ctx.rng;
    const ids = rng.shuffle(Object.entries(IDENTITIES[P]!).flatMap(([id, n]) => Array<Identity>(n!).fill(id as Identity)));
    const deck = rng.shuffle([...HAND_DECK]);
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
      ghost: rng.shuffle(ghostDeckFor(P)),
      eventPile: [],
      removed: [],
      limbo: [],
      kingCard: rng.pick(KINGS).id,
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
    players.forEach((p, s) => ctx.log('ghost.log.yourIdentity', { seat: s, identity: { key: `ghost.identity.${p.identity}` } }, [s]));
    ctx.push({ t: 'turn', step: 'start' });
    return g;
  },
  frames: FRAMES,
  view: (s, seat) => viewGhost(s, seat),
  defaultAnswer: (s, p) => defaultFor(s, p),
  bot: (s, p, rng) => ghostBot(s, p, rng),
  strings,
  orders,
  summary(s: GameState<G>) {
    const g = s.g;
    return { key: 'ghost.summary', params: { turn: g.turn, seat: g.current, n: g.ghost.length } };
  },
};

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

export default ghost;
export type { G };
