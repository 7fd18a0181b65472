import type { Answer } from '../../engine/types';
import { SPELL, typeOf } from './cards';
import { eligibleSeats } from './possession';
import { attach, gkLosesLatest } from './rules';
import { discardFromHand, draw, effectCount, gain, holderOf, see, takeImp, type C, type G } from './state';

/** What playing a spell picks (becomes the option's `cards` / `seats` spec). */
export interface Pick {
  cards?: { from: string[]; min: number; max: number };
  seats?: { from: number[]; min: number; max: number };
}

/**
 * Spell cards (cards.md §5), one entry per key: `pick` says what the play chooses, or null when the spell
 * has nothing to act on now; `check` rejects a pick the spec cannot express; `play` resolves it.
 */
export interface SpellRule {
  pick(g: G, s: number, card: string): Pick | null;
  check?(g: G, s: number, a: Answer): string | void;
  play(ctx: C, s: number, a: Answer, card: string): void;
}

const others = (g: G, s: number) => g.players.map((_, i) => i).filter((i) => i !== s);
const one = (from: number[]): Pick | null => (from.length ? { seats: { from, min: 1, max: 1 } } : null);
const target = (a: Answer) => a.seats![0]!;
const allImps = (g: G, nonGk: boolean) => g.players.flatMap((p, s) => (nonGk && s === g.gk ? [] : p.imps.map((i) => i.id)));
const idMsg = (g: G, t: number) => ({ key: `ghost.identity.${g.players[t]!.identity}` });

export function lookIdentity(ctx: C, s: number, t: number): void {
  see(ctx.g, s, 'identity', t, [ctx.g.players[t]!.identity]);
  ctx.log('ghost.log.lookIdentity', { seat: s, target: t, identity: idMsg(ctx.g, t) }, [s]);
  ctx.log('ghost.log.lookedAt', { seat: s, target: t }, others(ctx.g, s));
}

/** Destinations of 移魂术: eligible non-GK players with ≤1 imp (a Warded player is not eligible). */
const transferDests = (g: G) => eligibleSeats(g).filter((s) => !g.players[s]!.warded && g.players[s]!.imps.length <= 1);

export const SPELL_RULES: Record<string, SpellRule> = {
  gather_spirit: { pick: () => ({}), play: (ctx, s) => gain(ctx.g, s, 2) },
  talisman_water: {
    pick: () => ({}),
    play(ctx, s) {
      draw(ctx, s);
      gain(ctx.g, s, 1);
    },
  },
  divination: { pick: () => ({}), play: (ctx, s) => void draw(ctx, s, 2) },
  decree_talisman: { pick: () => ({}), play: (ctx, s) => gain(ctx.g, s, 1) },
  star_gazing: {
    pick: (g) => (g.ghost.length ? {} : null),
    play(ctx, s) {
      const top = ctx.g.ghost.slice(-2).reverse();
      see(ctx.g, s, 'ghostTop', null, top);
      ctx.push({ t: 'stargaze', seat: s, cards: top });
    },
  },
  warding_charm: {
    pick: () => ({}),
    play(ctx, s) {
      ctx.g.players[s]!.warded = true;
    },
  },
  soul_transfer: {
    pick(g) {
      const from = allImps(g, true);
      const dests = transferDests(g);
      if (!from.length || !dests.length) return null;
      if (!from.some((i) => dests.some((d) => !g.players[d]!.imps.some((x) => x.id === i)))) return null;
      return { cards: { from, min: 1, max: 1 }, seats: { from: dests, min: 1, max: 1 } };
    },
    check(g, _s, a) {
      if (!a.cards?.length || !a.seats?.length) return 'choose an imp and a player';
      if (g.players[target(a)]!.imps.some((x) => x.id === a.cards![0])) return 'the imp must move to a different player';
    },
    play(ctx, s, a) {
      const g = ctx.g;
      const imp = a.cards![0]!;
      const from = holderOf(g, imp)!;
      takeImp(g, from, imp);
      attach(g, target(a), imp);
      ctx.log('ghost.log.impMoved', { ghostCard: imp, from, to: target(a), by: s });
    },
  },
  heavenly_eye: { pick: (g, s) => one(others(g, s)), play: (ctx, s, a) => lookIdentity(ctx, s, target(a)) },
  borrow_power: {
    pick: (g, s) => one(others(g, s)),
    play(ctx, s, a) {
      const h = ctx.g.players[target(a)]!.hand;
      if (!h.length) return;
      const c = h.splice(ctx.rng.int(h.length), 1)[0]!;
      ctx.g.players[s]!.hand.push(c);
      ctx.log('ghost.log.borrowed', { seat: s, from: target(a) });
      ctx.log('ghost.log.borrowedCard', { seat: s, from: target(a), cards: [c] }, [s, target(a)]);
    },
  },
  recall: {
    pick: (g) => (g.ts.recall ? null : { cards: { from: [...g.discard], min: g.discard.length ? 1 : 0, max: 1 } }),
    play(ctx, s, a) {
      ctx.g.ts.recall = true;
      const c = a.cards?.[0];
      if (!c) return;
      ctx.g.discard.splice(ctx.g.discard.indexOf(c), 1);
      ctx.g.players[s]!.hand.push(c);
      ctx.log('ghost.log.recalled', { seat: s, cards: [c] });
    },
  },
  breaking_talisman: {
    pick: (g) => (allImps(g, false).length ? { cards: { from: allImps(g, false), min: 1, max: 1 } } : null),
    play(ctx, _s, a) {
      const imp = a.cards![0]!;
      ctx.g.ts.breaking[imp] = (ctx.g.ts.breaking[imp] ?? 0) + 1;
    },
  },
  soul_probe: {
    pick: (g, s) => one(others(g, s)),
    play(ctx, s, a) {
      const h = [...ctx.g.players[target(a)]!.hand];
      const shown = ctx.rng.shuffle(h).slice(0, 2);
      see(ctx.g, s, 'cards', target(a), shown);
      ctx.log('ghost.log.probed', { seat: s, target: target(a), cards: shown }, [s]);
    },
  },
  insight_decree: {
    pick: () => ({}),
    play(ctx) {
      if (ctx.g.ts.insight === 0) ctx.g.ts.insight = 1;
    },
  },
  meditation: {
    pick: (g, s, card) => ({ cards: { from: g.players[s]!.hand.filter((c) => c !== card), min: 0, max: 3 } }),
    play(ctx, s, a) {
      const cards = discardFromHand(ctx, s, a.cards ?? []);
      gain(ctx.g, s, cards.length);
      if (cards.length) ctx.log('ghost.log.discarded', { seat: s, cards });
    },
  },
  dual_cultivation: {
    pick: (g, s) => one(others(g, s).filter((t) => t !== g.gk)),
    play(ctx, s, a) {
      draw(ctx, s);
      draw(ctx, target(a));
    },
  },
  disperse_power: { pick: (g, s) => one(others(g, s)), play: (ctx, _s, a) => gain(ctx.g, target(a), -2) },
  clear_mind: {
    pick: () => ({}),
    play(ctx, s) {
      ctx.g.players[s]!.clearMind = true;
    },
  },
  binding_talisman: {
    pick: (g, s) => one(others(g, s)),
    play(ctx, _s, a) {
      if (!ctx.g.ts.bound.includes(target(a))) ctx.g.ts.bound.push(target(a));
    },
  },
  ghost_slaying_talisman: {
    pick: (g, s) => (g.gk === null || (g.gk !== s && g.players[s]!.imps.length <= 1) ? {} : null),
    play(ctx, s) {
      if (ctx.g.gk === null) draw(ctx, s);
      else gkLosesLatest(ctx, s);
    },
  },
};

/** Spirit a spell costs `s` now (斩鬼符 costs 2 only while a GK exists; 夜叉 adds 1, cards.md §2.7). */
export function spellCost(g: G, s: number, card: string): number {
  const def = SPELL[typeOf(card)]!;
  const base = def.key === 'ghost_slaying_talisman' ? (g.gk === null ? 0 : 2) : def.cost;
  return base + effectCount(g, s, 'SPELL_COST_PLUS_1');
}

/** The pick spec of playing `card` now, or null if `s` cannot play it (cost, 捣蛋鬼, nothing to act on). */
export function playable(g: G, s: number, card: string, window: 'day' | 'before' | 'after'): Pick | null {
  const def = SPELL[typeOf(card)];
  if (!def) return null;
  if (window !== 'day' && def.window !== window) return null;
  if (g.players[s]!.spirit < spellCost(g, s, card)) return null;
  if (effectCount(g, s, 'ONE_SPELL_PER_TURN') > 0 && g.ts.spells[s]! >= 1) return null;
  return SPELL_RULES[def.key]!.pick(g, s, card);
}

/** Play `card` from `s`'s hand: check, pay, resolve, then discard it (seed: 效果解决后立即放入手牌弃置区). */
export function playSpell(ctx: C, s: number, card: string, a: Answer, window: 'day' | 'before' | 'after'): string | void {
  const g = ctx.g;
  if (!g.players[s]!.hand.includes(card)) return 'that card is not in your hand';
  const spec = playable(g, s, card, window);
  if (!spec) return 'that spell cannot be played now';
  const rule = SPELL_RULES[SPELL[typeOf(card)]!.key]!;
  const bad = rule.check?.(g, s, a);
  if (bad) return bad;
  const p = g.players[s]!;
  p.spirit -= spellCost(g, s, card);
  p.hand.splice(p.hand.indexOf(card), 1);
  g.ts.spells[s] = g.ts.spells[s]! + 1;
  const params: Record<string, any> = { seat: s, card };
  if (a.seats?.length) params.target = a.seats[0]!;
  if (a.cards?.length && rule !== SPELL_RULES.meditation && rule !== SPELL_RULES.recall) params.ghostCard = a.cards[0]!;
  ctx.log('ghost.log.spell', params);
  rule.play(ctx, s, a, card);
  g.discard.push(card);
}
