import { expect, test } from 'vitest';
import { day } from '../fixture';

test('散功 makes another player lose 2 spirit, not below 0', () => {
  const t = day(['S16-R1'], { spirit: { 0: 5, 1: 1 } }).reply(0, 'play:S16-R1', { seats: [1] });
  expect(t.p(1).spirit).toBe(0);
});
