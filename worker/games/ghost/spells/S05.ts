import type { FrameDef } from '../../../engine/game';
import type { SpellRule } from '../catalogue';
import { opt, msg } from '../msg';
import { see, type G } from '../state';

/** The arranging: keep both on top in either order, or one to the bottom (cards.md S05). */
const stargaze: FrameDef<G> = {
  run(ctx, f) {
    if (f.done) return 'done';
    const cards = f.cards as string[];
    const options =
      cards.length === 2
        ? [
            opt(`top:${cards[0]}`, 'opt.gazeTop', { ghostCard: cards[0]!, second: cards[1]! }),
            opt(`top:${cards[1]}`, 'opt.gazeTop', { ghostCard: cards[1]!, second: cards[0]! }),
            opt(`bottom:${cards[0]}`, 'opt.gazeBottom', { ghostCard: cards[0]! }),
            opt(`bottom:${cards[1]}`, 'opt.gazeBottom', { ghostCard: cards[1]! }),
          ]
        : [
            opt(`top:${cards[0]}`, 'opt.gazeKeep', { ghostCard: cards[0]! }),
            opt(`bottom:${cards[0]}`, 'opt.gazeBottom', { ghostCard: cards[0]! }),
          ];
    ctx.ask({ seat: f.seat as number, kind: 'arrange', message: msg('ask.gaze', { ghostCards: cards }), options });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
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

/** ⚡ before the haunting: look at the top 2 ghost cards (fewer if fewer remain) and arrange them. */
export const S05: SpellRule = {
  id: 'S05',
  pick: (_cat, g) => (g.ghost.length ? {} : null),
  play(ctx, s) {
    const top = ctx.g.ghost.slice(-2).reverse();
    see(ctx.g, s, 'ghostTop', null, top);
    ctx.push({ t: 'stargaze', seat: s, cards: top });
  },
  frames: { stargaze },
  bot: { keep: 0.3 },
};
