import { expect, test } from 'vitest';
import { reds, day } from '../fixture';

test('探魂 shows 2 random cards of another hand to its player alone', () => {
  const t = day(['S12-R1'], { hands: { 0: ['S12-R1'], 2: reds(3) } }).reply(0, 'play:S12-R1', { seats: [2] });
  const seen = (t.view(0).view as any).seen[0];
  expect(seen.what).toHaveLength(2);
  expect(t.entries().find((e) => e.msg.key === 'ghost.log.probed')!.to).toEqual([0]);
});
