import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 南蛮入侵: every other character plays a 杀 or takes 1 damage (trickOn step 4 deals it). */
export const savage_assault: CardDef = {
  key: 'savage_assault',
  harmful: true,
  value: 4,
  auto: 'others',
  effect(ctx, f) {
    f.st = 4;
    ctx.push({ t: 'respond', seat: num(f.target), pattern: 'slash', how: 'respond', src: num(f.user), ignoreArmor: false, msg: { key: 'sgs.ask.savage', params: { source: num(f.user), card: num(f.card) } }, parent: f.id, key: 'ok', n: 1, st: 0 });
  },
};
