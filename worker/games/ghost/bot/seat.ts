/**
 * What a 驱鬼 bot knows when it decides (DESIGN §6b): its seat's view (`seatView`, the same object the seat's
 * client gets), the prompt, the catalogue (public card data) and its level. Nothing here reads the game state,
 * so re-dealing what the seat cannot see cannot change a decision (test/games/ghost/bot.test.ts).
 */
import type { Rng } from '../../../engine/rng';
import type { Answer, Option, Prompt } from '../../../engine/types';
import { IDENTITIES, RULES, teamOf, type Identity, type Team } from '../basics';
import { weightOf, type Catalogue } from '../catalogue';
import { colourOf, typeOf, type Colour } from '../ids';
import type { SeatView } from '../view';

export type BotLevel = 'easy' | 'good';
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'good'];

/** The seat a bot plays, read from its view. */
export interface BotSeat {
  cat: Catalogue;
  v: SeatView;
  p: Prompt;
  me: number;
  level: BotLevel;
  rng: Rng;
  identity: Identity;
  team: Team;
  /** Red or blue for 太平道/天师道, null for a heretic. */
  colour: Colour | null;
  hand: string[];
  /** An answer to the prompt with `option` and its picks. */
  a(option: string, extra?: Partial<Answer>): Answer;
}

export function botSeat(cat: Catalogue, v: SeatView, p: Prompt, rng: Rng, level: BotLevel): BotSeat {
  const me = p.seat;
  const identity = v.players[me]!.identity as Identity;
  const team = teamOf(identity);
  return {
    cat,
    v,
    p,
    me,
    level,
    rng,
    identity,
    team,
    colour: team === 'heretic' ? null : team,
    hand: v.players[me]!.hand ?? [],
    a: (option, extra = {}) => ({ prompt: p.id, option, ...extra }),
  };
}

/** The dispel condition of an imp now, from public facts (state.ts `condition`, read off the view). */
export function cond(b: BotSeat, imp: string): { colour: Colour | 'any'; n: number } {
  const d = b.cat.imp[imp]!.dispel;
  let colour = d.colour;
  if (b.v.turnState.swapped && colour !== 'any') colour = colour === 'red' ? 'blue' : 'red';
  return { colour, n: Math.max(1, d.n - (b.v.turnState.breaking[imp] ?? 0)) };
}

export const positive = (card: string, colour: Colour | 'any') => colour === 'any' || colourOf(card) === colour;
export const weight = (b: BotSeat, card: string) => weightOf(b.cat, card);

/** Where an imp is attached, by the view. */
export const holder = (b: BotSeat, imp: string): number | null => {
  const i = b.v.players.findIndex((q) => q.imps.some((x) => x.id === imp));
  return i < 0 ? null : i;
};

/** A seat's team if this seat knows it: its own, a revealed card, or a look (the view's `seen`). */
export function known(b: BotSeat, t: number): Team | null {
  const id = b.v.players[t]!.identity;
  if (id) return teamOf(id as Identity);
  const seen = b.v.seen.find((e) => e.kind === 'identity' && e.seat === t);
  return seen ? teamOf(seen.what[0] as Identity) : null;
}

/** The option that plays a spell of type `key` ('S06'), if the prompt offers one. */
const spellOption = (p: Prompt, key: string): Option | undefined =>
  p.options.find((o) => o.id.startsWith('play:') && typeOf(o.id.slice(5)) === key);

/**
 * Will `s` make a GK at the end of this turn unless one of his own imps is exorcised (R8 v1.1)? Public: the
 * view carries this turn's arrival facts.
 */
export function atRisk(b: BotSeat, s: number | null): boolean {
  const v = b.v;
  if (s === null || v.gk !== null) return false;
  return (
    v.turnState.thirdImp.includes(s) &&
    !v.turnState.exorcisedFrom.includes(s) &&
    v.players[s]!.imps.length >= RULES.gkEmergePlayerImps
  );
}

/** Does this seat want the player at risk, `s`, to make a GK? Heretics do (the 邪道(王) becomes it), unless `s` is the 邪道(王), who would fall. */
export const wantsGK = (b: BotSeat, s: number) =>
  b.team === 'heretic' && b.v.players[s]!.identity !== 'heretic_king' && !(s === b.me && b.identity === 'heretic_king');

/**
 * How likely `t` plays on this seat's side (0–1), from public acts only: a known identity decides; else the
 * identities still unaccounted for give the prior, and each imp `t` exorcised (his points pile, public) or is
 * hosting now (the running vote) leans toward the team of its colour, since a member scores double for his
 * colour; a voter a challenge showed voting against the host's exorcism leans away from the host's side.
 */
export function ally(b: BotSeat, t: number): number {
  if (t === b.me) return 1;
  const v = b.v;
  const k = known(b, t);
  if (k !== null)
    return k === b.team && v.gk !== t
      ? 1
      : v.gk === t && b.team === 'heretic' && v.players[t]!.identity === 'heretic_king'
        ? 1
        : 0;
  if (v.gk === t) return 0;
  // Seats whose team this seat does not know, and how many of my side are among them.
  let unknown = 0;
  let mine = Object.entries(IDENTITIES[v.P]!).reduce(
    (n, [id, k]) => n + (teamOf(id as Identity) === b.team ? k! : 0),
    0,
  );
  for (let s = 0; s < v.P; s++) {
    const ks = known(b, s);
    if (ks === null) unknown++;
    else if (ks === b.team) mine--;
  }
  let odds = Math.max(0.05, mine) / Math.max(0.05, unknown - mine);
  if (b.colour === null) return odds / (1 + odds);
  const lean = (imp: string, f: number) => {
    odds *= b.cat.imp[imp]!.colour === b.colour ? f : 1 / f;
  };
  for (const x of v.players[t]!.points) lean(x.id, 2.5);
  const vt = v.vote;
  if (vt && !vt.summon && vt.host === t) {
    // The host's pick says more when an imp of the other colour was there to pick instead.
    const col = b.cat.imp[vt.imp]!.colour;
    const alt = v.players.some((q, s) => s !== v.gk && q.imps.some((i) => b.cat.imp[i.id]!.colour !== col));
    lean(vt.imp, alt ? 3 : 1.2);
  }
  if (vt && vt.host !== t && vt.shown[t]) {
    const c = cond(b, vt.imp);
    const against = vt.shown[t]!.some((x) => !positive(x, c.colour));
    const h = vt.host === b.me ? 1 : 0.5;
    odds *= against ? 1 - 0.8 * h : 1 + h;
  }
  return odds / (1 + odds);
}

/** Is `s` one exorcism short of ending the game (the seed's threshold of exorcised imps, R16; none with a GK)? */
export const oneShort = (b: BotSeat, s: number) =>
  b.v.gk === null && b.v.players[s]!.points.length >= (RULES.endThreshold[b.v.P] ?? 3) - 1;
