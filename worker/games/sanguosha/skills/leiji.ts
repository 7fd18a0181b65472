import type { FrameDef } from '../../../engine';
import { attitude } from '../bot';
import { alive, noteHostility, seatsFrom, suitOf, sgs } from '../core';
import { damageFrame, num } from '../flow/common';
import { T } from '../timings';
import type { G, SgsSkill } from '../types';

/**
 * 雷击's steps: st 0 asks 张角 whom to judge (or pass), 1 judges that character, 2 deals 2 thunder damage on a ♠.
 * The frame asks by itself because the answer carries a seat.
 */
const leijiFrame: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (!alive(g, seat)) return 'done';
    if (f.st === 0) {
      ctx.ask({
        seat,
        kind: 'skill',
        message: { key: 'sgs.ask.leiji' },
        options: [
          { id: 'use', message: { key: 'sgs.opt.leiji' }, seats: { from: seatsFrom(g, seat), min: 1, max: 1 } },
          { id: 'pass', message: { key: 'sgs.opt.noResponse' } },
        ],
      });
      return 'wait';
    }
    if (f.st === 1) {
      f.st = 2;
      ctx.push({ t: 'judge', seat: f.target!, reason: 'skill:leiji', parent: f.id, key: 'result', st: 0 });
      return 'again';
    }
    if (
      f.st === 2 &&
      f.result !== null &&
      f.result !== undefined &&
      suitOf(ctx, num(f.result)) === 'spade' &&
      alive(g, num(f.target))
    ) {
      f.st = 3;
      ctx.log('sgs.log.leijiHit', { seat, target: f.target! });
      ctx.push(damageFrame(seat, num(f.target), 2, 'thunder', []));
      return 'again';
    }
    return 'done';
  },
  answer(ctx, f, _p, a) {
    if (a.option === 'pass') {
      f.st = 9;
      return;
    }
    const t = a.seats?.[0];
    if (t === undefined || !alive(ctx.g, t)) return 'leiji: choose a living character';
    f.target = t;
    f.st = 1;
    ctx.log('sgs.log.leiji', { seat: num(f.seat), target: t });
    noteHostility(ctx.g, num(f.seat), t);
  },
};

/** 雷击 (张角): whenever you use or play a 闪, you may make any character judge; on a ♠ you deal them 2 thunder damage. */
export const leiji: SgsSkill = {
  id: 'leiji',
  effects: [
    {
      on: T.cardResponded,
      can: (_ctx, seat, ev) => ev.seat === seat && ev.name === 'jink',
      use(ctx, seat) {
        ctx.push({ t: 'leiji', seat, st: 0, target: null, result: null });
      },
    },
  ],
  /** Strike the most hurt enemy; nobody when no enemy is known. */
  bot(k, p) {
    const s = k.s;
    const g = s.g;
    const o = p.options.find((x) => x.id === 'use');
    const foes = (o?.seats?.from ?? [])
      .filter((t) => attitude(k, p.seat, t) < 0)
      .sort((a, b) => g.players[a]!.hp - g.players[b]!.hp);
    return foes.length ? { prompt: p.id, option: 'use', seats: [foes[0]!] } : { prompt: p.id, option: 'pass' };
  },
  frames: { leiji: leijiFrame },
};
