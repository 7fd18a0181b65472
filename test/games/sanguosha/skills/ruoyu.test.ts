import { describe, expect, it } from 'vitest';
import { table, expectConserved } from '../table';
import { deepFreeze } from '../../../helpers/freeze';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('若愚 ruoyu (刘禅, lord skill, awakening)', () => {
  it('若愚 awakens when the lord has the least HP (or ties for it) at the start of his turn: +1 max HP, +1 HP, gains 激将', () => {
    const t = table({
      roles: [...roles],
      phase: 'start',
      generals: { 0: 'liushan' },
      hp: [2, 2],
      kingdoms: { 2: 'shu' },
      hands: { 2: ['slash'] },
    });
    expect(t.p(0).maxHp).toBe(4);
    expect(t.p(0).hp).toBe(3);
    expect(t.p(0).skills).toContain('jijiang');
    expect(t.p(0).marks.ruoyu).toBe(1);
    expect(t.log()).toContain('sgs.log.ruoyu');
    // 激将 works at once: after declining 放权 the play phase offers it.
    t.pass(0);
    expect(t.options(0)).toContain('skill:jijiang');
    expectConserved(t.g);
  });

  it('若愚 does not awaken while someone has less HP', () => {
    const t = table({ roles: [...roles], phase: 'start', generals: { 0: 'liushan' }, hp: [3, 2] });
    expect(t.p(0).maxHp).toBe(3);
    expect(t.p(0).skills).not.toContain('jijiang');
    expect(t.log()).not.toContain('sgs.log.ruoyu');
  });

  it('若愚 awakens only once per game', () => {
    const t = table({ roles: [...roles], phase: 'start', generals: { 0: 'liushan' }, hp: [1] });
    expect(t.p(0).maxHp).toBe(4);
    for (let k = 0; k < 80 && !(t.g.round === 2 && t.g.current === 0 && t.asked(0)?.kind === 'play'); k++) {
      const p = t.s.prompts[0]!;
      const pass = p.options.some((o) => o.id === 'pass');
      t.answer(
        p.seat,
        pass ? 'pass' : p.options[0]!.id,
        pass ? {} : { cards: p.options[0]!.cards!.from.slice(0, p.options[0]!.cards!.min) },
      );
    }
    expect(t.g.round).toBe(2);
    expect(t.p(0).maxHp).toBe(4);
    expect(t.log().filter((k) => k === 'sgs.log.ruoyu')).toHaveLength(1);
  });

  it('若愚 gives 激将 in a new skill list: every state before the awakening, deeply frozen, is left as it was', () => {
    // Seat 3 plays first; the lord's turn (and 若愚) comes after it. Each state is frozen before it is answered, so a
    // rule writing into the skill list the answer draft shares with it would throw.
    const t = table({ roles: [...roles], current: 3, generals: { 0: 'liushan' }, hp: [2, 2] });
    const before = t.p(0).skills;
    const was = [...before];
    for (let k = 0; k < 20 && !t.p(0).skills.includes('jijiang'); k++) {
      deepFreeze(t.s);
      const json = JSON.stringify(t.s);
      const was = t.s;
      const p = t.s.prompts[0]!;
      const pass = p.options.some((o) => o.id === 'pass');
      t.answer(
        p.seat,
        pass ? 'pass' : p.options[0]!.id,
        pass ? {} : { cards: p.options[0]!.cards!.from.slice(0, p.options[0]!.cards!.min) },
      );
      expect(JSON.stringify(was)).toBe(json);
    }
    expect(t.p(0).skills).toContain('jijiang');
    expect(t.log()).toContain('sgs.log.ruoyu');
    expect(before).toEqual(was);
  });

  it('若愚 is a lord skill: 刘禅 as a rebel never awakens', () => {
    const t = table({ roles: [...roles], current: 1, phase: 'start', generals: { 1: 'liushan' }, hp: [4, 1] });
    expect(t.p(1).maxHp).toBe(3);
    expect(t.log()).not.toContain('sgs.log.ruoyu');
  });
});
