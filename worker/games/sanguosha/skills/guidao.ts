import type { FrameDef, Json } from '../../../engine';
import { attitude, cardValue } from '../bot';
import { alive, equipIds, isBlack, move, P, toHand, card, sgs } from '../core';
import { autoPass, num, reasonMsg } from '../flow/common';
import { T } from '../timings';
import { judgeGood, reasonOf } from './guicai';
import type { Ev, G, SgsSkill, K } from '../types';

/** 张角's black hand and equipped cards. */
const blacks = (k: K, seat: number) => [...P(k.g, seat).hand, ...equipIds(P(k.g, seat))].filter((c) => isBlack(k, c));

/** Is this judgement card good for the judged character? 鬼才's table (null: the bot does not know the reason). */
const goodFor = (k: K, reason: string, id: number): boolean | null => judgeGood(reason, card(k, id));

/** The judgement's event (on the judge frame) that 鬼道 changes. */
const evOfOwner = (ctx: Parameters<FrameDef<G>['run']>[0], f: Record<string, Json>) =>
  ctx.frame(num(f.owner))?.ev as Ev | undefined;

/** Asks 张角 for a black card to put in place of the judgement card; the original goes to his hand. */
const guidaoFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const ev = evOfOwner(ctx, f);
    if (f.asked || !ev || !alive(g, seat)) return 'done';
    const cards = blacks(ctx, seat);
    // With autoPass off he is asked even without a black card, so the wait never tells whether he holds one (S8).
    if (!cards.length && autoPass(ctx)) return 'done';
    f.asked = true;
    const use = cards.length
      ? [{ id: 'use', message: { key: 'sgs.opt.guidao' }, cards: { from: cards.map(String), min: 1, max: 1 } }]
      : [];
    ctx.ask({
      seat,
      kind: 'skill',
      message: {
        key: 'sgs.ask.guidao',
        params: { target: num(ev.seat), reason: reasonMsg(ev.reason as string), card: num(ev.card) },
      },
      options: [...use, { id: 'pass', message: { key: 'sgs.opt.noResponse' } }],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option === 'pass') return;
    const g = ctx.g;
    const seat = num(f.seat);
    const ev = evOfOwner(ctx, f);
    const card = Number(a.cards?.[0]);
    if (!ev || !blacks(ctx, seat).includes(card)) return 'guidao: play one of your black cards';
    const old = num(ev.card);
    ctx.log('sgs.log.guidao', { seat, card, cards: [old], target: num(ev.seat) });
    move(ctx, [card], 'table');
    ev.card = card;
    toHand(ctx, seat, old);
  },
};

/**
 * 鬼道 (张角): before any judgement card takes effect, you may play one black card (hand or equipped) to replace it,
 * and you take the original judgement card into your hand.
 */
export const guidao: SgsSkill = {
  id: 'guidao',
  effects: [
    {
      on: T.judgeRetrial,
      can: (ctx, seat) => blacks(ctx, seat).length > 0 || !autoPass(ctx),
      use(ctx, seat, ev) {
        ctx.push({ t: 'guidao', seat, owner: num(ev.frame), asked: false });
      },
    },
  ],
  /**
   * Turn a friend's bad judgement good, or an enemy's good one bad, with the cheapest black card that does it;
   * otherwise leave it.
   */
  bot(k, p) {
    const g = k.g;
    // What the prompt says in the open: whose judgement, its reason, the card.
    const ev = p.message.params as { target: number; reason: { key: string }; card: number };
    const pass = { prompt: p.id, option: 'pass' };
    const reason = reasonOf(ev.reason);
    const now = goodFor(k, reason, ev.card);
    const att = attitude(k, p.seat, ev.target);
    if (now === null || att === 0) return pass;
    const want = att > 0;
    if (now === want) return pass;
    const from = (p.options.find((x) => x.id === 'use')?.cards?.from ?? []).map(Number);
    const fit = from
      .filter((c) => goodFor(k, reason, c) === want)
      .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)[0];
    return fit === undefined ? pass : { prompt: p.id, option: 'use', cards: [String(fit)] };
  },
  frames: { guidao: guidaoFrame },
};
