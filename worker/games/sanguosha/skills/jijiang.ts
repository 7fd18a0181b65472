import type { Answer, FrameDef, Msg, Option, Prompt } from '../../../engine';
import {
  alive,
  attackRange,
  discard,
  distance,
  fire,
  isSlash,
  othersFrom,
  P,
  seatsFrom,
  skillById,
  skillIds,
  slashLimit,
  sgs,
} from '../core';
import { answerOptions, resolveAnswer, viewAsOffers } from '../offers';
import { attitude, cardValue } from '../bot';
import { autoPass, num, nums } from '../flow/common';
import { T } from '../timings';
import type { Ev, G, SgsSkill, K, KS } from '../types';

/** Other living 蜀 characters, in seat order after the lord. */
const shuOthers = (k: K, seat: number) => seatsFrom(k.g, seat).filter((s) => s !== seat && P(k.g, s).kingdom === 'shu');

/** Set when nobody answered 激将 in the play phase: like FreeKill, the play-phase use is off for the rest of it. */
const failedKey = (seat: number) => `${seat}:jijiang_failed`;

/** Who the lord's 激将 杀 may be aimed at (attack range, 空城 …), and why the others may not. */
function slashTargets(k: K, seat: number): { from: number[]; blocked: { seat: number; why: Msg }[] } {
  const from: number[] = [];
  const blocked: { seat: number; why: Msg }[] = [];
  for (const t of othersFrom(k.g, seat)) {
    const ban = skillIds(k, t).find((id) => skillById(k, id)?.prohibit?.(k, t, seat, 'slash'));
    if (ban) blocked.push({ seat: t, why: { key: 'sgs.why.skill', params: { skill: { key: `sgs.skill.${ban}` } } } });
    else if (distance(k, seat, t) > attackRange(k, seat)) blocked.push({ seat: t, why: { key: 'sgs.ui.outOfRange' } });
    else from.push(t);
  }
  return { from, blocked };
}

/**
 * Asks each 蜀 character in turn to play a 杀 for the lord. `mode` 'respond': the first 杀 given answers the lord's
 * request (the owner event's `provided`); 'use': it becomes the lord's own 杀 on `targets`, used in his play phase.
 */
const jijiangFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const lord = num(f.lord);
    const order = nums(f.order);
    while (num(f.i) < order.length && !f.given) {
      const w = order[num(f.i)]!;
      const options: Option[] =
        alive(g, w) && alive(g, lord)
          ? answerOptions(ctx, w, ['slash'], 'respond', {
              id: 'play',
              message: { key: 'sgs.opt.jijiangGive', params: { lord } },
            })
          : [];
      if (!options.length && (autoPass(ctx) || !alive(g, w) || !alive(g, lord))) {
        f.i = num(f.i) + 1;
        continue;
      }
      options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
      const params: Record<string, number> = f.mode === 'use' ? { lord, target: nums(f.targets)[0]! } : { lord };
      ctx.ask({
        seat: w,
        kind: 'respond',
        message: { key: f.mode === 'use' ? 'sgs.ask.jijiangSlash' : 'sgs.ask.jijiang', params },
        options,
      });
      return 'wait';
    }
    if (f.given) {
      const ev = f.owner === null ? undefined : (ctx.frame(num(f.owner))?.ev as Ev | undefined);
      if (ev) ev.provided = true;
    } else {
      ctx.log('sgs.log.jijiangNone', { seat: lord });
      if (f.mode === 'use') g.used[failedKey(lord)] = 1;
    }
    return 'done';
  },
  answer(ctx, f, p, a) {
    f.i = num(f.i) + 1;
    if (a.option === 'pass') return;
    const r = resolveAnswer(ctx, p.seat, a, ['slash'], 'respond', 'play');
    if (typeof r === 'string') return r;
    const lord = num(f.lord);
    f.given = true;
    ctx.log('sgs.log.jijiangGive', { seat: p.seat, lord, cards: r.cards });
    if (f.mode === 'use') {
      // The helper's cards leave through the use frame (to the processing area), so its loss is seen like any other.
      // In the play phase it is the lord's phase 杀 (counted); one 借刀杀人 asks of him is not.
      ctx.push({
        t: 'use',
        user: lord,
        cards: r.cards,
        name: r.name,
        skill: 'jijiang',
        targets: nums(f.targets),
        counted: f.owner === null,
        st: 0,
      });
    } else discard(ctx, r.cards);
    fire(ctx, T.cardResponded, {
      seat: p.seat,
      name: r.name,
      cards: r.cards,
      skill: r.skill ?? 'jijiang',
      how: 'respond',
      src: null,
    });
  },
};

/** The lord asks for help only when he has no 杀 of his own; the 蜀 helpers give one to a friend, never against a friend. */
function jijiangBot(k: KS, p: Prompt): Answer | null {
  const s = k.s;
  const g = s.g;
  const params = (p.message.params ?? {}) as Record<string, number>;
  if (p.kind === 'skill') {
    const mine =
      P(g, p.seat).hand.some((c) => isSlash(k, c)) || viewAsOffers(k, p.seat, ['slash'], 'respond').length > 0;
    return { prompt: p.id, option: mine ? 'pass' : 'use' };
  }
  const give = p.options.find((o) => o.id !== 'pass');
  const ok =
    give &&
    attitude(k, p.seat, params.lord!) > 0 &&
    (params.target === undefined || attitude(k, p.seat, params.target) < 0);
  if (!ok) return { prompt: p.id, option: 'pass' };
  const cards = give
    .cards!.from.map(Number)
    .sort((a, b) => cardValue(k, a) - cardValue(k, b) || a - b)
    .slice(0, give.cards!.min);
  return { prompt: p.id, option: give.id, cards: cards.map(String) };
}

/**
 * 激将 (刘备, 主公技): whenever you need to use or play a 杀, you may ask the other 蜀 characters in seat order to play
 * one for you; it counts as yours (in your play phase it is your phase's 杀). After a failed ask in the play phase the
 * option is gone for the rest of that phase.
 */
export const jijiang: SgsSkill = {
  id: 'jijiang',
  lord: true,
  effects: [
    {
      on: T.cardAsked,
      can: (ctx, seat, ev) =>
        ev.seat === seat && ev.pattern === 'slash' && !ev.provided && shuOthers(ctx, seat).length > 0,
      optional: true,
      ask: () => ({ key: 'sgs.ask.jijiangUse' }),
      use(ctx, seat, ev) {
        ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.jijiang' } });
        // A 杀 to be used on given targets (借刀杀人) becomes the lord's use of it; otherwise it is played (打出).
        const useOn = Array.isArray(ev.useOn) ? nums(ev.useOn) : null;
        ctx.push({
          t: 'jijiang',
          mode: useOn ? 'use' : 'respond',
          lord: seat,
          owner: ev.frame!,
          order: shuOthers(ctx, seat),
          i: 0,
          given: false,
          targets: useOn ?? [],
        });
      },
    },
  ],
  active: {
    option(k, seat) {
      const g = k.g;
      if (g.slashes >= slashLimit(k, seat) || g.used[failedKey(seat)] || !shuOthers(k, seat).length) return null;
      const { from, blocked } = slashTargets(k, seat);
      if (!from.length) return null;
      return {
        message: { key: 'sgs.opt.jijiang' },
        seats: { from, min: 1, max: 1, ...(blocked.length ? { blocked } : {}) },
      };
    },
    /** Only without a 杀 of his own, at an enemy, when a 蜀 friend is there to ask. */
    bot(k, seat, o, prompt) {
      const s = k.s;
      const g = s.g;
      if (P(g, seat).hand.some((c) => isSlash(k, c)) || viewAsOffers(k, seat, ['slash'], 'play').length) return null;
      if (!shuOthers(k, seat).some((t) => attitude(k, seat, t) > 0)) return null;
      const foe = (o.seats?.from ?? [])
        .filter((t) => attitude(k, seat, t) < 0)
        .sort((a, b) => P(g, a).hp - P(g, b).hp || a - b)[0];
      return foe === undefined ? null : { score: 36, answer: { prompt, option: o.id, seats: [foe] } };
    },
    use(ctx, seat, _cards, targets) {
      const g = ctx.g;
      const t = targets[0];
      if (targets.length !== 1 || t === undefined || !slashTargets(ctx, seat).from.includes(t))
        return 'pick one character your 杀 may reach';
      ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.jijiang' } });
      ctx.push({
        t: 'jijiang',
        mode: 'use',
        lord: seat,
        owner: null,
        order: shuOthers(ctx, seat),
        i: 0,
        given: false,
        targets: [t],
      });
    },
  },
  bot: jijiangBot,
  frames: { jijiang: jijiangFrame },
};
