import type { FrameDef } from '../../../engine';
import { alive, discard, P, suitOf, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import { cardIdsOf, checkInHand, damageFrame, num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/**
 * The 刚烈 steps: judge (st 0), then unless ♥ the source chooses — two hand cards or 1 damage from 夏侯惇 (st 1) —
 * and that choice is carried out (st 2). With no source (闪电) the judgement is all that happens (ruling S13).
 */
const ganglieFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (f.st === 0) {
      f.st = 1;
      ctx.push({ t: 'judge', seat, reason: 'skill:ganglie', parent: f.id, key: 'result', st: 0 });
      return 'again';
    }
    if (f.st !== 1 || f.result === null || f.result === undefined) return 'done';
    f.st = 2;
    const src = f.src === null ? null : num(f.src);
    if (suitOf(ctx, num(f.result)) === 'heart') {
      ctx.log('sgs.log.ganglieMiss', { seat });
      return 'done';
    }
    if (src === null || !alive(g, src)) return 'done';
    const hand = P(g, src).hand;
    // Fewer than two hand cards: the damage is the only choice, so nobody is asked.
    if (hand.length < 2) {
      ctx.push(damageFrame(seat, src, 1, 'normal', []));
      return 'again';
    }
    ctx.ask({
      seat: src,
      kind: 'skill',
      message: { key: 'sgs.ask.ganglieChoose', params: { source: seat } },
      options: [
        {
          id: 'discard',
          message: { key: 'sgs.opt.ganglieDiscard' },
          cards: { from: hand.map(String), min: 2, max: 2 },
        },
        { id: 'damage', message: { key: 'sgs.opt.ganglieDamage', params: { source: seat } } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, p, a) {
    const seat = num(f.seat);
    if (a.option === 'damage') {
      ctx.push(damageFrame(seat, p.seat, 1, 'normal', []));
      return;
    }
    const cards = cardIdsOf(a);
    const bad = checkInHand(ctx.g, p.seat, cards);
    if (bad) return bad;
    ctx.log('sgs.log.ganglieDiscard', { seat: p.seat, cards });
    discard(ctx, cards);
  },
};

/**
 * 刚烈 (夏侯惇): after you take damage you may judge; unless the result is ♥ the damage source chooses: discard two
 * hand cards, or take 1 damage from you. Without a source you may still judge, and nothing else happens (S13).
 */
export const ganglie: SgsSkill = {
  id: 'ganglie',
  effects: [
    {
      on: T.damaged,
      can: (_ctx, seat, ev) => ev.target === seat,
      optional: true,
      ask: (_ctx, _seat, ev) =>
        ev.src === null
          ? { key: 'sgs.ask.ganglieNoSource' }
          : { key: 'sgs.ask.ganglie', params: { target: ev.src as number } },
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.ganglie' } });
        ctx.push({ t: 'ganglie', seat, src: (ev.src as number | null) ?? null, st: 0, result: null });
      },
    },
  ],
  frames: { ganglie: ganglieFrame },
  /**
   * 夏侯惇 judges against anyone not a friend (never for nothing: not without a source). The source gives two cheap
   * cards when it can, or when 1 damage would be dangerous; otherwise it takes the damage.
   */
  bot(k, p) {
    const s = k.s;
    const g = s.g;
    if (p.message.key === 'sgs.ask.ganglieNoSource') return { prompt: p.id, option: 'pass' };
    if (p.message.key === 'sgs.ask.ganglie')
      return {
        prompt: p.id,
        option: attitude(k, p.seat, (p.message.params as { target: number }).target) > 0 ? 'pass' : 'use',
      };
    const o = p.options.find((x) => x.id === 'discard')!;
    const two = o
      .cards!.from.map(Number)
      .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)
      .slice(0, 2);
    const cheap = two.every((c) => cardValue(k, c) <= 3);
    if (cheap || P(g, p.seat).hp <= 2) return { prompt: p.id, option: 'discard', cards: two.map(String) };
    return { prompt: p.id, option: 'damage' };
  },
};
