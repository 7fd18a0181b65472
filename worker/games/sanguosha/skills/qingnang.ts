import { attitude, cardValue } from '../bot';
import { discard, P, recover, seatsFrom, wounded, card, sgs } from '../core';
import type { SgsSkill } from '../types';

/** Wounded living characters, in seat order (华佗 himself included). */
const woundedSeats = (g: Parameters<typeof seatsFrom>[0]) => seatsFrom(g, 0).filter((s) => wounded(P(g, s)));

/** 青囊 (华佗): once per play phase, discard one hand card and choose a wounded character (yourself too); they recover 1 HP. */
export const qingnang: SgsSkill = {
  id: 'qingnang',
  active: {
    perPhase: 1,
    option(k, seat) {
      const g = k.g;
      const hand = P(g, seat).hand;
      const targets = woundedSeats(k.g);
      if (!hand.length || !targets.length) return null;
      return { cards: { from: hand.map(String), min: 1, max: 1 }, seats: { from: targets, min: 1, max: 1 } };
    },
    /** Heal yourself or the most hurt friend, paying with the least valuable hand card (never a 桃: that heals by itself). */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      const friends = (o.seats?.from ?? [])
        .filter((t) => attitude(k, seat, t) > 0)
        .sort((a, b) => P(g, a).hp - P(g, b).hp);
      const t = friends[0];
      const pay = (o.cards?.from ?? [])
        .map(Number)
        .filter((c) => cardValue(k, c) < 8)
        .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)[0];
      if (t === undefined || pay === undefined) return null;
      return { score: P(g, t).hp <= 1 ? 65 : 48, answer: { prompt, option: o.id, cards: [String(pay)], seats: [t] } };
    },
    use(ctx, seat, cards, targets) {
      const g = ctx.g;
      const card = cards[0];
      const t = targets[0];
      if (cards.length !== 1 || card === undefined || !P(g, seat).hand.includes(card))
        return 'qingnang: discard one hand card';
      if (targets.length !== 1 || t === undefined || !woundedSeats(g).includes(t))
        return 'qingnang: choose one wounded character';
      ctx.log('sgs.log.qingnang', { seat, card, target: t });
      // The recovery waits for the loss's own triggers (连营 …), which the discard pushes on top of it.
      recover(ctx, t, 1, { by: seat });
      discard(ctx, [card]);
    },
  },
  effects: [],
};
