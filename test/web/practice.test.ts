import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ghost from '../../worker/games/ghost/index';
import sanguosha from '../../worker/games/sanguosha/index';
import {
  apply,
  botAnswer,
  botRng,
  logFor,
  startGame,
  viewFor,
  type GameDef,
  type GameState,
  type LogEntry,
} from '../../worker/engine';
import type { StateBody } from '../../worker/protocol';
import { practiceHost, type RecordStore } from '../../web/practice/host';
import type { PracticeReply, PracticeRequest } from '../../web/practice/protocol';
import type { PracticeRecord } from '../../web/practice/session';
import { duel } from '../fixtures/duel';

/**
 * The practice table (issue 27, item 3) reads the state body its Web Worker sends, and that body must be exactly
 * what the room would give the player's seat: the game's part is `viewFor` for that seat, the prompts are that
 * seat's, the log lines are those the seat may read — at every step of seeded games, whoever plays.
 */
const DEFS: Record<string, GameDef> = { sanguosha: sanguosha as GameDef, ghost: ghost as GameDef };

/** An in-memory stand-in for the worker's IndexedDB slot; a copy goes in and out, as structured clone does. */
function memoryStore(): RecordStore & { saved: PracticeRecord | null } {
  const st = {
    saved: null as PracticeRecord | null,
    get: async () => (st.saved ? structuredClone(st.saved) : null),
    put: async (r: PracticeRecord) => void (st.saved = structuredClone(r)),
    clear: async () => void (st.saved = null),
  };
  return st;
}

/** Play again's links and proposal (issue 27 items 1–2) belong to games on the server, never to a practice game. */
type OnlineOnly = 'again' | 'next' | 'prev';
const KEYS = Object.keys({
  id: 0,
  game: 0,
  status: 0,
  paused: 0,
  seats: 0,
  options: 0,
  deadlineMinutes: 0,
  createdAt: 0,
  version: 0,
  outcome: 0,
  you: 0,
  view: 0,
  prompts: 0,
  waiting: 0,
  deadline: 0,
  log: 0,
  logFrom: 0,
  logEnd: 0,
  chat: 0,
} satisfies Record<Exclude<keyof StateBody, OnlineOnly>, 0>).sort();

/**
 * The game as the test keeps it, apart from the worker: the record's moves applied one by one with the engine.
 * Each body must equal what `viewFor` and `logFor` give the player's seat of this state.
 */
class Mirror {
  state: GameState<unknown>;
  log: LogEntry[];
  applied = 0;
  constructor(
    readonly def: GameDef,
    rec: PracticeRecord,
  ) {
    const s = startGame(def, { seats: rec.seats, seed: rec.seed, options: rec.options });
    this.state = s.state;
    this.log = s.events;
  }
  catchUp(rec: PracticeRecord): void {
    for (; this.applied < rec.moves.length; this.applied++) {
      const m = rec.moves[this.applied]!;
      const r = apply(this.def, this.state, m.seat, m.answer);
      if (!r.ok) throw new Error(r.error.reason);
      this.state = r.value.state;
      this.log.push(...r.value.events);
    }
  }
  check(body: StateBody, you: number, from: number | undefined): void {
    const v = viewFor(this.def, this.state, you);
    expect(Object.keys(body).sort()).toEqual(KEYS);
    expect(body.you).toBe(you);
    expect(body.view).toEqual(v.view);
    expect(body.prompts).toEqual(v.prompts);
    expect(body.waiting).toEqual(v.waiting);
    expect(body.outcome).toEqual(this.state.outcome);
    expect(body.version).toBe(this.applied);
    expect(body.logEnd).toBe(this.log.length);
    const over = !!this.state.outcome;
    const readable = logFor(this.log, you, over).filter((l) => over || from === undefined || l.i >= from);
    // Without `from` the body carries the tail; at the end, the whole record.
    expect(body.log).toEqual(from === undefined && !over ? readable.slice(-body.log.length) : readable);
    if (from === undefined && !over) expect(body.log.length).toBe(Math.min(readable.length, 150));
    // Another seat's hand, the deck and the seed stay in the worker.
    if (!over) expect(JSON.stringify(body)).not.toContain(this.state.rng.join(','));
  }
}

async function playPractice(game: string, seats: number, seed: string, generals: boolean, cut: number) {
  const store = memoryStore();
  const def = DEFS[game]!;
  let host = practiceHost(
    store,
    async (g) => DEFS[g] ?? null,
    () => seed,
  );
  const ask = (r: PracticeRequest) => host(r);
  const first = await ask({ type: 'new', setup: { game, seats, generals, level: 'good', name: 'Ann' } });
  if (first.type !== 'state') throw new Error(JSON.stringify(first));
  const rec = () => store.saved!;
  const you = rec().you;
  expect(rec().names[you]).toBe('Ann');
  const mirror = new Mirror(def, rec());
  mirror.catchUp(rec());
  mirror.check(first.body, you, undefined);
  let body = first.body;
  let answered = 0;
  while (!body.outcome) {
    if (answered > 3000) throw new Error('practice game too long');
    expect((await ask({ type: 'record' })) as PracticeReply).toEqual({ type: 'record', record: null });
    const p = mirror.state.prompts.find((x) => x.seat === you);
    // The bots ran until the player is asked (or the game ended).
    expect(p).toBeDefined();
    const a = botAnswer(def, mirror.state, p!, botRng(mirror.state, p!, 'player'));
    if (answered === cut) {
      // A reload: a new worker finds the game where the page left it, from the store alone.
      host = practiceHost(
        store,
        async (g) => DEFS[g] ?? null,
        () => 'unused',
      );
      const again = await ask({ type: 'open' });
      if (again.type !== 'state') throw new Error(JSON.stringify(again));
      mirror.check(again.body, you, undefined);
      expect(again.body.view).toEqual(body.view);
    }
    const from = body.logEnd;
    const r = await ask({ type: 'answer', answer: a, version: body.version, from });
    if (r.type !== 'state') throw new Error(JSON.stringify(r));
    mirror.catchUp(rec());
    mirror.check(r.body, you, from);
    body = r.body;
    answered++;
  }
  const end = await ask({ type: 'record' });
  expect(end).toEqual({ type: 'record', record: rec() });
  return answered;
}

describe('practice: the table reads the same per-seat view as online play', () => {
  it('every body the practice worker sends is viewFor and the readable log of the player seat, at every step of seeded games', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('sanguosha', 'ghost'),
        fc.integer({ min: 4, max: 8 }),
        fc.string({ minLength: 4, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 15 }),
        async (game, seats, seed, generals, cut) => {
          expect(await playPractice(game, seats, seed, generals, cut)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 12, seed: 27 },
    );
  }, 300_000);

  it('an answer against an older version is refused as stale and changes nothing', async () => {
    const store = memoryStore();
    const host = practiceHost(
      store,
      async (g) => DEFS[g] ?? null,
      () => 'stale-seed',
    );
    const r = await host({
      type: 'new',
      setup: { game: 'ghost', seats: 5, generals: true, level: 'easy', name: 'Bo' },
    });
    if (r.type !== 'state') throw new Error(JSON.stringify(r));
    const p = r.body.prompts[0]!;
    const moves = store.saved!.moves.length;
    const bad = await host({ type: 'answer', answer: { prompt: p.id, option: p.options[0]!.id }, version: -1 });
    expect(bad.type).toBe('refused');
    expect(bad.type === 'refused' && bad.code).toBe('stale');
    expect(store.saved!.moves.length).toBe(moves);
    expect(store.saved!.options.botLevel).toBe('easy');
  });

  it('two tabs of the practice page play one game: an answer made against a table the other tab has moved is stale', async () => {
    const store = memoryStore();
    const load = async (g: string) => DEFS[g] ?? null;
    const a = practiceHost(store, load, () => 'two-tabs');
    const b = practiceHost(store, load, () => 'unused');
    const first = await a({
      type: 'new',
      setup: { game: 'ghost', seats: 4, generals: true, level: 'good', name: 'Ed' },
    });
    const seen = await b({ type: 'open' });
    if (first.type !== 'state' || seen.type !== 'state') throw new Error('no game');
    expect(seen.body).toEqual(first.body);
    const m = new Mirror(DEFS.ghost!, store.saved!);
    m.catchUp(store.saved!);
    const p = m.state.prompts.find((x) => x.seat === first.body.you)!;
    const answer = botAnswer(DEFS.ghost!, m.state, p, botRng(m.state, p));
    expect((await a({ type: 'answer', answer, version: first.body.version })).type).toBe('state');
    const moves = store.saved!.moves.length;
    const late = await b({ type: 'answer', answer, version: seen.body.version });
    expect(late.type === 'refused' && late.code).toBe('stale');
    expect(store.saved!.moves.length).toBe(moves);
    expect(late.type === 'refused' && late.body.version).toBe(moves);
  });

  it('the bot level is offered and kept for a game whose options take one; a game without levels starts without it', async () => {
    const store = memoryStore();
    const defs: Record<string, GameDef> = { ghost: ghost as GameDef, duel: duel as GameDef };
    const host = practiceHost(
      store,
      async (g) => defs[g] ?? null,
      () => 'levels-seed',
    );
    expect(await host({ type: 'levels', game: 'ghost', seats: 5 })).toEqual({ type: 'levels', levels: true });
    expect(await host({ type: 'levels', game: 'duel', seats: 2 })).toEqual({ type: 'levels', levels: false });
    const r = await host({ type: 'new', setup: { game: 'duel', seats: 2, generals: true, level: 'easy', name: 'Di' } });
    expect(r.type).toBe('state');
    expect(store.saved!.options).toEqual({});
  });

  it('"bot plays my seat" finishes the game, and its record then opens for the replay', async () => {
    const store = memoryStore();
    const host = practiceHost(
      store,
      async (g) => DEFS[g] ?? null,
      () => 'autoplay-seed',
    );
    await host({ type: 'new', setup: { game: 'sanguosha', seats: 5, generals: false, level: 'good', name: 'Cy' } });
    const r = await host({ type: 'autoplay', on: true });
    if (r.type !== 'state') throw new Error(JSON.stringify(r));
    expect(r.body.outcome).not.toBeNull();
    expect(r.body.logFrom).toBe(0);
    expect(store.saved!.options.noGenerals).toBe(true);
    const rec = await host({ type: 'record' });
    expect(rec.type === 'record' && rec.record?.moves.length).toBe(r.body.version);
  });
});
