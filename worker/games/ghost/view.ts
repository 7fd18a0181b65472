import type { GameState, Json } from '../../engine/types';
import type { Catalogue } from './catalogue';
import { condition, handLimit, readFacts, voteOrder, type G, type ImpCard } from './state';

const imps = (list: ImpCard[]) => list.map((i) => ({ id: i.id, at: i.at }));

/**
 * What `seat` may see (DESIGN §3). Hidden: other hands (counts only), unrevealed identities, face-down
 * votes (counts only), the order of both decks, what a look/peek showed someone else. The engine never
 * puts the RNG into a view. After the game ends everything is public.
 */
export const viewGhost = (cat: Catalogue, s: GameState<G>, seat: number | null): Json =>
  seatView(cat, s, seat) as unknown as Json;

/** A seat's view, typed: what the client draws and all a bot decides from (bot.ts). */
export type SeatView = ReturnType<typeof seatView>;

/** `viewGhost`'s value, typed (the one view path: the bot reads the same object the seat's client gets). */
export function seatView(cat: Catalogue, s: GameState<G>, seat: number | null) {
  const g = s.g;
  const all = s.outcome !== null;
  const facts = readFacts(g);
  const vt = g.vote;
  // The running exorcism frame says whose vote is awaited; its order is public (host, then counter-clockwise).
  const ex = vt ? s.stack.find((f) => f.t === 'exorcism') : undefined;
  const voteSeats =
    ex && Array.isArray(ex.order)
      ? (ex.order as number[]).slice()
      : vt
        ? vt.summon
          ? [vt.host]
          : voteOrder(g, vt.host)
        : [];
  const voteAt = ex && ex.stage === 'vote' ? (ex.i as number) : voteSeats.length;
  const view = {
    P: g.P,
    turn: g.turn,
    current: g.current,
    first: g.first,
    phase: g.phase,
    kingCard: g.kingCard,
    gk: g.gk,
    killer: g.killer,
    deck: g.deck.length,
    discard: [...g.discard],
    ghost: all ? [...g.ghost] : g.ghost.length,
    eventPile: [...g.eventPile],
    removed: [...g.removed],
    limbo: [...g.limbo],
    lastHost: g.lastHost,
    k04: g.k04,
    shownCard: g.shownCard,
    turnState: {
      exorcised: g.ts.exorcised,
      swapped: g.ts.swapped,
      ghostWall: g.ts.ghostWall,
      breaking: { ...g.ts.breaking },
      bound: [...g.ts.bound],
      insight: seat === g.current || all ? g.ts.insight : 0,
      // GK emergence facts of this turn (R8), public like the imps they follow from: whose 3rd imp arrived,
      // whose imps were exorcised, whether the 7th table imp arrived.
      thirdImp: [...facts.thirdImp],
      exorcisedFrom: [...facts.exorcisedFrom],
      seventh: facts.seventh,
    },
    players: g.players.map((p, i) => {
      const mine = all || i === seat;
      return {
        handCount: p.hand.length,
        hand: mine ? [...p.hand] : null,
        identity: mine || p.revealed ? p.identity : null,
        revealed: p.revealed,
        spirit: p.spirit,
        imps: imps(p.imps),
        points: imps(p.points),
        artifact: p.artifact,
        warded: p.warded,
        clearMind: p.clearMind,
        hereticUsed: p.hereticUsed,
        handLimit: g.gk === i ? null : handLimit(cat, g, i),
        autoPass: mine ? p.autoPass : false,
      };
    }),
    vote: vt && {
      host: vt.host,
      imp: vt.imp,
      holder: vt.holder,
      summon: vt.summon,
      condition: condition(cat, g, vt.imp),
      counts: Object.fromEntries(Object.entries(vt.votes).map(([v, c]) => [v, c.length])),
      // Face-up votes (长舌鬼), your own votes, and votes shown by a challenge.
      open: Object.fromEntries(
        Object.entries(vt.votes)
          .filter(([v]) => all || vt.faceUp.includes(Number(v)) || Number(v) === seat)
          .map(([v, c]) => [v, [...c]]),
      ),
      shown: Object.fromEntries(Object.entries(vt.shown).map(([v, c]) => [v, [...c]])),
      challenged: [...vt.challenged],
      // Voters whose cards lie face up (长舌鬼): public, the log says so and `open` shows them to all.
      faceUp: [...vt.faceUp],
      // Who is asked to vote, in order, and how far the asking has got (`order.length` once voting is over).
      // Public: the order follows from the host, and the seat asked now is the one the table waits on.
      order: voteSeats,
      at: voteAt,
    },
    lastReveal: g.lastReveal ? (JSON.parse(JSON.stringify(g.lastReveal)) as Json) : null,
    seen: seat === null ? [] : g.seen[seat]!.map((e) => ({ ...e, what: [...e.what] })),
    result: g.result,
  };
  return view;
}
