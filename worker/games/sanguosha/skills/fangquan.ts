import type { Answer, FrameDef, Prompt } from '../../../engine';
import { alive, discard, isSlashKey, keyOf, othersFrom, P, card, sgs } from '../core';
import { attitude, cardValue } from '../bot';
import { cardIdsOf, num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill, KS, K } from '../types';

/** Marked for the turn when 刘禅 skipped his play phase by 放权 (the turn start clears `g.used`). */
const skippedKey = (seat: number) => `${seat}:fangquan_skipped`;

/** At the end of the turn: discard a hand card and name another character, who takes an extra turn after this one. */
const fangquanGive: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const others = othersFrom(g, seat);
    if (f.asked || !alive(g, seat) || !P(g, seat).hand.length || !others.length) return 'done';
    f.asked = true;
    ctx.ask({
      seat,
      kind: 'skill',
      message: { key: 'sgs.ask.fangquanGive' },
      options: [
        {
          id: 'use',
          message: { key: 'sgs.opt.fangquanGive' },
          cards: { from: P(g, seat).hand.map(String), min: 1, max: 1 },
          seats: { from: others, min: 1, max: 1 },
        },
        { id: 'pass', message: { key: 'sgs.opt.noResponse' } },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    if (a.option === 'pass') return;
    const seat = num(f.seat);
    const card = cardIdsOf(a)[0];
    const to = a.seats?.[0];
    if (card === undefined || !P(ctx.g, seat).hand.includes(card)) return 'discard one of your hand cards';
    if (to === undefined || to === seat || !alive(ctx.g, to)) return 'name another living character';
    ctx.log('sgs.log.fangquan', { seat, to, card });
    discard(ctx, [card]);
    ctx.g.extraTurns.push(to);
  },
};

/** Cards that make a play phase worth having. */
const strong = (k: K, id: number) =>
  isSlashKey(keyOf(k, id)) ||
  ['duel', 'snatch', 'dismantlement', 'ex_nihilo', 'savage_assault', 'archery_attack', 'indulgence', 'peach'].includes(
    keyOf(k, id),
  );

/** The bot skips a play phase with at most one strong card when a friend can take the extra turn, and gives it to the healthiest friend. */
function fangquanBot(k: KS, p: Prompt): Answer | null {
  const s = k.s;
  const g = s.g;
  const me = P(g, p.seat);
  const friends = othersFrom(g, p.seat)
    .filter((t) => attitude(k, p.seat, t) > 0)
    .sort((a, b) => P(g, b).hp - P(g, a).hp || a - b);
  if (p.message.key === 'sgs.ask.fangquan') {
    const use = friends.length > 0 && me.hand.length >= 1 && me.hand.filter((id) => strong(k, id)).length <= 1;
    return { prompt: p.id, option: use ? 'use' : 'pass' };
  }
  if (p.message.key === 'sgs.ask.fangquanGive') {
    const o = p.options.find((x) => x.id === 'use');
    const to = friends.find((t) => o?.seats?.from.includes(t));
    if (!o || to === undefined) return { prompt: p.id, option: 'pass' };
    const card = o.cards!.from.map(Number).sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)[0]!;
    return { prompt: p.id, option: 'use', cards: [String(card)], seats: [to] };
  }
  return null;
}

/**
 * 放权 (刘禅): you may skip your play phase; if you do, at the end of this turn you may discard a hand card and choose
 * another character, who takes an extra turn after yours.
 */
export const fangquan: SgsSkill = {
  id: 'fangquan',
  effects: [
    {
      on: T.phaseBegin,
      // A play phase already lost to 乐不思蜀 cannot be skipped again.
      can: (ctx, seat, ev) => ev.seat === seat && ev.phase === 'play' && !ev.skip && !ctx.g.skipPlay,
      optional: true,
      ask: () => ({ key: 'sgs.ask.fangquan' }),
      use(ctx, seat, ev) {
        ev.skip = true;
        ctx.g.used[skippedKey(seat)] = 1;
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.fangquan' } });
      },
    },
    {
      on: T.turnEnd,
      can: (ctx, seat, ev) =>
        ev.seat === seat &&
        !!ctx.g.used[skippedKey(seat)] &&
        P(ctx.g, seat).hand.length > 0 &&
        othersFrom(ctx.g, seat).length > 0,
      use(ctx, seat) {
        ctx.push({ t: 'fangquanGive', seat, asked: false });
      },
    },
  ],
  bot: fangquanBot,
  frames: { fangquanGive },
};
