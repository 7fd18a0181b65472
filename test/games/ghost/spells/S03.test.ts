import { expect, test } from 'vitest';
import { day } from '../fixture';

test('卜卦 costs 1 and draws 2 cards', () => {
  const t = day(['S03-B1']).reply(0, 'play:S03-B1');
  expect([t.p(0).hand.length, t.p(0).spirit]).toEqual([2, 4]);
});
