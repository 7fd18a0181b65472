import { expect, test } from 'vitest';
import { day } from '../fixture';

test('移魂术 moves an imp to another eligible player with at most 1 imp', () => {
  const t = day(['S07-R1'], { imps: { 1: ['I01'], 2: ['I02', 'I03'] } });
  expect(t.option('play:S07-R1')!.seats!.from).toEqual([0, 1, 3]);
  expect(t.refuse(0, 'play:S07-R1', { cards: ['I01'], seats: [1] })).toMatch(/different player/);
  t.reply(0, 'play:S07-R1', { cards: ['I01'], seats: [3] });
  expect(t.p(3).imps.map((c) => c.id)).toEqual(['I01']);
});
