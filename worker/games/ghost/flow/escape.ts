import { RULES } from '../basics';
import { msg, opt } from '../msg';
import { hereticGKCheck, repossess } from '../rules';
import { discardFromHand } from '../state';
import type { F } from './common';

/** Heretic escape (R20 b): everyone with ≥3 imps is asked, so the question itself reveals nothing. */
export const hereticEscape: F = {
  run(ctx, f) {
    const g = ctx.g;
    const order = f.order as number[];
    while (g.gk === null && (f.i as number) < order.length) {
      const s = order[f.i as number]!;
      const p = g.players[s]!;
      if (p.imps.length >= RULES.gkEmergePlayerImps) {
        const options = [opt('continue', 'opt.continue')];
        if (p.identity.startsWith('heretic') && !p.hereticUsed) options.push(opt('escape', 'opt.escape'));
        ctx.ask({ seat: s, kind: 'escape', message: msg('ask.escape'), options });
        return 'wait';
      }
      f.i = (f.i as number) + 1;
    }
    return 'done';
  },
  answer(ctx, f, p, a) {
    f.i = (f.i as number) + 1;
    if (a.option !== 'escape') return;
    const g = ctx.g;
    const me = g.players[p.seat]!;
    me.hereticUsed = true;
    me.revealed = true;
    ctx.log('ghost.log.hereticEscape', { seat: p.seat, identity: { key: `ghost.identity.${me.identity}` } });
    discardFromHand(ctx, p.seat, [...me.hand]);
    repossess(ctx, me.imps.splice(0), [p.seat]);
    hereticGKCheck(ctx);
  },
};
