/** Damage (with chain propagation, S6), dying and rescue, death, rewards and the win check. */
import type { FrameDef, Json, Msg, Option } from '../../../engine';
import { alive, discard, drawCards, equipIds, noteHostility, P, seatsFrom, sgs } from '../core';
import { answerOptions, resolveAnswer } from '../offers';
import { T } from '../timings';
import type { Ev, G, Role } from '../types';
import { autoPass, emit, evOf, noAnswer, num, nums } from './common';

/**
 * Win conditions (seed §7), checked after every death; null while the game goes on.
 * @example winner(g) // { winners: [2, 4], reason: { key: 'sgs.end.rebels' } } once the lord is dead
 */
export function winner(g: G): { winners: number[]; reason: Msg } | null {
  const ps = g.players;
  const lord = ps.find((p) => p.role === 'lord')!;
  const living = ps.filter((p) => p.alive);
  const seatsOf = (...r: Role[]) => ps.filter((p) => r.includes(p.role)).map((p) => p.seat);
  if (!lord.alive) {
    if (living.length === 1 && living[0]!.role === 'traitor')
      return { winners: [living[0]!.seat], reason: { key: 'sgs.end.traitor' } };
    return { winners: seatsOf('rebel'), reason: { key: 'sgs.end.rebels' } };
  }
  if (!living.some((p) => p.role === 'rebel' || p.role === 'traitor'))
    return { winners: seatsOf('lord', 'loyalist'), reason: { key: 'sgs.end.lord' } };
  return null;
}

/** Damage: caused (source side), inflicted (taking side), HP loss, `damaged`, dying, then chain propagation (S6). */
const damage: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const target = num(f.target);
    if (f.src !== null && !alive(g, num(f.src))) f.src = null;
    // The damage events' fields, then `amount` (and `prevented` before the HP loss), as one new record each.
    const event = (amount: Json, prevented?: false): Ev => {
      const ev: Ev = {
        src: f.src ?? null,
        target,
        nature: f.nature!,
        cards: f.cards ?? [],
        bySlash: !!f.bySlash,
        ignoreArmor: !!f.ignoreArmor,
        transmitted: !!f.transmitted,
        amount,
      };
      if (prevented !== undefined) ev.prevented = prevented;
      return ev;
    };
    switch (f.st) {
      case 0:
        if (!alive(g, target)) return 'done';
        f.st = 1;
        if (f.transmitted) return 'again';
        emit(ctx, f, T.damageCaused, event(f.amount!, false));
        return 'again';
      case 1:
        if (!f.transmitted) {
          if (evOf(f).prevented) return 'done';
          f.amount = evOf(f).amount!;
        }
        f.caused = f.amount!;
        if (!alive(g, target)) return 'done';
        f.st = 2;
        emit(ctx, f, T.damageInflicted, event(f.amount!, false));
        return 'again';
      case 2: {
        const ev = evOf(f);
        const n = num(ev.amount);
        if (ev.prevented || n <= 0) return 'done';
        const p = P(g, target);
        p.hp -= n;
        const src = f.src === null ? null : num(f.src);
        ctx.log(src === null ? 'sgs.log.damageNoSource' : 'sgs.log.damage', {
          source: src,
          target,
          n,
          nature: { key: `sgs.nature.${f.nature}` },
          hp: p.hp,
        });
        if (src !== null) noteHostility(g, src, target);
        if (f.nature !== 'normal' && p.chained) {
          p.chained = false;
          ctx.log('sgs.log.unchain', { seat: target });
          if (!f.transmitted) f.spread = true;
        }
        f.st = 3;
        f.dealt = n;
        return 'again';
      }
      case 3:
        // Dying comes before the "after damage" skills (奸雄, 反馈 …), which fire only if the target survives.
        f.st = 4;
        if (alive(g, target) && P(g, target).hp <= 0)
          ctx.push({ t: 'dying', seat: target, killer: f.src ?? null, st: 0, order: [], i: 0 });
        return 'again';
      case 4:
        f.st = 5;
        if (alive(g, target)) emit(ctx, f, T.damaged, event(f.dealt!));
        return 'again';
      default: {
        if (f.spread) {
          const chained = seatsFrom(g, g.current).filter((s) => s !== target && P(g, s).chained);
          for (const s of chained.reverse())
            ctx.push({
              t: 'damage',
              src: f.src ?? null,
              target: s,
              amount: f.caused!,
              nature: f.nature!,
              cards: f.cards ?? [],
              bySlash: false,
              ignoreArmor: false,
              transmitted: true,
              st: 0,
            });
        }
        return 'done';
      }
    }
  },
  answer: noAnswer,
};

/** Lose HP without damage (苦肉): dying if it reaches 0, no source, no damage timings. */
const loseHp: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    const p = P(ctx.g, seat);
    if (f.st === 1 || !p.alive) return 'done';
    p.hp -= num(f.n);
    ctx.log('sgs.log.loseHp', { seat, n: f.n!, hp: p.hp });
    f.st = 1;
    if (p.hp <= 0) ctx.push({ t: 'dying', seat, killer: null, st: 0, order: [], i: 0 });
    return 'again';
  },
  answer: noAnswer,
};

/** Dying: everyone, in seat order from the current player, may rescue with 桃 (or a view-as 桃; the dying one also 酒). */
const dying: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const p = P(g, seat);
    switch (f.st) {
      case 0:
        ctx.log('sgs.log.dying', { seat, hp: p.hp });
        f.st = 1;
        emit(ctx, f, T.dying, { seat, killer: f.killer ?? null });
        return 'again';
      case 1:
        f.order = seatsFrom(g, g.current);
        f.i = 0;
        f.st = 2;
        return 'again';
      case 2: {
        if (!p.alive || p.hp >= 1) return 'done';
        const order = nums(f.order);
        const i = num(f.i);
        if (i >= order.length) {
          f.st = 3;
          ctx.push({ t: 'death', seat, killer: f.killer ?? null, st: 0 });
          return 'again';
        }
        const r = order[i]!;
        const self = r === seat;
        const options: Option[] = alive(g, r)
          ? answerOptions(ctx, r, self ? ['peach', 'analeptic'] : ['peach'], 'use', {
              id: 'use',
              message: { key: self ? 'sgs.opt.rescue' : 'sgs.opt.rescuePeach' },
            })
          : [];
        if (!alive(g, r) || (!options.length && autoPass(ctx))) {
          f.i = i + 1;
          return 'again';
        }
        options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
        ctx.ask({
          seat: r,
          kind: 'rescue',
          message: {
            key: self ? 'sgs.ask.rescueSelf' : 'sgs.ask.rescue',
            params: { target: seat, hp: p.hp, n: 1 - p.hp },
          },
          options,
        });
        return 'wait';
      }
      default:
        return 'done';
    }
  },
  answer(ctx, f, p, a) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (a.option === 'pass') {
      f.i = num(f.i) + 1;
      return;
    }
    const r = resolveAnswer(ctx, p.seat, a, p.seat === seat ? ['peach', 'analeptic'] : ['peach'], 'use', 'use');
    if (typeof r === 'string') return r;
    noteHostility(g, p.seat, seat, -1);
    ctx.push({
      t: 'use',
      user: p.seat,
      cards: r.cards,
      name: r.name,
      skill: r.skill,
      targets: [seat],
      dying: seat,
      counted: false,
      st: 0,
    });
  },
};

/** Death: identity revealed, `death` (行殇 before the discard), cards discarded, the game may end, then the reward or penalty. */
const death: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const p = P(g, seat);
    const killer = f.killer === null ? null : num(f.killer);
    if (f.st === 0) {
      p.alive = false;
      p.revealed = true;
      p.hp = 0;
      p.chained = false;
      ctx.log(killer === null ? 'sgs.log.deathNoKiller' : 'sgs.log.death', {
        seat,
        role: { key: `sgs.role.${p.role}` },
        by: killer,
      });
      f.st = 1;
      emit(ctx, f, T.death, { seat, killer }, seatsFrom(g, g.current).concat(seat));
      return 'again';
    }
    if (f.st === 1) {
      f.st = 2;
      const all = [...p.hand, ...equipIds(p), ...p.judge];
      if (all.length) discard(ctx, all);
      return 'again';
    }
    const w = winner(g);
    if (w) {
      ctx.log('sgs.log.gameOver', { reason: w.reason as unknown as Json, seats: w.winners });
      ctx.end(w);
      return 'done';
    }
    if (killer !== null && alive(g, killer)) {
      if (p.role === 'rebel') {
        ctx.log('sgs.log.rewardRebel', { seat: killer });
        drawCards(ctx, killer, 3);
      } else if (p.role === 'loyalist' && P(g, killer).role === 'lord') {
        const k = P(g, killer);
        const lost = [...k.hand, ...equipIds(k)];
        ctx.log('sgs.log.lordPenalty', { seat: killer, cards: lost });
        if (lost.length) discard(ctx, lost);
      }
    }
    return 'done';
  },
  answer: noAnswer,
};

export const DAMAGE_FRAMES = { damage, loseHp, dying, death };
