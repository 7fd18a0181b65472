import { describe, expect, it } from 'vitest';
import { botRng } from '../../../../worker/engine';
import { bot } from '../table';
import { table, expectConserved } from '../table';

const roles = ['lord', 'rebel', 'loyalist', 'traitor'] as const;

describe('乱击 luanji (袁绍)', () => {
  it('乱击 uses two hand cards of the same suit as 万箭齐发 on every other character, any number of times', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'yuanshao' },
      hands: { 0: ['slash@club:2', 'slash@club:3', 'slash@club:4', 'slash@club:5', 'peach@heart'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === 'as:luanji:archery_attack')!;
    expect(o.message).toEqual({
      key: 'sgs.opt.useAs',
      params: { as: { key: 'sgs.card.archery_attack' }, skill: { key: 'sgs.skill.luanji' } },
    });
    // The lone ♥ has no partner, so it is not offered.
    expect(o.cards).toEqual({ from: t.hands[0]!.slice(0, 4).map(String), min: 2, max: 2 });
    t.answer(0, 'as:luanji:archery_attack', { cards: t.hands[0]!.slice(0, 2) });
    expect([1, 2, 3].map((s) => t.p(s).hp)).toEqual([3, 3, 3]);
    expect(t.log()).toContain('sgs.log.useAsSkill');
    t.answer(0, 'as:luanji:archery_attack', { cards: t.hands[0]!.slice(2, 4) });
    expect([1, 2, 3].map((s) => t.p(s).hp)).toEqual([2, 2, 2]);
    expectConserved(t.g);
  });

  it('two cards of different suits are rejected and nothing changes', () => {
    const t = table({
      roles: [...roles],
      generals: { 0: 'yuanshao' },
      hands: { 0: ['slash@club:2', 'slash@club:3', 'slash@spade:7', 'slash@spade:8'] },
    });
    expect(t.try(0, 'as:luanji:archery_attack', { cards: [t.hands[0]![0]!, t.hands[0]![2]!] }).ok).toBe(false);
    expect(t.p(0).hand).toEqual(t.hands[0]);
  });

  it('乱击 is a play-phase skill: it does not answer a 杀 request', () => {
    const t = table({
      roles: [...roles],
      current: 1,
      generals: { 0: 'yuanshao' },
      hands: { 1: ['savage_assault'], 0: ['jink@heart', 'peach@heart'] },
    });
    t.use(1, t.hands[1]![0]!);
    expect(t.s.prompts.some((p) => p.seat === 0)).toBe(false);
    expect(t.p(0).hp).toBe(3);
  });

  it('a bot outnumbered by enemies uses 乱击 with two cheap cards of a suit', () => {
    const t = table({
      roles: ['rebel', 'lord', 'loyalist', 'rebel'],
      current: 0,
      generals: { 0: 'yuanshao' },
      hands: { 0: ['iron_chain@club:10', 'iron_chain@club:11', 'peach@heart', 'jink@heart'] },
    });
    t.g.players[2]!.revealed = true;
    const p = t.prompt(0);
    const a = bot(t.s, p, botRng(t.s, p))!;
    expect(a.option).toBe('as:luanji:archery_attack');
    expect(a.cards).toEqual(t.hands[0]!.slice(0, 2).map(String));
  });
});
