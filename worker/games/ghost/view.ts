import type { GameState, Json } from '../../engine/types';
import { condition, handLimit, readFacts, voteOrder, type G, type Player } from './state';

/** What every viewer of one state shares, worked out once: the vote's asking order and position, the turn's facts. */
interface Shared {
  g: G;
  all: boolean;
  voteSeats: number[];
  voteAt: number;
}

function shared(s: GameState<G>): Shared {
  const g = s.g;
  const vt = g.vote;
  // The running exorcism frame says whose vote is awaited; its order is public (host, then counter-clockwise).
  const ex = vt ? s.stack.find((f) => f.t === 'exorcism') : undefined;
  const voteSeats = ex && Array.isArray(ex.order) ? (ex.order as number[]).slice() : vt ? (vt.summon ? [vt.host] : voteOrder(g, vt.host)) : [];
  const voteAt = ex && ex.stage === 'vote' ? (ex.i as number) : voteSeats.length;
  return { g, all: s.outcome !== null, voteSeats, voteAt };
}

const imps = (list: { id: string; at: number }[]) => list.map((i) => ({ id: i.id, at: i.at }));

/** The view's fields before `turnState`, the same for every viewer. */
function head({ g, all }: Shared): Record<string, Json> {
  return {
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
  } as unknown as Record<string, Json>;
}

function turnState({ g, all }: Shared, seat: number | null): Json {
  return {
    exorcised: g.ts.exorcised,
    swapped: g.ts.swapped,
    ghostWall: g.ts.ghostWall,
    breaking: { ...g.ts.breaking },
    bound: [...g.ts.bound],
    insight: seat === g.current || all ? g.ts.insight : 0,
    /** GK emergence facts of this turn (R8), public like the imps they follow from: whose 3rd imp arrived,
     * whose imps were exorcised, whether the 7th table imp arrived. */
    thirdImp: [...readFacts(g).thirdImp],
    exorcisedFrom: [...readFacts(g).exorcisedFrom],
    seventh: readFacts(g).seventh,
  } as unknown as Json;
}

function player({ g, all }: Shared, i: number, seat: number | null): Json {
  const p = g.players[i]!;
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
    handLimit: g.gk === i ? null : handLimit(g, i),
    autoPass: mine ? p.autoPass : false,
  } as unknown as Json;
}

function vote({ g, all, voteSeats, voteAt }: Shared, seat: number | null): Json {
  const vt = g.vote;
  if (!vt) return null;
  return {
    host: vt.host,
    imp: vt.imp,
    holder: vt.holder,
    summon: vt.summon,
    condition: condition(g, vt.imp),
    counts: Object.fromEntries(Object.entries(vt.votes).map(([v, c]) => [v, c.length])),
    /** Face-up votes (长舌鬼), your own votes, and votes shown by a challenge. */
    open: Object.fromEntries(Object.entries(vt.votes).filter(([v]) => all || vt.faceUp.includes(Number(v)) || Number(v) === seat).map(([v, c]) => [v, [...c]])),
    shown: Object.fromEntries(Object.entries(vt.shown).map(([v, c]) => [v, [...c]])),
    challenged: [...vt.challenged],
    /** Voters whose cards lie face up (长舌鬼): public, the log says so and `open` shows them to all. */
    faceUp: [...vt.faceUp],
    /** Who is asked to vote, in order, and how far the asking has got (`order.length` once voting is over).
     * Public: the order follows from the host, and the seat asked now is the one the table waits on. */
    order: voteSeats,
    at: voteAt,
  } as unknown as Json;
}

const lastReveal = (g: G): Json => (g.lastReveal ? (JSON.parse(JSON.stringify(g.lastReveal)) as Json) : null);
const seen = (g: G, seat: number | null): Json => (seat === null ? [] : g.seen[seat]!.map((e) => ({ ...e, what: [...e.what] }))) as unknown as Json;

/**
 * What `seat` may see (DESIGN §3). Hidden: other hands (counts only), unrevealed identities, face-down
 * votes (counts only), the order of both decks, what a look/peek showed someone else. The engine never
 * puts the RNG into a view. After the game ends everything is public.
 */
export function viewGhost(s: GameState<G>, seat: number | null): Json {
  const sh = shared(s);
  const g = s.g;
  // Fields added to the head's literal one by one, in the view's order: a spread into a new literal made a
  // record that JSON.stringify serialised markedly slower.
  const v = head(sh);
  v.turnState = turnState(sh, seat);
  v.players = g.players.map((_, i) => player(sh, i, seat));
  v.vote = vote(sh, seat);
  v.lastReveal = lastReveal(g);
  v.seen = seen(g, seat);
  v.result = g.result as unknown as Json;
  return v;
}
