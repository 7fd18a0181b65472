import { P, sgs } from '../core';
import type { SgsSkill } from '../types';

/**
 * 苦肉 (黄盖): in your play phase, any number of times, lose 1 HP (not damage), then draw two cards. It may put you
 * into dying; the draw comes only if you survive it.
 */
export const kurou: SgsSkill = {
  id: 'kurou',
  active: {
    option: () => ({}),
    /** Only when safe: three or more HP left before it, so the loss never puts 黄盖 into dying. */
    bot(k, seat, o, prompt) {
      const s = k.s;
      return P(s.g, seat).hp >= 3 ? { score: 24, answer: { prompt, option: o.id } } : null;
    },
    use(ctx, seat) {
      ctx.log('sgs.log.skillUse', { seat, skill: { key: 'sgs.skill.kurou' } });
      // The draw waits below the HP loss (and the dying it may cause); a dead 黄盖 draws nothing.
      ctx.push({ t: 'draw', seat, n: 2 });
      ctx.push({ t: 'loseHp', seat, n: 1, st: 0 });
    },
  },
  effects: [],
};
