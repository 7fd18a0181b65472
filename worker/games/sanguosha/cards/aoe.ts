import { P, seatsFrom } from '../core';
import { num } from '../flow/common';
import type { CardDef } from '../types';

/**
 * A trick that asks every other character for one card (南蛮入侵 a 杀, 万箭齐发 a 闪), played (打出), each in seat
 * order; who gives none takes 1 damage from the user (trickOn's step 4 deals it).
 */
export const everyOtherAnswers = (key: string, pattern: 'slash' | 'jink', ask: string): CardDef => ({
  key,
  harmful: true,
  value: 4,
  // When it hits more enemies than friends.
  // The good bot weighs who it hits: the lord counts double (to the rebels, and against it for his side), a friend
  // on 1 HP triple.
  bot: {
    play(b, _o, a) {
      if (b.level !== 'good') return b.nFoes > b.nFriends ? { score: 35, answer: a } : null;
      const g = b.k.g;
      let v = 0;
      for (const t of seatsFrom(g, 0)) {
        if (t === b.me) continue;
        const x = b.att(t);
        const q = P(g, t);
        const w = q.revealed && q.role === 'lord' ? 2 : 1;
        v += x < 0 ? w : x > 0 ? -w * (q.hp <= 1 ? 3 : 1) : 0.1;
      }
      return v > 0.5 ? { score: 35, answer: a } : null;
    },
  },
  auto: 'others',
  effect(ctx, f) {
    f.st = 4;
    ctx.push({
      t: 'respond',
      seat: num(f.target),
      pattern,
      how: 'respond',
      src: num(f.user),
      ignoreArmor: false,
      msg: { key: ask, params: { source: num(f.user), card: num(f.card) } },
      parent: f.id,
      key: 'ok',
      n: 1,
      st: 0,
    });
  },
});
