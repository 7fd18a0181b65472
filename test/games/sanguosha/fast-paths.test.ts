/**
 * The fast paths of 三国杀 return exactly what the plain paths return, at every state of seeded random games (the
 * seeds, seat counts and options drawn by fast-check): every seat's and a spectator's serialised view from
 * `viewsJson` equals `JSON.stringify(view)` of that viewer, byte for byte; the memoised skills of a seat, its
 * distances, attack range and 杀 limit equal the plain computation (core.ts before the memo, kept here as the
 * reference), and the memo follows any change made in place.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, cloneJson, startGame, viewsJson, type GameState } from '../../../worker/engine';
import { draftG, knownShape, settleG } from '../../../worker/games/sanguosha/draft';
import def from '../../../worker/games/sanguosha';
import type { G, Player, S } from '../../../worker/games/sanguosha/types';
import { SLOTS, activeSkillIdsRead, addMark, attackRange, distance, distanceTable, keyOf, seatsFrom, setMark, skillIds, skillList, slashLimit } from '../../../worker/games/sanguosha/core';
import { skillOfCard } from '../../../worker/games/sanguosha/equips';
import { SKILLS } from '../../../worker/games/sanguosha/skills';

/** The plain path: skills, distance, range and 杀 limit recomputed from scratch on every call. */
const plain = {
  skillIds(g: G, seat: number): string[] {
    const p = g.players[seat];
    if (!p || !p.alive) return [];
    const out: string[] = [];
    for (const id of p.skills) {
      const sk = SKILLS[id];
      if (sk && (!sk.lord || p.role === 'lord')) out.push(id);
    }
    for (const s of SLOTS) {
      const id = p.equip[s];
      if (id !== null) out.push(skillOfCard(keyOf(id)));
    }
    return out;
  },
  list: (g: G, seat: number) => plain.skillIds(g, seat).map((id) => SKILLS[id]!).filter(Boolean),
  distance(g: G, a: number, b: number): number {
    if (a === b) return 0;
    const ring = seatsFrom(g, 0);
    const n = ring.length;
    const ia = ring.indexOf(a), ib = ring.indexOf(b);
    if (ia < 0 || ib < 0) return Infinity;
    const cw = (ib - ia + n) % n;
    let d = Math.min(cw, n - cw);
    for (const sk of plain.list(g, b)) d += sk.distanceTo ?? 0;
    for (const sk of plain.list(g, a)) d -= sk.distanceFrom ?? 0;
    return Math.max(1, d);
  },
  range(g: G, seat: number): number {
    let r = 1;
    for (const sk of plain.list(g, seat)) if (sk.range) r = sk.range;
    return r;
  },
  slashLimit: (g: G, seat: number) => (plain.list(g, seat).some((s) => s.unlimitedSlash) ? Infinity : 1),
};

/** Every memoised answer about `g` equals the plain one, for every seat and pair of seats (one past the table too). */
function sameAsPlain(g: G): void {
  const n = g.players.length;
  for (let a = 0; a <= n; a++) {
    expect(skillIds(g, a)).toEqual(plain.skillIds(g, a));
    // Split by whether the skill's play-phase option is lent to others (黄天), in the same order.
    const act = activeSkillIdsRead(g, a);
    expect([...act.own]).toEqual(plain.skillIds(g, a).filter((id) => !SKILLS[id]?.active?.lentTo));
    expect([...act.lent]).toEqual(plain.skillIds(g, a).filter((id) => !!SKILLS[id]?.active?.lentTo));
    expect(skillList(g, a)).toEqual(plain.list(g, a));
    expect(attackRange(g, a)).toBe(plain.range(g, a));
    expect(slashLimit(g, a)).toBe(plain.slashLimit(g, a));
    for (let b = 0; b <= n; b++) expect(distance(g, a, b), `distance ${a}→${b}`).toBe(plain.distance(g, a, b));
  }
  // The table a view reads every distance from says the same for every pair of seats of the table.
  const dt = distanceTable(g);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) expect(dt.distance(a, b), `table distance ${a}→${b}`).toBe(plain.distance(g, a, b));
}
import { playGame } from './playout';

/** Every state of a played game, the first and the last included. */
function statesOf(seats: number, seed: string, options: Record<string, unknown>): S[] {
  const { moves } = playGame(seats, seed, options);
  const opts = def.parseOptions(options, seats) as Record<string, any>;
  let s = startGame(def, { seats, seed, options: opts }).state as S;
  const out: S[] = [s];
  for (const m of moves) {
    const r = apply(def, s, m.seat, m.answer);
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state as S;
    out.push(s);
  }
  return out;
}

const viewers = (s: GameState<any>) => [...[...Array(s.seats).keys()], null];

describe('fast paths equal the plain paths', () => {
  it('viewsJson gives every seat and a spectator exactly JSON.stringify(view) of that viewer, at every state of seeded games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 10 }), fc.string({ minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean(), (seats, seed, noGenerals, standard) => {
        for (const s of statesOf(seats, `fast-${seed}`, { noGenerals, deck: standard ? 'standard' : 'full' })) {
          const all = viewers(s);
          const fast = viewsJson(def, s, all);
          expect(fast.length).toBe(all.length);
          all.forEach((seat, i) => expect(fast[i], `seat ${seat} at step ${s.step}`).toBe(JSON.stringify(def.view(s, seat))));
          // Any subset and order of viewers, repeats included, as a room with several sockets per seat asks.
          const some = [null, seats - 1, 0, 0];
          expect(viewsJson(def, s, some)).toEqual(some.map((seat) => JSON.stringify(def.view(s, seat))));
        }
      }),
      { numRuns: 10 },
    );
  });

  it('viewsJson equals JSON.stringify(view) for characters with marks, odd numbers, missing or extra fields, and after the end', () => {
    const states = statesOf(6, 'views-odd', {});
    const mid = structuredClone(states[Math.floor(states.length / 2)]!) as S;
    const check = (s: S) => viewers(s).forEach((seat, i) => expect(viewsJson(def, s, viewers(s))[i], `seat ${seat}`).toBe(JSON.stringify(def.view(s, seat))));
    check(mid);
    const [a, b, c, d] = mid.g.players as [Player, Player, Player, Player];
    a.marks = { ruoyu: 1 };
    b.hp = -0;
    b.revealed = true;
    c.gender = undefined as unknown as null;
    (d as unknown as Record<string, unknown>).later = 'x';
    d.judge = [1, undefined as unknown as number];
    check(mid);
    a.alive = false;
    check(mid);
    mid.outcome = { winners: [0], reason: { key: 'sgs.end.lord' } };
    check(mid);
    check(states.at(-1)!);
  });

  it('the memoised skills, distances, attack range and 杀 limit equal the plain computation at every state of seeded games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 10 }), fc.string({ minLength: 1, maxLength: 8 }), fc.boolean(), (seats, seed, noGenerals) => {
        for (const s of statesOf(seats, `memo-${seed}`, { noGenerals })) sameAsPlain(s.g);
      }),
      { numRuns: 8 },
    );
  });

  it('the draft copy of the game data equals the generic deep copy and shares no object but a revealed selection, the four piles and each character’s zones, skills and marks with the state, at every state of seeded games', () => {
    /** Every object and list reachable from `x`. */
    const objects = (x: unknown, out = new Set<object>()): Set<object> => {
      if (typeof x === 'object' && x !== null && !out.has(x)) {
        out.add(x);
        for (const v of Object.values(x)) objects(v, out);
      }
      return out;
    };
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 10 }), fc.string({ minLength: 1, maxLength: 8 }), fc.boolean(), (seats, seed, noGenerals) => {
        for (const s of statesOf(seats, `draft-${seed}`, { noGenerals })) {
          // Real states take the copy by shape, not the generic fallback.
          expect(knownShape(s.g)).toBe(true);
          const copy = draftG(s.g);
          expect(copy).toStrictEqual(cloneJson(s.g));
          expect(JSON.stringify(copy)).toBe(JSON.stringify(s.g));
          // Only a revealed selection (no rule changes it once the picks are shown), the four piles and each
          // character's zones, skill list and marks (rules replace them, never change them in place) are shared —
          // the frozen games of the draft tests, shared-piles.test.ts and 若愚's prove it; everything else (the
          // character records included) is a new object.
          const shared = s.g.selection?.revealed ? objects(s.g.selection) : new Set<object>();
          if (s.g.selection?.revealed) expect(copy.selection).toBe(s.g.selection);
          for (const k of ['draw', 'discard', 'table', 'grace'] as const) {
            expect(copy[k]).toBe(s.g[k]);
            shared.add(s.g[k]);
          }
          s.g.players.forEach((p, i) => {
            const c = copy.players[i]!;
            expect(c).not.toBe(p);
            for (const k of ['hand', 'equip', 'judge', 'skills', 'marks'] as const) {
              expect(c[k]).toBe(p[k]);
              shared.add(p[k]);
            }
          });
          const mine = objects(s.g);
          for (const o of objects(copy)) if (!shared.has(o)) expect(mine.has(o)).toBe(false);
        }
      }),
      { numRuns: 6 },
    );
  });

  it('the draft copy deep-copies a field it does not know (one added to the game data or a player later)', () => {
    const g = structuredClone(statesOf(5, 'draft-unknown', {}).at(-1)!.g) as G & { future?: { n: number[] } };
    g.future = { n: [1, -0] };
    (g.players[0] as unknown as Record<string, unknown>).later = { deep: [{ x: 1 }] };
    expect(knownShape(g)).toBe(false);
    const copy = draftG(g) as typeof g;
    expect(copy).toStrictEqual(cloneJson(g));
    expect(copy.future).not.toBe(g.future);
    expect(copy.future!.n).not.toBe(g.future.n);
    const later = (p: unknown) => (p as { later: { deep: object[] } }).later;
    expect(later(copy.players[0]).deep[0]).not.toBe(later(g.players[0]).deep[0]);
    // Fields in another order (a field deleted and written again) keep that order in the copy.
    const h = structuredClone(statesOf(5, 'draft-unknown', {}).at(-1)!.g) as G;
    const phase = h.phase;
    delete (h as Partial<G>).phase;
    h.phase = phase;
    expect(knownShape(h)).toBe(false);
    expect(JSON.stringify(draftG(h))).toBe(JSON.stringify(h));
    const p = h.players[1]!;
    p.hp = -0;
    expect(draftG(h)).toStrictEqual(cloneJson(h));
  });

  it('a mark set, counted up or removed gives the character a new record (the draft shares the old one), keys in the order an assignment in place keeps', () => {
    const g = structuredClone(statesOf(5, 'marks-new', {}).at(-1)!.g) as G;
    const p = g.players[0]!;
    const first = Object.freeze({ a: 1, b: 2 });
    p.marks = first;
    setMark(g, 0, 'a', 5);
    addMark(g, 0, 'c');
    addMark(g, 0, 'c', 2);
    expect(JSON.stringify(p.marks)).toBe('{"a":5,"b":2,"c":3}');
    const second = p.marks;
    setMark(g, 0, 'a', undefined);
    setMark(g, 0, 'nothing', undefined);
    expect(JSON.stringify(p.marks)).toBe('{"b":2,"c":3}');
    expect(first).toEqual({ a: 1, b: 2 });
    expect(second).toEqual({ a: 5, b: 2, c: 3 });
  });

  it('the skill memo follows changes made in place: a skill swapped, a weapon put on, the lord revealed elsewhere, a death', () => {
    const states = statesOf(8, 'memo-in-place', {});
    const g = structuredClone(states[Math.floor(states.length / 2)]!.g) as G;
    sameAsPlain(g);
    const p = g.players.find((x) => x.alive && x.skills.length)!;
    p.skills[0] = 'paoxiao';
    sameAsPlain(g);
    p.skills.push('mashu');
    sameAsPlain(g);
    // Card 53 is a 诸葛连弩, card 35 赤兔 (deck.ts).
    expect([keyOf(53), keyOf(35)]).toEqual(['crossbow', 'chitu']);
    p.equip.weapon = 53;
    sameAsPlain(g);
    p.equip.minus = 35;
    sameAsPlain(g);
    p.role = p.role === 'lord' ? 'rebel' : 'lord';
    sameAsPlain(g);
    p.alive = false;
    sameAsPlain(g);
    p.alive = true;
    p.skills = [];
    sameAsPlain(g);
    // A list handed out is the caller's: changing it changes no later answer.
    skillIds(g, p.seat).push('wusheng');
    skillList(g, p.seat).length = 0;
    sameAsPlain(g);
  });

  it('settling an answer puts back exactly the parts it left equal: every state of seeded games is byte for byte the one the plain draft gives, sharing the untouched characters with the state before', () => {
    const plainDef = { ...def, settle: undefined };
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 10 }), fc.string({ minLength: 1, maxLength: 8 }), fc.boolean(), (seats, seed, noGenerals) => {
        const options = def.parseOptions({ noGenerals }, seats) as Record<string, any>;
        const { moves } = playGame(seats, `settle-${seed}`, { noGenerals });
        let s = startGame(def, { seats, seed: `settle-${seed}`, options }).state as S;
        let t = startGame(plainDef, { seats, seed: `settle-${seed}`, options }).state as S;
        let shared = 0;
        for (const m of moves) {
          const r = apply(def, s, m.seat, m.answer);
          const q = apply(plainDef, t, m.seat, m.answer);
          if (!r.ok || !q.ok) throw new Error('rejected');
          const n = r.value.state as S;
          expect(JSON.stringify(n)).toBe(JSON.stringify(q.value.state));
          expect(JSON.stringify(r.value.events)).toBe(JSON.stringify(q.value.events));
          n.g.players.forEach((p, i) => {
            if (p === s.g.players[i]) shared++;
          });
          [s, t] = [n, q.value.state as S];
        }
        expect(shared).toBeGreaterThan(0);
      }),
      { numRuns: 6 },
    );
  });

  it('settling keeps a character a rule changed, or gave a key the draft does not know, and the whole data when nothing changed', () => {
    const states = statesOf(6, 'settle-unit', {});
    const before = states.at(-2)!.g;
    // Nothing changed: the data it started from.
    expect(settleG(before, draftG(before))).toBe(before);
    const after = draftG(before);
    after.players[1]!.hp -= 1;
    (after.players[2] as unknown as Record<string, unknown>).later = 1;
    const json = JSON.stringify(after);
    const settled = settleG(before, after);
    expect(JSON.stringify(settled)).toBe(json);
    expect(settled.players[0]).toBe(before.players[0]);
    expect(settled.players[1]).not.toBe(before.players[1]);
    expect(settled.players[2]).not.toBe(before.players[2]);
    // Data not copied by shape is left as it is.
    const other = structuredClone(before);
    expect(settleG(other, cloneJson(other)).players[0]).not.toBe(other.players[0]);
  });
});
