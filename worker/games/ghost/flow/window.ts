import { catOf } from '../catalogue';
import { msg, opt } from '../msg';
import { playSpell } from '../spells/cast';
import { spellOptions, type F } from './common';

/**
 * A ⚡ reaction window (cards.md §2.8), in turn order. With autoPass off in the rules — every game the room runs
 * (room/core.ts `rulesOptions`: the room passes instead, after a person-like pause) — every seat is asked, whether or
 * not it holds a playable ⚡ spell; one without gets the same prompt with only pass / always pass, so the public
 * waiting list and the moment the window moves on say nothing of who holds one (issue 26). With autoPass on (the
 * options of older records, which replay as they were played, and of practice) only holders are asked. A seat that
 * chose "always pass" is skipped either way: its own choice.
 */
export const window: F = {
  run(ctx, f) {
    const g = ctx.g;
    const order = f.order as number[];
    const askAll = ctx.s.options.autoPass === false;
    while ((f.i as number) < order.length) {
      const s = order[f.i as number]!;
      const plays = g.players[s]!.autoPass ? [] : spellOptions(catOf(ctx), g, s, f.w as 'before' | 'after');
      if (plays.length || (askAll && !g.players[s]!.autoPass)) {
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
