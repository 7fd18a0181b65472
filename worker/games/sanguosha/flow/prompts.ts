/**
 * Two general prompts that skills push as frames: ordering cards onto the top and bottom of the draw pile (观星) and
 * handing cards out (遗计). Both work on cards that stay in the draw pile (hidden from everyone else) until placed.
 */
import type { FrameDef } from '../../../engine';
import { alive, move, seatsFrom, sgs } from '../core';
import type { G } from '../types';
import { cardIdsOf, num, nums } from './common';

/**
 * `seat` looks at `cards` and puts any of them on top of the draw pile in the order picked (the first picked on top),
 * then orders the rest for the bottom. Push: `{ t: 'arrange', seat, cards, skill, st: 0, top: null, bottom: null }`.
 */
const arrange: FrameDef<G> = {
  run(ctx, f) {
    const cards = nums(f.cards);
    const skill = { key: `sgs.skill.${f.skill}` };
    if (f.st === 0) {
      f.st = 1;
      ctx.ask({
        seat: num(f.seat),
        kind: 'arrange',
        message: { key: 'sgs.ask.arrangeTop', params: { skill, n: cards.length } },
        options: [
          {
            id: 'top',
            message: { key: 'sgs.opt.arrangeTop' },
            cards: { from: cards.map(String), min: 0, max: cards.length },
          },
        ],
      });
      return 'wait';
    }
    const top = nums(f.top);
    const rest = cards.filter((c) => !top.includes(c));
    if (f.st === 1 && rest.length > 1) {
      f.st = 2;
      ctx.ask({
        seat: num(f.seat),
        kind: 'arrange',
        message: { key: 'sgs.ask.arrangeBottom', params: { skill, n: rest.length } },
        options: [
          {
            id: 'bottom',
            message: { key: 'sgs.opt.arrangeBottom' },
            cards: { from: rest.map(String), min: rest.length, max: rest.length },
          },
        ],
      });
      return 'wait';
    }
    const bottom = f.bottom ? nums(f.bottom) : rest;
    move(ctx, bottom, 'bottom');
    move(ctx, top, 'draw');
    ctx.log('sgs.log.arrange', { seat: num(f.seat), skill, top: top.length, bottom: bottom.length });
    return 'done';
  },
  answer(_ctx, f, _p, a) {
    if (a.option === 'top') f.top = cardIdsOf(a);
    else f.bottom = cardIdsOf(a);
  },
};

/**
 * `seat` hands `cards` out, any split, to any living characters (itself included), one answer per recipient. Push:
 * `{ t: 'distribute', seat, cards, skill }`.
 */
const distribute: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const left = nums(f.cards).filter((c) => g.draw.includes(c));
    if (!left.length || !alive(g, num(f.seat))) return 'done';
    ctx.ask({
      seat: num(f.seat),
      kind: 'distribute',
      message: { key: 'sgs.ask.distribute', params: { skill: { key: `sgs.skill.${f.skill}` }, n: left.length } },
      options: [
        {
          id: 'give',
          message: { key: 'sgs.opt.give' },
          cards: { from: left.map(String), min: 1, max: left.length },
          seats: { from: seatsFrom(g, num(f.seat)), min: 1, max: 1 },
        },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const to = a.seats?.[0];
    if (to === undefined) return 'pick who gets the cards';
    const cards = cardIdsOf(a);
    const seat = num(f.seat);
    ctx.log('sgs.log.distribute', { seat, to, n: cards.length });
    ctx.log('sgs.log.distributeSecret', { seat, to, cards }, seat === to ? [seat] : [seat, to]);
    move(ctx, cards, 'hand', { seat: to });
  },
};

export const PROMPT_FRAMES = { arrange, distribute };
