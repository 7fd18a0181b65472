import { expect, test } from 'vitest';
import { reds, table } from '../fixture';

test("定身符 stops another player from voting in this turn's exorcism", () => {
  const t = table({
    step: 'after',
    current: 0,
    imps: { 2: ['I01'] },
    hands: { 0: reds(2), 1: ['S18-R1'], 2: [], 3: reds(1, 2) },
    spirit: { 1: 1 },
  });
  t.reply(1, 'play:S18-R1', { seats: [3] });
  t.reply(0, 'target', { cards: ['I01'] }).reply(0, 'vote', { cards: reds(1) });
  expect(t.asked()).not.toContain('3:vote');
});
