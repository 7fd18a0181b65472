/** The spells a bot holds: each spell's own bot part (`SpellRule.bot`, in `spells/<id>.ts`) decides; no list of ids here. */
import type { Answer } from '../../../engine/types';
import { typeOf } from '../ids';
import type { BotSeat } from './seat';

/** Spells of at least this rank are played before anything else in a day (斩鬼符 on a GK). */
export const URGENT = 100;

/** Worth of keeping `card` (its spell's `bot.keep`; 1 for a spell without a bot part, 0 for an artifact). */
export const spellKeep = (b: BotSeat, card: string): number =>
  b.cat.spellRule[typeOf(card)] ? (b.cat.spellRule[typeOf(card)]!.bot?.keep ?? 1) : 0;

/** The first spell offered by the prompt, by rank, whose bot part wants to play it now (of rank ≥ `minRank`). */
export function playSpells(b: BotSeat, minRank = -Infinity): Answer | null {
  const offers = b.p.options
    .filter((o) => o.id.startsWith('play:'))
    .map((o) => ({ o, bot: b.cat.spellRule[typeOf(o.id.slice(5))]?.bot }))
    .filter((x) => x.bot?.use && (x.bot.rank ?? 0) >= minRank)
    .sort((x, y) => (y.bot!.rank ?? 0) - (x.bot!.rank ?? 0) || (x.o.id < y.o.id ? -1 : 1));
  for (const { o, bot } of offers) {
    const picks = bot!.use!(b, o);
    if (picks) return b.a(o.id, picks);
  }
  return null;
}
