import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { apply, createGame, registerGame, type GameDef, type Move } from '../worker/engine';
import '../worker/games';
import ghost from '../worker/games/ghost';
import sanguosha from '../worker/games/sanguosha';
import { hidden, hiddenMoves } from '../test/helpers/hidden';
import { benchRoom, type BenchRoom } from './harness/room';
import { botMoves } from '../test/helpers/play';
import { bgioMatch } from './bgio';
import { naiveMatch } from './naive';
import { median, metric as m, record } from './report';
import { WARM_ANSWERS, curveNote, warmUp } from './warm';

/**
 * What players pay per answer, on the real room code (bench/harness runs GameRoom in Node on node:sqlite, with
 * one socket per seat that said hello with `log`): the hidden-hand fixture at 500- and 10,000-answer matches
 * beside boardgame.io 0.50's authoritative path on the same moves; the growth curve; the real games (replayed
 * bot games of 三国杀 and 驱鬼 at 5 and 8 players) with the split per answer; bytes written per answer.
 * REPS (default 5) repetitions; each figure is the median [min–max] over them. Times are taken with SQLite in
 * memory (the room's CPU; this machine's disk is shared), bytes and statements from one more replay on disk.
 */
const REPS = Number(process.env.REPS ?? 5);
const LONG = Number(process.env.LONG ?? 10_000);
const LONG_REPS = Number(process.env.LONG_REPS ?? REPS);
registerGame(hidden);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** A full game played by the game's bots (prompts[0] each time), as a move list: the input the room replays. */
const botGame = (def: GameDef, seats: number, seed: string, options: Record<string, any>): Move[] => botMoves(def, { seats, seed, options }).moves;

/** The engine alone on the same moves: µs per apply. */
function applyTimes(def: GameDef, seats: number, seed: string, options: Record<string, any>, moves: Move[]): number[] {
  let s = createGame(def, { seats, seed, options });
  return moves.map((mv) => {
    const t0 = performance.now();
    const r = apply(def, s, mv.seat, mv.answer);
    const us = (performance.now() - t0) * 1000;
    if (!r.ok) throw new Error(r.error.reason);
    s = r.value.state;
    return us;
  });
}

interface Run {
  us: number[];
  statements: number[];
  bound: number[];
  wal: number[];
  /** µs per answer inside each hooked room phase. */
  phases: Record<string, number[]>;
  snapshots: number[];
  sentBytes: number;
  /** Logical bytes per answer by statement (the room's setup left out). */
  boundBy: Record<string, number>;
}

/** Room methods timed per answer, by path from the room (the old one-class room's and the rebuilt room's names). */
const PHASES: [string, string[][]][] = [
  ['commit (apply + persist)', [['commitMove'], ['moves', 'commit']]],
  ['broadcast (views + serialise + send)', [['broadcast'], ['sockets', 'broadcast']]],
];

/** One replay through the room. `disk`: SQLite on a file in WAL mode (for bytes); else in memory (for the room's CPU). */
async function playRoom(game: string, seats: number, seed: string, options: Record<string, any>, moves: Move[], snapEvery = 0, disk = false, settings?: (seat: number) => unknown): Promise<Run> {
  const r: BenchRoom = await benchRoom({ game, seats, options, seed, disk, settings });
  const run: Run = { us: [], statements: [], bound: [], wal: [], phases: {}, snapshots: [], sentBytes: 0, boundBy: {} };
  const acc: Record<string, number> = {};
  for (const [name, paths] of PHASES) {
    for (const path of paths) {
      const target = path.slice(0, -1).reduce<any>((o, k) => o?.[k], r.room) as Record<string, (...a: unknown[]) => unknown> | undefined;
      const method = path.at(-1)!;
      const orig = target?.[method];
      if (!target || typeof orig !== 'function') continue;
      run.phases[name] = [];
      target[method] = function (this: unknown, ...args: unknown[]) {
        const t0 = performance.now();
        try {
          return orig.apply(target, args);
        } finally {
          acc[name] = (acc[name] ?? 0) + (performance.now() - t0) * 1000;
        }
      };
    }
  }
  const sent0 = r.sockets.reduce((n, s) => n + s.bytes, 0);
  const by0 = new Map(r.fs.sql.boundBy);
  r.fs.sql.checkpoint();
  for (let i = 0; i < moves.length; i++) {
    for (const k of Object.keys(acc)) acc[k] = 0;
    const st0 = r.fs.sql.statements;
    const b0 = r.fs.sql.boundBytes;
    const w0 = r.fs.sql.walBytes();
    run.us.push(await r.answer(moves[i]!.seat, moves[i]!.answer));
    run.statements.push(r.fs.sql.statements - st0);
    run.bound.push(r.fs.sql.boundBytes - b0);
    run.wal.push(r.fs.sql.walBytes() - w0);
    for (const name of Object.keys(run.phases)) run.phases[name]!.push(acc[name] ?? 0);
    if (r.fs.sql.walBytes() > 64 << 20) r.fs.sql.checkpoint();
    if (snapEvery && (i % snapEvery === 0 || i === moves.length - 1)) run.snapshots.push(r.snapshotBytes());
  }
  run.sentBytes = r.sockets.reduce((n, s) => n + s.bytes, 0) - sent0;
  for (const [k, v] of r.fs.sql.boundBy) if (v - (by0.get(k) ?? 0) > 0) run.boundBy[k] = (v - (by0.get(k) ?? 0)) / moves.length;
  if (!snapEvery) run.snapshots.push(r.snapshotBytes());
  r.dispose();
  return run;
}

const slice = (xs: number[], from: number, to: number) => xs.slice(Math.floor(from * xs.length), Math.max(Math.floor(from * xs.length) + 1, Math.floor(to * xs.length)));

it('room path per answer: the hidden-hand fixture beside boardgame.io, 500 and 10,000 answers, and the growth curve', async () => {
  const short = hiddenMoves(500, 'bench-hidden');
  const long = hiddenMoves(LONG, 'bench-hidden-long');
  const room500: number[] = [];
  const bg500: number[] = [];
  const bgSql500: number[] = [];
  const eng500: number[] = [];
  const naive500: number[] = [];
  const bgioRun = async (limit: number, sqlite = false): Promise<number> => {
    const b = bgioMatch(limit, 4, sqlite);
    const t0 = performance.now();
    let n = 0;
    while (!b.over()) (await b.move(), n++);
    return ((performance.now() - t0) * 1000) / n;
  };
  // Warmed on WARM_ANSWERS answers each, room and boardgame.io in turn (warm.ts); the first match of each is the cold one.
  const curves = await warmUp([
    async () => ({ answers: short.length, us: mean((await playRoom('hidden', 4, 'bench-hidden', { limit: 500 }, short)).us) }),
    async () => ({ answers: 500, us: await bgioRun(500) }),
    async () => ({ answers: 500, us: await bgioRun(500, true) }),
    async () => ({ answers: short.length, us: naiveMatch(hidden, 4, 'bench-hidden', { limit: 500 }, short) }),
  ]);
  const roomCurve = curves[0]!;
  const bgCurve = curves[1]!;
  for (let k = 0; k < REPS; k++) {
    room500.push(mean((await playRoom('hidden', 4, 'bench-hidden', { limit: 500 }, short)).us));
    eng500.push(mean(applyTimes(hidden, 4, 'bench-hidden', { limit: 500 }, short)));
    bg500.push(await bgioRun(500));
    bgSql500.push(await bgioRun(500, true));
    naive500.push(naiveMatch(hidden, 4, 'bench-hidden', { limit: 500 }, short));
  }
  const roomLong: number[] = [];
  const bgLong: number[] = [];
  const curve: Record<number, number[]> = {};
  // The last window ends before the final answer: that one sends every socket the whole record, once (the game is
  // over and every line is public), a cost that grows with the game and is reported on its own.
  const points = [0, 1000, 5000, LONG - 201].filter((p) => p >= 0 && p < LONG);
  const finalMs: number[] = [];
  let lastLong: Run | null = null;
  for (let k = 0; k < LONG_REPS; k++) {
    const run = await playRoom('hidden', 4, 'bench-hidden-long', { limit: LONG }, long, 1000);
    roomLong.push(mean(run.us));
    for (const p of points) (curve[p] ??= []).push(mean(run.us.slice(p, p + 200)));
    finalMs.push(run.us.at(-1)! / 1000);
    bgLong.push(await bgioRun(LONG));
  }
  // Bytes and statements from one more replay with SQLite on disk.
  lastLong = await playRoom('hidden', 4, 'bench-hidden-long', { limit: LONG }, long, 1000, true);
  const ratio500 = room500.map((x, i) => x / bg500[i]!);
  const ratioLong = roomLong.map((x, i) => x / bgLong[i]!);
  record('room path: hidden-hand fixture (4 seats, 5 cards) vs boardgame.io 0.50', [
    m('room µs per answer, 500-answer match', room500, 'µs'),
    m('boardgame.io µs per move, 500-move match', bg500, 'µs', 'Master.onUpdate → reducer → InMemory → 4 filtered views serialised'),
    m('room ÷ boardgame.io, 500', ratio500, '×', 'target ≤ 0.25'),
    m('boardgame.io writing its state to SQLite every move (as its database adapters do; SQLite in memory, as here), µs per move, 500', bgSql500, 'µs', 'bench/bgio.ts SqliteStore: a second anchor, not the target'),
    m('room ÷ boardgame.io writing to SQLite, 500', room500.map((x, i) => x / bgSql500[i]!), '×'),
    m('cold: the first 500-answer match in a fresh process, room µs per answer', [roomCurve[0]!.us], 'µs', `boardgame.io ${bgCurve[0]!.us.toFixed(1)} µs, ratio ${(roomCurve[0]!.us / bgCurve[0]!.us).toFixed(3)}`),
    m(`warm-up (${WARM_ANSWERS.toLocaleString('en')} answers each, unrecorded): room`, [roomCurve.at(-1)!.us], 'µs', curveNote(roomCurve)),
    m(`warm-up (${WARM_ANSWERS.toLocaleString('en')} answers each, unrecorded): boardgame.io`, [bgCurve.at(-1)!.us], 'µs', curveNote(bgCurve)),
    m('engine alone µs per apply, 500', eng500, 'µs'),
    m('naive server on this engine, µs per answer, 500 (parse, apply, one SQL row, 4 whole views serialised)', naive500, 'µs', 'bench/naive.ts: no log table, clocks, patches or checks; a reference, not a room'),
    m('naive server ÷ boardgame.io, 500', naive500.map((x, i) => x / bg500[i]!), '×'),
    m('room ÷ naive server, 500', room500.map((x, i) => x / naive500[i]!), '×', "what the room's own work costs on top of the engine and one write"),
    m(`room µs per answer, ${LONG}-answer match`, roomLong, 'µs'),
    m(`boardgame.io µs per move, ${LONG}-move match`, bgLong, 'µs'),
    m(`room ÷ boardgame.io, ${LONG}`, ratioLong, '×'),
    m(`room ${LONG} ÷ room 500`, roomLong.map((x) => x / median(room500)), '×', 'target ≤ 1.2'),
    ...points.map((p) => m(`growth: room µs per answer at answers ${p}–${p + 200}`, curve[p]!, 'µs')),
    m(`the final answer of the ${LONG}-answer match (the game is over: every socket is sent the whole record, once)`, finalMs, 'ms', `${long.length} answers`),
    m('SQL statements per answer (mean)', [mean(lastLong!.statements)], 'statements', `max ${Math.max(...lastLong!.statements)}`),
    m('logical bytes written per answer, first 1,000', [mean(lastLong!.bound.slice(0, 1000))], 'bytes'),
    m(`logical bytes written per answer, last 1,000`, [mean(lastLong!.bound.slice(-1000))], 'bytes'),
    m('SQLite page writes (WAL) per answer, first 1,000', [mean(lastLong!.wal.slice(0, 1000))], 'bytes'),
    m('SQLite page writes (WAL) per answer, last 1,000', [mean(lastLong!.wal.slice(-1000))], 'bytes'),
    m('full state bytes (snapshot or move row) at the start / at the end', [lastLong!.snapshots[0]!], 'bytes', `end ${lastLong!.snapshots.at(-1)}`),
  ]);
});

const REAL: [string, GameDef, number][] = [
  ['sanguosha', sanguosha, 5],
  ['sanguosha', sanguosha, 8],
  ['ghost', ghost, 5],
  ['ghost', ghost, 8],
];

it('room path per answer on real games: replayed bot games of 三国杀 and 驱鬼 at 5 and 8 players', async () => {
  for (const [game, def, seats] of REAL) {
    const options = def.parseOptions(undefined, seats) as Record<string, any>;
    const seed = `bench-${game}-${seats}`;
    const moves = botGame(def, seats, seed, options);
    const per: number[] = [];
    const first: number[] = [];
    const last: number[] = [];
    const applyUs: number[] = [];
    const naiveUs: number[] = [];
    const phases: Record<string, number[]> = {};
    let run: Run | null = null;
    // Warm-up replays, unrecorded (warm.ts): until this game has run WARM_ANSWERS answers through the room (and the naive server).
    const [curve] = await warmUp([
      async () => ({ answers: moves.length, us: mean((await playRoom(game, seats, seed, options, moves)).us) }),
      async () => ({ answers: moves.length, us: naiveMatch(def, seats, seed, options, moves) }),
    ]);
    for (let k = 0; k < REPS; k++) {
      run = await playRoom(game, seats, seed, options, moves, 25);
      per.push(mean(run.us));
      first.push(mean(slice(run.us, 0, 0.1)));
      // The final answer sends every socket the whole record (public at the end), once: left out of the last tenth.
      last.push(mean(slice(run.us.slice(0, -1), 0.9, 1)));
      applyUs.push(mean(applyTimes(def, seats, seed, options, moves)));
      naiveUs.push(naiveMatch(def, seats, seed, options, moves));
      for (const [name, xs] of Object.entries(run.phases)) (phases[name] ??= []).push(mean(xs));
    }
    const r = await playRoom(game, seats, seed, options, moves, 25, true);
    record(`room path: ${game} ${seats} players (one replayed bot game, ${moves.length} answers)`, [
      m('room µs per answer', per, 'µs', game === 'sanguosha' && seats === 8 ? 'target ≤ 150' : ''),
      m('cold: the first replay of this game in this process, room µs per answer', [curve!.at(0)!.us], 'µs', `warm-up: ${curveNote(curve!)}`),
      m('room µs per answer, first tenth', first, 'µs'),
      m('room µs per answer, last tenth', last, 'µs'),
      m('last tenth ÷ first tenth (final answer excluded)', last.map((x, i) => x / first[i]!), '×', 'target ≤ 1.2'),
      m('split: apply (engine alone, same moves)', applyUs, 'µs'),
      ...Object.entries(phases).map(([name, xs]) => m(`split: ${name}`, xs, 'µs')),
      m('naive server on this engine, µs per answer (parse, apply, one SQL row, every seat\'s whole view serialised)', naiveUs, 'µs', 'bench/naive.ts'),
      m('room ÷ naive server', per.map((x, i) => x / naiveUs[i]!), '×'),
      m('SQL statements per answer (mean)', [mean(r.statements)], 'statements', `max ${Math.max(...r.statements)}`),
      m('logical bytes written per answer (mean)', [mean(r.bound)], 'bytes', `first third ${mean(slice(r.bound, 0, 1 / 3)).toFixed(0)}, last third ${mean(slice(r.bound, 2 / 3, 1)).toFixed(0)}`),
      m('logical bytes per answer by statement', [mean(r.bound)], 'bytes', Object.entries(r.boundBy).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')),
      m('SQLite page writes (WAL) per answer (mean)', [mean(r.wal)], 'bytes', `first third ${mean(slice(r.wal, 0, 1 / 3)).toFixed(0)}, last third ${mean(slice(r.wal, 2 / 3, 1)).toFixed(0)}`),
      m('full state bytes (snapshot or move row), largest', [Math.max(...r.snapshots)], 'bytes', `first ${r.snapshots[0]}, last ${r.snapshots.at(-1)}`),
      m('socket bytes per answer (all seats)', [r.sentBytes / moves.length], 'bytes'),
    ]);
  }
});

/** Quiet hours 23:00–08:00 in a zone of its own for each seat: the time-zone features as a group spread over the world uses them. */
const ZONES = ['Europe/Berlin', 'Asia/Shanghai', 'America/New_York', 'Asia/Tokyo', 'Europe/London', 'Australia/Sydney', 'America/Los_Angeles', 'Asia/Kolkata'];
const quietEverywhere = (seat: number) => ({ quiet: { start: '23:00', end: '08:00', zone: ZONES[seat % ZONES.length]! } });

it('room path per answer with quiet hours: 三国杀 8 players, every seat sleeping 23:00-08:00 in its own zone', async () => {
  const [game, def, seats] = ['sanguosha', sanguosha, 8] as const;
  const options = def.parseOptions(undefined, seats) as Record<string, any>;
  const seed = `bench-${game}-${seats}`;
  const moves = botGame(def, seats, seed, options);
  const per: number[] = [];
  const plain: number[] = [];
  for (let k = 0; k < REPS; k++) {
    // Alternated with the same game without settings, so both see the same load.
    per.push(mean((await playRoom(game, seats, seed, options, moves, 0, false, quietEverywhere)).us));
    plain.push(mean((await playRoom(game, seats, seed, options, moves)).us));
  }
  record(`room path: ${game} ${seats} players with quiet hours in 8 zones (one replayed bot game, ${moves.length} answers)`, [
    m('room µs per answer, every seat with quiet hours', per, 'µs'),
    m('room µs per answer, the same game without settings', plain, 'µs'),
    m('with quiet hours ÷ without', per.map((x, i) => x / plain[i]!), '×'),
  ]);
});
