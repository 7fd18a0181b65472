/**
 * General selection (seed §2–3, ruling S3) as simultaneous prompts: the lord picks from 曹操/刘备/孙权 (+ 张角, 袁绍,
 * 曹丕, 刘禅 with "extra lords") and 2 random others and shows it at once; the lord's unpicked generals go back to
 * the pool, every other seat is dealt 3 (2 at 10 players) and picks face down, all at once; the picks are revealed
 * together, max HP follows the general (+1 for the lord at 5+ players), then the starting hands are dealt.
 */
import type { FrameDef } from '../../../engine';
import { P, seatsFrom, sgs } from '../core';
import type { C, G, K } from '../types';
import { num } from './common';

/** Make `seat` the general `id`: kingdom, gender, skills and HP. */
export function becomeGeneral(k: K, seat: number, id: string): void {
  const g = k.g;
  const gen = sgs(k).general[id]!;
  const p = P(g, seat);
  const hp = gen.hp + (p.role === 'lord' && g.players.length >= 5 ? 1 : 0);
  Object.assign(p, { general: id, kingdom: gen.kingdom, gender: gen.gender, skills: [...gen.skills], hp, maxHp: hp });
}

/** Deal 4 starting cards to every seat, from the lord on. */
export function dealStart(ctx: C, lord: number, g: G = ctx.g): void {
  for (const s of seatsFrom(g, lord)) {
    const p = P(g, s);
    // A new pile (see core's `takeOut`).
    p.hand = g.draw.slice(0, 4);
    g.draw = g.draw.slice(4);
    ctx.log('sgs.log.drawSecret', { seat: s, cards: p.hand }, [s]);
  }
}

const offerOptions = (ids: string[]) =>
  ids.map((id) => ({
    id: `general:${id}`,
    message: { key: 'sgs.opt.general', params: { general: { key: `sgs.general.${id}` } } },
  }));

const select: FrameDef<G> = {
  run(ctx, f) {
    const g = ctx.g;
    const sel = g.selection!;
    const lord = g.players.find((p) => p.role === 'lord')!.seat;
    g.phase = 'select';
    if (f.st === 0) {
      const extra = ctx.s.options.extraLords !== false;
      const fixed = sgs(ctx)
        .generals.filter((x) => x.lordOffer === 'lord' || (extra && x.lordOffer === 'extra'))
        .map((x) => x.id);
      const pool = ctx.rng.shuffle(
        sgs(ctx)
          .generals.filter((x) => !fixed.includes(x.id) && (extra || x.lordOffer !== 'extra'))
          .map((x) => x.id),
      );
      sel.offers[lord] = [...fixed, ...pool.slice(0, 2)];
      f.pool = pool.slice(2);
      f.st = 1;
      ctx.ask({
        seat: lord,
        kind: 'chooseGeneral',
        message: { key: 'sgs.ask.chooseGeneralLord' },
        options: offerOptions(sel.offers[lord]!),
      });
      return 'wait';
    }
    if (f.st === 1) {
      const others = seatsFrom(g, lord).filter((s) => s !== lord);
      const each = g.players.length >= 10 ? 2 : 3;
      const pool = ctx.rng.shuffle([
        ...(f.pool as string[]),
        ...sel.offers[lord]!.filter((id) => id !== sel.picks[lord]),
      ]);
      others.forEach((s, k) => {
        sel.offers[s] = pool.slice(k * each, k * each + each);
        ctx.ask({
          seat: s,
          kind: 'chooseGeneral',
          message: {
            key: 'sgs.ask.chooseGeneral',
            params: { lord, general: { key: `sgs.general.${sel.picks[lord]}` } },
          },
          options: offerOptions(sel.offers[s]!),
        });
      });
      f.st = 2;
      return 'wait';
    }
    sel.revealed = true;
    for (const p of g.players) if (p.seat !== lord) becomeGeneral(ctx, p.seat, sel.picks[p.seat]!);
    for (const seat of seatsFrom(g, lord))
      if (seat !== lord)
        ctx.log('sgs.log.generalRevealed', { seat, general: { key: `sgs.general.${P(g, seat).general}` } });
    dealStart(ctx, lord);
    g.phase = 'none';
    return 'done';
  },
  answer(ctx, f, p, a) {
    const g = ctx.g;
    const id = a.option.slice('general:'.length);
    if (!g.selection!.offers[p.seat]?.includes(id)) return `${id} is not offered to you`;
    g.selection!.picks[p.seat] = id;
    if (num(f.st) === 1) {
      becomeGeneral(ctx, p.seat, id);
      ctx.log('sgs.log.lordGeneral', { seat: p.seat, general: { key: `sgs.general.${id}` } });
    } else ctx.log('sgs.log.generalPicked', { seat: p.seat, general: { key: `sgs.general.${id}` } }, [p.seat]);
  },
};

export const SELECT_FRAMES = { select };
