import { catOf } from '../catalogue';
import { msg, opt } from '../msg';
import { playSpell } from '../spells/cast';
import { spellOptions, type F } from './common';

/**
 * A ⚡ reaction window (cards.md §2.8): every seat is asked in turn order, whether or not it holds a playable ⚡
 * card — one without gets the same prompt with only pass / always pass — so the public waiting list and the moment
 * the window moves on say nothing of who holds one (issue 26). A seat that chose "always pass" is skipped: its own
 * choice. The room's autoPass (bots.ts) passes for a seat offered nothing but a pass, after a person-like pause.
 */
export const window: F = {
  run(ctx, f) {
    const g = ctx.g;
    const order = f.order as number[];
    while ((f.i as number) < order.length) {
      const s = order[f.i as number]!;
      if (!g.players[s]!.autoPass) {
        ctx.ask({
          seat: s,
          kind: 'respond',
          message: msg(`ask.window.${f.w}`),
          options: [
            ...spellOptions(catOf(ctx), g, s, f.w as 'before' | 'after'),
            opt('pass', 'opt.pass'),
            opt('passAlways', 'opt.passAlways'),
          ],
        });
        return 'wait';
      }
      f.i = (f.i as number) + 1;
    }
    return 'done';
  },
  answer(ctx, f, p, a) {
    if (a.option === 'pass' || a.option === 'passAlways') {
      if (a.option === 'passAlways') ctx.g.players[p.seat]!.autoPass = true;
      f.i = (f.i as number) + 1;
      return;
    }
    if (!a.option.startsWith('play:')) return 'unknown option';
    return playSpell(ctx, p.seat, a.option.slice(5), a, f.w as 'before' | 'after');
  },
};
