import { num } from '../flow/common';
import type { CardDef } from '../types';

/** 万箭齐发: every other character plays a 闪 or takes 1 damage (trickOn step 4 deals it). */
export const archery_attack: CardDef = {
  key: 'archery_attack',
  harmful: true,
  value: 4,
  auto: 'others',
  effect(ctx, f) {
    f.st = 4;
    ctx.push({ t: 'respond', seat: num(f.target), pattern: 'jink', how: 'respond', src: num(f.user), ignoreArmor: false, msg: { key: 'sgs.ask.archery', params: { source: num(f.user), card: num(f.card) } }, parent: f.id, key: 'ok', n: 1, st: 0 });
  },
};
