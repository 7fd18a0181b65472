import type { Possession } from './cards';
import type { Catalogue } from './catalogue';
import { artifactOn, orderFrom, type G } from './state';

/*
 * Who receives an imp (cards.md §3.2), among the seats eligible to receive it (§2.3); the tie-break order
 * (TBO) puts players with a working 八卦镜 last (§2.2, A08).
 */

/** Non-GK, not Warded; when nobody qualifies, Wards are ignored (§2.3). `exclude` is left out entirely. */
export function eligibleSeats(g: G, opts: { ignoreWards?: boolean; exclude?: number[] } = {}): number[] {
  const base = g.players.map((_, s) => s).filter((s) => s !== g.gk && !(opts.exclude ?? []).includes(s));
  if (opts.ignoreWards) return base;
  const unwarded = base.filter((s) => !g.players[s]!.warded);
  return unwarded.length > 0 ? unwarded : base;
}

/** The TBO for possession conditions and events: from the current player, 八卦镜 holders moved last. */
export function tbo(cat: Catalogue, g: G): number[] {
  const o = orderFrom(g, g.current);
  return [...o.filter((s) => !artifactOn(cat, g, s, 'A08')), ...o.filter((s) => artifactOn(cat, g, s, 'A08'))];
}

/** `start` if eligible, else the first eligible seat after it in turn order. */
function fromSeat(g: G, start: number, el: number[]): number {
  for (const s of orderFrom(g, start)) if (el.includes(s)) return s;
  throw new Error('no eligible seat');
}

/** The first eligible seat in TBO with the extreme value of `f` (most or fewest). */
export function extreme(cat: Catalogue, g: G, el: number[], f: (s: number) => number, most: boolean): number {
  let best: number | null = null;
  for (const s of tbo(cat, g)) {
    if (!el.includes(s)) continue;
    if (best === null || (most ? f(s) > f(best) : f(s) < f(best))) best = s;
  }
  if (best === null) throw new Error('no eligible seat');
  return best;
}

const hand = (g: G) => (s: number) => g.players[s]!.hand.length;
const spirit = (g: G) => (s: number) => g.players[s]!.spirit;
const imps = (g: G) => (s: number) => g.players[s]!.imps.length;
const points = (g: G) => (s: number) => g.players[s]!.points.length;
const firstWith = (cat: Catalogue, g: G, el: number[], ok: (s: number) => boolean): number | null =>
  tbo(cat, g).find((s) => el.includes(s) && ok(s)) ?? null;

/** One small function per possession condition. */
const POSSESSION: Record<Possession, (cat: Catalogue, g: G, el: number[]) => number> = {
  CURRENT: (_c, g, el) => fromSeat(g, g.current, el),
  NEXT: (_c, g, el) => fromSeat(g, (g.current + 1) % g.P, el),
  PREV: (_c, g, el) => fromSeat(g, (g.current - 1 + g.P) % g.P, el),
  OPPOSITE: (_c, g, el) => fromSeat(g, (g.current + Math.floor(g.P / 2)) % g.P, el),
  MOST_HAND: (c, g, el) => extreme(c, g, el, hand(g), true),
  FEWEST_HAND: (c, g, el) => extreme(c, g, el, hand(g), false),
  MOST_SPIRIT: (c, g, el) => extreme(c, g, el, spirit(g), true),
  FEWEST_SPIRIT: (c, g, el) => extreme(c, g, el, spirit(g), false),
  MOST_IMPS: (c, g, el) => extreme(c, g, el, imps(g), true),
  FEWEST_IMPS: (c, g, el) => extreme(c, g, el, imps(g), false),
  MOST_POINTS: (c, g, el) => extreme(c, g, el, points(g), true),
  FEWEST_POINTS: (c, g, el) => extreme(c, g, el, points(g), false),
  LAST_HOST: (_c, g, el) => fromSeat(g, g.lastHost ?? g.current, el),
  HAS_ARTIFACT: (c, g, el) =>
    firstWith(c, g, el, (s) => g.players[s]!.artifact !== null) ?? POSSESSION.CURRENT(c, g, el),
  NO_ARTIFACT: (c, g, el) =>
    firstWith(c, g, el, (s) => g.players[s]!.artifact === null) ?? POSSESSION.CURRENT(c, g, el),
  FIRST_UNPOSSESSED: (c, g, el) =>
    firstWith(c, g, el, (s) => g.players[s]!.imps.length === 0) ?? POSSESSION.FEWEST_IMPS(c, g, el),
};

export const receiverOf = (cat: Catalogue, g: G, imp: string, el: number[]): number =>
  POSSESSION[cat.imp[imp]!.possession](cat, g, el);
