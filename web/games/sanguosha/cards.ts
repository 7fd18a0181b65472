/** Card labels for the client: name, suit symbol and rank ("杀 ♠7"), from the shared catalogue. */
import { DECK } from '../../../worker/games/sanguosha/deck';
import { strings } from '../../../worker/games/sanguosha/i18n';
import type { Lang } from '../types';

export const SUIT: Record<string, string> = { spade: '♠', heart: '♥', club: '♣', diamond: '♦' };
const RANK = (r: number) => (r === 1 ? 'A' : r === 11 ? 'J' : r === 12 ? 'Q' : r === 13 ? 'K' : String(r));

export interface CardFace {
  id: number;
  key: string;
  suit: string;
  rank: number;
  red: boolean;
}
export const CARDS: Record<number, CardFace> = {};
for (const [id, , key, suit, rank] of DECK) CARDS[id] = { id, key, suit, rank, red: suit === 'heart' || suit === 'diamond' };

export const cardName = (key: string, lang: Lang) => strings[lang][`sgs.card.${key}`] ?? key;
export const suitRank = (id: number) => {
  const c = CARDS[id];
  return c ? `${SUIT[c.suit]}${RANK(c.rank)}` : '';
};

export function cardLabel(id: string, lang: Lang): string {
  if (id === 'hand') return strings[lang]['sgs.card.hand']!;
  const c = CARDS[Number(id)];
  if (!c) return id;
  return `${cardName(c.key, lang)} ${suitRank(c.id)}`;
}
