import type { FrameDef } from '../../../engine';
import { alive, P, seatsFrom, sgs } from '../core';
import { T } from '../timings';
import { attitude } from '../bot';
import type { G, SgsSkill } from '../types';
import { noAnswer, num, nums } from '../flow/common';

/** Other living 魏 characters, in seat order after the lord. */
const weiOthers = (g: G, seat: number) => seatsFrom(g, seat).filter((s) => s !== seat && P(g, s).kingdom === 'wei');

/**
 * Asks each 魏 character in turn, as a real "play a 闪" request (their 八卦阵 and view-as skills apply), for a 闪 on
 * the lord's behalf; the first who gives one provides it.
 */
const hujiaFrame: FrameDef<G> = {
  run(ctx, f) {
    const order = nums(f.order);
    if (f.given) {
      const ev = ctx.frame(num(f.owner))?.ev as Record<string, unknown> | undefined;
      if (ev) ev.provided = true;
      return 'done';
    }
    const i = num(f.i);
    if (i >= order.length) return 'done';
    f.i = i + 1;
    const w = order[i]!;
    if (!alive(ctx.g, w) || !alive(ctx.g, num(f.lord))) return 'again';
    ctx.push({
      t: 'respond',
      seat: w,
      pattern: 'jink',
      how: 'respond',
      n: 1,
      src: null,
      ignoreArmor: false,
      lord: num(f.lord),
      skill: 'hujia',
      msg: { key: 'sgs.ask.hujia', params: { lord: num(f.lord) } },
      parent: f.id,
      key: 'given',
      st: 0,
    });
    return 'again';
  },
  answer: noAnswer,
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
      can: (ctx, seat, ev) =>
        ev.seat === seat && ev.pattern === 'jink' && !ev.provided && weiOthers(ctx.g, seat).length > 0,
      optional: true,
      ask: () => ({ key: 'sgs.ask.hujiaUse' }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.hujia' } });
        ctx.push({ t: 'hujia', lord: seat, owner: ev.frame!, order: weiOthers(ctx.g, seat), i: 0, given: false });
      },
    },
  ],
  frames: { hujia: hujiaFrame },
  /** A 魏 bot plays a 闪 for the lord only when it counts him a friend (its "use it?" to 护驾 is the generic yes). */
  bot: (k, p) =>
    p.message.key === 'sgs.ask.hujia' && attitude(k, p.seat, (p.message.params as { lord: number }).lord) <= 0
      ? { prompt: p.id, option: 'pass' }
      : null,
};
