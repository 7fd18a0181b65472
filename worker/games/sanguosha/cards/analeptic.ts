import { isSlash, recover, sgs } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 酒: once a turn the next 杀 this turn deals +1; when you are dying, recover 1 HP instead. */
export const analeptic: CardDef = {
  key: 'analeptic',
  harmful: false,
  value: 6,
  // Before a 杀 on an enemy.
  bot: {
    play: (b, _o, a) =>
      b.p.options.some(
        (x) =>
          x.id.startsWith('use:') &&
          sgs(b.k).card[Number(x.id.slice(4))] &&
          isSlash(b.k, Number(x.id.slice(4))) &&
          b.foes(x.seats?.from ?? []).length,
      )
        ? // The good bot drinks before its 杀 (the easy one after, wasting it).
          { score: b.level === 'good' ? 41 : 38, answer: a }
        : null,
  },
  usable: (k) => !k.g.wineUsed,
  resolve(ctx, f) {
    if (f.dying !== undefined) recover(ctx, num(f.user), 1, { by: num(f.user), dying: true });
    else Object.assign(ctx.g, { wineUsed: true, drunk: true });
  },
};
