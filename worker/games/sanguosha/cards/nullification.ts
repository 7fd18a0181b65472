import { keyOf, P, sgs } from '../core';
import type { CardDef } from '../types';

/** 无懈可击: only as an answer (the window in flow/tricks.ts); never in the play phase. */
export const nullification: CardDef = {
  key: 'nullification',
  harmful: false,
  value: 8,
  usable: () => false,
  bot: {
    // Protect yourself and friends from harm; on a counter, restore harm aimed at enemies.
    asks: ['sgs.ask.wuxie', 'sgs.ask.wuxieCounter', 'sgs.ask.wuxieDelayed'],
    answer(b) {
      const p = b.p;
      const o = p.options.find((x) => x.id === 'use') ?? p.options.find((x) => x.id.startsWith('as:'));
      if (!o) return b.pass;
      const params = p.message.params as Record<string, number>;
      const trick = keyOf(b.k, params.card!);
      const target = params.target!;
      const harmful = !!sgs(b.k).cards[trick]?.harmful;
      const counter = p.message.key === 'sgs.ask.wuxieCounter';
      const want = counter
        ? harmful
          ? b.att(target) < 0 && params.by !== b.me
          : b.att(target) > 0 && params.by !== b.me
        : harmful
          ? b.att(target) > 0 && (target === b.me || P(b.k.g, target).hp <= 2 || trick === 'indulgence')
          : b.att(target) < 0 && trick === 'ex_nihilo';
      return want ? b.withCards(o.id, b.cheapest(o.cards!.from, o.cards!.min)) : b.pass;
    },
  },
};
