/**
 * The copy of the game data an answer works on (GameDef.draft), by shape: the engine's generic walk visits every
 * value of every player, pile and record, where 三国杀's data is a few flat lists of card ids and flat records,
 * copied here with `slice` and spreads — several times cheaper, on every answer. Fields keep their order. Data
 * with a field this file does not know to hold an object (one added to G or Player later) is deep-copied by
 * `cloneJson` instead, so nothing a rule may change is ever shared with the state the answer started from.
 */
import { cloneJson, sameItems } from '../../engine';
import type { G, Player } from './types';

/**
 * The fields of G and Player in the order setup writes them (and JSON keeps). Data whose fields differ in name,
 * number or order goes the generic way, so the copy below, which names them in this order, always equals it.
 */
const G_KEYS = ['deckKind', 'draw', 'discard', 'table', 'grace', 'players', 'current', 'phase', 'round', 'slashes', 'wineUsed', 'drunk', 'skipDraw', 'skipPlay', 'asName', 'used', 'extraTurns', 'selection', 'stance'];
const PLAYER_KEYS = ['seat', 'role', 'revealed', 'hp', 'maxHp', 'alive', 'gender', 'hand', 'equip', 'judge', 'chained', 'skills', 'general', 'kingdom', 'marks', 'turnedOver'];
/** Fields holding an object or list, each copied below; every other field must hold a string, finite number, boolean or null. */
const OBJECTS = new Set(['draw', 'discard', 'table', 'grace', 'players', 'asName', 'used', 'extraTurns', 'selection', 'stance', 'hand', 'equip', 'judge', 'skills', 'marks', 'offers', 'picks']);
const SELECTION_KEYS = ['offers', 'picks', 'revealed'];

/** Per list of keys, whether each holds an object (looked up by position: no set lookup per field per answer). */
const HOLDS_OBJECT = new Map<string[], boolean[]>([G_KEYS, PLAYER_KEYS, SELECTION_KEYS].map((keys) => [keys, keys.map((k) => OBJECTS.has(k))]));

/** Does `x` differ from the shape `keys` (names, order, objects only where expected, numbers as JSON keeps them)? */
function unknownShape(x: object, keys: string[]): boolean {
  const objects = HOLDS_OBJECT.get(keys)!;
  let i = 0;
  for (const k in x) {
    if (k !== keys[i]) return true;
    const v = (x as Record<string, unknown>)[k];
    if (typeof v === 'object' ? v !== null && !objects[i] : typeof v === 'number' ? !Number.isFinite(v) || (v === 0 && 1 / v < 0) : v === undefined || typeof v === 'function') return true;
    i++;
  }
  return i !== keys.length;
}

/**
 * A character's copy: a new record whose zones (hand, equipment, judgement area), skill list and marks are the
 * state's own. Rules never change those in place — a card move (core's `takeOut`, `move`, `drawCards`), a general's
 * pick, 若愚 and `setMark` give the character new ones — so sharing them costs no rule a copy and saves five per
 * character on every answer.
 */
function player(p: Player): Player {
  return {
    seat: p.seat, role: p.role, revealed: p.revealed, hp: p.hp, maxHp: p.maxHp, alive: p.alive, gender: p.gender, hand: p.hand, equip: p.equip,
    judge: p.judge, chained: p.chained, skills: p.skills, general: p.general, kingdom: p.kingdom, marks: p.marks, turnedOver: p.turnedOver,
  };
}

/** The game data `draftG` last copied by shape (its shape checked): what `settleG` may put parts of back. */
let shaped: G | null = null;

/**
 * Character records of a state already found to have the known shape. A state never changes once made, and since
 * `settleG` puts an untouched character's record back, most records of a state are the ones of the state before:
 * checked once, not key by key on every answer. Only records of the data `draftG` is given (a state's) are kept.
 */
const CHECKED = new WeakSet<Player>();
const checkedPlayer = (p: Player): boolean => CHECKED.has(p) || (!unknownShape(p, PLAYER_KEYS) && (CHECKED.add(p), true));

/** Has `g` the shape the copy below knows (else it is copied the generic way)? */
export const knownShape = (g: G): boolean =>
  !unknownShape(g, G_KEYS) && g.players.every((p) => !unknownShape(p, PLAYER_KEYS)) && (g.selection === null || !unknownShape(g.selection, SELECTION_KEYS));

/** `knownShape` of a state's data, each character record checked once (`CHECKED`). */
const knownStateShape = (g: G): boolean =>
  !unknownShape(g, G_KEYS) && g.players.every(checkedPlayer) && (g.selection === null || !unknownShape(g.selection, SELECTION_KEYS));

/**
 * A copy of `g` equal to `cloneJson(g)`, sharing no object a rule may change with it: only a revealed selection,
 * which no rule changes once the picks are shown, the four piles and each character's zones, skill list and marks,
 * which rules replace and never change in place (see `player`, and core's `takeOut`), are the same objects.
 */
export function draftG(g: G): G {
  if (!knownStateShape(g)) return cloneJson(g);
  shaped = g;
  const sel = g.selection;
  return {
    deckKind: g.deckKind,
    // Rules give a pile a new list rather than change it (core's `takeOut`, `move`, `takeTop`): most answers touch
    // none, and the draw pile alone is a hundred cards.
    draw: g.draw,
    discard: g.discard,
    table: g.table,
    grace: g.grace,
    players: g.players.map(player),
    current: g.current,
    phase: g.phase,
    round: g.round,
    slashes: g.slashes,
    wineUsed: g.wineUsed,
    drunk: g.drunk,
    skipDraw: g.skipDraw,
    skipPlay: g.skipPlay,
    asName: { ...g.asName },
    used: { ...g.used },
    extraTurns: g.extraTurns.slice(),
    // Once the picks are revealed no rule changes the selection again (it stays as the record of who was offered what).
    selection: sel && (sel.revealed === true ? sel : { offers: sel.offers.map((o) => o.slice()), picks: sel.picks.slice(), revealed: sel.revealed }),
    stance: g.stance.slice(),
  };
}

/** Does `x` hold exactly `n` keys (one of a known shape with no key added)? */
function keyCount(x: object, n: number): boolean {
  let k = 0;
  for (const _ in x) k++;
  return k === n;
}

/** The same character as JSON: the draft's copy `a` (exactly its sixteen keys) holds the values of `b`, field by field. */
const samePlayer = (a: Player, b: Player): boolean =>
  a.seat === b.seat && a.role === b.role && a.revealed === b.revealed && a.hp === b.hp && a.maxHp === b.maxHp && a.alive === b.alive && a.gender === b.gender && a.hand === b.hand &&
  a.equip === b.equip && a.judge === b.judge && a.chained === b.chained && a.skills === b.skills && a.general === b.general && a.kingdom === b.kingdom && a.marks === b.marks &&
  a.turnedOver === b.turnedOver && keyCount(a, PLAYER_KEYS.length);

/** Two flat records of strings or numbers with the same keys in the same order and the same values (most are empty). */
function sameFlat(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const kb: string[] = [];
  for (const k in b) kb.push(k);
  let i = 0;
  for (const k in a) {
    const v = a[k];
    if (k !== kb[i] || (typeof v === 'object' && v !== null) || v !== b[k]) return false;
    i++;
  }
  return i === kb.length;
}

/**
 * GameDef.settle: the finished draft `after` of an answer that started from `before`, with the parts the answer
 * left equal put back — each character record whose every field is the same value or the same zone list, the
 * character list when all are, the small lists and records (stance, extra turns, 国色's names, the play phase's
 * uses) when equal, and `before` itself when nothing in it changed (a pass in a 无懈可击 window) — so the new state
 * shares them with the old one and the room's store and views skip them by identity. Equal as JSON to `after`: a
 * record with a key added by a rule is not the same. Only for data `draftG` copied by shape.
 */
export function settleG(before: G, after: G): G {
  if (before !== shaped || after === before) return after;
  const bp = before.players;
  const ap = after.players;
  let players = ap.length === bp.length;
  for (let i = 0; i < ap.length; i++) {
    const a = ap[i]!;
    const b = bp[i];
    if (b !== undefined && a !== b && samePlayer(a, b)) ap[i] = b;
    if (ap[i] !== b) players = false;
  }
  if (players) after.players = bp;
  if (after.stance !== before.stance && sameItems(after.stance, before.stance)) after.stance = before.stance;
  if (after.extraTurns !== before.extraTurns && sameItems(after.extraTurns, before.extraTurns)) after.extraTurns = before.extraTurns;
  if (after.asName !== before.asName && sameFlat(after.asName, before.asName)) after.asName = before.asName;
  if (after.used !== before.used && sameFlat(after.used, before.used)) after.used = before.used;
  const same =
    after.deckKind === before.deckKind && after.draw === before.draw && after.discard === before.discard && after.table === before.table && after.grace === before.grace &&
    after.players === before.players && after.current === before.current && after.phase === before.phase && after.round === before.round && after.slashes === before.slashes &&
    after.wineUsed === before.wineUsed && after.drunk === before.drunk && after.skipDraw === before.skipDraw && after.skipPlay === before.skipPlay && after.asName === before.asName &&
    after.used === before.used && after.extraTurns === before.extraTurns && after.selection === before.selection && after.stance === before.stance && keyCount(after, G_KEYS.length);
  return same ? before : after;
}
