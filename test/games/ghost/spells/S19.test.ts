import { expect, test } from 'vitest';
import { day } from '../fixture';

test("斩鬼符 costs 2 and removes the ghost king's newest imp; the last one defeats him", () => {
  const t = day(['S19-R1'], {
    gk: 2,
    imps: { 2: ['I01'] },
    ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
  });
  t.reply(0, 'play:S19-R1');
  expect(t.s.outcome!.reason.key).toBe('ghost.end.gkDefeated');
  expect(t.g.killer).toBe(0);
  expect(t.p(0).spirit).toBe(3);
});

test('斩鬼符 needs its player to have at most 1 imp while a ghost king exists', () => {
  const t = day(['S19-R1'], { gk: 2, imps: { 2: ['I01'], 0: ['I02', 'I03'] } });
  expect(t.options(0)).not.toContain('play:S19-R1');
});

test('斩鬼符 without a ghost king costs 0 and draws 1', () => {
  const t = day(['S19-R1'], { spirit: { 0: 0 } }).reply(0, 'play:S19-R1');
  expect(t.p(0).hand).toHaveLength(1);
});
