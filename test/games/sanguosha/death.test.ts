import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { table, expectConserved } from './table';

describe('dying and rescue', () => {
  it('rescue is asked in seat order starting from the current player, each until they pass', () => {
    // Seat 2 attacks seat 1 in seat 2's turn: rescuers are asked 2, 3, 0 (seat 1 has nothing and is skipped).
    const t = table({
      roles: ['lord', 'loyalist', 'rebel', 'traitor'],
      hp: [4, 1],
      current: 2,
      hands: { 2: ['slash', 'peach'], 3: ['peach'], 0: ['peach'], 1: [] },
    });
    t.use(2, t.hands[2]![0]!, [1]);
    const order: number[] = [];
    for (let k = 0; k < 3; k++) {
      const p = t.s.prompts[0]!;
      expect(p.kind).toBe('rescue');
      expect(p.message).toMatchObject({ key: 'sgs.ask.rescue', params: { target: 1, hp: 0 } });
      order.push(p.seat);
      t.pass(p.seat);
    }
    expect(order).toEqual([2, 3, 0]);
    expect(t.p(1).alive).toBe(false);
  });

  it('a character at −1 needs two 桃 and the same rescuer is asked again', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [4, 1],
      hands: { 0: ['analeptic', 'slash'], 2: ['peach', 'peach'] },
    });
    t.use(0, t.hands[0]![0]!).use(0, t.hands[0]![1]!, [1]);
    expect(t.p(1).hp).toBe(-1);
    t.answer(2, 'use', { cards: [t.hands[2]![0]!] });
    expect(t.p(1).hp).toBe(0);
    t.answer(2, 'use', { cards: [t.hands[2]![1]!] });
    expect(t.p(1)).toMatchObject({ hp: 1, alive: true });
  });

  it('death reveals the identity and discards every card of the dead, judgement area included', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [4, 1],
      hands: { 0: ['thunder_slash'], 1: ['dismantlement'] },
      equip: { 1: ['vine'] },
      judge: { 1: ['indulgence'] },
    });
    const dead = [...t.hands[1]!, ...t.equips[1]!, ...t.judges[1]!];
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1)).toMatchObject({ alive: false, revealed: true, hand: [], judge: [] });
    for (const id of dead) expect(t.g.discard).toContain(id);
    const v = viewFor(def, t.s, 2).view as any;
    expect(v.players[1].role).toBe('rebel');
    expectConserved(t.g);
  });
});

describe('kill rewards (S10)', () => {
  it('a rebel killed by a rebel → the killer draws 3', () => {
    const t = table({
      roles: ['lord', 'rebel', 'rebel', 'traitor', 'loyalist'],
      hp: [5, 4, 1],
      current: 1,
      hands: { 1: ['slash'] },
    });
    const before = t.p(1).hand.length;
    t.use(1, t.hands[1]![0]!, [2]);
    expect(t.p(2).alive).toBe(false);
    expect(t.p(1).hand.length).toBe(before - 1 + 3);
    expect(t.log()).toContain('sgs.log.rewardRebel');
  });

  it('the lord kills a loyalist → the lord discards every hand and equipped card', () => {
    const t = table({
      roles: ['lord', 'loyalist', 'rebel', 'traitor', 'rebel'],
      hp: [5, 1],
      hands: { 0: ['slash', 'jink', 'peach'] },
      equip: { 0: ['crossbow', 'vine'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(0).kind).toBe('rescue');
    t.pass(0);
    expect(t.p(1).alive).toBe(false);
    expect(t.p(0).hand).toEqual([]);
    expect(t.p(0).equip).toEqual({ weapon: null, armor: null, plus: null, minus: null });
    expect(t.log()).toContain('sgs.log.lordPenalty');
    expectConserved(t.g);
  });

  it('sourceless damage (闪电) has no killer, so killing a rebel that way rewards nobody', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hp: [5, 3],
      current: 1,
      phase: 'start',
      judge: { 1: ['lightning'] },
      top: ['slash@spade:8'],
    });
    expect(t.p(1).alive).toBe(false);
    expect(t.log()).not.toContain('sgs.log.rewardRebel');
    expect(t.log()).toContain('sgs.log.deathNoKiller');
  });
});

describe('win conditions', () => {
  it('the traitor as last survivor wins alone', () => {
    const t = table({ roles: ['lord', 'traitor', 'rebel', 'loyalist'], hp: [1], current: 1, hands: { 1: ['slash'] } });
    t.p(2).alive = false;
    t.p(3).alive = false;
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.s.outcome).toMatchObject({ winners: [1], reason: { key: 'sgs.end.traitor' } });
  });

  it('the lord dies while a traitor and a rebel live → the rebels win', () => {
    const t = table({
      roles: ['lord', 'traitor', 'rebel', 'loyalist', 'rebel'],
      hp: [1],
      current: 1,
      hands: { 1: ['slash'] },
    });
    t.p(4).alive = false;
    t.use(1, t.hands[1]![0]!, [0]);
    expect(t.s.outcome).toMatchObject({ winners: [2, 4], reason: { key: 'sgs.end.rebels' } });
  });

  it('when every rebel and traitor is dead the lord and all loyalists (dead ones too) win', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'loyalist'],
      hp: [5, 1],
      hands: { 0: ['slash'] },
    });
    t.p(3).alive = false;
    t.p(4).alive = false;
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.s.outcome).toMatchObject({ winners: [0, 2, 4], reason: { key: 'sgs.end.lord' } });
    // After the end everything is public.
    const v = viewFor(def, t.s, 1).view as any;
    expect(v.players.map((p: any) => p.role)).toEqual(['lord', 'rebel', 'loyalist', 'traitor', 'loyalist']);
    expect(v.players[2].hand).toBeDefined();
    expect(v.draw).toBeDefined();
  });

  it('the game goes on while the lord lives and a rebel or traitor remains', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hp: [4, 1], hands: { 0: ['slash'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.p(1).alive).toBe(false);
    expect(t.s.outcome).toBeNull();
  });

  it('when the current player dies in their own turn the turn passes to the next living seat', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hp: [5, 1],
      current: 1,
      hands: { 1: ['duel'], 0: ['slash'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    t.answer(0, 'play', { cards: [t.hands[0]![0]!] });
    expect(t.p(1).alive).toBe(false);
    expect(t.g.current).toBe(2);
    expect(t.prompt(2).kind).toBe('play');
  });
});
