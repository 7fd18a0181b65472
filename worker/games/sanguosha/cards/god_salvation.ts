import { recover, card, P, wounded } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 桃园结义: every wounded character recovers 1 HP (unwounded targets are skipped before the 无懈可击 window). */
export const god_salvation: CardDef = {
  key: 'god_salvation',
  harmful: false,
  value: 2,
  bot: {
    play: (b, _o, a) => (wounded(P(b.k.g, b.me)) && b.nFriends >= b.nFoes ? { score: 22, answer: a } : null),
  },
  auto: 'all',
  effect: (ctx, f) => recover(ctx, num(f.target), 1, { by: num(f.user), card: num(f.card) }),
};
