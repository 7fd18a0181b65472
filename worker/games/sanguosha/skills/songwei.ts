import { alive, confirm, drawCards, isBlack, P, card, sgs } from '../core';
import { attitude } from '../bot';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** The lord (颂威 is a lord skill, so its owner is the lord). */
const lordOf = (g: G) => g.players.find((p) => p.role === 'lord')!.seat;

/**
 * 颂威 (曹丕, 主公技): after another 魏 character's judgement turns out black, that character may let you draw one card.
 * The judged character is asked, with the skill's own question.
 */
export const songwei: SgsSkill = {
  id: 'songwei',
  lord: true,
  effects: [
    {
      on: T.judgeDone,
      can: (ctx, seat, ev) => {
        const who = ev.seat as number;
        return who !== seat && alive(ctx.g, who) && P(ctx.g, who).kingdom === 'wei' && isBlack(ctx, ev.card as number);
      },
      use(ctx, seat, ev) {
        confirm(ctx, {
          seat: ev.seat as number,
          skill: 'songwei',
          ev,
          msg: { key: 'sgs.ask.songwei', params: { target: seat } },
          useMsg: { key: 'sgs.opt.songwei', params: { target: seat } },
          passMsg: { key: 'sgs.opt.songweiNo' },
        });
      },
    },
  ],
  resolve(ctx, seat) {
    const lord = lordOf(ctx.g);
    if (!alive(ctx.g, lord)) return;
    ctx.log('sgs.log.songwei', { seat, target: lord });
    drawCards(ctx, lord, 1);
  },
  /** Let a friendly lord draw. */
  bot(k, p) {
    const lord = (p.message.params as { target: number }).target;
    return { prompt: p.id, option: attitude(k, p.seat, lord) > 0 ? 'use' : 'pass' };
  },
};
