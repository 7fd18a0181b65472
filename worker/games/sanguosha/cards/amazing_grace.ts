import type { FrameDef } from '../../../engine';
import { takeTop, toHand, card, sgs } from '../core';
import { num, nums } from '../flow/common';
import type { C, CardDef, G } from '../types';

function takeGrace(ctx: C, seat: number, card: number): void {
  toHand(ctx, seat, card);
  ctx.log('sgs.log.graceTake', { seat, card });
}

/** 五谷丰登's pick: each target in turn takes one of the revealed cards. */
const grace: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (f.asked || !g.grace.length) return 'done';
    if (g.grace.length === 1) {
      takeGrace(ctx, seat, g.grace[0]!);
      return 'done';
    }
    f.asked = true;
    ctx.ask({
      seat,
      kind: 'grace',
      message: { key: 'sgs.ask.grace' },
      options: [{ id: 'take', message: { key: 'sgs.opt.take' }, cards: { from: g.grace.map(String), min: 1, max: 1 } }],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    takeGrace(ctx, num(f.seat), Number(a.cards![0]));
  },
};

/** 五谷丰登: reveal as many cards as there are living characters; from the user on, each takes one. */
export const amazing_grace: CardDef = {
  key: 'amazing_grace',
  harmful: false,
  value: 3,
  bot: {
    play: (b, _o, a) => ({ score: b.nFriends >= b.nFoes ? 25 : 6, answer: a }),
    // The most valuable card on offer.
    asks: ['sgs.ask.grace'],
    answer: (b) => b.withCards('take', [b.cheapest(b.p.options[0]!.cards!.from, 99).at(-1)!]),
  },
  auto: 'all',
  prepare(ctx, f) {
    const shown = takeTop(ctx, nums(f.targets).length);
    if (!shown) return false;
    // A new pile (see core's `takeOut`).
    ctx.g.grace = [...ctx.g.grace, ...shown];
    ctx.log('sgs.log.graceReveal', { cards: shown });
    return true;
  },
  effect: (ctx, f) => void ctx.push({ t: 'grace', seat: num(f.target) }),
  frames: { grace },
};
