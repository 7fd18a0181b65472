import { describe, expect, it } from 'vitest';
import { eventOf } from '../../web/table/Arrows';

/** Where a log line shows on the table (issue 28, item 8), for the lines of both games. */
describe('events on the table', () => {
  it('damage shows on the seat that took it, with how much', () => {
    expect(eventOf({ key: 'sgs.log.damage', params: { source: 1, target: 3, n: 2, hp: 1 } })).toEqual({
      at: 3,
      kind: 'hurt',
      n: 2,
    });
    expect(eventOf({ key: 'ghost.log.loseSpirit', params: { seat: 2, n: 1 } })).toEqual({ at: 2, kind: 'hurt', n: 1 });
  });

  it('a heal shows on the seat healed', () => {
    expect(eventOf({ key: 'sgs.log.recover', params: { seat: 0, n: 1, hp: 2 } })).toEqual({
      at: 0,
      kind: 'heal',
      n: 1,
    });
  });

  it('a cancelled trick shows on the seat it spared, not on the one who cancelled it', () => {
    expect(eventOf({ key: 'sgs.log.wuxie', params: { seat: 4, card: 7, trick: 9, target: 2 } })).toEqual({
      at: 2,
      kind: 'cancel',
    });
    expect(eventOf({ key: 'sgs.log.noEffect', params: { card: 7, target: 1 } })).toEqual({ at: 1, kind: 'cancel' });
  });

  it('a judgement shows on the seat being judged', () => {
    expect(eventOf({ key: 'sgs.log.judge', params: { seat: 3, reason: 'x', card: 5 } })).toEqual({
      at: 3,
      kind: 'judge',
    });
  });

  it('a card used shows on its user; a vote on the voter; a reveal in the middle of the table', () => {
    expect(eventOf({ key: 'sgs.log.use', params: { seat: 1, card: 5, targets: [2] } })).toEqual({
      at: 1,
      kind: 'plain',
    });
    expect(eventOf({ key: 'ghost.log.vote', params: { seat: 4, n: 2 } })).toEqual({ at: 4, kind: 'plain' });
    expect(eventOf({ key: 'ghost.log.reveal', params: { ghostCard: 'x', red: 1, blue: 2 } })).toEqual({
      at: null,
      kind: 'plain',
    });
  });
});
