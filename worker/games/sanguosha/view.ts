/** What a seat of 三国杀 may see (DESIGN §3): the one view, built per viewer. */
import type { GameDef, Json } from '../../engine';
import { alive, attackRange, distance, slashLimit } from './core';
import type { G, Player, S, K } from './types';

/** One character as `seat` sees it: its identity once revealed, its own or at the end; its hand only its own or at the end. */
function playerView(p: Player, over: boolean, seat: number | null): Record<string, Json> {
  const v: Record<string, Json> = {
    seat: p.seat,
    hp: p.hp,
    maxHp: p.maxHp,
    alive: p.alive,
    role: over || p.revealed || p.seat === seat ? p.role : null,
    handCount: p.hand.length,
    equip: { ...p.equip },
    judge: [...p.judge],
    chained: p.chained,
    gender: p.gender,
    general: p.general,
    kingdom: p.kingdom,
    skills: p.general ? [...p.skills] : [],
    turnedOver: p.turnedOver,
  };
  if (Object.keys(p.marks).length) v.marks = { ...p.marks };
  if (over || p.seat === seat) v.hand = [...p.hand];
  return v;
}

/**
 * Everything in the view after `players`, in the view's key order, added to `out`: the public table, then `seat`'s
 * own parts. (Added field by field: a spread of these into the view's literal made a record JSON.stringify
 * serialised markedly slower.)
 */
function rest(def: GameDef<G>, s: S, seat: number | null, out: Record<string, Json> = {}): Record<string, Json> {
  return own({ g: s.g, def }, s, seat, table(s, out));
}

/** The public table after `players`, the same for every viewer. */
function table(s: S, out: Record<string, Json>): Record<string, Json> {
  const g = s.g;
  out.current = g.current;
  out.phase = g.phase;
  out.round = g.round;
  out.drawCount = g.draw.length;
  out.discardCount = g.discard.length;
  out.discardTop = g.discard.slice(-8);
  out.table = [...g.table];
  out.grace = [...g.grace];
  out.slashesUsed = g.slashes;
  out.drunk = g.drunk;
  out.wineUsed = g.wineUsed;
  // Once-per-phase uses and what a card in a judgement area counts as (国色): both happened in the open.
  out.used = { ...g.used };
  out.asName = { ...g.asName };
  // Who acted against whom in the open (bots' beliefs read it; any player could keep the same tally from the log).
  out.stance = [...g.stance];
  out.acts = g.acts ? g.acts.map((r) => [...r]) : g.players.map(() => g.players.map(() => 0));
  return out;
}

/** `seat`'s own parts after the table: its distances and range, its general offer; the whole record at the end. */
function own(k: K, s: S, seat: number | null, out: Record<string, Json>): Record<string, Json> {
  const g = s.g;
  if (seat !== null && g.players[seat]) {
    // Each distance once: "in range" is `inRange`'s own test (another living seat, distance ≤ range) on it.
    const range = attackRange(k, seat);
    const limit = slashLimit(k, seat);
    const dist = g.players.map((p) =>
      p.seat === seat || !alive(g, p.seat) || !alive(g, seat) ? null : distance(k, seat, p.seat),
    );
    out.me = {
      seat,
      attackRange: range,
      slashLimit: Number.isFinite(limit) ? limit : -1,
      distance: dist,
      inRange: dist.map((d) => d !== null && d <= range),
    };
  }
  return ownRest(s, seat, out);
}

/** What follows `me` in `seat`'s own parts: its general offer while the picks are secret; the whole record at the end. */
function ownRest(s: S, seat: number | null, out: Record<string, Json>): Record<string, Json> {
  const g = s.g;
  const over = !!s.outcome;
  if (g.selection && seat !== null && (over || !g.selection.revealed))
    out.selection = { offer: [...(g.selection.offers[seat] ?? [])], pick: g.selection.picks[seat] ?? null };
  if (over) {
    out.draw = [...g.draw];
    if (g.selection) out.selection = { offers: g.selection.offers, picks: g.selection.picks };
  }
  return out;
}

/** The game data `seat` (null: a spectator) may see. */
export function view(def: GameDef<G>, s: S, seat: number | null): Json {
  const g: G = s.g;
  const over = !!s.outcome;
  return rest(def, s, seat, { deck: g.deckKind, players: g.players.map((p) => playerView(p, over, seat)) });
}
