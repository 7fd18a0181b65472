import { describe, expect, it } from 'vitest';
import { table, expectConserved, type Table } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

/** Answer whatever is open (end play phases, minimal discards) until `seat`'s turn begins. */
function playUntil(t: Table, seat: number): void {
  for (let k = 0; k < 60 && !(t.g.current === seat && t.asked(seat)?.kind === 'play'); k++) {
    const p = t.s.prompts[0]!;
    const pass = p.options.some((o) => o.id === 'pass');
    t.answer(
      p.seat,
      pass ? 'pass' : p.options[0]!.id,
      pass ? {} : { cards: p.options[0]!.cards!.from.slice(0, p.options[0]!.cards!.min) },
    );
  }
}

describe('放权 fangquan (刘禅)', () => {
  it('放权 skips the play phase; at the end of the turn a discarded hand card gives another character an extra turn, then play goes on from 刘禅', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 1: 'liushan' },
      hands: { 1: ['jink'] },
    });
    expect(t.prompt(1).message.key).toBe('sgs.ask.fangquan');
    t.answer(1, 'use');
    expect(t.log()).toContain('sgs.log.skillUse');
    // No play phase: the next question is the end-of-turn choice.
    const p = t.prompt(1);
    expect(p.message.key).toBe('sgs.ask.fangquanGive');
    expect(p.options[0]!.seats!.from).toEqual([2, 3, 0]);
    t.answer(1, 'use', { cards: [t.hands[1]![0]!], seats: [3] });
    expect(t.g.discard).toContain(t.hands[1]![0]!);
    expect(t.log()).toContain('sgs.log.fangquan');
    // Seat 3 takes the extra turn now…
    expect(t.g.current).toBe(3);
    expect(t.prompt(3).kind).toBe('play');
    const round = t.g.round;
    // …and afterwards the turn passes to seat 2, the one after 刘禅, not to the one after the guest.
    playUntil(t, 2);
    expect(t.g.current).toBe(2);
    expect(t.g.round).toBe(round);
    expectConserved(t.g);
  });

  it('declining 放权 keeps the play phase', () => {
    const t = table({ roles: [...roles], current: 1, phase: 'start', generals: { 1: 'liushan' } });
    t.pass(1);
    expect(t.prompt(1).kind).toBe('play');
  });

  it('放权’s extra turn is optional: passing at the end of the turn gives none', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 1: 'liushan' },
      hands: { 1: ['jink'] },
    });
    t.answer(1, 'use').pass(1);
    expect(t.g.current).toBe(2);
    expect(t.p(1).hand).toContain(t.hands[1]![0]!);
  });

  it('a play phase already lost to 乐不思蜀 cannot be skipped by 放权', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      phase: 'start',
      generals: { 1: 'liushan' },
      judge: { 1: ['indulgence'] },
      top: ['slash@spade'],
    });
    expect(t.asked(1)?.message.key).not.toBe('sgs.ask.fangquan');
    expect(t.log()).toContain('sgs.log.delayedHit');
  });
});
