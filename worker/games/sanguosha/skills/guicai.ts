import { confirm, move, P, type CardInfo, card, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import { reasonMsg } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** The judgement's reason back from the prompt's message (`reasonMsg`'s inverse): a card key or `skill:<id>`. */
export const reasonOf = (m: { key: string }): string =>
  m.key.startsWith('sgs.skill.') ? `skill:${m.key.slice(10)}` : m.key.replace(/^sgs\.card\./, '');

/**
 * Is this judgement result good for the character being judged? Known reasons only (null = the bot cannot tell
 * and leaves the judgement alone). A card reason is the card key; a skill's is `skill:<id>`.
 */
export function judgeGood(reason: string, c: CardInfo): boolean | null {
  switch (reason) {
    case 'indulgence':
      return c.suit === 'heart';
    case 'supply_shortage':
      return c.suit === 'club';
    case 'lightning':
      return !(c.suit === 'spade' && c.rank >= 2 && c.rank <= 9);
    case 'eight_diagram':
    case 'skill:tieqi':
      return c.suit === 'heart' || c.suit === 'diamond';
    case 'skill:ganglie':
      return c.suit !== 'heart';
    case 'skill:luoshen':
      return c.suit === 'spade' || c.suit === 'club';
    case 'skill:leiji':
      return c.suit !== 'spade';
    default:
      return null;
  }
}

/**
 * 鬼才 (司马懿): before any character's judgement card takes effect, you may play (打出) one of your hand cards to
 * replace it; the replaced card goes to the discard pile. One prompt: the hand card, or no.
 */
export const guicai: SgsSkill = {
  id: 'guicai',
  effects: [
    {
      on: T.judgeRetrial,
      can: (ctx, seat) => P(ctx.g, seat).hand.length > 0,
      use(ctx, seat, ev) {
        confirm(ctx, {
          seat,
          skill: 'guicai',
          ev,
          cards: [...P(ctx.g, seat).hand],
          msg: {
            key: 'sgs.ask.guicai',
            params: { target: ev.seat as number, reason: reasonMsg(ev.reason as string), card: ev.card as number },
          },
          useMsg: { key: 'sgs.opt.guicai' },
        });
      },
    },
  ],
  resolve(ctx, seat, ev, picked) {
    const card = picked[0];
    if (card === undefined || !P(ctx.g, seat).hand.includes(card)) return 'pick one of your hand cards';
    const old = ev.card as number;
    ctx.log('sgs.log.guicai', { seat, target: ev.seat as number, card });
    // The new card takes the old one's place in the processing area; the old one is discarded.
    move(ctx, [card], 'table');
    ev.card = card;
    move(ctx, [old], 'discard');
  },
  /** Change a judgement only when it goes the wrong way for a friend (or the right way for an enemy), with the cheapest card that turns it. */
  bot(k, p) {
    const g: G = k.g;
    const params = p.message.params as { target: number; card: number; reason: { key: string } };
    const reason = reasonOf(params.reason);
    const want = attitude(k, p.seat, params.target);
    const now = judgeGood(reason, card(k, params.card));
    const pass = { prompt: p.id, option: 'pass' };
    if (now === null || want === 0 || now === want > 0) return pass;
    // 闪电's 3 damage is worth any card; other judgements not a 桃 or 无懈可击.
    const worth = reason === 'lightning' ? Infinity : 7;
    const fix = P(g, p.seat)
      .hand.filter((id) => judgeGood(reason, card(k, id)) === want > 0 && cardValue(k, id) <= worth)
      .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)[0];
    return fix === undefined ? pass : { prompt: p.id, option: 'use', cards: [String(fix)] };
  },
};
