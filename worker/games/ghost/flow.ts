import type { FrameDef } from '../../engine/game';
import type { Answer, Frame, Json, Option } from '../../engine/types';
import { EVENT, IMP, KING, RULES, colourOf, isArtifact, isImp, weightOf } from './cards';
import { EVENT_RULES } from './events';
import { KING_RULES } from './kings';
import { eligibleSeats, receiverOf } from './possession';
import { attach, becomeGK, finish, gkDefeated, hereticGKCheck, hereticKing, mostImps, repossess } from './rules';
import { lookIdentity, playable, playSpell } from './spells';
import {
  artifactOn,
  buyCost,
  condition,
  discardFromHand,
  discardGroup,
  draw,
  effectCount,
  freshTurn,
  gain,
  handLimit,
  has,
  holderOf,
  isPositive,
  orderFrom,
  see,
  stamp,
  readFacts,
  takeImp,
  turnFacts,
  voteOrder,
  type C,
  type G,
} from './state';

type F = FrameDef<G>;
const msg = (key: string, params?: Record<string, any>): { key: string; params?: Record<string, Json> } & Record<string, Json> => (params ? { key: `ghost.${key}`, params } : { key: `ghost.${key}` });
const opt = (id: string, key: string, params?: Record<string, any>, extra: Partial<Option> = {}): Option => ({ id, message: msg(key, params), ...extra });
const hasHeretics = (g: G) => hereticKing(g) !== null;

/** Options to play each spell in `s`'s hand in a window ('day' = his own day phase). */
function spellOptions(g: G, s: number, window: 'day' | 'before' | 'after'): Option[] {
  const out: Option[] = [];
  for (const card of g.players[s]!.hand) {
    const pick = playable(g, s, card, window);
    if (pick) out.push(opt(`play:${card}`, 'opt.play', { card }, pick));
  }
  return out;
}

/** Ask `seat` to discard exactly `n` cards of his choice; the frame's `answer` is `discarded`. */
function askDiscard(ctx: C, seat: number, n: number, why: string): void {
  const hand = ctx.g.players[seat]!.hand;
  ctx.ask({ seat, kind: 'discard', message: msg(`ask.${why}`, { n }), options: [opt('discard', 'opt.discard', { n }, { cards: { from: [...hand], min: n, max: n } })] });
}

/** The answer to an `askDiscard` prompt. */
const discarded: F['answer'] = (ctx, _f, p, a) => {
  const cards = discardFromHand(ctx, p.seat, a.cards!);
  ctx.log('ghost.log.discarded', { seat: p.seat, cards });
};

/**
 * One turn of one player (seed 回合流程; cards.md §11). `step` walks the timing points in order:
 * start 回合开始 → draw 抽卡阶段 → dayStart/day 白昼阶段 → night 黑夜阶段 (鬼王抽牌, ⚡ window 鬼魂出没前) →
 * haunt 鬼魂出没 → after (⚡ window 鬼魂出没后) → exorcise 驱鬼/招魂 → escape 邪道脱身 → emerge 鬼王的产生 and
 * 鬼王牌 → endTurn 回合结束 (弃牌) → end 游戏结束判定, then the next seat clockwise.
 */
const turn: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = g.current;
    const p = g.players[s]!;
    const gk = g.gk === s;
    switch (f.step) {
      case 'start': {
        g.phase = 'start';
        p.warded = false;
        p.clearMind = false;
        g.shownCard = null;
        ctx.log('ghost.log.turn', { seat: s, turn: g.turn });
        const lose = Math.min(p.spirit, effectCount(g, s, 'LOSE_SPIRIT_TURN_START'));
        if (lose > 0) {
          p.spirit -= lose;
          ctx.log('ghost.log.loseSpirit', { seat: s, n: lose });
        }
        f.step = gk ? 'night' : 'draw';
        return 'again';
      }
      case 'draw': {
        g.phase = 'draw';
        const n = Math.max(0, 2 - effectCount(g, s, 'DRAW_MINUS_1'));
        const got = draw(ctx, s, n);
        const sp = (has(g, s, 'NO_DRAW_PHASE_SPIRIT') ? 0 : 1) + effectCount(g, s, 'PERK_EXTRA_SPIRIT') + (artifactOn(g, s, 'A04') ? 1 : 0);
        gain(g, s, sp);
        ctx.log('ghost.log.drawPhase', { seat: s, n: got, spirit: sp });
        f.step = 'dayStart';
        return 'again';
      }
      case 'dayStart': {
        g.phase = 'day';
        if (artifactOn(g, s, 'A03') && g.ghost.length) {
          const top = g.ghost[g.ghost.length - 1]!;
          see(g, s, 'ghostTop', null, [top]);
          ctx.log('ghost.log.luopan', { seat: s, ghostCard: top }, [s]);
        }
        if (has(g, s, 'GAMBLE') && p.hand.length) {
          const c = p.hand.splice(ctx.rng.int(p.hand.length), 1)[0]!;
          g.discard.push(c);
          ctx.log('ghost.log.gamble', { seat: s, cards: [c] });
          draw(ctx, s);
        }
        if (has(g, s, 'REVEAL_CARD_DAY') && p.hand.length) {
          g.shownCard = p.hand[ctx.rng.int(p.hand.length)]!;
          ctx.log('ghost.log.shownCard', { seat: s, card: g.shownCard });
        }
        ctx.push({ t: 'day', seat: s, over: false });
        f.step = 'night';
        return 'again';
      }
      case 'night': {
        g.phase = 'night';
        if (g.gk === s) {
          draw(ctx, s);
          ctx.log('ghost.log.gkDraw', { seat: s });
        }
        ctx.push({ t: 'window', w: 'before', order: orderFrom(g, s), i: 0 });
        f.step = 'haunt';
        return 'again';
      }
      case 'haunt':
        g.phase = 'haunt';
        ctx.push({ t: 'flip' });
        f.step = 'after';
        return 'again';
      case 'after':
        g.phase = 'night';
        ctx.push({ t: 'window', w: 'after', order: orderFrom(g, s), i: 0 });
        f.step = 'exorcise';
        return 'again';
      case 'exorcise':
        g.phase = 'exorcism';
        if (g.ts.ghostWall) ctx.log('ghost.log.ghostWall');
        else ctx.push({ t: 'host', seat: s, over: false });
        f.step = 'escape';
        return 'again';
      case 'escape':
        if (g.gk === null && hasHeretics(g)) ctx.push({ t: 'escape', order: orderFrom(g, s), i: 0 });
        f.step = 'emerge';
        return 'again';
      case 'emerge':
        emergence(ctx);
        if (ctx.s.outcome) return 'done';
        f.step = 'endTurn';
        return 'again';
      case 'endTurn':
        g.phase = 'end';
        if (g.gk !== s) ctx.push({ t: 'endDiscard', seat: s, stage: 0 });
        f.step = 'end';
        return 'again';
      default: {
        if (g.ghost.length === 0) {
          finish(ctx, g.gk !== null ? 'gkDeck' : 'deck');
          return 'done';
        }
        g.current = (s + 1) % g.P;
        g.turn++;
        g.ts = freshTurn(g.P);
        g.vote = null;
        ctx.push({ t: 'turn', step: 'start' });
        return 'done';
      }
    }
  },
  answer() {},
};

/**
 * GK emergence (seed 鬼王的产生 a/b and 邪道 a–c; R8–R10, R21), then the ghost-king card (§7); once per turn,
 * at the end of the night. (a) A player whose 3rd imp arrived this turn qualifies unless one of his own imps
 * was exorcised this turn — someone else's exorcism does not save him. (b) The 7th table imp arrived this turn
 * and no imp anywhere was exorcised: the most possessed player qualifies. A qualifying 邪道(王) loses at once;
 * any other qualifier makes the 邪道(王), if there is one, the GK instead.
 */
function emergence(ctx: C): void {
  const g = ctx.g;
  if (g.gk !== null && g.gkTurn !== g.turn && !g.ts.exorcised) g.k04++;
  if (g.gk === null) {
    const t = readFacts(g);
    const third = t.thirdImp.filter((s) => !t.exorcisedFrom.includes(s) && g.players[s]!.imps.length >= RULES.gkEmergePlayerImps);
    const hk = hereticKing(g);
    if (hk !== null && third.includes(hk)) {
      ctx.log('ghost.log.hereticKingFalls', { seat: hk });
      return finish(ctx, 'hereticKing', { seat: hk });
    }
    const q = third.length ? mostImps(g, g.players.map((_, s) => s).filter((s) => !third.includes(s))) : t.seventh && !g.ts.exorcised ? mostImps(g) : null;
    if (q !== null) becomeGK(ctx, hk ?? q, q);
  }
  if (g.gk !== null && g.gkTurn !== g.turn && KING_RULES[KING[g.kingCard]!.key]!(g)) finish(ctx, 'gkCard', { king: g.kingCard });
}

/** The current player's day phase: buy, equip, spells, the heretic's action, or end the day. */
const day: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = f.seat as number;
    if (f.over || g.gk === s) return 'done';
    const p = g.players[s]!;
    const options: Option[] = [];
    const cost = buyCost(g, s);
    if (cost !== null && p.spirit >= cost) options.push(opt('buy', 'opt.buy', { n: cost }));
    const arts = p.hand.filter(isArtifact);
    if (arts.length && !g.ts.equipped && !has(g, s, 'NO_EQUIP')) options.push(opt('equip', 'opt.equip', undefined, { cards: { from: arts, min: 1, max: 1 } }));
    options.push(...spellOptions(g, s, 'day'));
    if (g.gk === null && p.identity.startsWith('heretic') && !p.hereticUsed) {
      const two = g.players.flatMap((q, i) => (q.imps.length === 2 ? [i] : []));
      if (two.length) options.push(opt('heretic', 'opt.heretic', undefined, { seats: { from: two, min: 1, max: 1 } }));
    }
    if (p.autoPass) options.push(opt('askReactions', 'opt.askReactions'));
    options.push(opt('end', 'opt.endDay'));
    ctx.ask({ seat: s, kind: 'play', message: msg('ask.day'), options });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const g = ctx.g;
    const s = f.seat as number;
    const p = g.players[s]!;
    if (a.option === 'end') {
      f.over = true;
      return;
    }
    if (a.option === 'askReactions') {
      p.autoPass = false;
      return;
    }
    if (a.option === 'buy') {
      const cost = buyCost(g, s)!;
      p.spirit -= cost;
      g.ts.purchases++;
      draw(ctx, s);
      ctx.log('ghost.log.buy', { seat: s, n: cost });
      return;
    }
    if (a.option === 'equip') {
      const card = a.cards![0]!;
      p.hand.splice(p.hand.indexOf(card), 1);
      if (p.artifact) g.discard.push(p.artifact);
      p.artifact = card;
      g.ts.equipped = true;
      ctx.log('ghost.log.equip', { seat: s, card });
      return;
    }
    if (a.option === 'heretic') {
      const t = a.seats![0]!;
      p.hereticUsed = true;
      p.revealed = true;
      ctx.log('ghost.log.hereticReveal', { seat: s, identity: { key: `ghost.identity.${p.identity}` }, target: t });
      discardFromHand(ctx, s, [...p.hand]);
      repossess(ctx, g.players[t]!.imps.splice(0), []);
      hereticGKCheck(ctx);
      return;
    }
    if (a.option.startsWith('play:')) return playSpell(ctx, s, a.option.slice(5), a, 'day');
    return 'unknown option';
  },
};

/** A ⚡ reaction window (cards.md §2.8): holders of a playable ⚡ card are asked in turn order. */
const window: F = {
  run(ctx, f) {
    const g = ctx.g;
    const order = f.order as number[];
    while ((f.i as number) < order.length) {
      const s = order[f.i as number]!;
      const plays = g.players[s]!.autoPass ? [] : spellOptions(g, s, f.w as 'before' | 'after');
      if (plays.length) {
        ctx.ask({ seat: s, kind: 'respond', message: msg(`ask.window.${f.w}`), options: [...plays, opt('pass', 'opt.pass'), opt('passAlways', 'opt.passAlways')] });
        return 'wait';
      }
      f.i = (f.i as number) + 1;
    }
    return 'done';
  },
  answer(ctx, f, p, a) {
    if (a.option === 'pass' || a.option === 'passAlways') {
      if (a.option === 'passAlways') ctx.g.players[p.seat]!.autoPass = true;
      f.i = (f.i as number) + 1;
      return;
    }
    if (!a.option.startsWith('play:')) return 'unknown option';
    return playSpell(ctx, p.seat, a.option.slice(5), a, f.w as 'before' | 'after');
  },
};

/** Flip the top ghost card (鬼魂出没): an imp possesses someone, an event resolves. */
const flip: F = {
  run(ctx) {
    const g = ctx.g;
    const card = g.ghost.pop();
    if (!card) {
      ctx.log('ghost.log.ghostEmpty');
      return 'done';
    }
    ctx.log('ghost.log.flip', { seat: g.current, ghostCard: card });
    if (isImp(card)) {
      g.limbo.push(card);
      ctx.push({ t: 'possess', imp: card, stage: 0, to: -1 });
    } else {
      g.eventPile.push(card);
      EVENT_RULES[EVENT[card]!.key]!(ctx);
    }
    return 'done';
  },
  answer() {},
};

/** A fresh possession: receiver per the imp's condition, the half-hand rule (seed, R13), then attach. */
const possess: F = {
  run(ctx, f) {
    const g = ctx.g;
    const imp = f.imp as string;
    if (f.stage === 0) {
      const to = receiverOf(g, imp, eligibleSeats(g));
      f.to = to;
      f.stage = 1;
      const h = g.players[to]!.hand.length;
      if (g.gk !== null && g.players[to]!.imps.length >= 2 && h >= 2) {
        ctx.log('ghost.log.halfHand', { seat: to, n: Math.floor(h / 2) });
        askDiscard(ctx, to, Math.floor(h / 2), 'halfHand');
        return 'wait';
      }
    }
    g.limbo.splice(g.limbo.indexOf(imp), 1);
    attach(g, f.to as number, imp);
    ctx.log('ghost.log.possess', { ghostCard: imp, seat: f.to as number });
    return 'done';
  },
  answer: discarded,
};

/** Imps `s` may target now: as host (R3, GK imps only with ≤1 imp, not his own 替死鬼) or as GK (summon, R17). */
export function targets(g: G, s: number): string[] {
  const out: string[] = [];
  g.players.forEach((q, holder) => {
    for (const i of q.imps) {
      if (g.gk === s) {
        if (holder !== s) out.push(i.id);
        continue;
      }
      if (holder === g.gk && g.players[s]!.imps.length >= 2) continue;
      if (holder === s && IMP[i.id]!.effect === 'NO_HOST_ON_THIS' && has(g, s, 'NO_HOST_ON_THIS')) continue;
      out.push(i.id);
    }
  });
  return out;
}

/** The host chooses a target imp (驱鬼) or the GK one to summon (招魂), or passes. */
const host: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = f.seat as number;
    if (f.over) return 'done';
    const ts = targets(g, s);
    if (!ts.length) return 'done';
    const summon = g.gk === s;
    ctx.ask({
      seat: s,
      kind: summon ? 'summon' : 'host',
      message: msg(summon ? 'ask.summon' : 'ask.host'),
      options: [opt('target', summon ? 'opt.summon' : 'opt.exorcise', undefined, { cards: { from: ts, min: 1, max: 1 } }), opt('pass', 'opt.noExorcism')],
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
function needMsg(g: G, imp: string) {
  const c = condition(g, imp);
  return c.colour === 'any' ? msg('ui.condAny', { n: c.n }) : msg('ui.condColour', { n: c.n, colour: msg(`colour.${c.colour}`) });
}

/**
 * The vote question states the rule that applies to this imp and this voter (issue 10): colours for and against,
 * or any N cards (no challenge); face up for a 长舌鬼 holder; a summon votes alone.
 */
function voteMsg(g: G, v: number) {
  const vt = g.vote!;
  const c = condition(g, vt.imp);
  const any = c.colour === 'any' ? '.any' : '';
  const key = vt.summon ? `ask.summonVote${any}` : `ask.vote${any}${has(g, v, 'VOTES_FACE_UP') ? '.faceUp' : ''}`;
  return msg(key, { ghostCard: vt.imp, host: vt.host, need: needMsg(g, vt.imp), colour: msg(`colour.${c.colour}`) });
}

/** May `v` place votes in the running exorcism? */
function mayVote(g: G, v: number): boolean {
  const vt = g.vote!;
  if (g.players[v]!.hand.length === 0 || g.ts.bound.includes(v)) return false;
  if (vt.summon) return v === vt.host;
  if (vt.holder === g.gk && v !== g.gk && g.players[v]!.imps.length >= 2) return false;
  if (vt.holder === v && IMP[vt.imp]!.effect === 'NO_VOTE_ON_THIS' && has(g, v, 'NO_VOTE_ON_THIS')) return false;
  return true;
}

const physical = (g: G, s: number) => g.vote!.votes[s]?.length ?? 0;

/** Voters the host may still challenge (R5): not himself, not the GK, ≥1 card, once each. */
export function challengeable(g: G): number[] {
  const vt = g.vote!;
  if (vt.summon || condition(g, vt.imp).colour === 'any') return [];
  if (physical(g, vt.host) > RULES.hostMaxCardsForChallenge || has(g, vt.host, 'NO_CHALLENGE')) return [];
  return Object.keys(vt.votes)
    .map(Number)
    .filter((v) => v !== vt.host && v !== g.gk && vt.votes[v]!.length > 0 && !vt.challenged.includes(v));
}

/** Voting, challenges and the reveal of one exorcism or summon (seed a1–a5, cards.md §11 step 3). */
const exorcism: F = {
  run(ctx, f) {
    const g = ctx.g;
    const vt = g.vote!;
    if (f.stage === 'vote') {
      const order = f.order as number[];
      while ((f.i as number) < order.length) {
        const v = order[f.i as number]!;
        if (mayVote(g, v)) {
          const cap = has(g, v, 'VOTE_CAP_3') ? 3 : g.players[v]!.hand.length;
          ctx.ask({
            seat: v,
            kind: 'vote',
            message: voteMsg(g, v),
            options: [opt('vote', 'opt.vote', undefined, { cards: { from: [...g.players[v]!.hand], min: 1, max: Math.min(cap, g.players[v]!.hand.length) } }), opt('pass', 'opt.noVote')],
          });
          return 'wait';
        }
        f.i = (f.i as number) + 1;
      }
      f.stage = 'challenge';
    }
    if (f.stage === 'challenge') {
      const can = challengeable(g);
      if (can.length) {
        ctx.ask({ seat: vt.host, kind: 'challenge', message: msg('ask.challenge', { ghostCard: vt.imp, need: needMsg(g, vt.imp) }), options: [opt('challenge', 'opt.challenge', undefined, { seats: { from: can, min: 1, max: 1 } }), opt('reveal', 'opt.reveal')] });
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
      if (has(g, p.seat, 'VOTES_FACE_UP')) {
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
  const vt = g.vote!;
  const cards = vt.votes[v]!;
  const colour = condition(g, vt.imp).colour;
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
    g.lastReveal = { imp: vt.imp, pool, red: 0, blue: 0, need: condition(g, vt.imp).n, colour, success: false, summon: false, host: vt.host, failedBy: v };
    ctx.log('ghost.log.challengeFails', { host: vt.host, voter: v, ghostCard: vt.imp });
    g.vote = null;
    f.stage = 'over';
    return;
  }
  delete vt.votes[v];
  discardGroup(ctx, cards);
  const bonus = RULES.challengeCatch + (artifactOn(g, vt.host, 'A09') ? 1 : 0);
  gain(g, vt.host, bonus);
  ctx.log('ghost.log.caught', { host: vt.host, voter: v, n: bonus });
  if (artifactOn(g, vt.host, 'A10')) lookIdentity(ctx, vt.host, v);
}

/** Shuffle the pool and count it (§2.10, §2.11); success moves the imp and pays the rewards (§3.3). */
function reveal(ctx: C): void {
  const g = ctx.g;
  const vt = g.vote!;
  // The pool goes to the discard pile shuffled before it is counted (seed a5): nothing ties a card to its voter.
  const pool = discardGroup(ctx, Object.values(vt.votes).flat());
  const cond = condition(g, vt.imp);
  let red = 0;
  let blue = 0;
  for (const c of pool) {
    if (colourOf(c) === 'red') red += weightOf(c);
    else blue += weightOf(c);
  }
  const success = cond.colour === 'any' ? red + blue >= cond.n : (cond.colour === 'red' ? red - blue : blue - red) >= cond.n;
  g.lastReveal = { imp: vt.imp, pool, red, blue, need: cond.n, colour: cond.colour, success, summon: vt.summon, host: vt.host };
  ctx.log('ghost.log.reveal', { ghostCard: vt.imp, cards: pool, red, blue, need: needMsg(g, vt.imp), result: msg(success ? 'ui.success' : 'ui.failure') });
  const reward = IMP[vt.imp]!.reward;
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
  const voters = Object.keys(vt.votes).map(Number).filter((v) => vt.votes[v]!.length > 0);
  const participants = orderFrom(g, vt.host).filter((s) => s === vt.host || voters.includes(s));
  for (const s of participants) {
    gain(g, s, reward.spirit);
    draw(ctx, s, reward.draw);
  }
  ctx.log(`ghost.log.rewards.${reward.spirit && reward.draw ? 'both' : reward.draw ? 'draw' : 'spirit'}`, { seats: participants, spirit: reward.spirit, n: reward.draw });
  if (artifactOn(g, vt.host, 'A01')) gain(g, vt.host, 1);
  for (const s of participants) if (s !== vt.host && artifactOn(g, s, 'A06')) draw(ctx, s);
  if (vt.holder === g.gk && g.players[g.gk]!.imps.length === 0) return gkDefeated(ctx, g.current);
  // Seed 游戏结束 a3: with no GK, the game ends the moment a player has exorcised enough imps — not at the end
  // of the turn, so nothing later in the turn (a heretic's escape, a GK emerging) can keep it going.
  if (g.gk === null && g.players[vt.host]!.points.length >= RULES.endThreshold[g.P]!) finish(ctx, 'threshold', { seat: vt.host });
}

/** Heretic escape (R20 b): everyone with ≥3 imps is asked, so the question itself reveals nothing. */
const escape: F = {
  run(ctx, f) {
    const g = ctx.g;
    const order = f.order as number[];
    while (g.gk === null && (f.i as number) < order.length) {
      const s = order[f.i as number]!;
      const p = g.players[s]!;
      if (p.imps.length >= RULES.gkEmergePlayerImps) {
        const options = [opt('continue', 'opt.continue')];
        if (p.identity.startsWith('heretic') && !p.hereticUsed) options.push(opt('escape', 'opt.escape'));
        ctx.ask({ seat: s, kind: 'escape', message: msg('ask.escape'), options });
        return 'wait';
      }
      f.i = (f.i as number) + 1;
    }
    return 'done';
  },
  answer(ctx, f, p, a) {
    f.i = (f.i as number) + 1;
    if (a.option !== 'escape') return;
    const g = ctx.g;
    const me = g.players[p.seat]!;
    me.hereticUsed = true;
    me.revealed = true;
    ctx.log('ghost.log.hereticEscape', { seat: p.seat, identity: { key: `ghost.identity.${me.identity}` } });
    discardFromHand(ctx, p.seat, [...me.hand]);
    repossess(ctx, me.imps.splice(0), [p.seat]);
    hereticGKCheck(ctx);
  },
};

/** End of turn: 冒失鬼's discard, then down to the hand limit (seed; the GK has none). */
const endDiscard: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = f.seat as number;
    const h = g.players[s]!.hand.length;
    if (g.gk === s) return 'done';
    if (f.stage === 0) {
      f.stage = 1;
      if (has(g, s, 'END_TURN_DISCARD') && h > 0) {
        askDiscard(ctx, s, 1, 'reckless');
        return 'wait';
      }
    }
    if (f.stage === 1) {
      f.stage = 2;
      const over = h - handLimit(g, s);
      if (over > 0) {
        askDiscard(ctx, s, over, 'handLimit');
        return 'wait';
      }
    }
    return 'done';
  },
  answer: discarded,
};

/** 观星术: keep both on top in either order, or one to the bottom (cards.md S05). */
const stargaze: F = {
  run(ctx, f) {
    if (f.done) return 'done';
    const cards = f.cards as string[];
    const options = cards.length === 2
      ? [opt(`top:${cards[0]}`, 'opt.gazeTop', { ghostCard: cards[0]!, second: cards[1]! }), opt(`top:${cards[1]}`, 'opt.gazeTop', { ghostCard: cards[1]!, second: cards[0]! }), opt(`bottom:${cards[0]}`, 'opt.gazeBottom', { ghostCard: cards[0]! }), opt(`bottom:${cards[1]}`, 'opt.gazeBottom', { ghostCard: cards[1]! })]
      : [opt(`top:${cards[0]}`, 'opt.gazeKeep', { ghostCard: cards[0]! }), opt(`bottom:${cards[0]}`, 'opt.gazeBottom', { ghostCard: cards[0]! })];
    ctx.ask({ seat: f.seat as number, kind: 'arrange', message: msg('ask.gaze', { ghostCards: cards }), options });
    return 'wait';
  },
  answer(ctx, f, _p, a: Answer) {
    const g = ctx.g;
    const cards = f.cards as string[];
    const [how, card] = a.option.split(':') as [string, string];
    const other = cards.find((c) => c !== card);
    g.ghost.splice(g.ghost.length - cards.length, cards.length);
    if (how === 'top') {
      if (other) g.ghost.push(other);
      g.ghost.push(card);
    } else {
      g.ghost.unshift(card);
      if (other) g.ghost.push(other);
    }
    f.done = true;
    ctx.log('ghost.log.gazed', { seat: f.seat as number, n: cards.length, bottom: how === 'bottom' ? 1 : 0 });
  },
};

/** Every frame of the flow, by the `t` stored in the state. */
export const FRAMES: Record<string, F> = { turn, day, window, flip, possess, host, exorcism, escape, endDiscard, stargaze };
