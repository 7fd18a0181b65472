import { expect, test } from 'vitest';
import { day } from '../fixture';

test('双修 draws 1 for its player, then 1 for another non-GK player', () => {
  const t = day(['S15-R1'], { hands: { 0: ['S15-R1'], 1: [] } }).reply(0, 'play:S15-R1', { seats: [1] });
  expect([t.p(0).hand.length, t.p(1).hand.length]).toEqual([1, 1]);
});
