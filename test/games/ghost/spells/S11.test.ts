import { expect, test } from 'vitest';
import { reds, day } from '../fixture';

test("破煞符 lowers an imp's dispel number by 1 this turn", () => {
  const t = day(['S11-R1', ...reds(2)], {
    imps: { 2: ['I03'] },
    hands: { 0: ['S11-R1', ...reds(2)], 1: [], 2: [], 3: [] },
  });
  t.reply(0, 'play:S11-R1', { cards: ['I03'] }).reply(0, 'end');
  t.to('host', 0)
    .reply(0, 'target', { cards: ['I03'] })
    .reply(0, 'vote', { cards: reds(2) });
  expect(t.g.lastReveal).toMatchObject({ need: 2, success: true });
});
