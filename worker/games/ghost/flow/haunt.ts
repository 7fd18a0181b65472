import { catOf } from '../catalogue';
import { isImp } from '../ids';
import { eligibleSeats, receiverOf } from '../possession';
import { attach } from '../rules';
import { askDiscard, discarded, type F } from './common';

/** Flip the top ghost card (鬼魂出没): an imp possesses someone, an event resolves. */
export const flip: F = {
  run(ctx) {
    const g = ctx.g;
    const card = g.ghost.pop();
    if (!card) {
      ctx.log('ghost.log.ghostEmpty');
      return 'done';
    }
    ctx.log('ghost.log.flip', { seat: g.current, ghostCard: card });
    if (isImp(card)) {
      g.limbo.push(card);
      ctx.push({ t: 'possess', imp: card, stage: 0, to: -1 });
    } else {
      g.eventPile.push(card);
      catOf(ctx).eventRule[card]!(ctx);
    }
    return 'done';
  },
  answer() {},
};

/** A fresh possession: receiver per the imp's condition, the half-hand rule (seed, R13), then attach. */
export const possess: F = {
  run(ctx, f) {
    const g = ctx.g;
    const imp = f.imp as string;
    if (f.stage === 0) {
      const to = receiverOf(catOf(ctx), g, imp, eligibleSeats(g));
      f.to = to;
      f.stage = 1;
      const h = g.players[to]!.hand.length;
      if (g.gk !== null && g.players[to]!.imps.length >= 2 && h >= 2) {
        ctx.log('ghost.log.halfHand', { seat: to, n: Math.floor(h / 2) });
        askDiscard(ctx, to, Math.floor(h / 2), 'halfHand');
        return 'wait';
      }
    }
    g.limbo.splice(g.limbo.indexOf(imp), 1);
    attach(g, f.to as number, imp);
    ctx.log('ghost.log.possess', { ghostCard: imp, seat: f.to as number });
    return 'done';
  },
  answer: discarded,
};
