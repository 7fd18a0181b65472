/**
 * Standing orders (预设应对) of 驱鬼: rules a seat sets in advance that answer its off-turn prompts — the ⚡
 * reaction windows and the exorcism votes of other hosts. Data plus one pure matcher that reads the public
 * prompt and the asked seat's own identity, never anything that seat cannot see; it answers exactly what the
 * player would send by hand (`pass`), so the engine validates it like any other answer and the log cannot tell.
 * It imports only the card catalogue, so the client can list the orders too.
 */
import type { Answer, GameOrders, Msg, OrderDef, Prompt, SeatOrder } from '../../engine';
import { IMP, identityColour } from './cards';
import type { G } from './state';
import type { GameState } from '../../engine/types';

/** [zh-CN, zh-TW, en] per key: each order's label (`ghost.order.<id>`) and explanation (`ghost.orderHint.<id>`). */
export const ORDER_ROWS: Record<string, [string, string, string]> = {
  'ghost.order.passWindows': ['反应窗口一律不出牌', '反應窗口一律不出牌', 'Pass every reaction window'],
  'ghost.orderHint.passWindows': ['鬼魂出没前后的⚡窗口都立即回答“不使用”（下次仍会询问，可随时改）。', '鬼魂出沒前後的⚡窗口都立即回答「不使用」（下次仍會詢問，可隨時改）。', 'The ⚡ windows before and after the haunting are passed at once (you can change this at any time).'],
  'ghost.order.voteOwnColour': ['只为本方颜色的小鬼投票', '只為本方顏色的小鬼投票', 'Vote only on imps of my colour'],
  'ghost.orderHint.voteOwnColour': ['别人发起驱除另一种颜色的小鬼时不投票；是你本方颜色的小鬼时照常询问你。邪道总是被询问。为免泄露身份，稍作停顿后才回答。', '別人發起驅除另一種顏色的小鬼時不投票；是你本方顏色的小鬼時照常詢問你。邪道總是被詢問。為免洩露身分，稍作停頓後才回答。', 'When someone exorcises an imp of the other colour you do not vote; for an imp of your colour you are asked. A heretic is always asked. Answered after a pause, so the timing does not give your identity away.'],
};

const label = (kind: 'order' | 'orderHint', id: string): Msg => ({ key: `ghost.${kind}.${id}` });
const order = (id: string, kinds: string[], o: Partial<OrderDef> = {}): OrderDef => ({ id, message: label('order', id), hint: label('orderHint', id), kinds, ...o });

/** The orders, in the order the table lists them and the matcher tries them. */
export const OFFERED: OrderDef[] = [
  order('passWindows', ['respond']),
  // Passing at once exactly when the imp is of the other colour would tell the table this seat's colour.
  order('voteOwnColour', ['vote'], { timing: 'human' }),
];

const WINDOWS = ['ghost.ask.window.before', 'ghost.ask.window.after'];
const pass = (p: Prompt): Answer | null => (p.options.some((o) => o.id === 'pass') ? { prompt: p.id, option: 'pass' } : null);

const MATCH: Record<string, (s: GameState<G>, p: Prompt) => Answer | null> = {
  passWindows: (_s, p) => (WINDOWS.includes(p.message.key) ? pass(p) : null),
  voteOwnColour: (s, p) => {
    const vote = s.g.vote;
    if (p.message.key !== 'ghost.ask.vote' || !vote || vote.summon) return null;
    const mine = identityColour(s.g.players[p.seat]!.identity);
    const imp = IMP[vote.imp];
    return mine && imp && imp.colour !== mine ? pass(p) : null;
  },
};

/**
 * The answer the seat's orders give to `p`, or null (ask the player).
 * @example answer(s, p, [{ id: 'passWindows' }]) // { prompt: 'p88', option: 'pass' } in a ⚡ window
 */
export function answer(s: GameState<G>, p: Prompt, orders: SeatOrder[]): Answer | null {
  for (const def of OFFERED) {
    if (!orders.some((o) => o.id === def.id) || !def.kinds.includes(p.kind)) continue;
    const a = MATCH[def.id]!(s, p);
    if (a) return a;
  }
  return null;
}

/** A careful player's choice. */
export const CAREFUL: SeatOrder[] = [{ id: 'passWindows' }, { id: 'voteOwnColour' }];

export const orders: GameOrders<G> = { offered: OFFERED, answer };
