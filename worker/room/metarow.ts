/**
 * The meta row's text: meta's settled part (settings, channel memo, ...: serialised again only when one of its
 * fields is replaced) followed by its live part (version, clocks, ...: what nearly every change writes). A move
 * writes the live part into its own row (`live`), and a load lays the newer live part over the meta row.
 */
import type { Meta } from './types';

/**
 * The meta fields (nearly) every change writes: serialised at each write, after the settled rest (`MetaRow`). A
 * move writes them into its own row (`live`) and leaves the meta row alone unless the settled rest changed too.
 */
const LIVE = new Set(['version', 'gameVersion', 'clocks', 'changedAt']);

/** Meta's live part as a move row carries it (column `live`). */
export type Live = Pick<Meta, 'version' | 'gameVersion' | 'clocks' | 'changedAt'>;

/** Meta's live part as JSON (the tail of the meta row, and a move row's `live`). */
export function liveJson(m: Meta): string {
  return JSON.stringify({ version: m.version, gameVersion: m.gameVersion, clocks: m.clocks, changedAt: m.changedAt });
}

/**
 * Lay the live part a move row carries (`live`, its JSON) over `meta` as the meta row had it: the last move wrote
 * meta's live part into its own row; the meta row is newer only if a later change (chat, join, pause, the alarm's
 * work...) wrote it whole, at the same version or a higher one.
 */
export function applyLive(meta: Meta, live: string | null): void {
  const l = live === null ? null : (JSON.parse(live) as Live);
  if (!l || l.version <= meta.version) return;
  meta.version = l.version;
  meta.gameVersion = l.gameVersion;
  meta.clocks = l.clocks;
  if (l.changedAt !== undefined) meta.changedAt = l.changedAt;
}

/**
 * Whether `b` (the transaction's copy of `a`) has the same settled part as `a`: the same value, by reference, for
 * every field but the live ones. Parts of meta are replaced when they change, never edited in place (types.ts).
 */
export function sameSettled(a: Meta, b: Meta): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const k in y) if (!LIVE.has(k) && y[k] !== x[k]) return false;
  for (const k in x) if (!LIVE.has(k) && !(k in y) && x[k] !== undefined) return false;
  return true;
}

/** The meta row's JSON for one room, with its settled part kept as text while none of its fields is replaced. */
export class MetaRow {
  /** The settled part of meta as last serialised: its fields (by reference) and their JSON. */
  private settled: { of: Record<string, unknown>; json: string } | null = null;

  /**
   * The meta row's JSON: the settled fields followed by the ones every answer changes (`LIVE`). Meta's parts are
   * replaced, never edited in place (`Store.mutate`), so a field that is the same reference serialises as before.
   */
  json(m: Meta): string {
    const o = m as unknown as Record<string, unknown>;
    let st = this.settled;
    if (st) {
      let n = 0;
      for (const k in o) {
        if (LIVE.has(k) || o[k] === undefined) continue;
        n++;
        if (o[k] !== st.of[k]) {
          st = null;
          break;
        }
      }
      if (st && n !== Object.keys(st.of).length) st = null;
    }
    if (!st) {
      const of: Record<string, unknown> = {};
      for (const k in o) if (!LIVE.has(k) && o[k] !== undefined) of[k] = o[k];
      st = this.settled = { of, json: JSON.stringify(of) };
    }
    const live = liveJson(m);
    return st.json.length > 2 ? `${st.json.slice(0, -1)},${live.slice(1)}` : live;
  }
}
