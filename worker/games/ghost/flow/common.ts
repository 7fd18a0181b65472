/** What the frames share: the discard prompt, the spell options of a hand. */
import type { FrameDef } from '../../../engine/game';
import type { Option } from '../../../engine/types';
import type { Catalogue } from '../catalogue';
import { opt, msg } from '../msg';
import { playable, type SpellWindow } from '../spells/cast';
import { discardFromHand, type C, type G } from '../state';

export type F = FrameDef<G>;

/** Options to play each spell in `s`'s hand in a window ('day' = his own day phase). */
export function spellOptions(cat: Catalogue, g: G, s: number, window: SpellWindow): Option[] {
  const out: Option[] = [];
  for (const card of g.players[s]!.hand) {
    const pick = playable(cat, g, s, card, window);
    if (pick) out.push(opt(`play:${card}`, 'opt.play', { card }, pick));
  }
  return out;
}

/** Ask `seat` to discard exactly `n` cards of his choice; the frame's `answer` is `discarded`. */
export function askDiscard(ctx: C, seat: number, n: number, why: string): void {
  const hand = ctx.g.players[seat]!.hand;
  ctx.ask({
    seat,
    kind: 'discard',
    message: msg(`ask.${why}`, { n }),
    options: [opt('discard', 'opt.discard', { n }, { cards: { from: [...hand], min: n, max: n } })],
  });
}

/** The answer to an `askDiscard` prompt. */
export const discarded: F['answer'] = (ctx, _f, p, a) => {
  const cards = discardFromHand(ctx, p.seat, a.cards!);
  ctx.log('ghost.log.discarded', { seat: p.seat, cards });
};
