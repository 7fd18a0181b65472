import { catOf } from '../catalogue';
import { msg, opt } from '../msg';
import { playSpell } from '../spells/cast';
import { spellOptions, type F } from './common';

/** A ⚡ reaction window (cards.md §2.8): holders of a playable ⚡ card are asked in turn order. */
export const window: F = {
  run(ctx, f) {
    const g = ctx.g;
    const order = f.order as number[];
    while ((f.i as number) < order.length) {
      const s = order[f.i as number]!;
      const plays = g.players[s]!.autoPass ? [] : spellOptions(catOf(ctx), g, s, f.w as 'before' | 'after');
      if (plays.length) {
        ctx.ask({
          seat: s,
          kind: 'respond',
          message: msg(`ask.window.${f.w}`),
          options: [...plays, opt('pass', 'opt.pass'), opt('passAlways', 'opt.passAlways')],
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
