/** Small helpers the spells share. */
import type { Answer } from '../../../engine/types';
import type { Pick } from '../catalogue';
import type { G } from '../state';

/** Every seat but `s`. */
export const others = (g: G, s: number): number[] => g.players.map((_, i) => i).filter((i) => i !== s);
/** Pick one seat of `from`, or nothing to act on. */
export const oneSeat = (from: number[]): Pick | null => (from.length ? { seats: { from, min: 1, max: 1 } } : null);
/** The seat the play picked. */
export const target = (a: Answer): number => a.seats![0]!;
/** Every imp on a player (the GK's too unless `nonGk`). */
export const allImps = (g: G, nonGk: boolean): string[] =>
  g.players.flatMap((p, s) => (nonGk && s === g.gk ? [] : p.imps.map((i) => i.id)));
