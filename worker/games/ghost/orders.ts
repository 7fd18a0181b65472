/**
 * Standing orders (预设应对) of 驱鬼: rules a seat sets in advance that answer its off-turn prompts — the ⚡
 * reaction windows and the exorcism votes of other hosts. Data plus one pure matcher that reads the public
 * prompt and the asked seat's own identity, never anything that seat cannot see; it answers exactly what the
 * player would send by hand (`pass`), so the engine validates it like any other answer and the log cannot tell.
 * Its labels are the strings `ghost.order.<id>` and `ghost.orderHint.<id>` (i18n/orders.ts).
 */
import type { Answer, GameOrders, Msg, OrderDef, Prompt, SeatOrder } from '../../engine';
import type { GameState } from '../../engine/types';
import { identityColour } from './basics';
import type { Catalogue } from './catalogue';
import type { G } from './state';

const label = (kind: 'order' | 'orderHint', id: string): Msg => ({ key: `ghost.${kind}.${id}` });
const order = (id: string, kinds: string[], o: Partial<OrderDef> = {}): OrderDef => ({
  id,
  message: label('order', id),
  hint: label('orderHint', id),
  kinds,
  ...o,
});

/** The orders, in the order the table lists them and the matcher tries them. */
export const OFFERED: OrderDef[] = [
  order('passWindows', ['respond']),
  // Passing at once exactly when the imp is of the other colour would tell the table this seat's colour.
  order('voteOwnColour', ['vote'], { timing: 'human' }),
];

const WINDOWS = ['ghost.ask.window.before', 'ghost.ask.window.after'];
const pass = (p: Prompt): Answer | null =>
  p.options.some((o) => o.id === 'pass') ? { prompt: p.id, option: 'pass' } : null;

const MATCH: Record<string, (cat: Catalogue, s: GameState<G>, p: Prompt) => Answer | null> = {
  passWindows: (_cat, _s, p) => (WINDOWS.includes(p.message.key) ? pass(p) : null),
  voteOwnColour: (cat, s, p) => {
    const vote = s.g.vote;
    if (p.message.key !== 'ghost.ask.vote' || !vote || vote.summon) return null;
    const mine = identityColour(s.g.players[p.seat]!.identity);
    const imp = cat.imp[vote.imp];
    return mine && imp && imp.colour !== mine ? pass(p) : null;
  },
};

/**
 * The answer the seat's orders give to `p`, or null (ask the player).
 * @example answer(cat, s, p, [{ id: 'passWindows' }]) // { prompt: 'p88', option: 'pass' } in a ⚡ window
 */
export function answer(cat: Catalogue, s: GameState<G>, p: Prompt, orders: SeatOrder[]): Answer | null {
  for (const def of OFFERED) {
    if (!orders.some((o) => o.id === def.id) || !def.kinds.includes(p.kind)) continue;
    const a = MATCH[def.id]!(cat, s, p);
    if (a) return a;
  }
  return null;
}

/** A careful player's choice. */
export const CAREFUL: SeatOrder[] = [{ id: 'passWindows' }, { id: 'voteOwnColour' }];

/** The orders of a game played with `cat`. */
export const ordersFor = (cat: Catalogue): GameOrders<G> => ({
  offered: OFFERED,
  answer: (s, p, o) => answer(cat, s, p, o),
});
