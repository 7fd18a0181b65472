/**
 * The rules as frames (DESIGN §3 "flow as data"). Each frame is a small state machine: `st` is its step;
 * results of children are written into the parent frame (`parent`, `key`). Timing points are fired with
 * `emit`, which stores the event in the frame (`f.ev`) for the engine's trigger frame.
 */
import type { Answer, Frame, FrameDef, Json, Msg, Option } from '../../engine';
import {
  alive, CARD, discard, distance, drawCards, equipIds, hasCards, inRange, isBlack, isRed,
  isSlash, isSlashKey, keyOf, natureOf, noteHostility, othersFrom, P, recover, seatsFrom, skillList, slashLimit, takeOut, takeTop,
  toHand, wounded,
} from './core';
import { KINDS } from './kinds';
import { T } from './timings';
import type { C, Ev, G, Role, SgsSkill } from './types';
import { SKILLS } from './skills';


const autoPass = (ctx: C) => ctx.s.options.autoPass !== false;
const num = (x: Json | undefined) => x as number;
const nums = (x: Json | undefined) => x as number[];
const parentSet = (ctx: C, f: Frame, v: Json) => {
  const p = ctx.frame(num(f.parent));
  if (p) p[f.key as string] = v;
};

/** Store an event in the frame and fire its timing point (the trigger frame runs next). */
function emit(ctx: C, f: Frame, timing: string, ev: Ev, seats?: number[]): void {
  f.ev = { ...ev, frame: f.id };
  ctx.trigger(timing, f, 'ev', seats);
}
const evOf = (f: Frame) => f.ev as Ev;

/** 丈八蛇矛 and its kind: two hand cards may stand for a 杀. */
const canTwoAsSlash = (g: G, seat: number) => P(g, seat).hand.length >= 2 && skillList(g, seat).some((s) => s.twoAsSlash);

const slashColor = (cards: number[]): 'red' | 'black' | 'none' =>
  cards.every(isRed) ? 'red' : cards.every(isBlack) ? 'black' : 'none';

/* ------------------------------------------------------------------ targets ------------------------------------------------------------------ */

export interface TargetSpec {
  /** The card needs target seats picked from `from` (else it targets its user or everyone, automatically). */
  from?: number[];
  min?: number;
  max?: number;
}

/**
 * Whether `seat` may use `key` in its play phase now, and on whom; null = not usable.
 * @example targetSpec(g, 0, 'snatch', [84]) // { from: [1, 4], min: 1, max: 1 }: seats at distance 1 with cards
 */
export function targetSpec(g: G, seat: number, key: string, cards: number[]): TargetSpec | null {
  const me = P(g, seat);
  const others = othersFrom(g, seat);
  const kind = KINDS[key]!;
  if (kind.type === 'equip') return {};
  const pick = (from: number[], min = 1, max = 1): TargetSpec | null => (from.length >= min ? { from, min, max } : null);
  switch (key) {
    case 'slash':
    case 'fire_slash':
    case 'thunder_slash': {
      if (g.slashes >= slashLimit(g, seat)) return null;
      const extra = Math.max(0, ...skillList(g, seat).map((s) => s.extraSlashTargets?.(g, seat, cards) ?? 0));
      return pick(others.filter((t) => inRange(g, seat, t)), 1, 1 + extra);
    }
    case 'peach':
      return wounded(me) ? {} : null;
    case 'analeptic':
      return g.wineUsed ? null : {};
    case 'dismantlement':
      return pick(others.filter((t) => hasCards(P(g, t))));
    case 'snatch':
      return pick(others.filter((t) => hasCards(P(g, t)) && distance(g, seat, t) <= 1));
    case 'duel':
      return pick(others);
    case 'collateral': {
      const wielders = others.filter((t) => P(g, t).equip.weapon !== null && seatsFrom(g, 0).some((v) => inRange(g, t, v)));
      return wielders.length ? { from: seatsFrom(g, 0), min: 2, max: 2 } : null;
    }
    case 'iron_chain':
      return pick(seatsFrom(g, 0), 1, 2);
    case 'fire_attack':
      return pick(seatsFrom(g, 0).filter((t) => P(g, t).hand.filter((c) => !cards.includes(c)).length > 0));
    case 'indulgence':
      return pick(others.filter((t) => !P(g, t).judge.some((c) => keyOf(c) === 'indulgence')));
    case 'supply_shortage':
      return pick(others.filter((t) => distance(g, seat, t) <= 1 && !P(g, t).judge.some((c) => keyOf(c) === 'supply_shortage')));
    case 'lightning':
      return me.judge.some((c) => keyOf(c) === 'lightning') ? null : {};
    case 'ex_nihilo':
    case 'savage_assault':
    case 'archery_attack':
    case 'god_salvation':
    case 'amazing_grace':
      return {};
    default:
      return null; // 闪, 无懈可击: only as answers
  }
}

/** The play-phase options of `seat`: one per usable hand card, recasts, 丈八蛇矛, and ending the phase. */
export function playOptions(g: G, seat: number): Option[] {
  const out: Option[] = [];
  const hand = P(g, seat).hand;
  for (const id of hand) {
    const key = keyOf(id);
    const spec = targetSpec(g, seat, key, [id]);
    if (spec) {
      // The card is also the option's one pick, so clicking it on the table selects this option.
      const o: Option = { id: `use:${id}`, message: { key: key === 'collateral' ? 'sgs.opt.useCollateral' : 'sgs.opt.use', params: { card: id } }, cards: { from: [String(id)], min: 1, max: 1 } };
      if (spec.from) o.seats = { from: spec.from, min: spec.min!, max: spec.max! };
      out.push(o);
    }
    if (key === 'iron_chain') out.push({ id: `recast:${id}`, message: { key: 'sgs.opt.recast', params: { card: id } }, cards: { from: [String(id)], min: 1, max: 1 } });
  }
  if (canTwoAsSlash(g, seat)) {
    const spec = targetSpec(g, seat, 'slash', []);
    if (spec?.from) out.push({ id: 'spear', message: { key: 'sgs.opt.spear' }, cards: { from: hand.map(String), min: 2, max: 2 }, seats: { from: spec.from, min: 1, max: 1 } });
  }
  out.push({ id: 'pass', message: { key: 'sgs.opt.endPlay' } });
  return out;
}

/* ------------------------------------------------------------------ helpers ------------------------------------------------------------------ */

function equipCard(ctx: C, seat: number, card: number): void {
  const slot = KINDS[keyOf(card)]!.slot!;
  const p = P(ctx.g, seat);
  takeOut(ctx.g, card);
  const old = p.equip[slot];
  if (old !== null) discard(ctx, [old]);
  p.equip[slot] = card;
  ctx.log('sgs.log.equip', { seat, card });
}

function passLightning(ctx: C, from: number, card: number): void {
  const g = ctx.g;
  const next = othersFrom(g, from).find((s) => !P(g, s).judge.some((c) => keyOf(c) === 'lightning'));
  takeOut(g, card);
  if (next === undefined) {
    g.discard.push(card);
    return;
  }
  P(g, next).judge.push(card);
  ctx.log('sgs.log.lightningMoves', { from, to: next, card });
}

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
    if (living.length === 1 && living[0]!.role === 'traitor') return { winners: [living[0]!.seat], reason: { key: 'sgs.end.traitor' } };
    return { winners: seatsOf('rebel'), reason: { key: 'sgs.end.rebels' } };
  }
  if (!living.some((p) => p.role === 'rebel' || p.role === 'traitor')) return { winners: seatsOf('lord', 'loyalist'), reason: { key: 'sgs.end.lord' } };
  return null;
}

const cardIdsOf = (a: Answer) => (a.cards ?? []).map(Number);

function checkInHand(g: G, seat: number, ids: number[]): string | void {
  for (const id of ids) if (!P(g, seat).hand.includes(id)) return `card ${id} is not in your hand`;
}

/* ------------------------------------------------------------------ frames ------------------------------------------------------------------ */

const noAnswer = () => 'this frame asks nothing';

/** The game loop: one turn after another, six phases each. */
const turn: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const p = P(g, seat);
    if (num(f.st) > 0 && num(f.st) < 7 && !p.alive) f.st = 7;
    switch (f.st) {
      case 0:
        if (p.role === 'lord') g.round++;
        Object.assign(g, { current: seat, slashes: 0, wineUsed: false, drunk: false, skipDraw: false, skipPlay: false, phase: 'start' });
        ctx.log('sgs.log.turn', { seat, round: g.round });
        f.st = 1;
        emit(ctx, f, T.phaseStart, { seat });
        return 'again';
      case 1: {
        g.phase = 'judge';
        const c = p.judge.at(-1);
        if (c === undefined) {
          f.st = 2;
          return 'again';
        }
        takeOut(g, c);
        g.table.push(c);
        ctx.push({ t: 'delayed', seat, card: c, st: 0, cancelled: false, result: null });
        return 'again';
      }
      case 2:
        g.phase = 'draw';
        if (g.skipDraw) {
          ctx.log('sgs.log.skipPhase', { seat, phase: { key: 'sgs.phase.draw' } });
          f.st = 4;
          return 'again';
        }
        f.st = 3;
        emit(ctx, f, T.drawPhase, { seat, n: 2 });
        return 'again';
      case 3:
        f.st = 4;
        drawCards(ctx, seat, num(evOf(f).n));
        return 'again';
      case 4:
        f.st = 5;
        if (g.skipPlay) ctx.log('sgs.log.skipPhase', { seat, phase: { key: 'sgs.phase.play' } });
        else {
          g.phase = 'play';
          ctx.push({ t: 'play', seat, ended: false });
        }
        return 'again';
      case 5: {
        g.phase = 'discard';
        f.st = 6;
        const over = p.hand.length - Math.max(0, p.hp);
        if (over > 0) ctx.push({ t: 'discardPhase', seat, n: over });
        return 'again';
      }
      case 6:
        g.phase = 'end';
        f.st = 7;
        emit(ctx, f, T.phaseEnd, { seat });
        return 'again';
      default:
        g.phase = 'none';
        f.seat = othersFrom(g, seat)[0] ?? seat;
        f.st = 0;
        return 'again';
    }
  },
  answer: noAnswer,
};

/** The play phase: use cards one by one until the player ends it. */
const play: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (f.ended || !alive(ctx.g, seat)) return 'done';
    ctx.ask({ seat, kind: 'play', message: { key: 'sgs.ask.play' }, options: playOptions(ctx.g, seat) });
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
    if (a.option === 'spear') {
      const cards = cardIdsOf(a);
      const bad = checkInHand(g, seat, cards);
      if (bad) return bad;
      ctx.push({ t: 'use', user: seat, cards, name: 'slash', targets, counted: true, st: 0 });
      return;
    }
    const [verb, raw] = a.option.split(':');
    const id = Number(raw);
    if (!P(g, seat).hand.includes(id)) return `card ${raw} is not in your hand`;
    if (verb === 'recast') {
      if (keyOf(id) !== 'iron_chain') return 'only 铁索连环 can be recast';
      takeOut(g, id);
      g.discard.push(id);
      ctx.log('sgs.log.recast', { seat, card: id });
      drawCards(ctx, seat, 1);
      return;
    }
    const key = keyOf(id);
    const spec = targetSpec(g, seat, key, [id]);
    if (!spec) return 'this card cannot be used now';
    let victim: number | null = null;
    if (key === 'collateral') {
      const [w, v] = targets as [number, number];
      if (w === seat || P(g, w).equip.weapon === null) return 'the first seat must be another character with a weapon';
      if (!inRange(g, w, v)) return 'the second seat must be within the weapon holder’s attack range';
      victim = v;
    }
    const auto = !spec.from;
    ctx.push({ t: 'use', user: seat, cards: [id], name: key, targets: auto ? [] : key === 'collateral' ? [targets[0]!] : targets, victim, counted: true, st: 0 });
  },
};

/** Using a card: into the processing area, `cardUsed`, its effect per target, then to the discard pile. */
const use: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const user = num(f.user);
    const cards = nums(f.cards);
    const name = f.name as string;
    const kind = KINDS[name]!;
    switch (f.st) {
      case 0: {
        for (const c of cards) {
          takeOut(g, c);
          g.table.push(c);
        }
        let targets = nums(f.targets);
        if (name === 'savage_assault' || name === 'archery_attack') targets = othersFrom(g, user);
        else if (name === 'god_salvation' || name === 'amazing_grace') targets = seatsFrom(g, user);
        else if (targets.length === 0 && f.dying === undefined) targets = [user];
        else if (f.dying !== undefined) targets = [num(f.dying)];
        // Several targets resolve in seat order from the user.
        const order = seatsFrom(g, user);
        targets = [...targets].sort((a, b) => order.indexOf(a) - order.indexOf(b));
        f.targets = targets;
        const params: Record<string, Json> = { seat: user, targets };
        if (cards.length === 1) params.card = cards[0]!;
        else params.cards = cards;
        if (f.victim !== null && f.victim !== undefined) params.victimSeat = f.victim;
        // Equipment says "equips" itself; cards aimed at the user or at everyone name no targets.
        const untargeted = (targets.length === 1 && targets[0] === user) || ['savage_assault', 'archery_attack', 'god_salvation', 'amazing_grace'].includes(name);
        if (kind.type !== 'equip')
          ctx.log(cards.length > 1 ? 'sgs.log.useAs' : params.victimSeat !== undefined ? 'sgs.log.useCollateral' : untargeted ? 'sgs.log.useSelf' : 'sgs.log.use', { ...params, as: { key: `sgs.card.${name}` } });
        if (isSlashKey(name)) {
          if (f.counted && g.phase === 'play' && g.current === user) g.slashes++;
          f.bonus = g.drunk && g.current === user ? 1 : 0;
          if (g.current === user) g.drunk = false;
        }
        const harmful = isSlashKey(name) || ['dismantlement', 'snatch', 'duel', 'indulgence', 'supply_shortage', 'fire_attack', 'collateral'].includes(name);
        if (harmful) for (const t of targets) noteHostility(g, user, t);
        f.st = 1;
        emit(ctx, f, T.cardUsed, { user, name, cards, targets, nature: cards.length === 1 ? natureOf(cards[0]!) : 'normal' });
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
          const t = targets[0]!;
          takeOut(g, cards[0]!);
          P(g, t).judge.push(cards[0]!);
          f.st = 3;
        } else if (name === 'peach') {
          recover(ctx, targets[0]!, 1);
          f.st = 3;
        } else if (name === 'analeptic') {
          if (f.dying !== undefined) recover(ctx, user, 1);
          else {
            g.wineUsed = true;
            g.drunk = true;
          }
          f.st = 3;
        } else if (name === 'amazing_grace') {
          const shown = takeTop(ctx, targets.length);
          if (!shown) return 'done';
          g.grace.push(...shown);
          ctx.log('sgs.log.graceReveal', { cards: shown });
        }
        return 'again';
      }
      case 2: {
        const targets = nums(f.targets);
        const i = num(f.i);
        if (i >= targets.length) {
          f.st = 3;
          return 'again';
        }
        f.i = i + 1;
        const t = targets[i]!;
        if (isSlashKey(name))
          ctx.push({ t: 'slashOn', src: user, target: t, cards, nature: f.nature!, amount: 1 + num(f.bonus), color: slashColor(cards), st: 0, dodged: false });
        else ctx.push({ t: 'trickOn', name, user, target: t, card: cards[0]!, victim: f.victim ?? null, st: 0, cancelled: false, ok: false });
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

/** One target of a 杀. */
const slashOn: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const src = num(f.src), target = num(f.target);
    if (!alive(g, target)) return 'done';
    switch (f.st) {
      case 0:
        f.st = 1;
        emit(ctx, f, T.slashTargeted, { src, target, cards: f.cards!, nature: f.nature!, ignoreArmor: false });
        return 'again';
      case 1:
        f.ignoreArmor = !!evOf(f).ignoreArmor;
        f.st = 2;
        emit(ctx, f, T.slashEffect, { src, target, cards: f.cards!, nature: f.nature!, color: f.color!, ignoreArmor: f.ignoreArmor, cancelled: false });
        return 'again';
      case 2: {
        if (evOf(f).cancelled) {
          ctx.log('sgs.log.noEffect', { target, card: nums(f.cards)[0]! });
          return 'done';
        }
        f.st = 3;
        const card = nums(f.cards)[0]!;
        ctx.push({ t: 'respond', seat: target, pattern: 'jink', src, ignoreArmor: f.ignoreArmor!, msg: { key: 'sgs.ask.jinkSlash', params: { source: src, card } }, parent: f.id, key: 'dodged', st: 0 });
        return 'again';
      }
      case 3:
        if (f.dodged) {
          f.st = 4;
          emit(ctx, f, T.slashDodged, { src, target, cards: f.cards!, hit: false });
          return 'again';
        }
        f.st = 5;
        return 'again';
      case 4:
        if (!evOf(f).hit) return 'done';
        f.st = 5;
        return 'again';
      case 5:
        f.st = 6;
        ctx.push({ t: 'damage', src, target, amount: f.amount!, nature: f.nature!, cards: f.cards!, bySlash: true, ignoreArmor: f.ignoreArmor!, transmitted: false, st: 0 });
        return 'again';
      default:
        return 'done';
    }
  },
  answer: noAnswer,
};

const matches = (pattern: string, id: number) => (pattern === 'slash' ? isSlash(id) : keyOf(id) === pattern);

/** Ask one seat to play a card of a pattern (闪 to a 杀, 杀 in a 决斗...); the result goes to the parent. */
const respond: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const pattern = f.pattern as string;
    if (f.st === 2) return 'done';
    if (!alive(g, seat)) {
      parentSet(ctx, f, false);
      return 'done';
    }
    if (f.st === 0) {
      f.st = 1;
      emit(ctx, f, T.cardAsked, { seat, pattern, src: f.src ?? null, ignoreArmor: !!f.ignoreArmor, provided: false });
      return 'again';
    }
    if (evOf(f).provided) {
      parentSet(ctx, f, true);
      return 'done';
    }
    const hand = P(g, seat).hand;
    const fits = hand.filter((c) => matches(pattern, c));
    const spear = pattern === 'slash' && canTwoAsSlash(g, seat);
    if (!fits.length && !spear && autoPass(ctx)) {
      ctx.log('sgs.log.noResponse', { seat });
      parentSet(ctx, f, false);
      return 'done';
    }
    const options: Option[] = [];
    if (fits.length) options.push({ id: 'play', message: { key: 'sgs.opt.play', params: { pattern: { key: `sgs.card.${pattern}` } } }, cards: { from: fits.map(String), min: 1, max: 1 } });
    if (spear) options.push({ id: 'spear', message: { key: 'sgs.opt.spear' }, cards: { from: hand.map(String), min: 2, max: 2 } });
    options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
    ctx.ask({ seat, kind: 'respond', message: f.msg as unknown as Msg, options });
    f.st = 2;
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const seat = num(f.seat);
    if (a.option === 'pass') {
      ctx.log('sgs.log.noResponse', { seat });
      parentSet(ctx, f, false);
      return;
    }
    const cards = cardIdsOf(a);
    const bad = checkInHand(ctx.g, seat, cards);
    if (bad) return bad;
    ctx.log(cards.length === 1 ? 'sgs.log.play' : 'sgs.log.playAs', { seat, card: cards[0]!, cards, as: { key: `sgs.card.${f.pattern}` } });
    discard(ctx, cards);
    parentSet(ctx, f, true);
  },
};

/** Damage: caused (source side), inflicted (taking side), HP loss, dying, then chain propagation (S6). */
const damage: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const target = num(f.target);
    if (f.src !== null && !alive(g, num(f.src))) f.src = null;
    const base = () => ({ src: f.src ?? null, target, nature: f.nature!, cards: f.cards ?? [], bySlash: !!f.bySlash, ignoreArmor: !!f.ignoreArmor, transmitted: !!f.transmitted });
    switch (f.st) {
      case 0:
        if (!alive(g, target)) return 'done';
        f.st = 1;
        if (f.transmitted) return 'again';
        emit(ctx, f, T.damageCaused, { ...base(), amount: f.amount!, prevented: false });
        return 'again';
      case 1:
        if (!f.transmitted) {
          if (evOf(f).prevented) return 'done';
          f.amount = evOf(f).amount!;
        }
        f.caused = f.amount!;
        if (!alive(g, target)) return 'done';
        f.st = 2;
        emit(ctx, f, T.damageInflicted, { ...base(), amount: f.amount!, prevented: false });
        return 'again';
      case 2: {
        const ev = evOf(f);
        const n = num(ev.amount);
        if (ev.prevented || n <= 0) return 'done';
        const p = P(g, target);
        p.hp -= n;
        const src = f.src === null ? null : num(f.src);
        ctx.log(src === null ? 'sgs.log.damageNoSource' : 'sgs.log.damage', { source: src, target, n, nature: { key: `sgs.nature.${f.nature}` }, hp: p.hp });
        if (src !== null) noteHostility(g, src, target);
        if (f.nature !== 'normal' && p.chained) {
          p.chained = false;
          ctx.log('sgs.log.unchain', { seat: target });
          if (!f.transmitted) f.spread = true;
        }
        f.st = 3;
        emit(ctx, f, T.damaged, { ...base(), amount: n });
        return 'again';
      }
      case 3:
        f.st = 4;
        if (alive(g, target) && P(g, target).hp <= 0) ctx.push({ t: 'dying', seat: target, killer: f.src ?? null, st: 0, order: [], i: 0 });
        return 'again';
      default: {
        if (f.spread) {
          const chained = seatsFrom(g, g.current).filter((s) => s !== target && P(g, s).chained);
          for (const s of chained.reverse())
            ctx.push({ t: 'damage', src: f.src ?? null, target: s, amount: f.caused!, nature: f.nature!, cards: f.cards ?? [], bySlash: false, ignoreArmor: false, transmitted: true, st: 0 });
        }
        return 'done';
      }
    }
  },
  answer: noAnswer,
};

/** Dying: everyone, in seat order from the current player, may rescue with 桃 (the dying one also with 酒). */
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
        if (!p.alive) return 'done';
        if (p.hp >= 1) return 'done';
        const order = nums(f.order);
        const i = num(f.i);
        if (i >= order.length) {
          f.st = 3;
          ctx.push({ t: 'death', seat, killer: f.killer ?? null, st: 0 });
          return 'again';
        }
        const r = order[i]!;
        const fits = alive(g, r) ? P(g, r).hand.filter((c) => keyOf(c) === 'peach' || (r === seat && keyOf(c) === 'analeptic')) : [];
        if (!alive(g, r) || (!fits.length && autoPass(ctx))) {
          f.i = i + 1;
          return 'again';
        }
        const options: Option[] = [];
        if (fits.length) options.push({ id: 'use', message: { key: 'sgs.opt.rescue' }, cards: { from: fits.map(String), min: 1, max: 1 } });
        options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
        ctx.ask({ seat: r, kind: 'rescue', message: { key: r === seat ? 'sgs.ask.rescueSelf' : 'sgs.ask.rescue', params: { target: seat, hp: p.hp, n: 1 - p.hp } }, options });
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
    const card = cardIdsOf(a)[0]!;
    const bad = checkInHand(g, p.seat, [card]);
    if (bad) return bad;
    noteHostility(g, p.seat, seat, -1);
    ctx.push({ t: 'use', user: p.seat, cards: [card], name: keyOf(card), targets: [seat], dying: seat, counted: false, st: 0 });
  },
};

/** Death: identity revealed, cards discarded, the game may end, then the kill reward or the lord's penalty. */
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
      ctx.log(killer === null ? 'sgs.log.deathNoKiller' : 'sgs.log.death', { seat, role: { key: `sgs.role.${p.role}` }, by: killer });
      f.st = 1;
      emit(ctx, f, T.death, { seat, killer }, seatsFrom(g, g.current).concat(seat));
      return 'again';
    }
    const all = [...p.hand, ...equipIds(p), ...p.judge];
    if (all.length) discard(ctx, all);
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

/** A judgement: the top card is revealed, may be changed (retrial hook), then takes effect. */
const judge: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (f.st === 0) {
      const ids = takeTop(ctx, 1);
      if (!ids) return 'done';
      const card = ids[0]!;
      g.table.push(card);
      f.card = card;
      ctx.log('sgs.log.judge', { seat, reason: { key: `sgs.card.${f.reason}` }, card });
      f.st = 1;
      emit(ctx, f, T.judgeRetrial, { seat, card, reason: f.reason! });
      return 'again';
    }
    if (f.st === 1) {
      if (evOf(f).card !== f.card) {
        f.card = evOf(f).card!;
        ctx.log('sgs.log.judgeChanged', { seat, card: f.card });
      }
      f.st = 2;
      emit(ctx, f, T.judgeDone, { seat, card: f.card!, reason: f.reason! });
      return 'again';
    }
    const card = num(f.card);
    parentSet(ctx, f, card);
    if (g.table.includes(card)) discard(ctx, [card]);
    return 'done';
  },
  answer: noAnswer,
};

/** A delayed trick in the judge phase: 无懈可击 window, then judgement and effect; 闪电 may pass on. */
const delayed: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    const card = num(f.card);
    const key = keyOf(card);
    switch (f.st) {
      case 0:
        f.st = 1;
        ctx.push({ t: 'wuxie', trick: key, card, user: null, target: seat, parent: f.id, key: 'cancelled', st: 0, cancelled: false, countered: false, last: null });
        return 'again';
      case 1:
        if (f.cancelled) {
          if (key === 'lightning') passLightning(ctx, seat, card);
          else discard(ctx, [card]);
          return 'done';
        }
        f.st = 2;
        ctx.push({ t: 'judge', seat, reason: key, parent: f.id, key: 'result', st: 0 });
        return 'again';
      case 2: {
        if (f.result === null) return 'done';
        const r = CARD[num(f.result)]!;
        if (key === 'indulgence' || key === 'supply_shortage') {
          const hit = key === 'indulgence' ? r.suit !== 'heart' : r.suit !== 'club';
          if (hit) g[key === 'indulgence' ? 'skipPlay' : 'skipDraw'] = true;
          ctx.log(hit ? 'sgs.log.delayedHit' : 'sgs.log.delayedMiss', { seat, card });
          discard(ctx, [card]);
          return 'done';
        }
        if (r.suit === 'spade' && r.rank >= 2 && r.rank <= 9) {
          ctx.log('sgs.log.delayedHit', { seat, card });
          discard(ctx, [card]);
          f.st = 3;
          ctx.push({ t: 'damage', src: null, target: seat, amount: 3, nature: 'thunder', cards: [card], bySlash: false, ignoreArmor: false, transmitted: false, st: 0 });
          return 'again';
        }
        ctx.log('sgs.log.delayedMiss', { seat, card });
        passLightning(ctx, seat, card);
        return 'done';
      }
      default:
        return 'done';
    }
  },
  answer: noAnswer,
};

/**
 * A 无懈可击 window on one target (ruling S7): everyone who could answer is asked at once, the first valid 无懈
 * wins and the window reopens for a counter. With autoPass off every living player is asked.
 */
const wuxie: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    if (f.st === 1 && !f.countered) {
      parentSet(ctx, f, !!f.cancelled);
      return 'done';
    }
    f.countered = false;
    const holders = seatsFrom(g, g.current).filter((s) => P(g, s).hand.some((c) => keyOf(c) === 'nullification'));
    const asked = autoPass(ctx) ? holders : seatsFrom(g, g.current);
    if (!asked.length) {
      parentSet(ctx, f, !!f.cancelled);
      return 'done';
    }
    const message: Msg = f.cancelled
      ? { key: 'sgs.ask.wuxieCounter', params: { by: f.last!, card: f.card!, target: f.target! } }
      : f.user === null
        ? { key: 'sgs.ask.wuxieDelayed', params: { card: f.card!, target: f.target! } }
        : { key: 'sgs.ask.wuxie', params: { source: f.user!, card: f.card!, target: f.target! } };
    for (const s of asked) {
      const fits = P(g, s).hand.filter((c) => keyOf(c) === 'nullification');
      const options: Option[] = [];
      if (fits.length) options.push({ id: 'use', message: { key: 'sgs.opt.wuxie' }, cards: { from: fits.map(String), min: 1, max: 1 } });
      options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
      ctx.ask({ seat: s, kind: 'nullify', message, options });
    }
    f.st = 1;
    return 'wait';
  },
  answer(ctx, f, p, a) {
    if (a.option !== 'use') return;
    const card = cardIdsOf(a)[0]!;
    const bad = checkInHand(ctx.g, p.seat, [card]);
    if (bad) return bad;
    ctx.closePrompts();
    discard(ctx, [card]);
    f.cancelled = !f.cancelled;
    f.countered = true;
    f.last = p.seat;
    ctx.log('sgs.log.wuxie', { seat: p.seat, card, target: f.target!, trick: f.card! });
  },
};

/** One target of a non-delayed trick: armour, the 无懈可击 window, then the effect. */
const trickOn: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const name = f.name as string;
    const user = num(f.user), target = num(f.target), card = num(f.card);
    switch (f.st) {
      case 0:
        if (!alive(g, target)) return 'done';
        if (name === 'god_salvation' && !wounded(P(g, target))) return 'done';
        f.st = 1;
        emit(ctx, f, T.trickEffect, { user, target, name, cancelled: false });
        return 'again';
      case 1:
        if (evOf(f).cancelled) {
          ctx.log('sgs.log.noEffect', { target, card });
          return 'done';
        }
        f.st = 2;
        ctx.push({ t: 'wuxie', trick: name, card, user, target, parent: f.id, key: 'cancelled', st: 0, cancelled: false, countered: false, last: null });
        return 'again';
      case 2:
        if (f.cancelled || !alive(g, target)) return 'done';
        f.st = 3;
        switch (name) {
          case 'dismantlement':
          case 'snatch':
            if (hasCards(P(g, target))) ctx.push({ t: 'pick', by: user, from: target, mode: name === 'snatch' ? 'take' : 'discard', zones: 'hej', n: 1, reason: name });
            break;
          case 'ex_nihilo':
            drawCards(ctx, target, 2);
            break;
          case 'duel':
            ctx.push({ t: 'duel', user, a: user, b: target, turn: target, card, st: 0, ok: false });
            break;
          case 'collateral':
            ctx.push({ t: 'collateral', user, wielder: target, victim: f.victim!, st: 0 });
            break;
          case 'savage_assault':
          case 'archery_attack':
            f.st = 4;
            ctx.push({
              t: 'respond', seat: target, pattern: name === 'savage_assault' ? 'slash' : 'jink', src: user, ignoreArmor: false,
              msg: { key: name === 'savage_assault' ? 'sgs.ask.savage' : 'sgs.ask.archery', params: { source: user, card } }, parent: f.id, key: 'ok', st: 0,
            });
            break;
          case 'god_salvation':
            recover(ctx, target, 1);
            break;
          case 'amazing_grace':
            ctx.push({ t: 'grace', seat: target });
            break;
          case 'iron_chain': {
            const p = P(g, target);
            p.chained = !p.chained;
            ctx.log(p.chained ? 'sgs.log.chain' : 'sgs.log.unchain', { seat: target });
            break;
          }
          case 'fire_attack':
            ctx.push({ t: 'fireAttack', user, target, card, shown: null, hit: false, st: 0 });
            break;
        }
        return 'again';
      case 4:
        f.st = 3;
        if (!f.ok) ctx.push({ t: 'damage', src: user, target, amount: 1, nature: 'normal', cards: [card], bySlash: false, ignoreArmor: false, transmitted: false, st: 0 });
        return 'again';
      default:
        return 'done';
    }
  },
  answer: noAnswer,
};

/** 过河拆桥 / 顺手牵羊 / 寒冰剑: `by` picks cards of `from` (hand cards blind). */
const pick: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const from = num(f.from), by = num(f.by);
    const choices = pickable(g, from, f.zones as string);
    if (num(f.n) <= 0 || !alive(g, from) || !alive(g, by) || !choices.length) return 'done';
    ctx.ask({
      seat: by, kind: 'pick', message: { key: f.mode === 'take' ? 'sgs.ask.pickTake' : 'sgs.ask.pickDiscard', params: { target: from, reason: { key: `sgs.card.${f.reason}` } } },
      options: [{ id: 'pick', message: { key: 'sgs.opt.pick' }, cards: { from: choices, min: 1, max: 1 } }],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const g = ctx.g;
    const from = num(f.from), by = num(f.by);
    const choice = a.cards![0]!;
    const p = P(g, from);
    const blind = choice === 'hand';
    const card = blind ? p.hand[ctx.rng.int(p.hand.length)]! : Number(choice);
    f.n = num(f.n) - 1;
    if (f.mode === 'take') {
      toHand(ctx, by, card);
      if (blind) {
        ctx.log('sgs.log.takeHand', { by, target: from });
        ctx.log('sgs.log.takeHandSecret', { by, target: from, card }, [by, from]);
      } else ctx.log('sgs.log.take', { by, target: from, card });
    } else {
      discard(ctx, [card]);
      ctx.log('sgs.log.dismantle', { by, target: from, card });
    }
  },
};

/** What `by` may pick from a seat: 'hand' stands for one random hand card. */
export function pickable(g: G, seat: number, zones: string): string[] {
  const p = P(g, seat);
  const out: string[] = [];
  if (p.hand.length) out.push('hand');
  for (const id of equipIds(p)) out.push(String(id));
  if (zones.includes('j')) for (const id of p.judge) out.push(String(id));
  return out;
}

/** 决斗: starting with the target, each plays a 杀 in turn; the first who does not takes 1 damage from the other. */
const duel: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const a = num(f.a), b = num(f.b), who = num(f.turn);
    const other = who === a ? b : a;
    if (f.st === 2) return 'done';
    if (!alive(g, a) || !alive(g, b)) return 'done';
    if (f.st === 0) {
      f.st = 1;
      ctx.push({ t: 'respond', seat: who, pattern: 'slash', src: other, ignoreArmor: false, msg: { key: 'sgs.ask.duel', params: { source: other, card: f.card! } }, parent: f.id, key: 'ok', st: 0 });
      return 'again';
    }
    if (f.ok) {
      f.ok = false;
      f.turn = other;
      f.st = 0;
      return 'again';
    }
    f.st = 2;
    ctx.push({ t: 'damage', src: other, target: who, amount: 1, nature: 'normal', cards: [num(f.card)], bySlash: false, ignoreArmor: false, transmitted: false, st: 0 });
    return 'again';
  },
  answer: noAnswer,
};

/** 借刀杀人: the weapon holder uses a 杀 on the victim, or hands the weapon to the user. */
const collateral: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const user = num(f.user), w = num(f.wielder), v = num(f.victim);
    if (f.st === 1) return 'done';
    const weapon = P(g, w).equip.weapon;
    if (weapon === null || !alive(g, w)) return 'done';
    const hand = P(g, w).hand;
    const fits = hand.filter(isSlash);
    const spear = canTwoAsSlash(g, w);
    const victimOk = alive(g, v) && inRange(g, w, v);
    if (!victimOk || (!fits.length && !spear && autoPass(ctx))) {
      giveWeapon(ctx, w, user);
      return 'done';
    }
    const options: Option[] = [];
    if (fits.length) options.push({ id: 'use', message: { key: 'sgs.opt.slashOn', params: { target: v } }, cards: { from: fits.map(String), min: 1, max: 1 } });
    if (spear) options.push({ id: 'spear', message: { key: 'sgs.opt.spear' }, cards: { from: hand.map(String), min: 2, max: 2 } });
    options.push({ id: 'pass', message: { key: 'sgs.opt.giveWeapon', params: { to: user, card: weapon } } });
    ctx.ask({ seat: w, kind: 'collateral', message: { key: 'sgs.ask.collateral', params: { source: user, target: v, card: weapon } }, options });
    f.st = 1;
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const w = num(f.wielder);
    if (a.option === 'pass') {
      giveWeapon(ctx, w, num(f.user));
      return;
    }
    const cards = cardIdsOf(a);
    const bad = checkInHand(ctx.g, w, cards);
    if (bad) return bad;
    ctx.push({ t: 'use', user: w, cards, name: cards.length === 1 ? keyOf(cards[0]!) : 'slash', targets: [num(f.victim)], counted: false, st: 0 });
  },
};

function giveWeapon(ctx: C, from: number, to: number): void {
  const weapon = P(ctx.g, from).equip.weapon;
  if (weapon === null || !alive(ctx.g, to)) return;
  ctx.log('sgs.log.giveWeapon', { from, to, card: weapon });
  toHand(ctx, to, weapon);
}

/** 五谷丰登: each target in turn takes one of the revealed cards. */
const grace: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const seat = num(f.seat);
    if (f.asked || !g.grace.length) return 'done';
    if (g.grace.length === 1) {
      takeGrace(ctx, seat, g.grace[0]!);
      return 'done';
    }
    f.asked = true;
    ctx.ask({ seat, kind: 'grace', message: { key: 'sgs.ask.grace' }, options: [{ id: 'take', message: { key: 'sgs.opt.take' }, cards: { from: g.grace.map(String), min: 1, max: 1 } }] });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    takeGrace(ctx, num(f.seat), Number(a.cards![0]));
  },
};
function takeGrace(ctx: C, seat: number, card: number): void {
  toHand(ctx, seat, card);
  ctx.log('sgs.log.graceTake', { seat, card });
}

/** 火攻: the target shows a hand card; the user may discard a hand card of that suit for 1 fire damage. */
const fireAttack: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const user = num(f.user), target = num(f.target);
    switch (f.st) {
      case 0:
        if (!alive(g, target) || !P(g, target).hand.length) return 'done';
        f.st = 1;
        ctx.ask({ seat: target, kind: 'show', message: { key: 'sgs.ask.fireShow', params: { source: user } }, options: [{ id: 'show', message: { key: 'sgs.opt.show' }, cards: { from: P(g, target).hand.map(String), min: 1, max: 1 } }] });
        return 'wait';
      case 1: {
        const shown = num(f.shown);
        const fits = alive(g, user) ? P(g, user).hand.filter((c) => CARD[c]!.suit === CARD[shown]!.suit) : [];
        if (!alive(g, user) || (!fits.length && autoPass(ctx))) return 'done';
        f.st = 2;
        const options: Option[] = [];
        if (fits.length) options.push({ id: 'discard', message: { key: 'sgs.opt.fireDiscard' }, cards: { from: fits.map(String), min: 1, max: 1 } });
        options.push({ id: 'pass', message: { key: 'sgs.opt.noResponse' } });
        ctx.ask({ seat: user, kind: 'respond', message: { key: 'sgs.ask.fireDiscard', params: { target, card: shown } }, options });
        return 'wait';
      }
      case 2:
        if (!f.hit) return 'done';
        f.st = 3;
        ctx.push({ t: 'damage', src: user, target, amount: 1, nature: 'fire', cards: [num(f.card)], bySlash: false, ignoreArmor: false, transmitted: false, st: 0 });
        return 'again';
      default:
        return 'done';
    }
  },
  answer(ctx, f, p, a) {
    const card = cardIdsOf(a)[0];
    if (f.st === 1) {
      if (card === undefined || !P(ctx.g, p.seat).hand.includes(card)) return 'show a hand card';
      f.shown = card;
      ctx.log('sgs.log.fireShow', { seat: p.seat, card });
      return;
    }
    if (a.option === 'pass' || card === undefined) return;
    const bad = checkInHand(ctx.g, p.seat, [card]);
    if (bad) return bad;
    if (CARD[card]!.suit !== CARD[num(f.shown)]!.suit) return 'the card must have the suit of the shown card';
    ctx.log('sgs.log.discard', { seat: p.seat, cards: [card] });
    discard(ctx, [card]);
    f.hit = true;
  },
};

/** Discard phase: down to the hand limit (= HP). */
const discardPhase: FrameDef<G> = {
  run(ctx, f) {
    const seat = num(f.seat);
    if (f.asked) return 'done';
    const p = P(ctx.g, seat);
    const n = Math.min(num(f.n), p.hand.length);
    if (n <= 0) return 'done';
    f.n = n;
    f.asked = true;
    ctx.ask({ seat, kind: 'discard', message: { key: 'sgs.ask.discard', params: { n, hp: p.hp } }, options: [{ id: 'discard', message: { key: 'sgs.opt.discard', params: { n } }, cards: { from: p.hand.map(String), min: n, max: n } }] });
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

/** "Use <skill>?" for optional equipment effects; the skill's `resolve` / `decline` act on the answer. */
const confirmFrame: FrameDef<G> = {
  run(ctx, f) {
    if (f.asked) return 'done';
    const seat = num(f.seat);
    if (!alive(ctx.g, seat)) return 'done';
    f.asked = true;
    const use: Option = { id: 'use', message: { key: 'sgs.opt.useSkill', params: { skill: { key: `sgs.card.${f.skill}` } } } };
    const cards = f.cards as number[] | null;
    if (cards) use.cards = { from: cards.map(String), min: num(f.min), max: num(f.max) };
    ctx.ask({ seat, kind: 'skill', message: f.msg as unknown as Msg, options: [use, { id: 'pass', message: { key: 'sgs.opt.noResponse' } }] });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const skill: SgsSkill | undefined = SKILLS[f.skill as string];
    const ev = (ctx.frame(num(f.owner))?.ev ?? {}) as Ev;
    if (a.option === 'use') skill?.resolve?.(ctx, num(f.seat), ev, cardIdsOf(a), f);
    else skill?.decline?.(ctx, num(f.seat), ev, f);
  },
};

/** Holds an event for a trigger (e.g. equipment lost) when no rule frame owns it. */
const event: FrameDef<G> = { run: () => 'done', answer: noAnswer };

export const FRAMES: Record<string, FrameDef<G>> = {
  turn, play, use, slashOn, respond, damage, dying, death, judge, delayed, wuxie, trickOn, pick, duel, collateral, grace, fireAttack, discardPhase,
  confirm: confirmFrame, event,
  ...Object.assign({}, ...Object.values(SKILLS).map((s) => s.frames ?? {})),
};

