/**
 * The copy of the game data an answer works on (GameDef.draft), by shape: the engine's generic walk visits every
 * value of every player, pile and record with a lookup per field, where 驱鬼's data is flat lists of card ids and a
 * few small records of known fields, copied here with `slice` and literals — several times cheaper, on every
 * answer. Fields keep their order. Data with a field this file does not know (one added to G, a player, the turn
 * state or the vote later; a turn saved by an older build), or a value that is not plain, is deep-copied by
 * `cloneJson` instead, so nothing a rule may change is ever shared with the state the answer started from.
 */
import { cloneJson } from '../../engine';
import type { G, ImpCard, Player, Seen, TurnState, Vote } from './state';

/** The fields of each record in the order setup (or the rule that makes it) writes them, and JSON keeps. */
const G_KEYS = ['P', 'players', 'deck', 'discard', 'ghost', 'eventPile', 'removed', 'limbo', 'kingCard', 'gk', 'gkTurn', 'killer', 'first', 'current', 'turn', 'phase', 'clock', 'lastHost', 'k04', 'ts', 'vote', 'lastReveal', 'seen', 'shownCard', 'result'];
const PLAYER_KEYS = ['identity', 'revealed', 'hand', 'spirit', 'imps', 'points', 'artifact', 'warded', 'clearMind', 'hereticUsed', 'autoPass'];
const TS_KEYS = ['exorcised', 'swapped', 'ghostWall', 'breaking', 'bound', 'spells', 'recall', 'equipped', 'purchases', 'insight', 'thirdImp', 'exorcisedFrom', 'seventh'];
const VOTE_KEYS = ['host', 'imp', 'holder', 'summon', 'votes', 'faceUp', 'challenged', 'shown'];
const IMP_KEYS = ['id', 'at'];
const SEEN_KEYS = ['kind', 'seat', 'what', 'turn'];
/** Fields holding an object or list (each copied below); every other field must hold a plain value. */
const OBJECTS = new Set(['players', 'deck', 'discard', 'ghost', 'eventPile', 'removed', 'limbo', 'ts', 'vote', 'lastReveal', 'seen', 'result', 'hand', 'imps', 'points', 'breaking', 'bound', 'spells', 'thirdImp', 'exorcisedFrom', 'votes', 'faceUp', 'challenged', 'shown', 'what']);
const HOLDS_OBJECT = new Map<string[], boolean[]>([G_KEYS, PLAYER_KEYS, TS_KEYS, VOTE_KEYS, IMP_KEYS, SEEN_KEYS].map((keys) => [keys, keys.map((k) => OBJECTS.has(k))]));

/** A plain value as JSON keeps it: a string, boolean, null, or a finite number that is not -0. */
const plain = (v: unknown): boolean =>
  typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v) && !(v === 0 && 1 / v < 0));

/** Does `x` have exactly the fields `keys`, in order, objects only where expected and plain values elsewhere? */
function knownFields(x: unknown, keys: string[]): boolean {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const objects = HOLDS_OBJECT.get(keys)!;
  let i = 0;
  for (const k in x) {
    if (k !== keys[i]) return false;
    const v = (x as Record<string, unknown>)[k];
    if (objects[i] ? typeof v !== 'object' : !plain(v)) return false;
    i++;
  }
  return i === keys.length;
}

/** Is `x` a list of plain values (copied with `slice`)? */
function plainList(x: unknown): x is (string | number | boolean | null)[] {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (!plain(x[i])) return false;
  return true;
}

/** Is `x` a record whose values are all plain (copied with a spread)? */
function plainRecord(x: unknown): boolean {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  for (const k in x) if (!plain((x as Record<string, unknown>)[k])) return false;
  return true;
}

/** Is `x` a record whose values are all lists of plain values? */
function listRecord(x: unknown): boolean {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  for (const k in x) if (!plainList((x as Record<string, unknown>)[k])) return false;
  return true;
}

const impsKnown = (l: unknown): boolean => Array.isArray(l) && l.every((c) => knownFields(c, IMP_KEYS));
const playerKnown = (p: Player): boolean => knownFields(p, PLAYER_KEYS) && plainList(p.hand) && impsKnown(p.imps) && impsKnown(p.points);
const tsKnown = (t: TurnState): boolean =>
  knownFields(t, TS_KEYS) && plainRecord(t.breaking) && plainList(t.bound) && plainList(t.spells) && plainList(t.thirdImp) && plainList(t.exorcisedFrom);
const voteKnown = (v: Vote | null): boolean =>
  v === null || (knownFields(v, VOTE_KEYS) && listRecord(v.votes) && plainList(v.faceUp) && plainList(v.challenged) && listRecord(v.shown));
const seenKnown = (s: unknown): boolean => Array.isArray(s) && s.every((l) => Array.isArray(l) && l.every((e) => knownFields(e, SEEN_KEYS) && plainList((e as Seen).what)));

/** Has `g` the shape the copy below knows (else it is copied the generic way)? */
export function knownShape(g: G): boolean {
  return (
    knownFields(g, G_KEYS) &&
    Array.isArray(g.players) &&
    g.players.every(playerKnown) &&
    plainList(g.deck) && plainList(g.discard) && plainList(g.ghost) && plainList(g.eventPile) && plainList(g.removed) && plainList(g.limbo) &&
    tsKnown(g.ts) &&
    voteKnown(g.vote) &&
    seenKnown(g.seen)
  );
}

const imps = (l: ImpCard[]): ImpCard[] => l.map((c) => ({ id: c.id, at: c.at }));
const lists = (r: Record<string, string[]>): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const k in r) out[k] = r[k]!.slice();
  return out;
};

function player(p: Player): Player {
  return {
    identity: p.identity, revealed: p.revealed, hand: p.hand.slice(), spirit: p.spirit, imps: imps(p.imps), points: imps(p.points),
    artifact: p.artifact, warded: p.warded, clearMind: p.clearMind, hereticUsed: p.hereticUsed, autoPass: p.autoPass,
  };
}

function turnState(t: TurnState): TurnState {
  return {
    exorcised: t.exorcised, swapped: t.swapped, ghostWall: t.ghostWall, breaking: { ...t.breaking }, bound: t.bound.slice(), spells: t.spells.slice(),
    recall: t.recall, equipped: t.equipped, purchases: t.purchases, insight: t.insight, thirdImp: t.thirdImp.slice(), exorcisedFrom: t.exorcisedFrom.slice(), seventh: t.seventh,
  };
}

function vote(v: Vote): Vote {
  return { host: v.host, imp: v.imp, holder: v.holder, summon: v.summon, votes: lists(v.votes), faceUp: v.faceUp.slice(), challenged: v.challenged.slice(), shown: lists(v.shown) };
}

/** A copy of `g` sharing no object with it, equal to `cloneJson(g)`. */
export function draftGhost(g: G): G {
  if (!knownShape(g)) return cloneJson(g);
  return {
    P: g.P,
    players: g.players.map(player),
    deck: g.deck.slice(),
    discard: g.discard.slice(),
    ghost: g.ghost.slice(),
    eventPile: g.eventPile.slice(),
    removed: g.removed.slice(),
    limbo: g.limbo.slice(),
    kingCard: g.kingCard,
    gk: g.gk,
    gkTurn: g.gkTurn,
    killer: g.killer,
    first: g.first,
    current: g.current,
    turn: g.turn,
    phase: g.phase,
    clock: g.clock,
    lastHost: g.lastHost,
    k04: g.k04,
    ts: turnState(g.ts),
    vote: g.vote && vote(g.vote),
    // Small records of varying fields (a failed reveal names who failed it), and the end's result: the generic way.
    lastReveal: cloneJson(g.lastReveal),
    seen: g.seen.map((l) => l.map((e) => ({ kind: e.kind, seat: e.seat, what: e.what.slice(), turn: e.turn }))),
    shownCard: g.shownCard,
    result: cloneJson(g.result),
  };
}
