import { isSlash, keyOf, markOf, P, setMark, card, sgs } from '../core';
import { T } from '../timings';
import type { SgsSkill } from '../types';

/** The turn's 裸衣 is shown as a public mark on 许褚 and wiped when his turn ends. */
const MARK = 'luoyi';

/**
 * 裸衣 (许褚): in your draw phase you may draw one card fewer; then for the rest of this turn each 杀 or 决斗 you use
 * that deals damage (you being its source) deals 1 more. Not for damage passed on along a chain (it was already
 * counted as caused, S6).
 */
export const luoyi: SgsSkill = {
  id: 'luoyi',
  effects: [
    {
      on: T.drawPhase,
      can: (_ctx, seat, ev) => ev.seat === seat && (ev.n as number) > 0,
      optional: true,
      ask: () => ({ key: 'sgs.ask.luoyi' }),
      use(ctx, seat, ev) {
        ev.n = (ev.n as number) - 1;
        setMark(ctx.g, seat, MARK, 1);
        ctx.log('sgs.log.luoyi', { seat });
      },
    },
    {
      on: T.damageCaused,
      can(ctx, seat, ev) {
        if (ev.src !== seat || ctx.g.current !== seat || !markOf(ctx.g, seat, MARK) || ev.transmitted) return false;
        if (ev.bySlash) return true;
        // A 决斗's damage is pushed by the duel frame right below it; 裸衣 counts only a 决斗 许褚 used himself.
        const stack = ctx.s.stack;
        const at = stack.findIndex((f) => f.id === ev.frame);
        const below = at > 0 ? stack[at - 1] : undefined;
        return below?.t === 'duel' && below.user === seat;
      },
      use(ctx, seat, ev) {
        ev.amount = (ev.amount as number) + 1;
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.skill.luoyi' } });
      },
    },
    {
      on: T.turnEnd,
      can: (ctx, seat, ev) => ev.seat === seat && !!markOf(ctx.g, seat, MARK),
      use(ctx, seat) {
        setMark(ctx.g, seat, MARK, undefined);
      },
    },
  ],
  /** Draw one fewer only with a 杀 or 决斗 in hand to make it count. */
  bot(k, p) {
    const s = k.s;
    const attack = P(s.g, p.seat).hand.some((id) => isSlash(k, id) || keyOf(k, id) === 'duel');
    return { prompt: p.id, option: attack ? 'use' : 'pass' };
  },
};
