/**
 * Terse fixtures for 三国杀 rules tests: `table({...})` lays out seats, HP, hands, equipment, judgement areas and
 * the top of the deck, and starts the flow at a chosen phase; `t.use(...)`, `t.answer(...)` script the replies.
 * Cards are named by key, optionally with a suit and rank: 'slash', 'jink@heart', 'slash@spade:7', or by id (number).
 */
import { expect } from 'vitest';
import {
  apply,
  startGame,
  viewFor,
  type Answer,
  type Json,
  type LogEntry,
  type Prompt,
  type Rng,
} from '../../../worker/engine';
import def, { deckIds, makeSanguosha } from '../../../worker/games/sanguosha';
import { P, takeOut } from '../../../worker/games/sanguosha/core';
import type { G, Kingdom, Role, S, SgsDef, SgsSkill } from '../../../worker/games/sanguosha/types';
import { becomeGeneral } from '../../../worker/games/sanguosha/flow/select';
import type { Slot } from '../../../worker/games/sanguosha/kinds';

export type CardSpec = string | number;

export interface Layout {
  roles: Role[];
  hp?: (number | undefined)[];
  maxHp?: (number | undefined)[];
  hands?: Record<number, CardSpec[]>;
  equip?: Record<number, CardSpec[]>;
  judge?: Record<number, CardSpec[]>;
  chained?: number[];
  gender?: Record<number, 'male' | 'female'>;
  /** Cards on top of the draw pile, top first. */
  top?: CardSpec[];
  /** Whose turn it is (default: the lord). */
  current?: number;
  /** Where the turn starts: 'play' (default) or 'start' (the judge phase follows). */
  phase?: 'play' | 'start';
  options?: Record<string, Json>;
  /** A variant of the game (e.g. `makeSanguosha({ extraSkills })`); default the real one. */
  def?: SgsDef;
  /** Generals by seat (`{0: 'caocao'}`): kingdom, gender, skills and max HP from generals.ts (the lord's +1 at 5+). */
  generals?: Record<number, string>;
  /** Extra skill ids by seat (added to the general's; e.g. test skills of the `def`'s catalogue). */
  skills?: Record<number, string[]>;
  /** Kingdoms by seat, for skill-less characters (护驾, 救援 ask about kingdoms). */
  kingdoms?: Record<number, Kingdom>;
}

/** Find a free card id for a spec among `free`. */
function resolve(d: SgsDef, spec: CardSpec, free: Set<number>): number {
  if (typeof spec === 'number') {
    if (!free.has(spec)) throw new Error(`card ${spec} used twice`);
    return spec;
  }
  const [key, rest] = spec.split('@');
  const [suit, rank] = (rest ?? '').split(':');
  for (const id of free) {
    const c = d.card[id]!;
    if (c.key === key && (!suit || c.suit === suit) && (!rank || c.rank === Number(rank))) return id;
  }
  throw new Error(`no free card for ${spec}`);
}

export class Table {
  s: S;
  hands: number[][] = [];
  equips: number[][] = [];
  judges: number[][] = [];
  top: number[] = [];
  moves: { seat: number; answer: Answer }[] = [];
  /** Every log entry written so far (the log is not in the state: each answer hands back its own). */
  logged: LogEntry[] = [];
  def: SgsDef = def;
  constructor(s: S) {
    this.s = s;
  }
  get g(): G {
    return this.s.g;
  }
  p(seat: number) {
    return P(this.s.g, seat);
  }
  /** The open prompt of `seat` (fails when there is none). */
  prompt(seat: number): Prompt {
    const p = this.s.prompts.find((x) => x.seat === seat);
    if (!p)
      throw new Error(
        `seat ${seat} is not asked anything; open: ${JSON.stringify(this.s.prompts.map((x) => [x.seat, x.kind, x.message.key]))}`,
      );
    return p;
  }
  asked(seat: number): Prompt | undefined {
    return this.s.prompts.find((x) => x.seat === seat);
  }
  /** Answer `seat`'s prompt; `option` may be a prefix ('use' matches 'use:12' when cards name the card). */
  answer(seat: number, option: string, o: { cards?: (number | string)[]; seats?: number[] } = {}): this {
    const r = this.try(seat, option, o);
    if (!r.ok) throw new Error(`answer ${seat} ${option} rejected: ${r.error.reason}`);
    return this;
  }
  try(seat: number, option: string, o: { cards?: (number | string)[]; seats?: number[] } = {}) {
    const p = this.prompt(seat);
    const a: Answer = { prompt: p.id, option };
    if (o.cards) a.cards = o.cards.map(String);
    else if (/^(use|recast):/.test(option)) a.cards = [option.split(':')[1]!];
    if (o.seats) a.seats = o.seats;
    // The answer draft shares the piles and zones with its input, which rules replace and never change in place:
    // every scripted answer checks that its input state came out of it unchanged.
    const before = JSON.stringify(this.s);
    const r = apply(this.def, this.s, seat, a);
    if (JSON.stringify(this.s) !== before) throw new Error(`answer ${seat} ${option} changed its input state`);
    if (r.ok) {
      this.s = r.value.state;
      this.logged.push(...r.value.events);
      this.moves.push({ seat, answer: a });
    }
    return r;
  }
  /** Use a hand card in the play phase. */
  use(seat: number, card: number, targets?: number[]): this {
    return this.answer(seat, `use:${card}`, targets ? { seats: targets } : {});
  }
  pass(seat: number): this {
    return this.answer(seat, 'pass');
  }
  /** Pass every open prompt of these seats (or of everyone), repeatedly, while any is open. */
  passAll(seats?: number[]): this {
    for (let k = 0; k < 100; k++) {
      const p = this.s.prompts.find(
        (x) => (!seats || seats.includes(x.seat)) && x.options.some((o) => o.id === 'pass') && x.kind !== 'play',
      );
      if (!p) return this;
      this.answer(p.seat, 'pass');
    }
    return this;
  }
  /** Option ids offered to `seat` now. */
  options(seat: number): string[] {
    return this.prompt(seat).options.map((o) => o.id);
  }
  log(): string[] {
    return this.logged.map((e) => e.msg.key);
  }
  /** The log entries written so far, with their audiences. */
  entries(): LogEntry[] {
    return this.logged;
  }
  /** `seat`'s view now, its log included. */
  view(seat: number | null) {
    return viewFor(this.def, this.s, seat, { log: this.logged });
  }
}

/** The real game with test skills in its catalogue under the given ids (a game built for the test: nothing patched). */
export const withTestSkills = (extra: Record<string, SgsSkill>): SgsDef =>
  makeSanguosha({ extraSkills: Object.entries(extra).map(([id, sk]) => ({ ...sk, id })) });

export function table(l: Layout): Table {
  const n = l.roles.length;
  const holder: { t?: Table } = {};
  const base = l.def ?? def;
  const wrapped: SgsDef = {
    ...base,
    setup(ctx) {
      const g = base.setup(ctx);
      const free = new Set(deckIds(base.deck, g.deckKind));
      for (const p of g.players) p.hand = [];
      g.draw = [];
      const t = new Table(ctx.s);
      holder.t = t;
      const take = (spec: CardSpec) => {
        const id = resolve(base, spec, free);
        free.delete(id);
        return id;
      };
      l.roles.forEach((role, seat) => {
        const p = g.players[seat]!;
        p.role = role;
        p.revealed = role === 'lord';
        p.maxHp = role === 'lord' && n >= 5 ? 5 : 4;
        p.gender = null;
        const gen = l.generals?.[seat];
        if (gen) becomeGeneral({ g, def: base }, seat, gen);
        if (l.kingdoms?.[seat]) p.kingdom = l.kingdoms[seat]!;
        if (l.skills?.[seat]) p.skills = [...p.skills, ...l.skills[seat]!];
        p.maxHp = l.maxHp?.[seat] ?? p.maxHp;
        p.hp = l.hp?.[seat] ?? p.maxHp;
        p.chained = !!l.chained?.includes(seat);
        if (l.gender?.[seat]) p.gender = l.gender[seat]!;
        p.hand = (l.hands?.[seat] ?? []).map(take);
        t.hands[seat] = [...p.hand];
        t.equips[seat] = (l.equip?.[seat] ?? []).map(take);
        for (const id of t.equips[seat]!) p.equip[base.card[id]!.kind.slot as Slot] = id;
        p.judge = (l.judge?.[seat] ?? []).map(take);
        t.judges[seat] = [...p.judge];
      });
      t.top = (l.top ?? []).map(take);
      g.draw = [...t.top, ...[...free].sort((a, b) => a - b)];
      const cur = l.current ?? l.roles.indexOf('lord');
      Object.assign(g, {
        current: cur,
        round: 1,
        phase: l.phase === 'start' ? 'none' : 'play',
        slashes: 0,
        wineUsed: false,
        drunk: false,
        skipDraw: false,
        skipPlay: false,
      });
      const turnFrame = ctx.s.stack[0]!;
      turnFrame.seat = cur;
      // 'play': the turn frame at the play phase's step that opens it (flow/turn.ts: st 1, phase 3, sub 3).
      Object.assign(turnFrame, l.phase === 'start' ? { st: 0 } : { st: 1, ph: 3, sub: 3 });
      if (l.phase === 'start') g.round = 0;
      return g;
    },
  };
  const start = startGame(wrapped, {
    seats: n,
    seed: 'table',
    options: {
      deck: 'full',
      autoPass: true,
      doubleTraitor: false,
      noGenerals: true,
      extraLords: true,
      ...(l.options ?? {}),
    },
  });
  const t = holder.t!;
  t.s = start.state;
  t.logged = start.events;
  t.def = base;
  return t;
}

/** All card ids anywhere in the state, for conservation checks. */
export function allCards(g: G): number[] {
  return [
    ...g.draw,
    ...g.discard,
    ...g.table,
    ...g.grace,
    ...g.players.flatMap((p) => [
      ...p.hand,
      ...p.judge,
      ...Object.values(p.equip).filter((x): x is number => x !== null),
    ]),
  ];
}

export function expectConserved(g: G, d: SgsDef = def): void {
  const all = allCards(g);
  const expected = deckIds(d.deck, g.deckKind);
  expect(all.length).toBe(expected.length);
  expect(new Set(all).size).toBe(expected.length);
}

/** The real game's bot (`GameDef.bot`), for tests that ask it directly. */
export const bot = (s: S, p: Prompt, rng: Rng) => def.bot!(s, p, rng);
