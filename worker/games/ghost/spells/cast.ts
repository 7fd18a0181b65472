/** Playing a spell card, whichever it is: its cost, whether it can be played now, and the play itself. */
import type { Answer, Json } from '../../../engine/types';
import { catOf, type Catalogue, type Pick } from '../catalogue';
import { typeOf } from '../ids';
import { effectCount, type C, type G } from '../state';

export type SpellWindow = 'day' | 'before' | 'after';

/** Spirit a spell costs `s` now (its rule's cost or its card's; 夜叉 adds 1, cards.md §2.7). */
function spellCost(cat: Catalogue, g: G, s: number, card: string): number {
  const id = typeOf(card);
  const base = cat.spellRule[id]!.cost?.(g) ?? cat.spell[id]!.cost;
  return base + effectCount(cat, g, s, 'SPELL_COST_PLUS_1');
}

/** The pick spec of playing `card` now, or null if `s` cannot play it (cost, 捣蛋鬼, nothing to act on). */
export function playable(cat: Catalogue, g: G, s: number, card: string, window: SpellWindow): Pick | null {
  const def = cat.spell[typeOf(card)];
  if (!def) return null;
  if (window !== 'day' && def.window !== window) return null;
  if (g.players[s]!.spirit < spellCost(cat, g, s, card)) return null;
  if (effectCount(cat, g, s, 'ONE_SPELL_PER_TURN') > 0 && g.ts.spells[s]! >= 1) return null;
  return cat.spellRule[def.id]!.pick(cat, g, s, card);
}

/** Play `card` from `s`'s hand: check, pay, resolve, then discard it (seed: 效果解决后立即放入手牌弃置区). */
export function playSpell(ctx: C, s: number, card: string, a: Answer, window: SpellWindow): string | void {
  const g = ctx.g;
  const cat = catOf(ctx);
  if (!g.players[s]!.hand.includes(card)) return 'that card is not in your hand';
  if (!playable(cat, g, s, card, window)) return 'that spell cannot be played now';
  const rule = cat.spellRule[typeOf(card)]!;
  const bad = rule.check?.(g, s, a);
  if (bad) return bad;
  const p = g.players[s]!;
  p.spirit -= spellCost(cat, g, s, card);
  p.hand.splice(p.hand.indexOf(card), 1);
  g.ts.spells[s] = g.ts.spells[s]! + 1;
  const params: Record<string, Json> = { seat: s, card };
  if (a.seats?.length) params.target = a.seats[0]!;
  if (a.cards?.length && cat.imp[a.cards[0]!]) params.ghostCard = a.cards[0]!;
  ctx.log('ghost.log.spell', params);
  rule.play(ctx, s, a, card);
  g.discard.push(card);
}
