/**
 * The id format of 驱鬼's cards (cards.md §9): one id per card type, its kind in its first letter (S spell,
 * A artifact, I imp, E event, K ghost-king card); a hand-deck card is `<typeId>-<R|B><n>` (`S04-B2`: the
 * second blue copy of S04). Display names live only in the strings (`ghost.card.<id>`).
 */

export type Colour = 'red' | 'blue';

/** Type id of a hand-card instance: 'S04-B2' → 'S04'. */
export const typeOf = (card: string): string => card.slice(0, card.lastIndexOf('-'));
export const colourOf = (card: string): Colour => (card[card.lastIndexOf('-') + 1] === 'R' ? 'red' : 'blue');
export const isArtifact = (card: string): boolean => card[0] === 'A';
export const isImp = (ghost: string): boolean => ghost[0] === 'I';

/** A catalogue list as a record by id. */
export const byId = <T extends { id: string }>(list: readonly T[]): Record<string, T> =>
  Object.fromEntries(list.map((c) => [c.id, c]));
