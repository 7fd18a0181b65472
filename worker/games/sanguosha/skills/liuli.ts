import type { Frame, FrameDef, Msg } from '../../../engine';
import { alive, discard, equipIds, inRange, P, seatsFrom, skillList, card, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import { num, nums } from '../flow/common';
import { T } from '../timings';
import type { Ev, G, SgsSkill, K } from '../types';

/** The other targets of the same 杀 (方天画戟): the nearest `use` frame below the 杀's own frame. */
function otherTargets(s: { stack: Frame[] }, slashFrame: number): number[] {
  const i = s.stack.findIndex((f) => f.id === slashFrame);
  for (let k = i - 1; k >= 0; k--)
    if (s.stack[k]!.t === 'use') return (s.stack[k]!.targets as number[] | undefined) ?? [];
  return [];
}

/**
 * Why `t` cannot take 大乔's 杀 from `src` if she discards `card` (null: it can). Her attack range is measured as it
 * will be after the discard (ruling S12): the table with that card gone from her equipment.
 */
function blockedWhy(k: K, seat: number, src: number, t: number, card: number | null, others: number[]): Msg | null {
  if (t === seat) return { key: 'sgs.ui.self' };
  if (t === src) return { key: 'sgs.why.liuliUser' };
  if (others.includes(t)) return { key: 'sgs.why.liuliTargeted' };
  const ban = skillList(k, t).find((s) => s.prohibit?.(k, t, src, 'slash'));
  if (ban) return { key: 'sgs.why.skill', params: { skill: { key: `sgs.skill.${ban.id}` } } };
  // The discarded card, if equipped, no longer gives range (rules-facts §3).
  return inRange(k, seat, t, card === null ? [] : [card]) ? null : { key: 'sgs.ui.outOfRange' };
}

const cardsOf = (g: G, seat: number) => [...P(g, seat).hand, ...equipIds(P(g, seat))];

/** Seats some discard could move the 杀 to; with the reasons of the others (judged with a hand card discarded). */
function choices(k: K, seat: number, src: number, others: number[]) {
  const g = k.g;
  const cards = cardsOf(g, seat);
  const from: number[] = [];
  const blocked: { seat: number; why: Msg }[] = [];
  if (!cards.length) return { cards, from, blocked };
  for (const t of seatsFrom(g, seat + 1)) {
    if (t === seat) continue;
    const whys = cards.map((c) => blockedWhy(k, seat, src, t, c, others));
    if (whys.some((w) => w === null)) from.push(t);
    else blocked.push({ seat: t, why: blockedWhy(k, seat, src, t, null, others) ?? whys[0]! });
  }
  return { cards, from, blocked };
}

/** The redirect prompt: one card to discard and one seat, or pass. Push: `{ t: 'liuli', seat, src, owner, asked: false }`. */
const liuliFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat),
      src = num(f.src);
    if (f.asked || !alive(g, seat)) return 'done';
    const { cards, from, blocked } = choices(ctx, seat, src, nums(f.others));
    if (!from.length || !cards.length) return 'done';
    f.asked = true;
    ctx.ask({
      seat,
      kind: 'skill',
      // The 杀's other targets are public; the bot reads them here (it sees the prompt, not the frames).
      message: { key: 'sgs.ask.liuli', params: { source: src, others: nums(f.others) } },
      options: [
        {
          id: 'use',
          message: { key: 'sgs.opt.liuli' },
          cards: { from: cards.map(String), min: 1, max: 1 },
          seats: { from, min: 1, max: 1, ...(blocked.length ? { blocked } : {}) },
        },
        { id: 'pass', message: { key: 'sgs.opt.noResponse' } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option !== 'use') return;
    const g = ctx.g;
    const seat = num(f.seat),
      src = num(f.src);
    const card = Number(a.cards?.[0]);
    const t = a.seats?.[0];
    if (!cardsOf(g, seat).includes(card)) return 'discard one of your own cards';
    if (t === undefined) return 'choose who takes the 杀';
    const why = blockedWhy(ctx, seat, src, t, card, nums(f.others));
    if (why || !alive(g, t)) return `流离 cannot move the 杀 to seat ${t} (${why?.key ?? 'dead'})`;
    const ev = ctx.frame(num(f.owner))?.ev as Ev | undefined;
    if (ev) ev.target = t;
    ctx.log('sgs.log.liuli', { seat, source: src, target: t, cards: [card] });
    discard(ctx, [card]);
  },
};

/**
 * 流离 (大乔): when you become the target of a 杀, you may discard a card (hand or equipped) to move the 杀 to another
 * character in your attack range (after the discard, ruling S12) who is not its user and may be its target.
 */
export const liuli: SgsSkill = {
  id: 'liuli',
  effects: [
    {
      on: T.targetConfirming,
      can: (ctx, seat, ev) =>
        ev.target === seat &&
        ev.name === 'slash' &&
        typeof ev.src === 'number' &&
        choices(ctx, seat, ev.src, otherTargets(ctx.s, num(ev.frame))).from.length > 0 &&
        cardsOf(ctx.g, seat).length > 0,
      use(ctx, seat, ev) {
        ctx.push({
          t: 'liuli',
          seat,
          src: ev.src!,
          owner: ev.frame!,
          others: otherTargets(ctx.s, num(ev.frame)),
          asked: false,
        });
      },
    },
  ],
  /** Move it to the weakest enemy it can reach, with the cheapest card that still reaches them (hand cards first). */
  bot(k, p) {
    const g = k.g;
    const me = p.seat;
    const o = p.options.find((x) => x.id === 'use');
    const f = p.message.params as { source: number; others: number[] };
    if (!o) return { prompt: p.id, option: 'pass' };
    const hand = new Set(P(g, me).hand);
    const cards = o
      .cards!.from.map(Number)
      .sort((a, b) => Number(!hand.has(a)) - Number(!hand.has(b)) || cardValue(k, a) - cardValue(k, b) || a - b);
    const foes = o.seats!.from.filter((t) => attitude(k, me, t) < 0).sort((a, b) => P(g, a).hp - P(g, b).hp);
    for (const t of foes) {
      const c = cards.find((x) => blockedWhy(k, me, f.source, t, x, f.others) === null);
      if (c !== undefined) return { prompt: p.id, option: 'use', cards: [String(c)], seats: [t] };
    }
    return { prompt: p.id, option: 'pass' };
  },
  frames: { liuli: liuliFrame },
};
