import type { Json } from './types';

/** View helpers: what a seat may see of a zone of cards. */

/** A zone shown only as its size. */
export const countOf = (ids: readonly unknown[]): number => ids.length;

/** `ids` if the viewer may see them, else only their number. */
export function zoneFor(ids: readonly (string | number)[], visible: boolean): Json {
  return visible ? [...ids] : { hidden: true, count: ids.length };
}

/** Move `ids` from one zone to another (both arrays), failing loudly when a card is not where the rule says. */
export function moveCards<T>(ids: readonly T[], from: T[], to: T[]): void {
  for (const id of ids) {
    const at = from.indexOf(id);
    if (at < 0) throw new Error(`card ${String(id)} is not in the source zone`);
    from.splice(at, 1);
    to.push(id);
  }
}
