import { expect, test } from 'vitest';
import { day } from '../fixture';

test('符水 draws 1 card, then gains 1 spirit', () => {
  const t = day(['S02-R1']).reply(0, 'play:S02-R1');
  expect([t.p(0).hand.length, t.p(0).spirit]).toEqual([1, 6]);
});
