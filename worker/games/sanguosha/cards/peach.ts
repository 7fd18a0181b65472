import { recover, wounded, P, card } from '../core';
import { num, nums } from '../flow/common';
import type { CardDef } from '../types';

/** 桃: recover 1 HP, in your play phase when wounded, or for a dying character. */
export const peach: CardDef = {
  key: 'peach',
  harmful: false,
  value: 9,
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
