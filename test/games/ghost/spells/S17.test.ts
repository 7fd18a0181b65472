import { expect, test } from 'vitest';
import { reds, day } from '../fixture';

test("清心咒 switches off its player's imp effects until his next turn", () => {
  // 吊死鬼 would make the limit 4; with 清心咒 the 5 remaining cards are kept.
  const t = day(['S17-R1', ...reds(5)], {
    imps: { 0: ['I08'] },
    ghost: ['I05'],
    hands: { 0: ['S17-R1', ...reds(5)], 1: [], 2: [], 3: [] },
  });
  t.reply(0, 'play:S17-R1').reply(0, 'end').reply(0, 'pass');
  expect(t.g.turn).toBe(2);
  expect(t.p(0).hand).toEqual(reds(5));
});
