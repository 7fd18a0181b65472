import { expect, test } from 'vitest';
import { reds, day } from '../fixture';

test('明察令 saves the exorcism the first time a challenge finds only positive votes', () => {
  const t = day(['S13-R1', ...reds(2)], {
    imps: { 2: ['I01'] },
    hands: { 0: ['S13-R1', ...reds(2)], 1: [], 2: [], 3: reds(1, 2) },
  });
  t.reply(0, 'play:S13-R1').reply(0, 'end').to('host', 0);
  t.reply(0, 'target', { cards: ['I01'] })
    .reply(0, 'vote', { cards: reds(2) })
    .reply(3, 'vote', { cards: reds(1, 2) })
    .reply(0, 'challenge', { seats: [3] });
  expect(t.logKeys()).toContain('ghost.log.insight');
  expect(t.g.lastReveal).toMatchObject({ red: 3, success: true });
});
