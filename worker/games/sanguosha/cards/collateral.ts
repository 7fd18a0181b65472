import type { FrameDef, Option } from '../../../engine';
import { alive, inRange, P, seatsFrom, othersFrom, toHand, card, sgs } from '../core';
import { autoPass, emit, evOf, num } from '../flow/common';
import { T } from '../timings';
import { answerOptions, resolveAnswer } from '../offers';
import { prohibited } from './rules';
import type { C, CardDef, G } from '../types';

function giveWeapon(ctx: C, from: number, to: number): void {
  const weapon = P(ctx.g, from).equip.weapon;
  if (weapon === null || !alive(ctx.g, to)) return;
  ctx.log('sgs.log.giveWeapon', { from, to, card: weapon });
  toHand(ctx, to, weapon);
}

/** 借刀杀人: the weapon holder uses a 杀 (any card that may serve as one) on the victim, or hands the weapon to the user. */
const collateralFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const user = num(f.user),
      w = num(f.wielder),
      v = num(f.victim);
    if (f.st === 1) return 'done';
    const weapon = P(g, w).equip.weapon;
    if (weapon === null || !alive(g, w)) return 'done';
    if (f.st === 0 && alive(g, v) && inRange(ctx, w, v)) {
      // The wielder needs to use a 杀: a skill may supply it (激将), as wherever a 杀 is asked for.
      f.st = 2;
      emit(ctx, f, T.cardAsked, {
        seat: w,
        pattern: 'slash',
        src: user,
        ignoreArmor: false,
        provided: false,
        useOn: [v],
      });
      return 'again';
    }
    if (f.st === 2 && evOf(f).provided) return 'done';
    const options: Option[] =
      alive(g, v) && inRange(ctx, w, v)
        ? answerOptions(ctx, w, ['slash'], 'use', {
            id: 'use',
            message: { key: 'sgs.opt.slashOn', params: { target: v } },
          })
        : [];
    if (!options.length && autoPass(ctx)) {
      giveWeapon(ctx, w, user);
      return 'done';
    }
    options.push({ id: 'pass', message: { key: 'sgs.opt.giveWeapon', params: { to: user, card: weapon } } });
    ctx.ask({
      seat: w,
      kind: 'collateral',
      message: { key: 'sgs.ask.collateral', params: { source: user, target: v, card: weapon } },
      options,
    });
    f.st = 1;
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const w = num(f.wielder);
    if (a.option === 'pass') {
      giveWeapon(ctx, w, num(f.user));
      return;
    }
    const r = resolveAnswer(ctx, w, a, ['slash'], 'use', 'use');
    if (typeof r === 'string') return r;
    ctx.push({
      t: 'use',
      user: w,
      cards: r.cards,
      name: r.name,
      skill: r.skill,
      targets: [num(f.victim)],
      counted: false,
      st: 0,
    });
  },
};

export const collateral: CardDef = {
  key: 'collateral',
  harmful: true,
  value: 3,
  // A wielder who is not a friend, on an enemy in its range.
  bot: {
    play(b, o, a) {
      const k = b.k;
      for (const w of o.seats?.from ?? []) {
        if (w === b.me || P(k.g, w).equip.weapon === null || b.att(w) > 0) continue;
        const v = seatsFrom(k.g, 0).find(
          (t) => t !== w && b.att(t) < 0 && inRange(k, w, t) && !prohibited(k, w, t, 'slash'),
        );
        if (v !== undefined) return { score: 28, answer: { ...a, seats: [w, v] } };
      }
      return null;
    },
    // Made to 杀: only a seat that is not a friend.
    asks: ['sgs.ask.collateral'],
    answer(b) {
      const o = b.p.options.find((x) => x.id === 'use') ?? b.p.options.find((x) => x.id.startsWith('as:'));
      if (o && b.att((b.p.message.params as { target: number }).target) <= 0)
        return b.withCards(o.id, b.cheapest(o.cards!.from, o.cards!.min));
      return b.pass;
    },
  },
  spec(k, seat) {
    const g = k.g;
    const wielders = othersFrom(g, seat).filter(
      (t) => P(g, t).equip.weapon !== null && seatsFrom(g, 0).some((v) => inRange(k, t, v)),
    );
    return wielders.length ? { from: seatsFrom(g, 0), min: 2, max: 2 } : null;
  },
  effect(ctx, f) {
    ctx.push({ t: 'collateral', user: num(f.user), wielder: num(f.target), victim: f.victim!, st: 0 });
  },
  frames: { collateral: collateralFrame },
};
