import type { FrameDef, Option } from '../../../engine';
import { alive, discard, fire, P, seatsFrom, sgs } from '../core';
import { answerOptions, resolveAnswer } from '../offers';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';
import { num, nums } from '../flow/common';

/** Other living 魏 characters, in seat order after the lord. */
const weiOthers = (g: G, seat: number) => seatsFrom(g, seat).filter((s) => s !== seat && P(g, s).kingdom === 'wei');

/** Asks each 魏 character in turn for a 闪 on the lord's behalf; the first who gives one provides it. */
const hujiaFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const order = nums(f.order);
    const ev = ctx.frame(num(f.owner))?.ev as Record<string, unknown> | undefined;
    while (num(f.i) < order.length && !f.given) {
      const w = order[num(f.i)]!;
      const options: Option[] = alive(g, w) ? answerOptions(ctx, w, ['jink'], 'respond', { id: 'play', message: { key: 'sgs.opt.hujiaGive', params: { lord: f.lord! } } }) : [];
      if (!options.length && ctx.s.options.autoPass !== false) {
        f.i = num(f.i) + 1;
        continue;
      }
      options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
      ctx.ask({ seat: w, kind: 'respond', message: { key: 'sgs.ask.hujia', params: { lord: f.lord! } }, options });
      return 'wait';
    }
    if (f.given && ev) ev.provided = true;
    return 'done';
  },
  answer(ctx, f, p, a) {
    f.i = num(f.i) + 1;
    if (a.option === 'pass') return;
    const r = resolveAnswer(ctx, p.seat, a, ['jink'], 'respond', 'play');
    if (typeof r === 'string') return r;
    ctx.log('sgs.log.hujiaGive', { seat: p.seat, lord: f.lord!, cards: r.cards });
    f.given = true;
    discard(ctx, r.cards);
    fire(ctx, T.cardResponded, { seat: p.seat, name: 'jink', cards: r.cards, skill: 'hujia', how: 'respond', src: null });
  },
};

/**
 * 护驾 (曹操, 主公技): when you need to use or play a 闪, you may ask the other 魏 characters in seat order; the first
 * who plays a 闪 provides it for you. If nobody does, you may still answer yourself.
 */
export const hujia: SgsSkill = {
  id: 'hujia',
  lord: true,
  effects: [
    {
      on: T.cardAsked,
      can: (ctx, seat, ev) => ev.seat === seat && ev.pattern === 'jink' && !ev.provided && weiOthers(ctx.g, seat).length > 0,
      optional: true,
      ask: () => ({ key: 'sgs.ask.hujiaUse' }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.hujia' } });
        ctx.push({ t: 'hujia', lord: seat, owner: ev.frame!, order: weiOthers(ctx.g, seat), i: 0, given: false });
      },
    },
  ],
  frames: { hujia: hujiaFrame },
};
