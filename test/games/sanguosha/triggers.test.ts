import { describe, expect, it } from 'vitest';
import type { GameDef } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { T } from '../../../worker/games/sanguosha/timings';
import type { G, SgsSkill } from '../../../worker/games/sanguosha/types';
import { skillIds } from '../../../worker/games/sanguosha/core';
import { table, withTestSkills } from './table';

describe('the trigger system', () => {
  it('every timing point is declared once with a distinct id', () => {
    const ids = Object.values(T);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('judgeRetrial');
    expect(ids).toContain('damageInflicted');
  });

  it('a retrial hook may replace the judgement card before it takes effect (乐不思蜀 judged ♠ becomes ♥)', () => {
    const retrial: SgsSkill = {
      id: 'test_retrial',
      effects: [
        {
          on: T.judgeRetrial,
          can: (_ctx, _seat, ev) => ev.reason === 'indulgence',
          use: (ctx, _seat, ev) => {
            const heart = ctx.g.draw.find((id) => id === 32)!; // 桃 ♥3, somewhere in the draw pile
            ctx.g.draw.splice(ctx.g.draw.indexOf(heart), 1);
            ctx.g.table.push(heart);
            ctx.g.discard.push(...ctx.g.table.splice(ctx.g.table.indexOf(ev.card as number), 1));
            ev.card = heart;
          },
        },
      ],
    };
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:7'],
      def: withTestSkills({ test_retrial: retrial }),
      skills: { 3: ['test_retrial'] },
    });
    expect(t.log()).toContain('sgs.log.judgeChanged');
    expect(t.log()).toContain('sgs.log.delayedMiss');
    expect(t.prompt(1).kind).toBe('play');
  });

  it('effects on one timing fire in seat order starting from the current player', () => {
    const seen: number[] = [];
    const recorder: SgsSkill = {
      id: 'test_rec',
      effects: [{ on: T.phaseStart, can: () => true, use: (_ctx, seat) => void seen.push(seat) }],
    };
    table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 2,
      phase: 'start',
      def: withTestSkills({ test_rec: recorder }),
      skills: { 0: ['test_rec'], 1: ['test_rec'], 2: ['test_rec'], 3: ['test_rec'] },
    });
    expect(seen.slice(0, 4)).toEqual([2, 3, 0, 1]);
  });

  it('a damageInflicted effect changes the damage taken (how 藤甲 and 白银狮子 work)', () => {
    const shield: SgsSkill = {
      id: 'test_shield',
      effects: [
        { on: T.damageInflicted, can: (_c, seat, ev) => ev.target === seat, use: (_c, _s, ev) => void (ev.amount = 0) },
      ],
    };
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['slash'] },
      def: withTestSkills({ test_shield: shield }),
      skills: { 1: ['test_shield'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).hp).toBe(4);
  });

  it('equipment effects belong to whoever has the card equipped, and to nobody dead', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], equip: { 1: ['vine', 'crossbow', 'jueying'] } });
    expect(skillIds(t, 1).sort()).toEqual(['crossbow', 'plus_horse', 'vine']);
    t.p(1).alive = false;
    expect(skillIds(t, 1)).toEqual([]);
  });
});
