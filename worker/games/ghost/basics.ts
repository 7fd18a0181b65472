/** The identities and the numbers of the seed and of cards.md, by player count where they vary. */
import type { Colour } from './ids';

export type Identity = 'taiping_red' | 'tianshi_blue' | 'heretic_king' | 'heretic_follower';
export type Team = 'red' | 'blue' | 'heretic';

/** Identity cards per player count (cards.md §8; the single heretic of 5p/7p is 邪道(王), R19). */
export const IDENTITIES: Record<number, Partial<Record<Identity, number>>> = {
  4: { taiping_red: 2, tianshi_blue: 2 },
  5: { taiping_red: 2, tianshi_blue: 2, heretic_king: 1 },
  6: { taiping_red: 3, tianshi_blue: 3 },
  7: { taiping_red: 3, tianshi_blue: 3, heretic_king: 1 },
  8: { taiping_red: 3, tianshi_blue: 3, heretic_king: 1, heretic_follower: 1 },
};

export const RULES = {
  startHand: 4,
  startSpirit: 1,
  handLimit: 5,
  minHandLimit: 2,
  buyCost: 2,
  challengeCatch: 3,
  hostMaxCardsForChallenge: 5,
  gkKillBonus: 5,
  gkEmergeTableImps: 7,
  gkEmergePlayerImps: 3,
  endThreshold: { 4: 4, 5: 4, 6: 3, 7: 3, 8: 3 } as Record<number, number>,
  hereticPerImp: { 5: 2, 7: 3, 8: 2 } as Record<number, number>,
  gkRefill: { 4: 7, 5: 7, 6: 7, 7: 10, 8: 10 } as Record<number, number>,
};

export const identityColour = (id: Identity): Colour | null =>
  id === 'taiping_red' ? 'red' : id === 'tianshi_blue' ? 'blue' : null;
export const teamOf = (id: Identity): Team =>
  id === 'taiping_red' ? 'red' : id === 'tianshi_blue' ? 'blue' : 'heretic';
