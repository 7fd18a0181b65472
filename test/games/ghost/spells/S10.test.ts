import { expect, test } from 'vitest';
import { day } from '../fixture';

test('回灵 takes a chosen card back from the discard pile, once per turn', () => {
  const t = day(['S10-R1', 'S10-B1'], { tweak: (g) => g.discard.push(...g.deck.splice(0, 1)) });
  const c = t.g.discard[0]!;
  t.reply(0, 'play:S10-R1', { cards: [c] });
  expect(t.p(0).hand).toContain(c);
  expect(t.options(0)).not.toContain('play:S10-B1');
});
