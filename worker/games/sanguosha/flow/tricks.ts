/** Non-delayed tricks on one target, 无懈可击 windows (S7) and picking another's cards (过河拆桥, 顺手牵羊, 寒冰剑). */
import type { FrameDef, Msg, Option } from '../../../engine';
import { alive, discard, equipIds, fire, P, seatsFrom, toHand, wounded, card, sgs } from '../core';
import { answerOptions, resolveAnswer } from '../offers';
import { T } from '../timings';
import type { G, K } from '../types';
import { autoPass, damageFrame, emit, evOf, noAnswer, num, nums, parentSet, reasonMsg } from './common';

const wuxieOptions = (k: K, seat: number): Option[] =>
  answerOptions(k, seat, ['nullification'], 'use', { id: 'use', message: { key: 'sgs.opt.wuxie' } });

/**
 * A 无懈可击 window on one target (ruling S7): everyone who could answer (a card or a view-as skill) is asked at once,
 * the first valid 无懈 wins and the window reopens for a counter. With autoPass off every living player is asked.
 */
const wuxie: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    if (f.st === 1 && !f.countered) {
      parentSet(ctx, f, !!f.cancelled);
      return 'done';
    }
    f.countered = false;
    // Each seat's options once: whether it is asked (with autoPass, only a seat that could answer) and what it is offered.
    const auto = autoPass(ctx);
    const asked: number[] = [];
    const offered: Option[][] = [];
    for (const s of seatsFrom(g, g.current)) {
      const opts = wuxieOptions(ctx, s);
      if (auto && !opts.length) continue;
      asked.push(s);
      offered.push(opts);
    }
    if (!asked.length) {
      parentSet(ctx, f, !!f.cancelled);
      return 'done';
    }
    const message: Msg = f.cancelled
      ? { key: 'sgs.ask.wuxieCounter', params: { by: f.last!, card: f.card!, target: f.target! } }
      : f.user === null
        ? { key: 'sgs.ask.wuxieDelayed', params: { card: f.card!, target: f.target! } }
        : { key: 'sgs.ask.wuxie', params: { source: f.user!, card: f.card!, target: f.target! } };
    asked.forEach((s, k) =>
      ctx.ask({
        seat: s,
        kind: 'nullify',
        message,
        options: [...offered[k]!, { id: 'pass', message: { key: 'sgs.opt.noResponse' } }],
      }),
    );
    f.st = 1;
    return 'wait';
  },
  answer(ctx, f, p, a) {
    if (a.option === 'pass') return;
    const r = resolveAnswer(ctx, p.seat, a, ['nullification'], 'use', 'use');
    if (typeof r === 'string') return r;
    ctx.closePrompts();
    // A counter cancels the 无懈可击 before it, not the trick (the log says which).
    ctx.log(f.last !== null && f.last !== undefined ? 'sgs.log.wuxieCounter' : 'sgs.log.wuxie', {
      seat: p.seat,
      card: r.cards[0]!,
      cards: r.cards,
      target: f.target!,
      trick: f.card!,
      by: f.last ?? null,
    });
    f.cancelled = !f.cancelled;
    f.countered = true;
    f.last = p.seat;
    fire(ctx, T.cardUsed, {
      user: p.seat,
      name: 'nullification',
      cards: r.cards,
      targets: [],
      nature: 'normal',
      skill: r.skill,
    });
    discard(ctx, r.cards);
  },
};

/** One target of a non-delayed trick: `trickEffect` (藤甲 may cancel), the 无懈可击 window, then the card's own effect. */
const trickOn: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const name = f.name as string;
    const user = num(f.user),
      target = num(f.target);
    switch (f.st) {
      case 0:
        if (!alive(g, target)) return 'done';
        if (name === 'god_salvation' && !wounded(P(g, target))) return 'done';
        f.st = 1;
        emit(ctx, f, T.trickEffect, { user, target, name, cancelled: false });
        return 'again';
      case 1:
        if (evOf(f).cancelled) {
          ctx.log('sgs.log.noEffect', { target, card: f.card ?? null });
          return 'done';
        }
        f.st = 2;
        if (f.noWuxie) return 'again';
        ctx.push({
          t: 'wuxie',
          trick: name,
          card: f.card ?? null,
          user,
          target,
          parent: f.id,
          key: 'cancelled',
          st: 0,
          cancelled: false,
          countered: false,
          last: null,
        });
        return 'again';
      case 2:
        if (f.cancelled || !alive(g, target)) return 'done';
        f.st = 3;
        sgs(ctx).cards[name]?.effect?.(ctx, f);
        return 'again';
      case 4:
        // 南蛮入侵 / 万箭齐发: the answer did not come.
        f.st = 3;
        if (!f.ok) ctx.push(damageFrame(user, target, 1, 'normal', nums(f.cards ?? [])));
        return 'again';
      default:
        return 'done';
    }
  },
  answer: noAnswer,
};

/** What `by` may pick from a seat: 'hand' stands for one random hand card. */
export function pickable(g: G, seat: number, zones: string): string[] {
  const p = P(g, seat);
  const out: string[] = [];
  if (p.hand.length) out.push('hand');
  for (const id of equipIds(p)) out.push(String(id));
  if (zones.includes('j')) for (const id of p.judge) out.push(String(id));
  return out;
}

/**
 * 过河拆桥 / 顺手牵羊 / 寒冰剑 / 反馈 …: `by` picks `n` cards of `from` (hand cards blind), to discard or to take.
 * Push: `{ t: 'pick', by, from, mode: 'take' | 'discard', zones: 'he' | 'hej', n: 1, reason: 'skill:fankui' }`.
 */
const pick: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const from = num(f.from),
      by = num(f.by);
    const choices = pickable(g, from, f.zones as string);
    if (num(f.n) <= 0 || !alive(g, from) || !alive(g, by) || !choices.length) return 'done';
    const reason = reasonMsg(f.reason as string);
    ctx.ask({
      seat: by,
      kind: 'pick',
      message: {
        key: f.mode === 'take' ? 'sgs.ask.pickTake' : 'sgs.ask.pickDiscard',
        params: { target: from, reason },
      },
      options: [{ id: 'pick', message: { key: 'sgs.opt.pick' }, cards: { from: choices, min: 1, max: 1 } }],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const g = ctx.g;
    const from = num(f.from),
      by = num(f.by);
    const choice = a.cards![0]!;
    const p = P(g, from);
    const blind = choice === 'hand';
    const card = blind ? p.hand[ctx.rng.int(p.hand.length)]! : Number(choice);
    f.n = num(f.n) - 1;
    if (f.mode === 'take') {
      toHand(ctx, by, card);
      if (blind) {
        ctx.log('sgs.log.takeHand', { by, target: from });
        ctx.log('sgs.log.takeHandSecret', { by, target: from, card }, [by, from]);
      } else ctx.log('sgs.log.take', { by, target: from, card });
    } else {
      discard(ctx, [card]);
      ctx.log('sgs.log.dismantle', { by, target: from, card });
    }
  },
};

export const TRICK_FRAMES = { wuxie, trickOn, pick };
