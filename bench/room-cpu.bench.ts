import { it } from 'vitest';
import '../worker/games';
import { registerGame, type GameDef } from '../worker/engine';
import ghost from '../worker/games/ghost';
import sanguosha from '../worker/games/sanguosha';
import { hidden, hiddenMoves } from '../test/helpers/hidden';
import { botMoves } from '../test/helpers/play';
import { bgioMatch } from './bgio';
import { benchRoom } from './harness/room';
import { machineLoad, mean, metric as m, record } from './report';

/**
 * The room's CPU per answer (what the host's Durable Object spends on each answer), on the real GameRoom code
 * in Node (bench/harness: node:sqlite in memory, one socket per seat): replayed bot games of 三国杀 and 驱鬼 at 8
 * players, first tenth beside last tenth (flat ≤ 1.2×); and, for information, one ratio beside boardgame.io
 * 0.50's authoritative server path (bench/bgio.ts) on the same hidden-hand fixture moves. Far below what a
 * player can feel in a game that moves a few times a day: a number to watch, not to chase. Each figure is the
 * median [min–max] of REPS replays after UNRECORDED ones.
 */
const REPS = Number(process.env.REPS ?? 20);
/** Replays left out first: V8 compiles the room's code as it runs hot, and a busy Durable Object runs warm. */
const UNRECORDED = 5;
registerGame(hidden);

/** µs per answer of one replay of `moves` through a fresh room. */
async function replay(
  game: string,
  seats: number,
  seed: string,
  options: Record<string, unknown>,
  moves: { seat: number; answer: never }[],
): Promise<number[]> {
  const r = await benchRoom({ game, seats, options, seed });
  const us: number[] = [];
  for (const mv of moves) us.push(await r.answer(mv.seat, mv.answer));
  r.dispose();
  return us;
}

const tenth = (xs: number[], last: boolean) => {
  const n = Math.max(1, Math.floor(xs.length / 10));
  return last ? xs.slice(-n - 1, -1) : xs.slice(0, n);
};

it('room CPU per answer on replayed 8-player bot games of 三国杀 and 驱鬼, first tenth beside last', async () => {
  for (const [game, def] of [
    ['sanguosha', sanguosha],
    ['ghost', ghost],
  ] as [string, GameDef][]) {
    const seats = 8;
    const seed = `bench-${game}-${seats}`;
    // autoPass off: the room's own pass comes after a person-like pause, which a replay at 10 s an answer would
    // overtake; the rules then ask every pass, and the replayed bots answer it.
    const options = { ...(def.parseOptions(undefined, seats) as object), autoPass: false };
    const moves = botMoves(def, { seats, seed, options: options as never }).moves as never[];
    for (let k = 0; k < UNRECORDED; k++) await replay(game, seats, seed, options, moves);
    const per: number[] = [];
    const ratio: number[] = [];
    for (let k = 0; k < REPS; k++) {
      const us = await replay(game, seats, seed, options, moves);
      per.push(mean(us));
      // The final answer sends every seat the whole record (public at the end), once: not part of the last tenth.
      ratio.push(mean(tenth(us, true)) / mean(tenth(us, false)));
    }
    record(`room CPU: ${game} ${seats} players (one replayed bot game, ${moves.length} answers)`, [
      m('room µs per answer', per, 'µs', game === 'sanguosha' ? 'target ≤ 1,000 µs' : ''),
      m('last tenth ÷ first tenth', ratio, '×', 'flat: target ≤ 1.2'),
      machineLoad(),
    ]);
  }
});

it('room CPU per answer beside boardgame.io on the hidden-hand fixture (one ratio, for information)', async () => {
  const moves = hiddenMoves(500, 'bench-hidden') as never[];
  const bgio = async () => {
    const b = bgioMatch(500, 4);
    const t0 = performance.now();
    let n = 0;
    while (!b.over()) await b.move(), n++;
    return ((performance.now() - t0) * 1000) / n;
  };
  for (let k = 0; k < UNRECORDED; k++) await replay('hidden', 4, 'bench-hidden', { limit: 500 }, moves), await bgio();
  const room: number[] = [];
  const bg: number[] = [];
  for (let k = 0; k < REPS; k++) {
    room.push(mean(await replay('hidden', 4, 'bench-hidden', { limit: 500 }, moves)));
    bg.push(await bgio());
  }
  record('room CPU beside boardgame.io 0.50 (hidden-hand fixture, 4 seats, 500 answers)', [
    m(
      'room ÷ boardgame.io',
      room.map((x, i) => x / bg[i]!),
      '×',
      'for information; boardgame.io keeps its state in memory and writes nothing',
    ),
    m('room µs per answer', room, 'µs'),
    m('boardgame.io µs per move', bg, 'µs', 'Master.onUpdate → reducer → InMemory → 4 filtered views serialised'),
  ]);
});
