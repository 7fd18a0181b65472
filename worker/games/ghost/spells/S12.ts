import type { SpellRule } from '../catalogue';
import { see } from '../state';
import { oneSeat, others, target } from './common';

/** Look at 2 random cards in another player's hand. */
export const S12: SpellRule = {
  id: 'S12',
  pick: (_cat, g, s) => oneSeat(others(g, s)),
  play(ctx, s, a) {
    const shown = ctx.rng.shuffle([...ctx.g.players[target(a)]!.hand]).slice(0, 2);
    see(ctx.g, s, 'cards', target(a), shown);
    ctx.log('ghost.log.probed', { seat: s, target: target(a), cards: shown }, [s]);
  },
  bot: { keep: 0.3 },
};
