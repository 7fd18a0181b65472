import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('天妒 tiandu (郭嘉)', () => {
  it('after his own judgement takes effect 郭嘉 may take the judgement card (乐不思蜀 still applies)', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'guojia' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:8'],
    });
    const card = t.top[0]!;
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.tiandu', params: { card } });
    t.answer(0, 'use');
    expect(t.p(0).hand).toContain(card);
    expect(t.g.discard).not.toContain(card);
    expect(t.log()).toContain('sgs.log.tiandu');
    expect(t.log()).toContain('sgs.log.delayedHit');
    expectConserved(t.g);
  });

  it('declining 天妒 leaves the judgement card to the discard pile', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'guojia' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:8'],
    });
    t.pass(0);
    expect(t.g.discard).toContain(t.top[0]!);
  });

  it('天妒 is not offered for another character’s judgement', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 1: 'guojia' },
      judge: { 0: ['indulgence'] },
      top: ['slash@spade:8'],
    });
    expect(t.g.discard).toContain(t.top[0]!);
    expect(t.log()).not.toContain('sgs.log.tiandu');
  });
});
