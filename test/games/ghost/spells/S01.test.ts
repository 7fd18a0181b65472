import { expect, test } from 'vitest';
import { day } from '../fixture';

test('聚灵诀 gains 2 spirit', () => {
  const t = day(['S01-R1']).reply(0, 'play:S01-R1');
  expect(t.p(0).spirit).toBe(7);
});
