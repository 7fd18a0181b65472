import type { FrameDef } from '../../../engine';
import { alive, othersFrom, P, toHand, suitOf, card, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import { damageFrame, num } from '../flow/common';
import type { G, SgsSkill } from '../types';

const SUITS = ['spade', 'heart', 'club', 'diamond'];

/**
 * The target names a suit, then takes one of 周瑜's hand cards blind (drawn by the game's RNG: face-down cards are
 * all alike) and shows it; a different suit costs them 1 damage from 周瑜. Push: `{ t: 'fanjian', src, target, st: 0 }`.
 */
const fanjianFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const src = num(f.src),
      target = num(f.target);
    if (f.st !== 0 || !alive(g, src) || !alive(g, target) || !P(g, src).hand.length) return 'done';
    f.st = 1;
    ctx.ask({
      seat: target,
      kind: 'choose',
      message: { key: 'sgs.ask.fanjian', params: { source: src } },
      options: SUITS.map((s) => ({ id: `suit:${s}`, message: { key: `sgs.suit.${s}` } })),
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const suit = a.option.slice(5);
    if (!a.option.startsWith('suit:') || !SUITS.includes(suit)) return 'name a suit';
    const g = ctx.g;
    const src = num(f.src),
      target = num(f.target);
    const hand = P(g, src).hand;
    const card = hand[ctx.rng.int(hand.length)]!;
    const hit = suitOf(ctx, card) !== suit;
    ctx.log('sgs.log.fanjianSuit', { seat: target, suit: { key: `sgs.suit.${suit}` } });
    ctx.log('sgs.log.fanjianTake', { seat: target, source: src, card });
    // The damage waits for the move's own triggers (连营, …), which the move pushes on top of it.
    if (hit) ctx.push(damageFrame(src, target, 1, 'normal', []));
    toHand(ctx, target, card);
  },
};

/**
 * 反间 (周瑜): once per play phase, if you have hand cards, choose another character: they name a suit, then take one
 * of your hand cards blind and show it; if its suit differs from the one named, you deal them 1 damage.
 */
export const fanjian: SgsSkill = {
  id: 'fanjian',
  active: {
    perPhase: 1,
    option(k, seat) {
      const g = k.g;
      const others = othersFrom(g, seat);
      return P(g, seat).hand.length && others.length ? { seats: { from: others, min: 1, max: 1 } } : null;
    },
    /** On the weakest enemy, unless the hand is all good cards (it gives one away). */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      const hand = P(g, seat).hand;
      const foe = (o.seats?.from ?? [])
        .filter((t) => attitude(k, seat, t) < 0)
        .sort((a, b) => P(g, a).hp - P(g, b).hp)[0];
      if (foe === undefined || hand.every((c) => cardValue(k, c) >= 7)) return null;
      return { score: 33, answer: { prompt, option: o.id, seats: [foe] } };
    },
    use(ctx, seat, _cards, targets) {
      const t = targets[0];
      if (targets.length !== 1 || t === undefined || t === seat || !alive(ctx.g, t))
        return 'choose one other living character';
      if (!P(ctx.g, seat).hand.length) return '反间 needs a hand card';
      ctx.log('sgs.log.fanjian', { seat, target: t });
      ctx.push({ t: 'fanjian', src: seat, target: t, st: 0 });
    },
  },
  /** The target's suit: a blind guess, so any suit will do. */
  bot(_s, p, rng) {
    return { prompt: p.id, option: p.options[rng.int(p.options.length)]!.id };
  },
  effects: [],
  frames: { fanjian: fanjianFrame },
};
