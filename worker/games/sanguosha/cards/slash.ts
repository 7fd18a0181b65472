import { attackRange, distance, slashLimit, skillList, sgs } from '../core';
import type { CardDef } from '../types';
import { why } from './rules';

/** 杀 (and its fire and thunder kinds): once per play phase, a target in attack range; the 杀 frames are in flow/slash.ts. */
const slashLike = (key: string): CardDef => ({
  key,
  harmful: true,
  value: 5,
  // The enemies in range, the first to hit first.
  bot: {
    play(b, o, a) {
      let foes = b.foes(o.seats?.from ?? []);
      if (b.level === 'good') {
        // Past an armour that stops it only when nobody else is open; never into one that surely stops it.
        const cards = (a.cards ?? []).map(Number);
        foes = foes.filter((t) => b.guard(t, cards) < 1).sort((x, y) => b.guard(x, cards) - b.guard(y, cards));
      }
      return foes.length ? { score: 40, answer: { ...a, seats: foes.slice(0, o.seats!.max) } } : null;
    },
  },
  usable: (k, seat) => k.g.slashes < slashLimit(k, seat),
  pick: {
    min: 1,
    max: (k, seat, cards) =>
      1 + Math.max(0, ...skillList(k, seat).map((s) => s.extraSlashTargets?.(k, seat, cards) ?? 0)),
    // The cards of the 杀 itself (武圣 on the equipped weapon or −1 horse) no longer give range (rules-facts §3).
    why: (k, user, t, cards) =>
      distance(k, user, t, cards) <= attackRange(k, user, cards) ? null : why('sgs.ui.outOfRange'),
  },
});
export const slash = slashLike('slash');
export const fire_slash = slashLike('fire_slash');
export const thunder_slash = slashLike('thunder_slash');
