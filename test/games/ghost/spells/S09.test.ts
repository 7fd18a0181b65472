import { expect, test } from 'vitest';
import { blues, day } from '../fixture';

test("借法 takes a random card from another player's hand", () => {
  const t = day(['S09-R1'], { hands: { 0: ['S09-R1'], 1: blues(1) } }).reply(0, 'play:S09-R1', { seats: [1] });
  expect(t.p(0).hand).toEqual(blues(1));
  expect(t.entries().find((e) => e.msg.key === 'ghost.log.borrowedCard')!.to).toEqual([0, 1]);
});
