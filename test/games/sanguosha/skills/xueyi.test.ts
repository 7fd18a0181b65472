import { describe, expect, it } from 'vitest';
import { handLimit } from '../../../../worker/games/sanguosha/core';
import { table } from '../table';

describe('血裔 xueyi (袁绍, lord)', () => {
  it('血裔: the lord’s hand limit grows by 2 for each other living 群 character', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      generals: { 0: 'yuanshao', 1: 'lvbu', 2: 'diaochan', 3: 'caocao' },
    });
    expect(handLimit(t, 0)).toBe(4 + 4);
    t.g.players[1]!.alive = false;
    expect(handLimit(t, 0)).toBe(4 + 2);
  });

  it('血裔 counts only while 袁绍 is the lord', () => {
    const t = table({
      roles: ['loyalist', 'lord', 'rebel', 'traitor'],
      current: 1,
      generals: { 0: 'yuanshao', 2: 'lvbu' },
    });
    expect(handLimit(t, 0)).toBe(4);
  });

  it('in the discard phase the lord 袁绍 keeps HP + 2 per other 群 character', () => {
    const cards = [
      'slash@club:2',
      'slash@club:3',
      'slash@club:4',
      'slash@club:5',
      'slash@club:6',
      'slash@club:7',
      'slash@club:8',
    ];
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      generals: { 0: 'yuanshao', 1: 'lvbu' },
      hp: [3],
      hands: { 0: cards },
    });
    t.pass(0);
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.discard', params: { n: 2, hp: 5 } });
  });
});
