/**
 * Warming up before timing. V8 compiles a function in tiers as it runs hot (interpreter → baseline → optimising
 * compilers), and the room's code — rules, views, diffs, the broadcast — is a lot of functions, many on rare
 * paths: measured on this bench, a replayed 8-player 三国杀 game costs ~700 µs per answer in a fresh process, ~300
 * after 1,000 answers, ~200 after 4,000 and levels off at ~110–170 µs only after 10,000–15,000. A Durable Object's
 * isolate serves one room after another, so a busy site runs warm; a quiet one pays the cold figure now and then,
 * which the benches report apart. Every side of a comparison (the room, boardgame.io, the floor) is warmed on the
 * same number of answers.
 */

/** Answers each case runs, unrecorded, before it is timed (WARM_ANSWERS). */
export const WARM_ANSWERS = Number(process.env.WARM_ANSWERS ?? 15_000);

/** One warm-up run: how many answers it made and its µs per answer. */
export interface WarmRun {
  answers: number;
  us: number;
}

/** The warm-up of one case: µs per answer of each run, with the answers made before it. */
export type Curve = { before: number; us: number }[];

/**
 * Run each of `sides` in turn (so all see the same load) until every one has made `answers` answers; returns each
 * side's curve. The first point of a curve is the cold run.
 */
export async function warmUp(sides: (() => Promise<WarmRun>)[], answers = WARM_ANSWERS): Promise<Curve[]> {
  const curves: Curve[] = sides.map(() => []);
  const done = sides.map(() => 0);
  while (done.some((n) => n < answers) || curves.some((c) => c.length === 0)) {
    for (let i = 0; i < sides.length; i++) {
      if (done[i]! >= answers && curves[i]!.length) continue;
      const r = await sides[i]!();
      curves[i]!.push({ before: done[i]!, us: r.us });
      done[i]! += r.answers;
    }
  }
  return curves;
}

/** µs per answer of the run that started nearest after `before` answers (the last run when none did). */
export function at(curve: Curve, before: number): number {
  return (curve.find((p) => p.before >= before) ?? curve.at(-1)!).us;
}

/** The curve as a note: µs per answer cold, after ~1,000 and ~5,000 answers, and at the end of the warm-up. */
export function curveNote(curve: Curve): string {
  const last = curve.at(-1)!;
  return `cold ${curve[0]!.us.toFixed(0)}, after 1,000 answers ${at(curve, 1000).toFixed(0)}, after 5,000 ${at(curve, 5000).toFixed(0)}, after ${last.before.toLocaleString('en')} ${last.us.toFixed(0)} µs`;
}
