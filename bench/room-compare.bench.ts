import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { apply, botAnswer, botRng, createGame, registerGame, type Answer, type GameDef, type Move } from '../worker/engine';
import '../worker/games';
import ghost from '../worker/games/ghost';
import sanguosha from '../worker/games/sanguosha';
import { hidden, hiddenMoves } from '../test/helpers/hidden';
import { benchRoom } from './harness/room';
import { bgioMatch } from './bgio';
import { median, record, type Metric } from './report';
import { warmUp } from './warm';

/**
 * Before and after in one run, interleaved, so both see the same machine load (the bench machine is shared):
 * BENCH_BASELINE names a checkout of an older commit (with bench/harness), whose GameRoom, engine and games are
 * imported beside this tree's and fed the same moves; boardgame.io runs the same hidden-hand moves in the same
 * repetition. Skipped without BENCH_BASELINE.
 */
const BASE = process.env.BENCH_BASELINE;
const REPS = Number(process.env.REPS ?? 5);
registerGame(hidden);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const m = (name: string, xs: number[], unit: string, note = ''): Metric => ({ name, value: median(xs), unit, note: `[${Math.min(...xs).toPrecision(4)}–${Math.max(...xs).toPrecision(4)}] ${note}`.trim() });

type BenchRoomFn = typeof benchRoom;

/** Timed on an in-memory SQLite: the room's CPU, not this shared machine's disk (bytes are measured in room-path). */
async function timeRoom(make: BenchRoomFn, game: string, seats: number, seed: string, options: Record<string, unknown>, moves: Move[]): Promise<number[]> {
  const r = await make({ game, seats, options, seed, disk: false });
  const us: number[] = [];
  for (const mv of moves) us.push(await r.answer(mv.seat, mv.answer));
  r.dispose();
  return us;
}

function movesOf(def: GameDef, seats: number, seed: string, options: Record<string, any>, pick: (p: any, s: any) => Answer): Move[] {
  let s = createGame(def, { seats, seed, options });
  const moves: Move[] = [];
  while (!s.outcome) {
    const p = s.prompts[0]!;
    const a = pick(p, s);
    const r = apply(def, s, p.seat, a);
    if (!r.ok) throw new Error(r.error.reason);
    moves.push({ seat: p.seat, answer: a });
    s = r.value.state;
  }
  return moves;
}

it.skipIf(!BASE)('before and after, interleaved: room µs per answer on the hidden-hand fixture and on real games, with boardgame.io', async () => {
  const old = (await import(/* @vite-ignore */ `${BASE}/bench/harness/room.ts`)) as { benchRoom: BenchRoomFn };
  const oldEngine = (await import(/* @vite-ignore */ `${BASE}/worker/engine/index.ts`)) as { registerGame(d: unknown): void };
  await import(/* @vite-ignore */ `${BASE}/worker/games/index.ts`);
  oldEngine.registerGame((await import(/* @vite-ignore */ `${BASE}/test/helpers/hidden.ts`)).hidden);
  const cases: { label: string; game: string; def: GameDef; seats: number; options: Record<string, any>; moves: Move[]; bgio?: number }[] = [];
  for (const n of [500, 2000]) cases.push({ label: `hidden-hand fixture, ${n}-answer match`, game: 'hidden', def: hidden, seats: 4, options: { limit: n }, moves: hiddenMoves(n, `cmp-${n}`), bgio: n });
  for (const [game, def, seats] of [['sanguosha', sanguosha, 5], ['sanguosha', sanguosha, 8], ['ghost', ghost, 5], ['ghost', ghost, 8]] as const) {
    const options = def.parseOptions(undefined, seats) as Record<string, any>;
    cases.push({ label: `${game} ${seats} players (replayed bot game)`, game, def: def as GameDef, seats, options, moves: movesOf(def as GameDef, seats, `cmp-${game}-${seats}`, options, (p, s) => botAnswer(def as GameDef, s, p, botRng(s, p))) });
  }
  for (const c of cases) {
    const seed = c.game === 'hidden' ? `cmp-${c.options.limit}` : `cmp-${c.game}-${c.seats}`;
    const after: number[] = [];
    const before: number[] = [];
    const bg: number[] = [];
    const firstLast: [number, number][] = [];
    // Unrecorded runs of each side in turn first, WARM_ANSWERS answers each (warm.ts), so neither side is timed
    // while V8 still compiles it.
    const sides = [
      async () => ({ answers: c.moves.length, us: mean(await timeRoom(benchRoom, c.game, c.seats, seed, c.options, c.moves)) }),
      async () => ({ answers: c.moves.length, us: mean(await timeRoom(old.benchRoom, c.game, c.seats, seed, c.options, c.moves)) }),
    ];
    if (c.bgio) {
      const limit = c.bgio;
      sides.push(async () => {
        const b = bgioMatch(limit);
        while (!b.over()) await b.move();
        return { answers: limit, us: 0 };
      });
    }
    await warmUp(sides);
    for (let k = 0; k < REPS; k++) {
      const a = await timeRoom(benchRoom, c.game, c.seats, seed, c.options, c.moves);
      after.push(mean(a));
      // The final answer sends every socket the whole record (public at the end), once: left out of the last tenth.
      const tenth = Math.max(1, Math.floor(a.length / 10));
      firstLast.push([mean(a.slice(0, tenth)), mean(a.slice(-tenth - 1, -1))]);
      before.push(mean(await timeRoom(old.benchRoom, c.game, c.seats, seed, c.options, c.moves)));
      if (c.bgio) {
        const b = bgioMatch(c.bgio);
        const t0 = performance.now();
        let n = 0;
        while (!b.over()) (await b.move(), n++);
        bg.push(((performance.now() - t0) * 1000) / n);
      }
    }
    record(`before/after interleaved: ${c.label} (${c.moves.length} answers)`, [
      m('before: room µs per answer', before, 'µs'),
      m('after: room µs per answer', after, 'µs'),
      m('after ÷ before', after.map((x, i) => x / before[i]!), '×'),
      m('after: last tenth ÷ first tenth (final answer excluded)', firstLast.map(([f, l]) => l / f), '×', 'target ≤ 1.2'),
      ...(bg.length
        ? [
            m('boardgame.io µs per move', bg, 'µs'),
            m('before ÷ boardgame.io', before.map((x, i) => x / bg[i]!), '×'),
            m('after ÷ boardgame.io', after.map((x, i) => x / bg[i]!), '×', 'target ≤ 0.25'),
          ]
        : []),
    ]);
  }
});
