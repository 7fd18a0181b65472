import { recover, wounded, P, card } from '../core';
import { num, nums } from '../flow/common';
import type { CardDef } from '../types';

/** 桃: recover 1 HP, in your play phase when wounded, or for a dying character. */
export const peach: CardDef = {
  key: 'peach',
  harmful: false,
  value: 9,
  bot: {
    play: (b, _o, a) => {
      const mine = P(b.k.g, b.me);
      // The good bot keeps a 桃 for a rescue unless it is low or would discard it anyway.
      if (b.level === 'good' && mine.hp > 2 && mine.hand.length <= mine.hp) return null;
      return { score: wounded(mine) && mine.hp <= 2 ? 60 : wounded(mine) ? 20 : 0, answer: a };
    },
    asks: ['sgs.ask.rescue', 'sgs.ask.rescueSelf'],
    // A dying friend (or itself) gets a 桃; the level's beliefs say who is a friend.
    answer(b) {
      const o = b.p.options.find((x) => x.id === 'use') ?? b.p.options.find((x) => x.id.startsWith('as:'));
      const t = (b.p.message.params as { target: number }).target;
      if (o && b.saves(t)) return b.withCards(o.id, b.cheapest(o.cards!.from, o.cards!.min));
      return b.pass;
    },
  },
  usable: (k, seat) => wounded(P(k.g, seat)),
  resolve(ctx, f) {
    recover(ctx, nums(f.targets)[0]!, 1, {
      by: num(f.user),
      card: nums(f.cards)[0] ?? null,
      name: 'peach',
      dying: f.dying !== undefined,
    });
  },
};
