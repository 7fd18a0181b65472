import { isRed, card, sgs } from '../core';
import type { SgsSkill } from '../types';

/** 八卦阵: when you need a 闪 you may judge; red counts as a 闪 you used. */
export const eight_diagram: SgsSkill = {
  id: 'eight_diagram',
  effects: [
    {
      on: 'cardAsked',
      can: (_ctx, seat, ev) => ev.seat === seat && ev.pattern === 'jink' && !ev.provided && !ev.ignoreArmor,
      optional: true,
      ask: () => ({ key: 'sgs.ask.eight_diagram' }),
      use: (ctx, seat, ev) =>
        void ctx.push({ t: 'eight_diagram', seat, owner: ev.frame as number, st: 0, result: null }),
    },
  ],
  frames: {
    eight_diagram: {
      run(ctx, f) {
        if (f.st === 0) {
          f.st = 1;
          ctx.push({ t: 'judge', seat: f.seat as number, reason: 'eight_diagram', parent: f.id, key: 'result', st: 0 });
          return 'again';
        }
        const ev = ctx.frame(f.owner as number)?.ev as Record<string, unknown> | undefined;
        if (ev && f.result !== null && isRed(ctx, f.result as number)) {
          ev.provided = true;
          ctx.log('sgs.log.eightDiagram', { seat: f.seat as number, card: f.result as number });
        }
        return 'done';
      },
      answer() {},
    },
  },
  equip: {
    value: 5,
    // A red judgement (about half) is a 闪.
    guard: () => 0.5,
  },
};
