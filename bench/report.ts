import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Benchmarks record their numbers here: `bench/results/latest.json` keeps the newest value of every
 * metric, and each call prints a table. Run with `npm run bench` (never by `npm test`).
 */
export interface Metric {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

/** The median of repeated measurements (of an even count, the upper of the middle two). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `[min–max]` of repeated measurements, to 4 significant digits; nothing for a single one. */
export const spread = (xs: number[]): string => (xs.length > 1 ? `[${Math.min(...xs).toPrecision(4)}–${Math.max(...xs).toPrecision(4)}]` : '');

/** A metric of repeated measurements: their median, with their spread before the note. */
export const metric = (name: string, xs: number[], unit: string, note = ''): Metric => ({ name, value: median(xs), unit, note: `${spread(xs)} ${note}`.trim() });

const file = new URL('./results/latest.json', import.meta.url);
/** `npm run bench` names one results file per run (BENCH_RUN_FILE); every group of that run lands in it too. */
const runFile = process.env.BENCH_RUN_FILE;

export function record(group: string, metrics: Metric[]): void {
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  let all: Record<string, Record<string, Metric & { at: string }>> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* first run */
  }
  const at = new Date().toISOString();
  all[group] = Object.fromEntries(metrics.map((m) => [m.name, { ...m, at }]));
  writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
  if (runFile) {
    let run: Record<string, unknown> = {};
    try {
      run = JSON.parse(readFileSync(runFile, 'utf8'));
    } catch {
      /* the run's first group */
    }
    run[group] = metrics;
    writeFileSync(runFile, JSON.stringify(run, null, 2) + '\n');
  }
  console.log(`\n${group}`);
  console.table(metrics.map((m) => ({ metric: m.name, value: Number(m.value.toPrecision(6)), unit: m.unit, note: m.note ?? '' })));
}
