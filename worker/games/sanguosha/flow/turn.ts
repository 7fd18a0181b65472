/** The turn: its six phases (each may be skipped or replaced by a skill), the play phase, the discard phase. */
import type { FrameDef } from '../../../engine';
import {
  alive,
  discard,
  drawCards,
  handLimit,
  inRange,
  judgeName,
  keyOf,
  move,
  othersFrom,
  P,
  card,
  sgs,
} from '../core';
import { T } from '../timings';
import type { G } from '../types';
import { cardIdsOf, checkInHand, emit, evOf, noAnswer, num } from './common';
import { playOptions, targetSpec, useActive } from './targets';
import { resolveAnswer } from '../offers';
import { prohibited } from '../cards/rules';

export const PHASES = ['start', 'judge', 'draw', 'play', 'discard', 'end'] as const;

/**
 * The game loop, one turn after another. `st` 0 begins a turn, 1 runs phase `ph` (step `sub`: 0 fires `phaseBegin`,
 * where a skill may set `skip` — 突袭, 克己, 放权 — 1 decides, 2+ the phase itself), 2 ends the turn, 9 picks the next
 * seat: an extra turn first (`g.extraTurns`), else the next living seat.
 */
const turn: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const p = P(g, seat);
    if ((f.st === 1 || f.st === 2) && !p.alive) f.st = 9;
    if (f.st === 0) {
      // An extra turn (放权) is no new round.
      if (p.role === 'lord' && !f.extra) g.round++;
      // Field by field, in this order (a field G lacked would be added in it, as Object.assign of a literal adds them).
      g.current = seat;
      g.slashes = 0;
      g.wineUsed = false;
      g.drunk = false;
      g.skipDraw = false;
      g.skipPlay = false;
      g.phase = 'start';
      g.used = {};
      if (p.turnedOver) {
        p.turnedOver = false;
        ctx.log('sgs.log.turnBack', { seat });
        f.st = 9;
        return 'again';
      }
      ctx.log('sgs.log.turn', { seat, round: g.round });
      f.st = 1;
      f.ph = 0;
      f.sub = 0;
      return 'again';
    }
    if (f.st === 1) {
      const phase = PHASES[num(f.ph)];
      if (!phase) {
        f.st = 2;
        emit(ctx, f, T.turnEnd, { seat });
        return 'again';
      }
      const next = () => void ((f.ph = num(f.ph) + 1), (f.sub = 0));
      const sub = num(f.sub);
      if (sub === 0) {
        g.phase = phase;
        f.sub = 1;
        emit(ctx, f, T.phaseBegin, { seat, phase, skip: false });
        return 'again';
      }
      if (sub === 1) {
        const skip = !!evOf(f).skip || (phase === 'draw' && g.skipDraw) || (phase === 'play' && g.skipPlay);
        if (skip) {
          if (phase !== 'start' && phase !== 'end')
            ctx.log('sgs.log.skipPhase', { seat, phase: { key: `sgs.phase.${phase}` } });
          next();
        } else f.sub = 2;
        return 'again';
      }
      switch (phase) {
        case 'start':
          next();
          emit(ctx, f, T.phaseStart, { seat });
          return 'again';
        case 'judge': {
          const c = p.judge.at(-1);
          if (c === undefined) next();
          else {
            const name = judgeName(ctx, c);
            move(ctx, [c], 'table');
            ctx.push({ t: 'delayed', seat, card: c, name, st: 0, cancelled: false, result: null });
          }
          return 'again';
        }
        case 'draw':
          if (sub === 2) {
            f.sub = 3;
            emit(ctx, f, T.drawPhase, { seat, n: 2 });
          } else {
            next();
            drawCards(ctx, seat, num(evOf(f).n));
          }
          return 'again';
        case 'play':
          if (sub === 2) {
            g.used = {};
            f.sub = 3;
            emit(ctx, f, T.playBegin, { seat });
          } else {
            next();
            ctx.push({ t: 'play', seat, ended: false });
          }
          return 'again';
        case 'discard': {
          next();
          const over = p.hand.length - handLimit(ctx, seat);
          if (over > 0) ctx.push({ t: 'discardPhase', seat, n: over });
          return 'again';
        }
        case 'end':
          next();
          emit(ctx, f, T.phaseEnd, { seat });
          return 'again';
      }
    }
    if (f.st === 2) {
      f.st = 9;
      return 'again';
    }
    g.phase = 'none';
    let nextSeat: number | undefined;
    while (g.extraTurns.length && nextSeat === undefined) {
      const s = g.extraTurns.shift()!;
      if (alive(g, s)) nextSeat = s;
    }
    // After extra turns play goes on from the seat whose normal turn came before them (`base`), not from the guest.
    const base = f.extra ? num(f.base) : seat;
    f.extra = nextSeat !== undefined;
    f.base = base;
    f.seat = nextSeat ?? othersFrom(g, base)[0] ?? base;
    f.st = 0;
    return 'again';
  },
  answer: noAnswer,
};

/** The play phase: use cards and skills one by one until the player ends it. */
const play: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (f.ended || !alive(ctx.g, seat)) return 'done';
    ctx.ask({ seat, kind: 'play', message: { key: 'sgs.ask.play' }, options: playOptions(ctx, seat) });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (a.option === 'pass') {
      f.ended = true;
      return;
    }
    const targets = a.seats ?? [];
    if (a.option.startsWith('skill:')) return useActive(ctx, seat, a.option.slice(6), cardIdsOf(a), targets);
    if (a.option.startsWith('as:')) {
      const name = a.option.split(':')[2]!;
      const r = resolveAnswer(ctx, seat, a, [name], 'play', '');
      if (typeof r === 'string') return r;
      const spec = targetSpec(ctx, seat, r.name, r.cards);
      if (!spec) return 'this card cannot be used now';
      if (
        spec.from &&
        (targets.length < spec.min! || targets.length > spec.max! || targets.some((t) => !spec.from!.includes(t)))
      )
        return 'those targets are not legal for this card';
      ctx.push({
        t: 'use',
        user: seat,
        cards: r.cards,
        name: r.name,
        skill: r.skill,
        targets: spec.from ? targets : [],
        counted: true,
        st: 0,
      });
      return;
    }
    // `verb:id` (use, recast), as `split(':')` would give its first two parts, without the list.
    const colon = a.option.indexOf(':');
    const verb = colon < 0 ? a.option : a.option.slice(0, colon);
    const end = a.option.indexOf(':', colon + 1);
    const raw = colon < 0 ? undefined : a.option.slice(colon + 1, end < 0 ? undefined : end);
    const id = Number(raw);
    if (!P(g, seat).hand.includes(id)) return `card ${raw} is not in your hand`;
    if (verb === 'recast') {
      if (keyOf(ctx, id) !== 'iron_chain') return 'only 铁索连环 can be recast';
      ctx.log('sgs.log.recast', { seat, card: id });
      discard(ctx, [id]);
      drawCards(ctx, seat, 1);
      return;
    }
    const key = keyOf(ctx, id);
    const spec = targetSpec(ctx, seat, key, [id]);
    if (!spec) return 'this card cannot be used now';
    let victim: number | null = null;
    if (key === 'collateral') {
      const [w, v] = targets as [number, number];
      if (w === seat || P(g, w).equip.weapon === null) return 'the first seat must be another character with a weapon';
      if (!inRange(ctx, w, v)) return 'the second seat must be within the weapon holder’s attack range';
      // The victim is the target of the holder's 杀, so 空城 protects it here too.
      if (prohibited(ctx, w, v, 'slash')) return 'the second seat cannot be the target of a 杀 now';
      victim = v;
    }
    const auto = !spec.from;
    ctx.push({
      t: 'use',
      user: seat,
      cards: [id],
      name: key,
      skill: null,
      targets: auto ? [] : key === 'collateral' ? [targets[0]!] : targets,
      victim,
      counted: true,
      st: 0,
    });
  },
};

/** Discard phase: down to the hand limit (HP, changed by skills such as 血裔). */
const discardPhase: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (f.asked) return 'done';
    const p = P(ctx.g, seat);
    const n = Math.min(num(f.n), p.hand.length);
    if (n <= 0) return 'done';
    f.n = n;
    f.asked = true;
    ctx.ask({
      seat,
      kind: 'discard',
      message: { key: 'sgs.ask.discard', params: { n, hp: handLimit(ctx, seat) } },
      options: [
        {
          id: 'discard',
          message: { key: 'sgs.opt.discard', params: { n } },
          cards: { from: p.hand.map(String), min: n, max: n },
        },
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const seat = num(f.seat);
    const cards = cardIdsOf(a);
    const bad = checkInHand(ctx.g, seat, cards);
    if (bad) return bad;
    ctx.log('sgs.log.discard', { seat, cards });
    discard(ctx, cards);
  },
};

export const TURN_FRAMES = { turn, play, discardPhase };
