import type { FrameDef } from '../../../engine';
import { alive, drawCards, othersFrom, P, card, sgs } from '../core';
import { attitude } from '../bot';
import { num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/** X of 放逐: 曹丕's lost HP now. */
const lost = (g: G, seat: number) => Math.max(0, P(g, seat).maxHp - P(g, seat).hp);

/** 放逐's question: whom (another living character), or nobody. */
const fangzhuFrame: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (f.asked || !alive(ctx.g, seat)) return 'done';
    const from = othersFrom(ctx.g, seat);
    if (!from.length) return 'done';
    f.asked = true;
    const n = lost(ctx.g, seat);
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.fangzhu', params: { n } },
      options: [
        { id: 'use', message: { key: 'sgs.opt.fangzhu', params: { n } }, seats: { from, min: 1, max: 1 } },
        { id: 'pass', message: { key: 'sgs.opt.noResponse' } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option !== 'use') return;
    const seat = num(f.seat);
    const target = a.seats![0]!;
    const n = lost(ctx.g, seat);
    ctx.log('sgs.log.fangzhu', { seat, target, n });
    // Draw, then turn over (the original text's order). Turning over again turns the card face up.
    if (n > 0 && !drawCards(ctx, target, n)) return;
    const t = P(ctx.g, target);
    t.turnedOver = !t.turnedOver;
    ctx.log(t.turnedOver ? 'sgs.log.turnOver' : 'sgs.log.turnUp', { seat: target });
  },
};

/**
 * 放逐 (曹丕): after you take damage you may make another character draw X cards (X = your lost HP) and turn their
 * general card over (翻面: a face-down character skips its next turn and turns back up instead).
 */
export const fangzhu: SgsSkill = {
  id: 'fangzhu',
  effects: [
    {
      on: T.damaged,
      can: (ctx, seat, ev) => ev.target === seat && othersFrom(ctx.g, seat).length > 0,
      use(ctx, seat) {
        ctx.push({ t: 'fangzhu', seat, asked: false });
      },
    },
  ],
  frames: { fangzhu: fangzhuFrame },
  /**
   * A face-down friend is turned back up (and draws); otherwise an enemy who is face up loses a turn, when the X
   * cards it draws are few (at most 2).
   */
  bot(k, p) {
    const s = k.s;
    const g = s.g;
    const o = p.options.find((x) => x.id === 'use')!;
    const n = (p.message.params as { n: number }).n;
    const friend = o.seats!.from.find((t) => attitude(k, p.seat, t) > 0 && P(g, t).turnedOver);
    if (friend !== undefined) return { prompt: p.id, option: 'use', seats: [friend] };
    const foe = o
      .seats!.from.filter((t) => attitude(k, p.seat, t) < 0 && !P(g, t).turnedOver)
      .sort((a, b) => P(g, b).hand.length - P(g, a).hand.length)[0];
    if (foe !== undefined && n <= 2) return { prompt: p.id, option: 'use', seats: [foe] };
    return { prompt: p.id, option: 'pass' };
  },
};
