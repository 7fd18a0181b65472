import { it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { apply, botAnswer, botRng, cloneJson, createGame, getGame, type GameState } from '../worker/engine';
import '../worker/games';
import { applyDelta, diffPlain, diffState, sameJson, sameWhere, type Op } from '../worker/room/delta';
import { median, record, type Metric } from './report';

/**
 * What persisting one answer's state costs in CPU, on the consecutive states of a seeded 8-player 三国杀 bot game:
 * the whole snapshot serialised (what every answer wrote before deltas) beside the exact delta with its write-time
 * check, four ways: diff, serialise the delta, read it back, apply it to the stored state, serialise that and the
 * new state, compare; the same compared as JSON values; diffed from a stored copy and compared where it wrote
 * (session 6); from the state before the answer itself (session 7); and snapshot.ts `save`'s way now, which checks
 * only a delta whose walk met a value JSON does not keep (session 8). Median over REPS passes
 * of µs per answer, in one process, so under the same load.
 */
const REPS = Number(process.env.REPS ?? 5);

it('persist CPU per answer: whole snapshot vs exact delta with its check (三国杀 8 players)', () => {
  const def = getGame('sanguosha')!;
  let s = createGame(def, { seats: 8, seed: 'bench-persist', options: def.parseOptions(undefined, 8) as never });
  const states: GameState[] = [s];
  while (!s.outcome) {
    const p = s.prompts[0]!;
    const r = apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p)));
    if (!r.ok) throw new Error(r.error.reason);
    states.push((s = r.value.state));
  }
  const time = (f: (i: number) => void, setup: () => void = () => {}): number[] => {
    const out: number[] = [];
    for (let rep = 0; rep < REPS + 1; rep++) {
      setup();
      const t0 = performance.now();
      for (let i = 1; i < states.length; i++) f(i);
      if (rep) out.push(((performance.now() - t0) * 1000) / (states.length - 1));
    }
    return out;
  };
  const whole = time((i) => void JSON.stringify(states[i]));
  let stored: unknown = null;
  let bytes = 0;
  const delta = time(
    (i) => {
      const json = JSON.stringify(states[i]);
      const d = JSON.stringify(diffState(states[i - 1], states[i]));
      stored = applyDelta(stored, JSON.parse(d) as Op[]);
      if (JSON.stringify(stored) !== json) throw new Error(`delta ${i} not exact`);
      bytes += d.length;
    },
    () => ((stored = JSON.parse(JSON.stringify(states[0]))), (bytes = 0)),
  );
  // The same, with the check compared as JSON values (sameJson) instead of a second serialisation.
  const walked = time(
    (i) => {
      const json = JSON.stringify(states[i]);
      const d = JSON.stringify(diffState(states[i - 1], states[i]));
      stored = applyDelta(stored, JSON.parse(d) as Op[]);
      if (json.length < 0 || !sameJson(stored, states[i])) throw new Error(`delta ${i} not exact`);
    },
    () => void (stored = JSON.parse(JSON.stringify(states[0]))),
  );
  // Session 6's way: the delta diffed against a stored copy (which shares nothing with the new state, so the walk
  // compares every part it leaves alone), applied as it will be read back, then compared only where it wrote
  // (sameWhere); the whole state is not serialised.
  const copied = time(
    (i) => {
      const ops = diffState(stored, states[i]);
      void JSON.stringify(ops);
      stored = applyDelta(stored, cloneJson(ops));
      if (!sameWhere(stored, states[i], ops)) throw new Error(`delta ${i} not exact`);
    },
    () => void (stored = JSON.parse(JSON.stringify(states[0]))),
  );
  // Session 7's way: diffed from the state before the answer itself, so the walk skips what the two share; the
  // delta applied with copy-on-write (the JSON round trip skipped when what it writes is plain JSON), then
  // compared where it wrote.
  const before = time((i) => {
    const { ops, plain } = diffPlain(states[i - 1], states[i]);
    const d = JSON.stringify(ops);
    const next = applyDelta(states[i - 1], plain ? ops : (JSON.parse(d) as Op[]), true);
    if (!sameWhere(next, states[i], ops)) throw new Error(`delta ${i} not exact`);
  });
  // snapshot.ts `save` now (session 8): the same walk, and the check only where it found a value JSON does not
  // keep (undefined, NaN, -0, a class instance); a plain walk is itself the proof that the delta is exact.
  const now = time((i) => {
    const { ops, plain } = diffPlain(states[i - 1], states[i]);
    const d = JSON.stringify(ops);
    if (plain) return;
    const next = applyDelta(states[i - 1], JSON.parse(d) as Op[], true);
    if (!sameWhere(next, states[i], ops)) throw new Error(`delta ${i} not exact`);
  });
  const m = (name: string, xs: number[], unit: string, note = ''): Metric => ({ name, value: median(xs), unit, note: `[${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}] ${note}`.trim() });
  record(`persist CPU per answer, 三国杀 8 players (${states.length - 1} answers)`, [
    m('whole snapshot serialised', whole, 'µs'),
    m('exact delta + write-time check', delta, 'µs'),
    m('exact delta + check by sameJson (store.ts before session 6)', walked, 'µs'),
    m('exact delta diffed from a stored copy + check where it wrote (session 6)', copied, 'µs'),
    m('exact delta diffed from the state before + check where it wrote (session 7)', before, 'µs'),
    m('exact delta diffed from the state before, checked only where the walk found a value JSON does not keep (what snapshot.ts does)', now, 'µs'),
    { name: 'delta bytes per answer (mean)', value: bytes / (states.length - 1), unit: 'bytes', note: `state ${JSON.stringify(states.at(-2)).length} bytes late` },
  ]);
});
