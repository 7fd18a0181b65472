import type { SpellRule } from '../catalogue';

/** This turn, the first time your challenge finds only supporting cards, the exorcism goes on (flow/exorcism.ts). */
export const S13: SpellRule = {
  id: 'S13',
  pick: () => ({}),
  play(ctx) {
    if (ctx.g.ts.insight === 0) ctx.g.ts.insight = 1;
  },
  bot: { keep: 0.3 },
};
