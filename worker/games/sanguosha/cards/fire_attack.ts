import type { FrameDef, Option } from '../../../engine';
import { alive, discard, P, suitOf, card, sgs } from '../core';
import { autoPass, cardIdsOf, checkInHand, damageFrame, num } from '../flow/common';
import type { CardDef, G } from '../types';
import { why } from './rules';

/** 火攻's steps: the target shows a hand card; the user may discard a hand card of that suit for 1 fire damage. */
const fireAttackFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const user = num(f.user),
      target = num(f.target);
    switch (f.st) {
      case 0:
        if (!alive(g, target) || !P(g, target).hand.length) return 'done';
        f.st = 1;
        ctx.ask({
          seat: target,
          kind: 'show',
          message: { key: 'sgs.ask.fireShow', params: { source: user } },
          options: [
            {
              id: 'show',
              message: { key: 'sgs.opt.show' },
              cards: { from: P(g, target).hand.map(String), min: 1, max: 1 },
            },
          ],
        });
        return 'wait';
      case 1: {
        const shown = num(f.shown);
        const fits = alive(g, user) ? P(g, user).hand.filter((c) => suitOf(ctx, c) === suitOf(ctx, shown)) : [];
        if (!alive(g, user) || (!fits.length && autoPass(ctx))) return 'done';
        f.st = 2;
        const options: Option[] = [];
        if (fits.length)
          options.push({
            id: 'discard',
            message: { key: 'sgs.opt.fireDiscard' },
            cards: { from: fits.map(String), min: 1, max: 1 },
          });
        options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
        ctx.ask({
          seat: user,
          kind: 'respond',
          message: { key: 'sgs.ask.fireDiscard', params: { target, card: shown } },
          options,
        });
        return 'wait';
      }
      case 2:
        if (!f.hit) return 'done';
        f.st = 3;
        ctx.push(damageFrame(user, target, 1, 'fire', f.card === null ? [] : [num(f.card)]));
        return 'again';
      default:
        return 'done';
    }
  },
  answer(ctx, f, p, a) {
    const card = cardIdsOf(a)[0];
    if (f.st === 1) {
      if (card === undefined || !P(ctx.g, p.seat).hand.includes(card)) return 'show a hand card';
      f.shown = card;
      ctx.log('sgs.log.fireShow', { seat: p.seat, card });
      return;
    }
    if (a.option === 'pass' || card === undefined) return;
    const bad = checkInHand(ctx.g, p.seat, [card]);
    if (bad) return bad;
    if (suitOf(ctx, card) !== suitOf(ctx, num(f.shown))) return 'the card must have the suit of the shown card';
    ctx.log('sgs.log.discard', { seat: p.seat, cards: [card] });
    discard(ctx, [card]);
    f.hit = true;
  },
};

/** 火攻: any character with a hand card (you too, if another hand card is left). */
export const fire_attack: CardDef = {
  key: 'fire_attack',
  harmful: true,
  value: 2,
  bot: {
    play(b, o, a) {
      const foes = b.foes(o.seats?.from ?? []);
      return foes.length && P(b.k.g, b.me).hand.length >= 4 ? { score: 15, answer: { ...a, seats: [foes[0]!] } } : null;
    },
    // Show the least valuable card; burn only a seat that is not a friend.
    asks: ['sgs.ask.fireShow', 'sgs.ask.fireDiscard'],
    answer(b) {
      if (b.p.kind === 'show') return b.withCards('show', b.cheapest(b.p.options[0]!.cards!.from, 1));
      if (b.att((b.p.message.params as { target: number }).target) > 0) return b.pass;
      return null;
    },
  },
  pick: {
    min: 1,
    max: 1,
    self: true,
    why: (k, _u, t, cards) => (P(k.g, t).hand.some((c) => !cards.includes(c)) ? null : why('sgs.why.noHand')),
  },
  effect: (ctx, f) =>
    void ctx.push({
      t: 'fireAttack',
      user: num(f.user),
      target: num(f.target),
      card: f.card ?? null,
      shown: null,
      hit: false,
      st: 0,
    }),
  frames: { fireAttack: fireAttackFrame },
};
