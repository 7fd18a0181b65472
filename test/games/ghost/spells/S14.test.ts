import { expect, test } from 'vitest';
import { reds, day } from '../fixture';

test('打坐 discards up to 3 other cards for 1 spirit each', () => {
  const t = day(['S14-R1', ...reds(3)]).reply(0, 'play:S14-R1', { cards: reds(2) });
  expect(t.p(0).spirit).toBe(7);
  expect(t.p(0).hand).toEqual(reds(1, 2));
});
