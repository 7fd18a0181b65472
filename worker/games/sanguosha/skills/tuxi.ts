import type { FrameDef } from '../../../engine';
import { alive, move, othersFrom, P, seatsFrom, card, sgs } from '../core';
import { attitude } from '../bot';
import { num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** Other living characters who have hand cards (突袭's possible targets). */
const withHand = (g: G, seat: number) => othersFrom(g, seat).filter((s) => P(g, s).hand.length > 0);

/** 突袭's question: one or two targets, or draw as usual. The turn frame's event (`owner`) is told to skip the draw. */
const tuxiFrame: FrameDef<G> = {
  run(ctx, f) {
    if (f.asked) return 'done';
    const seat = num(f.seat);
    const from = withHand(ctx.g, seat);
    if (!from.length) return 'done';
    f.asked = true;
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.tuxi' },
      options: [
        { id: 'use', message: { key: 'sgs.opt.tuxi' }, seats: { from, min: 1, max: Math.min(2, from.length) } },
        { id: 'pass', message: { key: 'sgs.opt.drawNormally' } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option !== 'use') return;
    const g = ctx.g;
    const seat = num(f.seat);
    const picked = a.seats ?? [];
    if (new Set(picked).size !== picked.length) return 'pick each target once';
    const ev = ctx.frame(num(f.owner))?.ev as Record<string, unknown> | undefined;
    if (ev) ev.skip = true;
    const targets = seatsFrom(g, seat).filter((s) => picked.includes(s));
    ctx.log('sgs.log.tuxi', { seat, targets });
    for (const t of targets) {
      const hand = P(g, t).hand;
      const card = hand[ctx.rng.int(hand.length)]!;
      move(ctx, [card], 'hand', { seat });
      ctx.log('sgs.log.takeHandSecret', { by: seat, target: t, card }, [seat, t]);
    }
  },
};

/**
 * 突袭 (张辽): at the start of your draw phase you may, instead of drawing, take one hand card (blind) from each of one
 * or two other characters. Doing so replaces the whole draw (the phase is skipped).
 */
export const tuxi: SgsSkill = {
  id: 'tuxi',
  effects: [
    {
      on: T.phaseBegin,
      can: (ctx, seat, ev) =>
        ev.seat === seat &&
        ev.phase === 'draw' &&
        !ev.skip &&
        !ctx.g.skipDraw &&
        alive(ctx.g, seat) &&
        withHand(ctx.g, seat).length > 0,
      use(ctx, seat, ev) {
        ctx.push({ t: 'tuxi', seat, owner: ev.frame as number, asked: false });
      },
    },
  ],
  frames: { tuxi: tuxiFrame },
  /** Raid two characters who are not friends (enemies first); one card alone is worse than the normal two, so then draw. */
  bot(k, p) {
    const o = p.options.find((x) => x.id === 'use')!;
    const foes = o
      .seats!.from.filter((t) => attitude(k, p.seat, t) <= 0)
      .sort((a, b) => attitude(k, p.seat, a) - attitude(k, p.seat, b));
    return foes.length >= 2
      ? { prompt: p.id, option: 'use', seats: foes.slice(0, 2) }
      : { prompt: p.id, option: 'pass' };
  },
};
