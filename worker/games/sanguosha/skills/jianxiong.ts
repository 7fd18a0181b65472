import { move, card, sgs } from '../core';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** The cards of the damage still in the processing area (a 杀, a 决斗, a 闪电 …). */
const onTable = (g: G, cards: unknown) => ((cards ?? []) as number[]).filter((c) => g.table.includes(c));

/** 奸雄 (曹操): after you take damage, you may take the card(s) that caused it, if still in the processing area. */
export const jianxiong: SgsSkill = {
  id: 'jianxiong',
  effects: [
    {
      on: T.damaged,
      can: (ctx, seat, ev) => ev.target === seat && onTable(ctx.g, ev.cards).length > 0,
      optional: true,
      ask: (ctx, _seat, ev) => ({ key: 'sgs.ask.jianxiong', params: { cards: onTable(ctx.g, ev.cards) } }),
      use(ctx, seat, ev) {
        const cards = onTable(ctx.g, ev.cards);
        ctx.log('sgs.log.jianxiong', { seat, cards });
        move(ctx, cards, 'hand', { seat });
      },
    },
  ],
};
