import type { Frame } from '../../../engine/types';
import { RULES } from '../basics';
import { catOf, weightOf, type Catalogue } from '../catalogue';
import { colourOf } from '../ids';
import { msg, opt } from '../msg';
import { attach, finish, gkDefeated, lookIdentity } from '../rules';
import {
  artifactOn,
  condition,
  discardGroup,
  draw,
  gain,
  has,
  holderOf,
  isPositive,
  orderFrom,
  stamp,
  takeImp,
  turnFacts,
  voteOrder,
  type C,
  type G,
} from '../state';
import type { F } from './common';

/** Imps `s` may target now: as host (R3, GK imps only with ≤1 imp, not his own 替死鬼) or as GK (summon, R17). */
function targets(cat: Catalogue, g: G, s: number): string[] {
  const out: string[] = [];
  g.players.forEach((q, holder) => {
    for (const i of q.imps) {
      if (g.gk === s) {
        if (holder !== s) out.push(i.id);
        continue;
      }
      if (holder === g.gk && g.players[s]!.imps.length >= 2) continue;
      if (holder === s && cat.imp[i.id]!.effect === 'NO_HOST_ON_THIS' && has(cat, g, s, 'NO_HOST_ON_THIS')) continue;
      out.push(i.id);
    }
  });
  return out;
}

/** The host chooses a target imp (驱鬼) or the GK one to summon (招魂), or passes. */
export const host: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = f.seat as number;
    if (f.over) return 'done';
    const ts = targets(catOf(ctx), g, s);
    if (!ts.length) return 'done';
    const summon = g.gk === s;
    ctx.ask({
      seat: s,
      kind: summon ? 'summon' : 'host',
      message: msg(summon ? 'ask.summon' : 'ask.host'),
      options: [
        opt('target', summon ? 'opt.summon' : 'opt.exorcise', undefined, { cards: { from: ts, min: 1, max: 1 } }),
        opt('pass', 'opt.noExorcism'),
      ],
    });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const g = ctx.g;
    const s = f.seat as number;
    f.over = true;
    if (a.option === 'pass') {
      ctx.log('ghost.log.noExorcism', { seat: s });
      return;
    }
    const imp = a.cards![0]!;
    const summon = g.gk === s;
    const holder = holderOf(g, imp)!;
    g.vote = { host: s, imp, holder, summon, votes: {}, faceUp: [], challenged: [], shown: {} };
    ctx.log(summon ? 'ghost.log.summonStart' : 'ghost.log.exorcismStart', { host: s, ghostCard: imp, seat: holder });
    ctx.push({ t: 'exorcism', stage: 'vote', order: summon ? [s] : voteOrder(g, s), i: 0 });
  },
};

/** The imp's dispel condition right now, as a message ("net 2 red", "any 3 cards"). */
function needMsg(cat: Catalogue, g: G, imp: string) {
  const c = condition(cat, g, imp);
  return c.colour === 'any'
    ? msg('ui.condAny', { n: c.n })
    : msg('ui.condColour', { n: c.n, colour: msg(`colour.${c.colour}`) });
}

/**
 * The vote question states the rule that applies to this imp and this voter (issue 10): colours for and against,
 * or any N cards (no challenge); face up for a 长舌鬼 holder; a summon votes alone.
 */
function voteMsg(cat: Catalogue, g: G, v: number) {
  const vt = g.vote!;
  const c = condition(cat, g, vt.imp);
  const any = c.colour === 'any' ? '.any' : '';
  const key = vt.summon ? `ask.summonVote${any}` : `ask.vote${any}${has(cat, g, v, 'VOTES_FACE_UP') ? '.faceUp' : ''}`;
  return msg(key, {
    ghostCard: vt.imp,
    host: vt.host,
    need: needMsg(cat, g, vt.imp),
    colour: msg(`colour.${c.colour}`),
  });
}

/** May `v` place votes in the running exorcism? */
function mayVote(cat: Catalogue, g: G, v: number): boolean {
  const vt = g.vote!;
  if (g.players[v]!.hand.length === 0 || g.ts.bound.includes(v)) return false;
  if (vt.summon) return v === vt.host;
  if (vt.holder === g.gk && v !== g.gk && g.players[v]!.imps.length >= 2) return false;
  if (vt.holder === v && cat.imp[vt.imp]!.effect === 'NO_VOTE_ON_THIS' && has(cat, g, v, 'NO_VOTE_ON_THIS'))
    return false;
  return true;
}

const physical = (g: G, s: number) => g.vote!.votes[s]?.length ?? 0;

/** Voters the host may still challenge (R5): not himself, not the GK, ≥1 card, once each. */
function challengeable(cat: Catalogue, g: G): number[] {
  const vt = g.vote!;
  if (vt.summon || condition(cat, g, vt.imp).colour === 'any') return [];
  if (physical(g, vt.host) > RULES.hostMaxCardsForChallenge || has(cat, g, vt.host, 'NO_CHALLENGE')) return [];
  return Object.keys(vt.votes)
    .map(Number)
    .filter((v) => v !== vt.host && v !== g.gk && vt.votes[v]!.length > 0 && !vt.challenged.includes(v));
}

/** Voting, challenges and the reveal of one exorcism or summon (seed a1–a5, cards.md §11 step 3). */
export const exorcism: F = {
  run(ctx, f) {
    const g = ctx.g;
    const cat = catOf(ctx);
    const vt = g.vote!;
    if (f.stage === 'vote') {
      const order = f.order as number[];
      while ((f.i as number) < order.length) {
        const v = order[f.i as number]!;
        if (mayVote(cat, g, v)) {
          const cap = has(cat, g, v, 'VOTE_CAP_3') ? 3 : g.players[v]!.hand.length;
          ctx.ask({
            seat: v,
            kind: 'vote',
            message: voteMsg(cat, g, v),
            options: [
              opt('vote', 'opt.vote', undefined, {
                cards: { from: [...g.players[v]!.hand], min: 1, max: Math.min(cap, g.players[v]!.hand.length) },
              }),
              opt('pass', 'opt.noVote'),
            ],
          });
          return 'wait';
        }
        f.i = (f.i as number) + 1;
      }
      f.stage = 'challenge';
    }
    if (f.stage === 'challenge') {
      const can = challengeable(cat, g);
      if (can.length) {
        ctx.ask({
          seat: vt.host,
          kind: 'challenge',
          message: msg('ask.challenge', { ghostCard: vt.imp, need: needMsg(cat, g, vt.imp) }),
          options: [
            opt('challenge', 'opt.challenge', undefined, { seats: { from: can, min: 1, max: 1 } }),
            opt('reveal', 'opt.reveal'),
          ],
        });
        return 'wait';
      }
      f.stage = 'reveal';
    }
    if (f.stage === 'reveal') reveal(ctx);
    return 'done';
  },
  answer(ctx, f, p, a) {
    const g = ctx.g;
    const vt = g.vote!;
    if (f.stage === 'vote') {
      f.i = (f.i as number) + 1;
      if (a.option === 'pass') return;
      const cards = a.cards!;
      const h = g.players[p.seat]!.hand;
      for (const c of cards) h.splice(h.indexOf(c), 1);
      // Kept sorted: the order of an answer's picks (often its hand order) never shows, not even on a challenge.
      vt.votes[p.seat] = [...cards].sort();
      if (has(catOf(ctx), g, p.seat, 'VOTES_FACE_UP')) {
        vt.faceUp.push(p.seat);
        ctx.log('ghost.log.voteFaceUp', { seat: p.seat, cards: vt.votes[p.seat]! });
      } else ctx.log('ghost.log.vote', { seat: p.seat, n: cards.length });
      return;
    }
    if (a.option === 'reveal') {
      f.stage = 'reveal';
      return;
    }
    challenge(ctx, f, a.seats![0]!);
  },
};

function challenge(ctx: C, f: Frame, v: number): void {
  const g = ctx.g;
  const cat = catOf(ctx);
  const vt = g.vote!;
  const cards = vt.votes[v]!;
  const colour = condition(cat, g, vt.imp).colour;
  vt.challenged.push(v);
  vt.shown[v] = [...cards];
  const allPositive = cards.every((c) => isPositive(c, colour));
  ctx.log('ghost.log.challenge', { host: vt.host, voter: v, cards, positive: allPositive ? 1 : 0 });
  if (allPositive) {
    if (g.ts.insight === 1 && vt.host === g.current) {
      g.ts.insight = 2;
      ctx.log('ghost.log.insight', { host: vt.host });
      return;
    }
    const pool = discardGroup(ctx, Object.values(vt.votes).flat());
    g.lastReveal = {
      imp: vt.imp,
      pool,
      red: 0,
      blue: 0,
      need: condition(cat, g, vt.imp).n,
      colour,
      success: false,
      summon: false,
      host: vt.host,
      failedBy: v,
    };
    ctx.log('ghost.log.challengeFails', { host: vt.host, voter: v, ghostCard: vt.imp });
    g.vote = null;
    f.stage = 'over';
    return;
  }
  delete vt.votes[v];
  discardGroup(ctx, cards);
  const bonus = RULES.challengeCatch + (artifactOn(cat, g, vt.host, 'A09') ? 1 : 0);
  gain(g, vt.host, bonus);
  ctx.log('ghost.log.caught', { host: vt.host, voter: v, n: bonus });
  if (artifactOn(cat, g, vt.host, 'A10')) lookIdentity(ctx, vt.host, v);
}

/** Shuffle the pool and count it (§2.10, §2.11); success moves the imp and pays the rewards (§3.3). */
function reveal(ctx: C): void {
  const g = ctx.g;
  const cat = catOf(ctx);
  const vt = g.vote!;
  // The pool goes to the discard pile shuffled before it is counted (seed a5): nothing ties a card to its voter.
  const pool = discardGroup(ctx, Object.values(vt.votes).flat());
  const cond = condition(cat, g, vt.imp);
  let red = 0;
  let blue = 0;
  for (const c of pool) {
    if (colourOf(c) === 'red') red += weightOf(cat, c);
    else blue += weightOf(cat, c);
  }
  const success =
    cond.colour === 'any' ? red + blue >= cond.n : (cond.colour === 'red' ? red - blue : blue - red) >= cond.n;
  g.lastReveal = {
    imp: vt.imp,
    pool,
    red,
    blue,
    need: cond.n,
    colour: cond.colour,
    success,
    summon: vt.summon,
    host: vt.host,
  };
  ctx.log('ghost.log.reveal', {
    ghostCard: vt.imp,
    cards: pool,
    red,
    blue,
    need: needMsg(cat, g, vt.imp),
    result: msg(success ? 'ui.success' : 'ui.failure'),
  });
  const reward = cat.imp[vt.imp]!.reward;
  g.vote = null;
  if (!success) return;
  const imp = takeImp(g, vt.holder, vt.imp);
  if (vt.summon) {
    attach(g, vt.host, imp.id);
    ctx.log('ghost.log.summoned', { seat: vt.host, ghostCard: imp.id, from: vt.holder });
    gain(g, vt.host, reward.spirit);
    draw(ctx, vt.host, reward.draw);
    return;
  }
  g.players[vt.host]!.points.push({ id: imp.id, at: stamp(g) });
  g.lastHost = vt.host;
  g.ts.exorcised = true;
  turnFacts(g).exorcisedFrom.push(vt.holder);
  g.k04 = 0;
  ctx.log('ghost.log.exorcised', { host: vt.host, ghostCard: imp.id, from: vt.holder });
  if (vt.holder !== vt.host && vt.holder !== g.gk) lookIdentity(ctx, vt.host, vt.holder);
  const voters = Object.keys(vt.votes)
    .map(Number)
    .filter((v) => vt.votes[v]!.length > 0);
  const participants = orderFrom(g, vt.host).filter((s) => s === vt.host || voters.includes(s));
  for (const s of participants) {
    gain(g, s, reward.spirit);
    draw(ctx, s, reward.draw);
  }
  ctx.log(`ghost.log.rewards.${reward.spirit && reward.draw ? 'both' : reward.draw ? 'draw' : 'spirit'}`, {
    seats: participants,
    spirit: reward.spirit,
    n: reward.draw,
  });
  if (artifactOn(cat, g, vt.host, 'A01')) gain(g, vt.host, 1);
  for (const s of participants) if (s !== vt.host && artifactOn(cat, g, s, 'A06')) draw(ctx, s);
  if (vt.holder === g.gk && g.players[g.gk]!.imps.length === 0) {
    gkDefeated(ctx, g.current);
    return;
  }
  // Seed 游戏结束 a3: with no GK, the game ends the moment a player has exorcised enough imps — not at the end
  // of the turn, so nothing later in the turn (a heretic's escape, a GK emerging) can keep it going.
  if (g.gk === null && g.players[vt.host]!.points.length >= RULES.endThreshold[g.P]!)
    finish(ctx, 'threshold', { seat: vt.host });
}
