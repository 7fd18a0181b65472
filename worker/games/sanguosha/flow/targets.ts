/** Who may be targeted by what (with the public reason for every seat that may not), and the play-phase options. */
import type { Msg, Option } from '../../../engine';
import { alive, keyOf, markUsed, othersFrom, P, usedCount, skillById, card, sgs, activeSkillIds } from '../core';
import { prohibited } from '../cards/rules';
import { useAsMsg, viewAsOffers } from '../offers';
import type { C, TargetSpec, K } from '../types';

export type { TargetSpec };

/**
 * Whether `seat` may use `key` (made of `cards`) in its play phase now, and on whom; null = not usable. Seats that may
 * not be picked come with their reason (`blocked`), so the client never re-implements a rule.
 * @example targetSpec(k, 0, 'snatch', [84]) // { from: [1, 4], min: 1, max: 1, blocked: [{ seat: 2, why: { key: 'sgs.ui.tooFar' } }, …] }
 */
export function targetSpec(k: K, seat: number, key: string, cards: number[]): TargetSpec | null {
  const kind = sgs(k).kinds[key];
  if (!kind) return null;
  if (kind.type === 'equip') return {};
  const def = sgs(k).cards[key];
  if (!def || (def.usable && !def.usable(k, seat, cards))) return null;
  if (def.spec) return def.spec(k, seat, cards);
  const rule = def.pick;
  if (!rule) return {};
  const from: number[] = [];
  const blocked: { seat: number; why: Msg }[] = [];
  // The candidates are the living seats (with `self`) or the living others; each living seat is judged in seat order
  // and `from` keeps the candidates' order (seat order after the user; from seat 0 with `self`), which the bots and
  // clients rely on. Allowed seats are marked in a bit set (a table has at most 10 seats).
  const ps = k.g.players;
  const n = ps.length;
  let ok = 0;
  for (let t = 0; t < n; t++) {
    if (!ps[t]!.alive) continue;
    const why: Msg | null =
      !rule.self && t === seat ? { key: 'sgs.ui.self' } : (prohibited(k, seat, t, key) ?? rule.why(k, seat, t, cards));
    if (why) blocked.push({ seat: t, why });
    else ok |= 1 << t;
  }
  const first = rule.self ? 0 : seat + 1;
  for (let k = 0; k < n && ok; k++) {
    const t = (first + k) % n;
    if (ok & (1 << t)) {
      from.push(t);
      ok &= ~(1 << t);
    }
  }
  const max = typeof rule.max === 'function' ? rule.max(k, seat, cards) : rule.max;
  return from.length >= rule.min ? { from, min: rule.min, max, blocked } : null;
}

const seatsOf = (spec: TargetSpec): Option['seats'] => {
  const o: NonNullable<Option['seats']> = { from: spec.from!, min: spec.min!, max: spec.max! };
  if (spec.blocked?.length) o.blocked = spec.blocked;
  return o;
};

/** Play-phase skills `seat` may use: its own (not lent ones), then other seats' lent to it (黄天), each id once. */
function activeIds(k: K, seat: number): string[] {
  const out = activeSkillIds(k, seat).own.slice();
  // Only skills whose option is lent can be lent (the memo keeps them apart): most tables have none.
  for (const owner of othersFrom(k.g, seat))
    for (const sid of activeSkillIds(k, owner).lent)
      if (!out.includes(sid) && skillById(k, sid)?.active?.lentTo?.(k, owner, seat)) out.push(sid);
  return out;
}

/** The play-phase options of `seat`: each usable hand card, recasts, view-as cards, skills, and ending the phase. */
export function playOptions(k: K, seat: number): Option[] {
  const out: Option[] = [];
  for (const id of P(k.g, seat).hand) {
    const key = keyOf(k, id);
    const spec = targetSpec(k, seat, key, [id]);
    if (spec) {
      // The card is also the option's one pick, so clicking it on the table selects this option.
      const o: Option = {
        id: `use:${id}`,
        message: { key: key === 'collateral' ? 'sgs.opt.useCollateral' : 'sgs.opt.use', params: { card: id } },
        cards: { from: [String(id)], min: 1, max: 1 },
      };
      if (spec.from) o.seats = seatsOf(spec);
      out.push(o);
    }
    if (key === 'iron_chain')
      out.push({
        id: `recast:${id}`,
        message: { key: 'sgs.opt.recast', params: { card: id } },
        cards: { from: [String(id)], min: 1, max: 1 },
      });
  }
  for (const o of viewAsOffers(k, seat, Object.keys(sgs(k).cards), 'play')) {
    const spec = targetSpec(k, seat, o.as, []);
    if (!spec || sgs(k).cards[o.as]?.spec) continue;
    const opt: Option = {
      id: o.id,
      message: useAsMsg(o.as, o.skill),
      cards: { from: o.pool.map(String), min: o.rule.n, max: o.rule.n },
    };
    if (spec.from) opt.seats = seatsOf(spec);
    out.push(opt);
  }
  for (const sid of activeIds(k, seat)) {
    const act = skillById(k, sid)?.active;
    if (!act || (act.perPhase !== undefined && usedCount(k.g, seat, sid) >= act.perPhase)) continue;
    const o = act.option(k, seat);
    if (!o) continue;
    const { message, ...picks } = o;
    out.push({
      id: `skill:${sid}`,
      message: message ?? { key: 'sgs.opt.skill', params: { skill: { key: `sgs.skill.${sid}` } } },
      ...picks,
    });
  }
  out.push({ id: 'pass', message: { key: 'sgs.opt.endPlay' } });
  return out;
}

/** Use a play-phase skill option: checks ownership and the per-phase limit, then the skill's own `use`. */
export function useActive(ctx: C, seat: number, sid: string, cards: number[], targets: number[]): string | void {
  const act = skillById(ctx, sid)?.active;
  if (!act || !activeIds(ctx, seat).includes(sid) || !alive(ctx.g, seat)) return `you do not have ${sid}`;
  if (act.perPhase !== undefined && usedCount(ctx.g, seat, sid) >= act.perPhase) return `${sid} is used up this phase`;
  const bad = act.use(ctx, seat, cards, targets);
  if (typeof bad === 'string') return bad;
  markUsed(ctx.g, seat, sid);
}
