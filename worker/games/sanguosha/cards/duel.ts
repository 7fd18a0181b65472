import type { FrameDef } from '../../../engine';
import { alive, card, isSlash, P, sgs } from '../core';
import { damageFrame, num } from '../flow/common';
import { needed } from '../offers';
import type { CardDef, G } from '../types';

/** 决斗: starting with the target, each plays a 杀 in turn (无双: two); the first who does not takes 1 damage from the other. */
const duelFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const a = num(f.a),
      b = num(f.b),
      who = num(f.turn);
    const other = who === a ? b : a;
    if (f.st === 2) return 'done';
    if (!alive(g, a) || !alive(g, b)) return 'done';
    if (f.st === 0) {
      f.st = 1;
      // A 决斗 without a physical card (离间) has no card to name in the question.
      ctx.push({
        t: 'respond',
        seat: who,
        pattern: 'slash',
        how: 'respond',
        src: other,
        ignoreArmor: false,
        n: needed(ctx, other, who, 'duel'),
        msg:
          f.card === null
            ? { key: 'sgs.ask.duelNoCard', params: { source: other } }
            : { key: 'sgs.ask.duel', params: { source: other, card: f.card! } },
        parent: f.id,
        key: 'ok',
        st: 0,
      });
      return 'again';
    }
    if (f.ok) {
      f.ok = false;
      f.turn = other;
      f.st = 0;
      return 'again';
    }
    f.st = 2;
    ctx.push(damageFrame(other, who, 1, 'normal', f.card === null ? [] : [num(f.card)]));
    return 'again';
  },
  answer: () => 'this frame asks nothing',
};

export const duel: CardDef = {
  key: 'duel',
  harmful: true,
  value: 4,
  bot: {
    play(b, o, a) {
      let foes = b.foes(o.seats?.from ?? []);
      if (b.level === 'good') {
        // Only a duel it can hope to win: a 杀 in hand, or a foe with at most one card.
        const g = b.k.g;
        const mine = P(g, b.me).hand.filter((c) => c !== Number(a.cards![0]) && isSlash(b.k, c)).length;
        foes = foes.filter((t) => mine > 0 || P(g, t).hand.length <= 1);
      }
      return foes.length ? { score: 30, answer: { ...a, seats: [foes[0]!] } } : null;
    },
    // Against a friend, give in; otherwise answer with the least valuable 杀.
    asks: ['sgs.ask.duel', 'sgs.ask.duelNoCard'],
    answer(b) {
      if (b.att((b.p.message.params as { source: number }).source) > 0) return b.pass;
      return null;
    },
  },
  pick: { min: 1, max: 1, why: () => null },
  effect(ctx, f) {
    ctx.push({
      t: 'duel',
      user: num(f.user),
      a: num(f.user),
      b: num(f.target),
      turn: num(f.target),
      card: f.card ?? null,
      st: 0,
      ok: false,
    });
  },
  frames: { duel: duelFrame },
};
