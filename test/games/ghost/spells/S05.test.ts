import { expect, test } from 'vitest';
import { day } from '../fixture';

test('观星术 shows the top 2 ghost cards to its player alone and lets him put one on the bottom', () => {
  const t = day(['S05-R1'], { ghost: ['I01', 'I02'] }).reply(0, 'play:S05-R1');
  expect(t.asked()).toEqual(['0:arrange']);
  expect((t.view(0).view as any).seen[0]).toMatchObject({ kind: 'ghostTop', what: ['I01', 'I02'] });
  expect((t.view(1).view as any).seen).toEqual([]);
  t.reply(0, 'bottom:I01');
  expect(t.g.ghost[0]).toBe('I01');
  expect(t.g.ghost.at(-1)).toBe('I02');
});

test('观星术 may reorder the top 2 cards', () => {
  const t = day(['S05-R1'], { ghost: ['I01', 'I02'] })
    .reply(0, 'play:S05-R1')
    .reply(0, 'top:I02');
  expect(t.g.ghost.slice(-2)).toEqual(['I01', 'I02']);
});
