import type { SpellRule } from '../catalogue';

/** Take a card of your choice from the discard pile (once per turn). */
export const S10: SpellRule = {
  id: 'S10',
  pick: (_cat, g) => (g.ts.recall ? null : { cards: { from: [...g.discard], min: g.discard.length ? 1 : 0, max: 1 } }),
  play(ctx, s, a) {
    ctx.g.ts.recall = true;
    const c = a.cards?.[0];
    if (!c) return;
    ctx.g.discard.splice(ctx.g.discard.indexOf(c), 1);
    ctx.g.players[s]!.hand.push(c);
    ctx.log('ghost.log.recalled', { seat: s, cards: [c] });
  },
  bot: {
    keep: 0.7,
    rank: 66,
    // Good: take back a 敕令符 (it votes 2) or a 斩鬼符 while a GK stands; a heretic, a 定身符 while no GK stands (he
    // binds with it the host one exorcism short of the threshold, S18).
    use(b, o) {
      if (b.level !== 'good') return null;
      const want = o
        .cards!.from.filter(
          (c) =>
            c.startsWith('S04') ||
            (b.v.gk !== null && b.v.gk !== b.me && c.startsWith('S19')) ||
            (b.team === 'heretic' && b.v.gk === null && c.startsWith('S18')),
        )
        .sort();
      return want.length ? { cards: [want[0]!] } : null;
    },
  },
};
