import { expect, test } from 'vitest';
import { day } from '../fixture';

test('敕令符 played gains 1 spirit', () => {
  const t = day(['S04-B1']).reply(0, 'play:S04-B1');
  expect(t.p(0).spirit).toBe(6);
});
