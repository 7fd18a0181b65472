import type { Answer, FrameDef, Prompt } from '../../../engine';
import { alive, discard, keyOf, P, card, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import { autoPass, cardIdsOf, num } from '../flow/common';
import { T } from '../timings';
import type { Ev, G, SgsSkill, K, KS } from '../types';

const basics = (k: K, seat: number) => P(k.g, seat).hand.filter((c) => card(k, c).kind.type === 'basic');

/** No basic card discarded: the 杀 has no effect on 刘禅 (its `targetConfirming` event is cancelled). */
const xiangleFail = (ev: Ev | undefined) => void (ev && (ev.cancelled = true));

/** The 杀's user discards a basic card, or the 杀 has no effect on 刘禅 (the owner event's `cancelled`). */
const xiangleFrame: FrameDef<G> = {
  run(ctx, f) {
    if (f.asked) return 'done';
    const g = ctx.g;
    const src = num(f.src);
    const from = alive(g, src) ? basics(ctx, src) : [];
    if (!from.length && autoPass(ctx)) {
      xiangleFail(ctx.frame(num(f.owner))?.ev as Ev | undefined);
      return 'done';
    }
    f.asked = true;
    const options = [
      ...(from.length
        ? [
            {
              id: 'discard',
              message: { key: 'sgs.opt.xiangleDiscard' },
              cards: { from: from.map(String), min: 1, max: 1 },
            },
          ]
        : []),
      { id: 'pass', message: { key: 'sgs.opt.xiangleNo', params: { target: num(f.target) } } },
    ];
    ctx.ask({
      seat: src,
      kind: 'discard',
      message: { key: 'sgs.ask.xiangle', params: { target: num(f.target) } },
      options,
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option === 'pass') {
      xiangleFail(ctx.frame(num(f.owner))?.ev as Ev | undefined);
      return;
    }
    const cards = cardIdsOf(a);
    const seat = num(f.src);
    if (cards.length !== 1 || !basics(ctx, seat).includes(cards[0]!)) return 'discard one basic card from your hand';
    ctx.log('sgs.log.xiangleDiscard', { seat, card: cards[0]!, target: num(f.target) });
    discard(ctx, cards);
  },
};

/** The 杀's user pays with the cheapest basic card to hit an enemy; a 桃 is kept while its holder is low. */
function xiangleBot(k: KS, p: Prompt): Answer | null {
  const s = k.s;
  const o = p.options.find((x) => x.id === 'discard');
  const target = (p.message.params as Record<string, number>).target!;
  if (!o || attitude(k, p.seat, target) >= 0) return { prompt: p.id, option: 'pass' };
  const card = o.cards!.from.map(Number).sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)[0]!;
  if (keyOf(k, card) === 'peach' && P(s.g, p.seat).hp <= 2) return { prompt: p.id, option: 'pass' };
  return { prompt: p.id, option: 'discard', cards: [String(card)] };
}

/** 享乐 (刘禅, 锁定技): when you become the target of a 杀, its user must discard a basic card, or the 杀 has no effect on you. */
export const xiangle: SgsSkill = {
  id: 'xiangle',
  locked: true,
  effects: [
    {
      on: T.targetConfirming,
      can: (ctx, seat, ev) =>
        ev.target === seat && !ev.cancelled && typeof ev.src === 'number' && ev.src !== seat && alive(ctx.g, ev.src),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skill', { seat, skill: { key: 'sgs.skill.xiangle' } });
        ctx.push({ t: 'xiangle', src: ev.src!, target: seat, owner: ev.frame!, asked: false });
      },
    },
  ],
  bot: xiangleBot,
  frames: { xiangle: xiangleFrame },
};
