import type { Answer, Prompt } from '../../../engine';
import { judgeName, P, reshuffle, seatsFrom, card, suitOf, sgs } from '../core';
import { cardValue } from '../bot';
import { T } from '../timings';
import type { SgsSkill, KS } from '../types';

/**
 * The bot's 观星: when a 乐不思蜀 / 兵粮寸断 waits in its judgement area, the card that escapes it goes on top first;
 * then the cards worth keeping (value ≥ 4), best first; the rest to the bottom.
 */
function guanxingBot(k: KS, p: Prompt): Answer | null {
  const s = k.s;
  const o = p.options[0]!;
  const cards = o.cards!.from.map(Number);
  if (o.id === 'bottom') return { prompt: p.id, option: 'bottom', cards: o.cards!.from };
  const me = P(s.g, p.seat);
  const top: number[] = [];
  const judged = me.judge.map((c) => judgeName(k, c)).reverse();
  for (const name of judged) {
    const escape = cards.find(
      (c) =>
        !top.includes(c) &&
        (name === 'indulgence'
          ? suitOf(k, c) === 'heart'
          : name === 'supply_shortage'
            ? suitOf(k, c) === 'club'
            : !(suitOf(k, c) === 'spade' && card(k, c).rank >= 2 && card(k, c).rank <= 9)),
    );
    if (escape === undefined) break;
    top.push(escape);
  }
  const good = cards
    .filter((c) => !top.includes(c) && cardValue(k, c) >= 4)
    .sort((a, b) => cardValue(k, b) - cardValue(k, a) || a - b);
  return { prompt: p.id, option: 'top', cards: [...top, ...good].map(String) };
}

/**
 * 观星 (诸葛亮): at the start of your start phase you may look at the top X cards of the draw pile (X = living
 * characters, at most 5) and put any of them back on top in any order and the rest at the bottom in any order.
 */
export const guanxing: SgsSkill = {
  id: 'guanxing',
  effects: [
    {
      on: T.phaseStart,
      can: (ctx, seat, ev) => ev.seat === seat && ctx.g.draw.length + ctx.g.discard.length > 0,
      optional: true,
      ask: (ctx) => ({ key: 'sgs.ask.guanxing', params: { n: Math.min(5, seatsFrom(ctx.g, 0).length) } }),
      use(ctx, seat) {
        const g = ctx.g;
        const x = Math.min(5, seatsFrom(g, 0).length);
        // Too few cards to look at: the discard pile is shuffled in under the draw pile first, as for a draw.
        if (g.draw.length < x && g.discard.length) reshuffle(ctx);
        const cards = g.draw.slice(0, x);
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.guanxing' } });
        ctx.push({ t: 'arrange', seat, cards, skill: 'guanxing', st: 0, top: null, bottom: null });
      },
    },
  ],
  bot: (k, p) => (p.kind === 'arrange' ? guanxingBot(k, p) : null),
};
