/** Using a card (real or view-as), equipping, recovering, and the generic "use <skill>?" confirmation. */
import type { FrameDef, Json, Msg, Option } from '../../../engine';
import {
  alive,
  discard,
  drawCards,
  keyOf,
  move,
  natureOf,
  noteHostility,
  othersFrom,
  P,
  seatsFrom,
  isSlashKey,
  skillById,
  card,
  suitOf,
  sgs,
} from '../core';
import { T } from '../timings';
import type { C, Ev, G, SgsSkill } from '../types';
import { cardIdsOf, colorOf, emit, evOf, noAnswer, num, nums } from './common';

function equipCard(ctx: C, seat: number, card: number): void {
  const old = P(ctx.g, seat).equip[sgs(ctx).kinds[keyOf(ctx, card)]!.slot!];
  if (old !== null) discard(ctx, [old]);
  move(ctx, [card], 'equip', { seat });
  ctx.log('sgs.log.equip', { seat, card });
}

/**
 * Using a card: its physical `cards` go to the processing area as the card `name` (a view-as skill's `skill`, or
 * null), `cardUsed` fires, then its effect per target, then the cards go to the discard pile.
 */
const use: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const user = num(f.user);
    const cards = nums(f.cards);
    const name = f.name as string;
    const kind = sgs(ctx).kinds[name]!;
    const def = sgs(ctx).cards[name];
    switch (f.st) {
      case 0: {
        move(ctx, cards, 'table');
        let targets = nums(f.targets);
        if (f.dying !== undefined) targets = [num(f.dying)];
        else if (def?.auto === 'others') targets = othersFrom(g, user);
        else if (def?.auto === 'all') targets = seatsFrom(g, user);
        else if (targets.length === 0) targets = [user];
        // Several targets resolve in seat order from the user.
        const order = seatsFrom(g, user);
        targets = [...targets].sort((a, b) => order.indexOf(a) - order.indexOf(b));
        f.targets = targets;
        const virtual = cards.length !== 1 || keyOf(ctx, cards[0]!) !== name || !!f.skill;
        f.color = colorOf(ctx, cards);
        f.suit = cards.length === 1 ? suitOf(ctx, cards[0]!) : null;
        const params: Record<string, Json> = { seat: user, targets };
        if (cards.length === 1) params.card = cards[0]!;
        else params.cards = cards;
        if (f.victim !== null && f.victim !== undefined) params.victimSeat = f.victim;
        // Equipment says "equips" itself; cards aimed at the user or at everyone name no targets.
        const untargeted = (targets.length === 1 && targets[0] === user) || !!def?.auto;
        // `params` is this answer's own record and the log copies what it is given, so the extra fields are set on it
        // (a set keeps an existing field's place, as the spread it replaces did).
        if (virtual) {
          params.cards = cards;
          params.as = { key: `sgs.card.${name}` };
          params.skill = f.skill ? { key: `sgs.skill.${f.skill}` } : null;
          ctx.log(f.skill ? 'sgs.log.useAsSkill' : 'sgs.log.useAs', params);
        } else if (kind.type !== 'equip') {
          const key =
            params.victimSeat !== undefined ? 'sgs.log.useCollateral' : untargeted ? 'sgs.log.useSelf' : 'sgs.log.use';
          params.as = { key: `sgs.card.${name}` };
          ctx.log(key, params);
        }
        if (isSlashKey(name)) {
          if (f.counted && g.phase === 'play' && g.current === user) g.slashes++;
          f.bonus = g.drunk && g.current === user ? 1 : 0;
          if (g.current === user) g.drunk = false;
        }
        if (def?.harmful && !def.auto) for (const t of targets) if (t !== user) noteHostility(g, user, t);
        f.st = 1;
        emit(ctx, f, T.cardUsed, {
          user,
          name,
          cards,
          targets,
          nature: virtual ? (kind.nature ?? 'normal') : natureOf(ctx, cards[0]!),
          skill: (f.skill as string | null) ?? null,
          virtual,
          suit: f.suit ?? null,
          color: f.color!,
        });
        return 'again';
      }
      case 1: {
        f.nature = evOf(f).nature!;
        f.i = 0;
        f.st = 2;
        const targets = nums(f.targets);
        if (kind.type === 'equip') {
          equipCard(ctx, user, cards[0]!);
          f.st = 3;
        } else if (kind.type === 'delayed') {
          move(ctx, [cards[0]!], 'judge', { seat: targets[0]!, as: name });
          f.st = 3;
        } else if (def?.resolve) {
          def.resolve(ctx, f);
          f.st = 3;
        } else if (def?.prepare && !def.prepare(ctx, f)) return 'done';
        return 'again';
      }
      case 2: {
        const targets = nums(f.targets);
        const i = num(f.i);
        // A 杀's targets are all confirmed (流离, 享乐, 铁骑 …) before its effect on any of them.
        if (isSlashKey(name) && !f.aims) f.aims = [];
        if (isSlashKey(name) && !f.aimed) {
          if (i < targets.length) {
            f.i = i + 1;
            ctx.push({
              t: 'slashAim',
              src: user,
              target: targets[i]!,
              cards,
              nature: f.nature!,
              parent: f.id,
              idx: i,
              st: 0,
            });
          } else Object.assign(f, { aimed: true, i: 0 });
          return 'again';
        }
        if (i >= targets.length) {
          f.st = 3;
          return 'again';
        }
        f.i = i + 1;
        const t = targets[i]!;
        if (isSlashKey(name)) {
          const aim = (f.aims as Record<string, Json>[])[i];
          if (aim)
            ctx.push({
              t: 'slashOn',
              src: user,
              cards,
              nature: f.nature!,
              amount: 1 + num(f.bonus),
              color: f.color!,
              st: 2,
              dodged: false,
              ...aim,
            });
        } else
          ctx.push({
            t: 'trickOn',
            name,
            user,
            target: t,
            cards,
            card: cards[0] ?? null,
            victim: f.victim ?? null,
            st: 0,
            cancelled: false,
            ok: false,
          });
        return 'again';
      }
      default: {
        const rest = cards.filter((c) => g.table.includes(c));
        if (rest.length) discard(ctx, rest);
        if (name === 'amazing_grace' && g.grace.length) discard(ctx, [...g.grace]);
        return 'done';
      }
    }
  },
  answer: noAnswer,
};

/** Recovering HP: `recovering` may change the amount (救援), then HP rises (never above max) and `recovered` fires. */
const recoverFrame: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    const p = P(ctx.g, seat);
    if (!p.alive) return 'done';
    if (f.st === 0) {
      f.st = 1;
      emit(ctx, f, T.recovering, {
        seat,
        n: f.n!,
        by: f.by ?? null,
        card: f.card ?? null,
        name: f.name ?? null,
        dying: !!f.dying,
      });
      return 'again';
    }
    if (f.st === 1) {
      const before = p.hp;
      p.hp = Math.min(p.maxHp, p.hp + Math.max(0, num(evOf(f).n)));
      f.st = 2;
      if (p.hp > before) {
        ctx.log('sgs.log.recover', { seat, n: p.hp - before, hp: p.hp });
        emit(ctx, f, T.recovered, { seat, n: p.hp - before, by: f.by ?? null });
      }
      return 'again';
    }
    return 'done';
  },
  answer: noAnswer,
};

/** "Use <skill>?" with an optional card pick; the skill's `resolve` / `decline` act on the answer. */
const confirmFrame: FrameDef<G> = {
  run(ctx, f) {
    if (f.asked) return 'done';
    const seat = num(f.seat);
    if (!alive(ctx.g, seat)) return 'done';
    f.asked = true;
    const use: Option = {
      id: 'use',
      message: (f.useMsg as unknown as Msg | null) ?? {
        key: 'sgs.opt.useSkill',
        params: { skill: { key: `sgs.skill.${f.skill}` } },
      },
    };
    const cards = f.cards as number[] | null;
    if (cards) use.cards = { from: cards.map(String), min: num(f.min), max: num(f.max) };
    const seats = f.seats as number[] | null;
    if (seats) use.seats = { from: seats, min: 1, max: 1 };
    ctx.ask({
      seat,
      kind: 'skill',
      message: f.msg as unknown as Msg,
      options: [use, { id: 'pass', message: (f.passMsg as unknown as Msg | null) ?? { key: 'sgs.opt.noResponse' } }],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const skill: SgsSkill | undefined = skillById(ctx, f.skill as string);
    const ev = (ctx.frame(num(f.owner))?.ev ?? {}) as Ev;
    if (a.option === 'use') {
      if (f.seats && !(a.seats ?? []).length) return 'pick a seat';
      return skill?.resolve?.(ctx, num(f.seat), ev, cardIdsOf(a), f);
    }
    skill?.decline?.(ctx, num(f.seat), ev, f);
  },
};

/** Draw `n` cards as a step of its own (after the triggers pushed above it, e.g. 制衡's discard). */
const draw: FrameDef<G> = {
  run(ctx, f) {
    if (alive(ctx.g, num(f.seat))) drawCards(ctx, num(f.seat), num(f.n));
    return 'done';
  },
  answer: noAnswer,
};

/** Holds an event for a trigger when no rule frame owns it (`fire` in core.ts). */
const event: FrameDef<G> = { run: () => 'done', answer: noAnswer };

export const USE_FRAMES = { use, recover: recoverFrame, confirm: confirmFrame, draw, event };
