import { expect, test } from 'vitest';
import { table } from '../fixture';

test('护身咒 keeps imps off its player until his next turn', () => {
  const t = table({
    step: 'night',
    current: 0,
    ghost: ['I08'],
    hands: { 0: ['S06-R1'], 1: [], 2: [], 3: [] },
    spirit: { 0: 2 },
  });
  t.reply(0, 'play:S06-R1');
  expect(t.p(0).imps).toHaveLength(0);
  expect(t.p(1).imps.map((c) => c.id)).toEqual(['I08']);
});
