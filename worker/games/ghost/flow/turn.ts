import { RULES } from '../basics';
import { catOf } from '../catalogue';
import { becomeGK, finish, hereticKing, mostImps } from '../rules';
import {
  artifactOn,
  draw,
  effectCount,
  freshTurn,
  gain,
  has,
  orderFrom,
  readFacts,
  see,
  type C,
  type G,
} from '../state';
import type { Step } from '../../../engine/game';
import type { Frame } from '../../../engine/types';
import type { F } from './common';

const hasHeretics = (g: G) => hereticKing(g) !== null;

/** The timing points of a turn, in order (seed 回合流程; cards.md §11): the `step` of the turn frame. */
export type TurnStep =
  | 'start' // 回合开始
  | 'draw' // 抽卡阶段
  | 'dayStart' // 白昼阶段 (the day frame)
  | 'night' // 黑夜阶段: 鬼王抽牌, then the ⚡ window 鬼魂出没前
  | 'haunt' // 鬼魂出没
  | 'after' // the ⚡ window 鬼魂出没后
  | 'exorcise' // 驱鬼 / 招魂
  | 'escape' // 邪道脱身
  | 'emerge' // 鬼王的产生, then the ghost-king card
  | 'endTurn' // 回合结束 (弃牌)
  | 'end'; // 游戏结束判定, then the next seat clockwise

const go = (f: Frame, step: TurnStep): Step => {
  f.step = step;
  return 'again';
};

/** One turn of one player: walks the timing points of `TurnStep`. */
export const turn: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = g.current;
    const p = g.players[s]!;
    const gk = g.gk === s;
    const cat = catOf(ctx);
    switch (f.step as TurnStep) {
      case 'start': {
        g.phase = 'start';
        p.warded = false;
        p.clearMind = false;
        g.shownCard = null;
        ctx.log('ghost.log.turn', { seat: s, turn: g.turn });
        const lose = Math.min(p.spirit, effectCount(cat, g, s, 'LOSE_SPIRIT_TURN_START'));
        if (lose > 0) {
          p.spirit -= lose;
          ctx.log('ghost.log.loseSpirit', { seat: s, n: lose });
        }
        return go(f, gk ? 'night' : 'draw');
      }
      case 'draw': {
        g.phase = 'draw';
        const n = Math.max(0, 2 - effectCount(cat, g, s, 'DRAW_MINUS_1'));
        const got = draw(ctx, s, n);
        const sp =
          (has(cat, g, s, 'NO_DRAW_PHASE_SPIRIT') ? 0 : 1) +
          effectCount(cat, g, s, 'PERK_EXTRA_SPIRIT') +
          (artifactOn(cat, g, s, 'A04') ? 1 : 0);
        gain(g, s, sp);
        ctx.log('ghost.log.drawPhase', { seat: s, n: got, spirit: sp });
        return go(f, 'dayStart');
      }
      case 'dayStart': {
        g.phase = 'day';
        if (artifactOn(cat, g, s, 'A03') && g.ghost.length) {
          const top = g.ghost[g.ghost.length - 1]!;
          see(g, s, 'ghostTop', null, [top]);
          ctx.log('ghost.log.luopan', { seat: s, ghostCard: top }, [s]);
        }
        if (has(cat, g, s, 'GAMBLE') && p.hand.length) {
          const c = p.hand.splice(ctx.rng.int(p.hand.length), 1)[0]!;
          g.discard.push(c);
          ctx.log('ghost.log.gamble', { seat: s, cards: [c] });
          draw(ctx, s);
        }
        if (has(cat, g, s, 'REVEAL_CARD_DAY') && p.hand.length) {
          g.shownCard = p.hand[ctx.rng.int(p.hand.length)]!;
          ctx.log('ghost.log.shownCard', { seat: s, card: g.shownCard });
        }
        ctx.push({ t: 'day', seat: s, over: false });
        return go(f, 'night');
      }
      case 'night': {
        g.phase = 'night';
        if (g.gk === s) {
          draw(ctx, s);
          ctx.log('ghost.log.gkDraw', { seat: s });
        }
        ctx.push({ t: 'window', w: 'before', order: orderFrom(g, s), i: 0 });
        return go(f, 'haunt');
      }
      case 'haunt':
        g.phase = 'haunt';
        ctx.push({ t: 'flip' });
        return go(f, 'after');
      case 'after':
        g.phase = 'night';
        ctx.push({ t: 'window', w: 'after', order: orderFrom(g, s), i: 0 });
        return go(f, 'exorcise');
      case 'exorcise':
        g.phase = 'exorcism';
        if (g.ts.ghostWall) ctx.log('ghost.log.ghostWall');
        else ctx.push({ t: 'host', seat: s, over: false });
        return go(f, 'escape');
      case 'escape':
        if (g.gk === null && hasHeretics(g)) ctx.push({ t: 'escape', order: orderFrom(g, s), i: 0 });
        return go(f, 'emerge');
      case 'emerge':
        emergence(ctx);
        if (ctx.s.outcome) return 'done';
        return go(f, 'endTurn');
      case 'endTurn':
        g.phase = 'end';
        if (g.gk !== s) ctx.push({ t: 'endDiscard', seat: s, stage: 0 });
        return go(f, 'end');
      case 'end': {
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
  const cat = catOf(ctx);
  if (g.gk !== null && g.gkTurn !== g.turn && !g.ts.exorcised) g.k04++;
  if (g.gk === null) {
    const t = readFacts(g);
    const third = t.thirdImp.filter(
      (s) => !t.exorcisedFrom.includes(s) && g.players[s]!.imps.length >= RULES.gkEmergePlayerImps,
    );
    const hk = hereticKing(g);
    if (hk !== null && third.includes(hk)) {
      ctx.log('ghost.log.hereticKingFalls', { seat: hk });
      finish(ctx, 'hereticKing', { seat: hk });
      return;
    }
    const q = third.length
      ? mostImps(
          g,
          g.players.map((_, s) => s).filter((s) => !third.includes(s)),
        )
      : t.seventh && !g.ts.exorcised
        ? mostImps(g)
        : null;
    if (q !== null) becomeGK(ctx, hk ?? q, q);
  }
  if (g.gk !== null && g.gkTurn !== g.turn && cat.kingRule[g.kingCard]!(g)) finish(ctx, 'gkCard', { king: g.kingCard });
}
