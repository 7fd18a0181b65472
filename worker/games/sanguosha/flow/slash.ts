/** A 杀 on one target, and asking a seat for a card of a pattern (闪 to a 杀, 杀 in a 决斗 or to 南蛮入侵). */
import type { FrameDef, Json, Msg, Option } from '../../../engine';
import { alive, discard, fire, card, sgs } from '../core';
import { answerOptions, needed, resolveAnswer } from '../offers';
import { T } from '../timings';
import type { G, How } from '../types';
import { autoPass, damageFrame, emit, evOf, noAnswer, num, nums, parentSet } from './common';

/**
 * One target of a 杀 confirmed, before any target's effect: `targetConfirming` (流离 may move it, 享乐 may cancel it),
 * then `slashTargeted` (铁骑's `noJink`, 无双's `jinks`, 青釭剑's `ignoreArmor`). What it comes to is written into the
 * `use` frame's `aims[idx]`; the effects follow in `slashOn` once every target is confirmed.
 */
const slashAim: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const src = num(f.src);
    switch (f.st) {
      case 0:
        if (!alive(g, num(f.target))) break;
        f.st = 1;
        emit(ctx, f, T.targetConfirming, { src, target: f.target!, cards: f.cards!, name: 'slash', cancelled: false });
        return 'again';
      case 1: {
        const ev = evOf(f);
        const moved = num(ev.target);
        if (moved !== num(f.target) && alive(g, moved)) f.target = moved;
        f.cancelled = !!ev.cancelled;
        f.st = 2;
        if (f.cancelled) return 'again';
        const target = num(f.target);
        emit(ctx, f, T.slashTargeted, {
          src,
          target,
          cards: f.cards!,
          nature: f.nature!,
          ignoreArmor: false,
          jinks: needed(ctx, src, target, 'jink'),
          noJink: false,
        });
        return 'again';
      }
      default: {
        const ev = f.cancelled ? {} : evOf(f);
        const use = ctx.frame(num(f.parent));
        if (use)
          (use.aims as Json[])[num(f.idx)] = {
            target: f.target!,
            cancelled: !!f.cancelled,
            ignoreArmor: !!ev.ignoreArmor,
            jinks: num(ev.jinks ?? 1),
            noJink: !!ev.noJink,
          };
      }
    }
    return 'done';
  },
  answer: noAnswer,
};

/**
 * The effect of a 杀 on one confirmed target (`slashAim`): `slashEffect` (藤甲, 仁王盾 cancel), the 闪 request,
 * `slashDodged` (贯石斧, 青龙偃月刀), then damage.
 */
const slashOn: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const src = num(f.src);
    if (!alive(g, num(f.target))) return 'done';
    switch (f.st) {
      case 2: {
        if (f.cancelled) {
          ctx.log('sgs.log.noEffect', { target: num(f.target), card: nums(f.cards)[0] ?? null });
          return 'done';
        }
        f.st = 3;
        emit(ctx, f, T.slashEffect, {
          src,
          target: f.target!,
          cards: f.cards!,
          nature: f.nature!,
          color: f.color!,
          ignoreArmor: !!f.ignoreArmor,
          cancelled: false,
        });
        return 'again';
      }
      case 3: {
        const target = num(f.target);
        if (evOf(f).cancelled) {
          ctx.log('sgs.log.noEffect', { target, card: nums(f.cards)[0] ?? null });
          return 'done';
        }
        f.st = 4;
        if (f.noJink) {
          ctx.log('sgs.log.noJink', { target });
          return 'again';
        }
        const card = nums(f.cards)[0] ?? null;
        ctx.push({
          t: 'respond',
          seat: target,
          pattern: 'jink',
          how: 'use',
          n: f.jinks!,
          src,
          ignoreArmor: f.ignoreArmor!,
          msg: { key: 'sgs.ask.jinkSlash', params: { source: src, card } },
          parent: f.id,
          key: 'dodged',
          st: 0,
        });
        return 'again';
      }
      case 4:
        if (f.dodged) {
          f.st = 5;
          emit(ctx, f, T.slashDodged, { src, target: f.target!, cards: f.cards!, hit: false });
          return 'again';
        }
        f.st = 6;
        return 'again';
      case 5:
        if (!evOf(f).hit) return 'done';
        f.st = 6;
        return 'again';
      case 6:
        f.st = 7;
        ctx.push({
          ...damageFrame(src, num(f.target), num(f.amount), f.nature as string, nums(f.cards), true),
          ignoreArmor: !!f.ignoreArmor,
        });
        return 'again';
      default:
        return 'done';
    }
  },
  answer: noAnswer,
};

/**
 * Ask `seat` for `n` cards of `pattern` (one at a time), real or view-as; each may also be `provided` by a skill at
 * `cardAsked` (八卦阵, 护驾). The result (all given or not) goes to the parent. `how`: 'use' (闪 to a 杀) or 'respond'.
 * `lord` (with `skill`): the card is played for that seat (护驾, 激将 helpers): the option and log say so.
 */
const respond: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const pattern = f.pattern as string;
    const n = num(f.n ?? 1);
    if (f.st === 3) return 'done';
    if (!alive(g, seat)) {
      parentSet(ctx, f, false);
      return 'done';
    }
    if (f.st === 2) {
      // The seat answered with a card (a pass ends the frame in `answer`).
      f.got = num(f.got ?? 0) + 1;
      if (num(f.got) >= n) {
        parentSet(ctx, f, true);
        return 'done';
      }
      f.st = 0;
    }
    if (f.st === 0) {
      f.st = 1;
      emit(ctx, f, T.cardAsked, { seat, pattern, src: f.src ?? null, ignoreArmor: !!f.ignoreArmor, provided: false });
      return 'again';
    }
    if (evOf(f).provided) {
      fire(ctx, T.cardResponded, {
        seat,
        name: pattern,
        cards: [],
        skill: null,
        how: f.how ?? 'respond',
        src: f.src ?? null,
      });
      f.st = 2;
      return 'again';
    }
    const forLord = f.lord !== undefined && f.lord !== null;
    const real: Msg = forLord
      ? { key: `sgs.opt.${f.skill}Give`, params: { lord: num(f.lord) } }
      : { key: 'sgs.opt.play', params: { pattern: { key: `sgs.card.${pattern}` } } };
    const options: Option[] = answerOptions(ctx, seat, [pattern], (f.how ?? 'respond') as How, {
      id: 'play',
      message: real,
    });
    if (!options.length && autoPass(ctx)) {
      ctx.log('sgs.log.noResponse', { seat });
      parentSet(ctx, f, false);
      return 'done';
    }
    options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
    const left = n - num(f.got ?? 0);
    const msg = f.msg as unknown as Msg;
    ctx.ask({
      seat,
      kind: 'respond',
      message: left > 1 ? { ...msg, params: { ...(msg.params ?? {}), n: left } } : msg,
      options,
    });
    f.st = 2;
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const seat = num(f.seat);
    if (a.option === 'pass') {
      ctx.log('sgs.log.noResponse', { seat });
      parentSet(ctx, f, false);
      f.st = 3;
      return;
    }
    const how = (f.how ?? 'respond') as How;
    const r = resolveAnswer(ctx, seat, a, [f.pattern as string], how, 'play');
    if (typeof r === 'string') return r;
    const as = { key: `sgs.card.${f.pattern}` };
    if (f.lord !== undefined && f.lord !== null)
      ctx.log(`sgs.log.${f.skill}Give`, { seat, lord: num(f.lord), cards: r.cards });
    else if (r.skill)
      ctx.log('sgs.log.playAsSkill', { seat, cards: r.cards, as, skill: { key: `sgs.skill.${r.skill}` } });
    // 闪 against a 杀 is used (使用); 杀 in a 决斗 and against 南蛮入侵 is played (打出).
    else
      ctx.log(how === 'use' ? 'sgs.log.respondUse' : 'sgs.log.play', { seat, card: r.cards[0]!, cards: r.cards, as });
    fire(ctx, T.cardResponded, {
      seat,
      name: r.name,
      cards: r.cards,
      skill: (f.skill as string | undefined) ?? r.skill,
      how,
      src: f.src ?? null,
    });
    discard(ctx, r.cards);
  },
};

export const SLASH_FRAMES = { slashAim, slashOn, respond };
