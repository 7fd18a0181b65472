/** Card labels for the client: name, suit symbol and rank ("杀 ♠7"), from the shared catalogue. */
import { DECK } from '../../../worker/games/sanguosha/deck';
import { strings } from '../../../worker/games/sanguosha/i18n';
import { KINDS } from '../../../worker/games/sanguosha/kinds';
import type { CardText } from '../../table/CardInfo';
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
for (const [id, , key, suit, rank] of DECK)
  CARDS[id] = { id, key, suit, rank, red: suit === 'heart' || suit === 'diamond' };

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

/** The line under a card's name: type (slot, weapon range) and suit/rank. */
export function cardSub(key: string, lang: Lang, id?: number): string {
  const k = KINDS[key];
  const S = strings[lang];
  const type = k ? (S[`sgs.cardType.${k.type === 'equip' ? k.slot! : k.type}`] ?? '') : '';
  const range = k?.range ? ` · ${S['sgs.cardRange']!.replace('{n}', String(k.range))}` : '';
  return `${type}${range}${id !== undefined && CARDS[id] ? ` · ${suitRank(id)}` : ''}`;
}

/** What a card does, to read on a tap or long-press: by physical id ("37") or by key for the rules page. */
export function cardText(id: string, lang: Lang): CardText | null {
  const c = CARDS[Number(id)];
  if (!c) return null;
  return {
    name: cardName(c.key, lang),
    sub: cardSub(c.key, lang, c.id),
    text: strings[lang][`sgs.cardText.${c.key}`] ?? '',
    red: c.red,
  };
}

/** The card keys in deck order, once each (for the rules page's card list). */
export const CARD_KEYS: string[] = [...new Set(DECK.map((r) => r[2]))];
