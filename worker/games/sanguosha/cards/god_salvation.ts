import { recover, card } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 桃园结义: every wounded character recovers 1 HP (unwounded targets are skipped before the 无懈可击 window). */
export const god_salvation: CardDef = {
  key: 'god_salvation',
  harmful: false,
  value: 2,
  auto: 'all',
  effect: (ctx, f) => recover(ctx, num(f.target), 1, { by: num(f.user), card: num(f.card) }),
};
