/** Judgements (with the retrial hook: 鬼才, 鬼道) and delayed tricks in the judge phase. */
import type { FrameDef } from '../../../engine';
import { discard, judgeName, move, othersFrom, P, takeTop, card, sgs } from '../core';
import { T } from '../timings';
import type { C, G } from '../types';
import { damageFrame, emit, evOf, noAnswer, num, parentSet, reasonMsg } from './common';

/** 闪电 moves on to the next living seat without one (or to the discard pile when there is none). */
function passLightning(ctx: C, from: number, card: number): void {
  const g = ctx.g;
  const next = othersFrom(g, from).find((s) => !P(g, s).judge.some((c) => judgeName(ctx, c) === 'lightning'));
  if (next === undefined) {
    discard(ctx, [card]);
    return;
  }
  move(ctx, [card], 'judge', { seat: next, as: 'lightning' });
  ctx.log('sgs.log.lightningMoves', { from, to: next, card });
}

/**
 * A judgement: the top card is revealed, may be replaced (`judgeRetrial`: set `ev.card`), then takes effect; the card
 * id goes to the parent (`parent`, `key`). Push: `{ t: 'judge', seat, reason: 'skill:ganglie', parent: f.id, key: 'result', st: 0 }`.
 */
const judge: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (f.st === 0) {
      const ids = takeTop(ctx, 1);
      if (!ids) return 'done';
      const card = ids[0]!;
      // A new pile (see core's `takeOut`).
      g.table = [...g.table, card];
      f.card = card;
      ctx.log('sgs.log.judge', { seat, reason: reasonMsg(f.reason as string), card });
      f.st = 1;
      emit(ctx, f, T.judgeRetrial, { seat, card, reason: f.reason! });
      return 'again';
    }
    if (f.st === 1) {
      if (evOf(f).card !== f.card) {
        f.card = evOf(f).card!;
        ctx.log('sgs.log.judgeChanged', { seat, card: f.card });
      }
      f.st = 2;
      emit(ctx, f, T.judgeDone, { seat, card: f.card!, reason: f.reason! });
      return 'again';
    }
    const card = num(f.card);
    parentSet(ctx, f, card);
    if (g.table.includes(card)) discard(ctx, [card]);
    return 'done';
  },
  answer: noAnswer,
};

/**
 * A delayed trick in the judge phase (`name`: what the card counts as): 无懈可击 window, judgement, effect. 闪电 that
 * hits stays in the processing area during its damage (奸雄 may take it) and is discarded after; otherwise it moves on.
 */
const delayed: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const card = num(f.card);
    const key = (f.name as string | undefined) ?? judgeName(ctx, card);
    switch (f.st) {
      case 0:
        f.st = 1;
        ctx.push({
          t: 'wuxie',
          trick: key,
          card,
          user: null,
          target: seat,
          parent: f.id,
          key: 'cancelled',
          st: 0,
          cancelled: false,
          countered: false,
          last: null,
        });
        return 'again';
      case 1:
        if (f.cancelled) {
          if (key === 'lightning') passLightning(ctx, seat, card);
          else discard(ctx, [card]);
          return 'done';
        }
        f.st = 2;
        ctx.push({ t: 'judge', seat, reason: key, parent: f.id, key: 'result', st: 0 });
        return 'again';
      case 2: {
        if (f.result === null) return 'done';
        const r = sgs(ctx).card[num(f.result)]!;
        if (key === 'indulgence' || key === 'supply_shortage') {
          const hit = key === 'indulgence' ? r.suit !== 'heart' : r.suit !== 'club';
          if (hit) g[key === 'indulgence' ? 'skipPlay' : 'skipDraw'] = true;
          ctx.log(hit ? 'sgs.log.delayedHit' : 'sgs.log.delayedMiss', { seat, card });
          discard(ctx, [card]);
          return 'done';
        }
        if (r.suit === 'spade' && r.rank >= 2 && r.rank <= 9) {
          ctx.log('sgs.log.delayedHit', { seat, card });
          f.st = 3;
          ctx.push(damageFrame(null, seat, 3, 'thunder', [card]));
          return 'again';
        }
        ctx.log('sgs.log.delayedMiss', { seat, card });
        passLightning(ctx, seat, card);
        return 'done';
      }
      default:
        if (g.table.includes(card)) discard(ctx, [card]);
        return 'done';
    }
  },
  answer: noAnswer,
};

export const JUDGE_FRAMES = { judge, delayed };
