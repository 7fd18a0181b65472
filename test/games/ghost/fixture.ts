import { expect } from 'vitest';
import { makeGhost } from '../../../worker/games/ghost/index';
import { CARDS } from '../../../worker/games/ghost/cards';
import { apply, startGame, viewFor } from '../../../worker/engine/runtime';
import type { Answer, GameState, LogEntry, OpenPrompt } from '../../../worker/engine/types';
import type { Identity } from '../../../worker/games/ghost/basics';
import type { Cards, GhostDef } from '../../../worker/games/ghost/catalogue';
import type { TurnStep } from '../../../worker/games/ghost/flow/turn';
import type { G } from '../../../worker/games/ghost/state';

/** Ids `S01`…`S<n>`. */
const ids = (kind: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${kind}${String(i + 1).padStart(2, '0')}`);

/** The real card lines of these ids: a card added to the real deck is not among them, a real card changed is. */
function deckOf(spec: Record<keyof Cards, string[]>): Cards {
  const pick = <T extends { id: string }>(list: T[], want: string[]): T[] =>
    want.map((id) => {
      const c = list.find((x) => x.id === id);
      if (!c) throw new Error(`no card ${id} in the real deck`);
      return c;
    });
  return {
    imps: pick(CARDS.imps, spec.imps),
    events: pick(CARDS.events, spec.events),
    spells: pick(CARDS.spells, spec.spells),
    artifacts: pick(CARDS.artifacts, spec.artifacts),
    kings: pick(CARDS.kings, spec.kings),
  };
}

/**
 * The deck the rule tests and seeded tests play: the cards of cards.md v1.2 pinned by id, so that a card added
 * to the real deck changes no test here (the real deck's own pins are in rules.test.ts).
 */
export const FIXTURE = makeGhost({
  cards: deckOf({
    imps: ids('I', 24),
    events: ids('E', 8),
    spells: ids('S', 19),
    artifacts: ids('A', 10),
    kings: ids('K', 6),
  }),
});

/** A small deck for the perft counts: nine spells (the ⚡ ones among them), two artifacts, every ghost card. */
export const SMALL = makeGhost({
  cards: deckOf({
    imps: ids('I', 24),
    events: ids('E', 8),
    spells: ['S01', 'S02', 'S03', 'S04', 'S05', 'S06', 'S11', 'S18', 'S19'],
    artifacts: ['A01', 'A02'],
    kings: ids('K', 6),
  }),
});

/**
 * A terse table builder (STYLE §12): a game of P players with the seats, hands, imps and ghost deck a test
 * names, the flow started at a chosen step of the current player's turn. Cards named in a hand are taken
 * from wherever the deal put them, so every card stays accounted for.
 */
export interface TableSpec {
  P?: number;
  /** Rules run with autoPass off, as the room runs them: every seat is asked in a ⚡ window, card or not. */
  askAll?: boolean;
  seed?: string;
  current?: number;
  /** Step of the turn frame to start at. */
  step?: TurnStep;
  ids?: Identity[];
  hands?: Record<number, string[]>;
  spirit?: Record<number, number>;
  /** Imps on each seat, oldest first. */
  imps?: Record<number, string[]>;
  points?: Record<number, string[]>;
  artifact?: Record<number, string>;
  /** Ghost cards on top of the ghost deck, top first. */
  ghost?: string[];
  king?: string;
  gk?: number;
  /** Any other change to the game data before the flow starts. */
  tweak?: (g: G) => void;
  /** The game played (default: the fixture deck). */
  game?: GhostDef;
}

export function table(spec: TableSpec): Runner {
  const P = spec.P ?? 4;
  const game = spec.game ?? FIXTURE;
  const def: GhostDef = {
    ...game,
    setup(ctx) {
      const g = game.setup(ctx);
      const take = (card: string) => {
        for (const z of [g.deck, g.discard, ...g.players.map((p) => p.hand)]) {
          const i = z.indexOf(card);
          if (i >= 0) return void z.splice(i, 1);
        }
        throw new Error(`card ${card} not found`);
      };
      const takeGhost = (id: string) => {
        const i = g.ghost.indexOf(id);
        if (i < 0) throw new Error(`ghost card ${id} not in the deck`);
        g.ghost.splice(i, 1);
      };
      for (const [s, id] of (spec.ids ?? []).entries()) g.players[s]!.identity = id;
      if (spec.hands)
        for (const [s, cards] of Object.entries(spec.hands)) {
          const p = g.players[Number(s)]!;
          g.deck.push(...p.hand.splice(0));
          cards.forEach(take);
          p.hand.push(...cards);
        }
      for (const [s, n] of Object.entries(spec.spirit ?? {})) g.players[Number(s)]!.spirit = n;
      for (const [s, list] of Object.entries(spec.imps ?? {}))
        for (const id of list) {
          takeGhost(id);
          g.players[Number(s)]!.imps.push({ id, at: ++g.clock });
        }
      for (const [s, list] of Object.entries(spec.points ?? {}))
        for (const id of list) {
          takeGhost(id);
          g.players[Number(s)]!.points.push({ id, at: ++g.clock });
        }
      for (const [s, card] of Object.entries(spec.artifact ?? {})) {
        take(card);
        g.players[Number(s)]!.artifact = card;
      }
      if (spec.ghost) {
        spec.ghost.forEach(takeGhost);
        g.ghost.push(...[...spec.ghost].reverse());
      }
      if (spec.king) g.kingCard = spec.king;
      if (spec.gk !== undefined) {
        g.gk = spec.gk;
        g.gkTurn = 0;
      }
      g.current = spec.current ?? 0;
      spec.tweak?.(g);
      ctx.s.stack.length = 0;
      ctx.push({ t: 'turn', step: spec.step ?? 'start' });
      return g;
    },
  };
  const options = spec.askAll ? { autoPass: false } : undefined;
  const start = startGame(def, { seats: P, seed: spec.seed ?? 'fixture', options });
  return new Runner(def, start.state, start.events);
}

/** A table at seat 0's day, holding `hand` and 5 spirit. */
export const day = (hand: string[], spec: TableSpec = {}): Runner =>
  table({ step: 'dayStart', hands: { 0: hand }, spirit: { 0: 5 }, ...spec });

export interface Pick {
  cards?: string[];
  seats?: number[];
}

/** Scripted replies (FreeKill `setNextReplies`) against one game. */
export class Runner {
  constructor(
    readonly def: GhostDef,
    public s: GameState<G>,
    /** Every log entry written so far (the log is not in the state: each answer hands back its own). */
    private readonly logged: LogEntry[] = [],
  ) {}
  get g(): G {
    return this.s.g;
  }
  get prompt(): OpenPrompt {
    const p = this.s.prompts[0];
    if (!p) throw new Error(`no open prompt (outcome ${JSON.stringify(this.s.outcome)})`);
    return p;
  }
  /** Answer the open prompt of `seat` (which must be asked now). */
  reply(seat: number, option: string, pick: Pick = {}): this {
    const p = this.s.prompts.find((x) => x.seat === seat);
    if (!p)
      throw new Error(
        `seat ${seat} is not asked (asked: ${this.s.prompts.map((x) => `${x.seat}:${x.kind}`).join(',')})`,
      );
    const a: Answer = { prompt: p.id, option, ...pick };
    const r = apply(this.def, this.s, seat, a);
    if (!r.ok) throw new Error(`rejected: ${r.error.reason}`);
    this.s = r.value.state;
    this.logged.push(...r.value.events);
    return this;
  }
  /** The reason an answer is refused (and check that nothing changed). */
  refuse(seat: number, option: string, pick: Pick = {}): string {
    const p = this.s.prompts.find((x) => x.seat === seat)!;
    const before = JSON.stringify(this.s);
    const r = apply(this.def, this.s, seat, { prompt: p.id, option, ...pick });
    expect(JSON.stringify(this.s)).toBe(before);
    if (r.ok) throw new Error('answer was accepted');
    return r.error.reason;
  }
  /** Answer every prompt with its default until `stop` says so (or the game ends). */
  until(stop: (p: OpenPrompt) => boolean, max = 200): this {
    for (let i = 0; i < max && !this.s.outcome; i++) {
      const p = this.prompt;
      if (stop(p)) return this;
      const a = this.def.defaultAnswer!(this.s, p)!;
      const r = apply(this.def, this.s, p.seat, a);
      if (!r.ok) throw new Error(`default rejected: ${r.error.reason}`);
      this.s = r.value.state;
      this.logged.push(...r.value.events);
    }
    if (this.s.outcome) return this;
    throw new Error('until: no stop');
  }
  /** Run defaults until `seat` is asked a prompt of `kind`. */
  to(kind: string, seat?: number): this {
    return this.until((p) => p.kind === kind && (seat === undefined || p.seat === seat));
  }
  asked(): string[] {
    return this.s.prompts.map((p) => `${p.seat}:${p.kind}`);
  }
  options(seat?: number): string[] {
    return this.s.prompts
      .filter((p) => seat === undefined || p.seat === seat)
      .flatMap((p) => p.options.map((o) => o.id));
  }
  option(id: string) {
    return this.prompt.options.find((o) => o.id === id);
  }
  view(seat: number | null) {
    return viewFor(this.def, this.s, seat, { log: this.logged });
  }
  logKeys(): string[] {
    return this.logged.map((e) => e.msg.key);
  }
  /** The log entries written so far, with their audiences. */
  entries(): LogEntry[] {
    return this.logged;
  }
  p(s: number) {
    return this.g.players[s]!;
  }
}

/** Cards of a colour for votes: n red / blue plain cards that are not 敕令符. */
const R = ['S01-R1', 'S01-R2', 'S02-R1', 'S02-R2', 'S03-R1', 'S03-R2', 'S09-R1', 'S09-R2'];
export const B = ['S01-B1', 'S01-B2', 'S02-B1', 'S02-B2', 'S03-B1', 'S03-B2', 'S09-B1', 'S09-B2'];
export const reds = (n: number, from = 0) => R.slice(from, from + n);
export const blues = (n: number, from = 0) => B.slice(from, from + n);

/** A `tweak` for tables that start at the GK-emergence check: the 3rd imp of these seats arrived this turn (R8). */
export const third =
  (...seats: number[]) =>
  (g: G): void => {
    g.ts.thirdImp = seats;
  };
