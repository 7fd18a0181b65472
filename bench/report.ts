import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/**
 * Every bench records its numbers here: `bench/results/latest.json` keeps the newest value of every metric (by
 * group), and each call prints the group's table. Run with `npm run bench` (never by `npm test`).
 */
export interface Metric {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

/** The q-quantile of measurements (nearest rank): `quantile(xs, 0.5)` the median, `quantile(xs, 0.95)` the p95. */
export const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** A metric of repeated measurements: their median (of an even count, the upper of the middle two), with their spread `[min–max]` before the note. */
export function metric(name: string, xs: number[], unit: string, note = ''): Metric {
  const spread = xs.length > 1 ? `[${Math.min(...xs).toPrecision(4)}–${Math.max(...xs).toPrecision(4)}]` : '';
  return { name, value: quantile(xs, 0.5), unit, note: `${spread} ${note}`.trim() };
}

/**
 * How busy the machine was (its 1-minute load average beside its cores): the shared development machines run
 * other work at the same time, and times measured under a load above the core count are mostly that load.
 */
export const machineLoad = (): Metric => ({
  name: 'machine load while measured (1-minute average)',
  value: loadavg()[0]!,
  unit: 'runnable',
  note: `${cpus().length} cores`,
});

const file = new URL('./results/latest.json', import.meta.url);

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
  console.log(`\n${group}`);
  console.table(
    metrics.map((m) => ({ metric: m.name, value: Number(m.value.toPrecision(4)), unit: m.unit, note: m.note ?? '' })),
  );
}

declare module 'vitest' {
  interface TaskMeta {
    /** A workerd bench's numbers, recorded by bench/vitest.config.ts's reporter (workerd cannot write the file). */
    bench?: { group: string; metrics: Metric[] };
  }
}
