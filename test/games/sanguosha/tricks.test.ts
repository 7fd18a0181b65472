import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { table, expectConserved } from './table';

describe('无懈可击 (S7)', () => {
  it('a 无懈可击 chain of three on one target of 南蛮入侵: odd count cancels the effect for that target only', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['savage_assault'], 1: ['nullification', 'nullification'], 2: ['nullification'] },
    });
    t.use(0, t.hands[0]![0]!);
    // Target 1 first (seat order after the user). Holders 1 and 2 are asked at once.
    expect(t.s.prompts.map((p) => p.seat).sort()).toEqual([1, 2]);
    expect(t.prompt(1).message).toMatchObject({ key: 'sgs.ask.wuxie', params: { source: 0, target: 1 } });
    t.answer(1, 'use', { cards: [t.hands[1]![0]!] }); // 1 negates for itself
    expect(t.s.prompts.map((p) => p.seat).sort()).toEqual([1, 2]); // window reopens for a counter
    expect(t.prompt(2).message.key).toBe('sgs.ask.wuxieCounter');
    t.answer(2, 'use', { cards: [t.hands[2]![0]!] }); // 2 counters
    expect(t.s.prompts.map((p) => p.seat)).toEqual([1]);
    t.answer(1, 'use', { cards: [t.hands[1]![1]!] }); // 1 counters the counter: three in all
    // Nobody holds a 无懈可击 now: seat 1 is spared; seats 2 and 3 have no 杀 and take 1 each.
    expect(t.p(1).hp).toBe(4);
    expect(t.p(2).hp).toBe(3);
    expect(t.p(3).hp).toBe(3);
    // The first cancels the trick; each counter cancels the 无懈可击 before it (and is logged so).
    expect(t.log().filter((k) => k === 'sgs.log.wuxie').length).toBe(1);
    expect(t.log().filter((k) => k === 'sgs.log.wuxieCounter').length).toBe(2);
    expectConserved(t.g);
  });

  it('an even number of 无懈可击 lets the trick stand', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['savage_assault'], 1: ['nullification'], 2: ['nullification'] },
    });
    t.use(0, t.hands[0]![0]!);
    t.answer(1, 'use', { cards: [t.hands[1]![0]!] });
    t.answer(2, 'use', { cards: [t.hands[2]![0]!] });
    expect(t.p(1).hp).toBe(3);
  });

  it('while a 无懈可击 window is open every living player is shown as considering', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['dismantlement'], 1: ['jink'], 2: ['nullification'] },
    });
    t.p(3).alive = false;
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.s.prompts.map((p) => p.seat)).toEqual([2]);
    for (const seat of [null, 0, 1, 2]) expect(viewFor(def, t.s, seat).waiting).toEqual([0, 1, 2]);
    // Only the holder sees a prompt.
    expect(viewFor(def, t.s, 1).prompts).toEqual([]);
  });

  it('with autoPass off every living player is asked in a 无懈可击 window, holders or not', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['ex_nihilo'] },
      options: { autoPass: false },
    });
    t.use(0, t.hands[0]![0]!);
    expect(t.s.prompts.map((p) => p.seat).sort()).toEqual([0, 1, 2, 3]);
    expect(t.prompt(3).options.map((o) => o.id)).toEqual(['pass']);
    t.passAll();
    expect(t.p(0).hand.length).toBe(2);
  });

  it('with autoPass off a player without 闪 is still asked and waited for', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['slash'] },
      options: { autoPass: false },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(t.prompt(1).options.map((o) => o.id)).toEqual(['pass']);
    t.pass(1);
    expect(t.p(1).hp).toBe(3);
  });
});

describe('non-delayed tricks', () => {
  it('过河拆桥 discards a card of the target: equipment chosen openly, hand cards blind', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['dismantlement', 'dismantlement'], 1: ['jink'] },
      equip: { 1: ['vine'] },
    });
    t.use(0, t.hands[0]![1]!, [1]);
    expect(t.prompt(0).options[0]!.cards!.from).toEqual(['hand', String(t.equips[1]![0])]);
    t.answer(0, 'pick', { cards: [t.equips[1]![0]!] });
    expect(t.p(1).equip.armor).toBeNull();
    expect(t.g.discard).toContain(t.equips[1]![0]);
  });

  it('过河拆桥 cannot target a character with no cards', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['dismantlement'], 1: ['jink'] } });
    const o = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    expect(o.seats!.from).toEqual([1]);
  });

  it('顺手牵羊 needs distance 1 and takes the card; a hand card taken blind is shown only to the two', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hands: { 0: ['snatch'], 1: ['peach'], 2: ['jink'] },
    });
    const o = t.prompt(0).options.find((x) => x.id === `use:${t.hands[0]![0]}`)!;
    expect(o.seats!.from).toEqual([1]); // seat 2 is at distance 2, seats 3, 4 have no cards
    t.use(0, t.hands[0]![0]!, [1]).answer(0, 'pick', { cards: ['hand'] });
    const peach = t.hands[1]![0]!;
    expect(t.p(0).hand).toContain(peach);
    const secret = (seat: number) =>
      t.view(seat).log.some((l) => l.msg.key === 'sgs.log.takeHandSecret' && l.msg.params?.card === peach);
    expect([0, 1, 2, 3, 4].map(secret)).toEqual([true, true, false, false, false]);
    expect(t.view(2).log.some((l) => l.msg.key === 'sgs.log.takeHand')).toBe(true);
  });

  it('无中生有 draws 2', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['ex_nihilo'] },
      top: ['jink', 'peach'],
    });
    t.use(0, t.hands[0]![0]!);
    expect(t.p(0).hand).toEqual(t.top);
  });

  it('决斗: the target plays 杀 first, they alternate, and the first who fails takes 1 damage from the other', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['duel', 'slash'], 2: ['slash', 'slash'] },
    });
    t.use(0, t.hands[0]![0]!, [2]);
    expect(t.prompt(2).message).toMatchObject({ key: 'sgs.ask.duel', params: { source: 0 } });
    t.answer(2, 'play', { cards: [t.hands[2]![0]!] });
    expect(t.prompt(0).message).toMatchObject({ key: 'sgs.ask.duel', params: { source: 2 } });
    t.answer(0, 'play', { cards: [t.hands[0]![1]!] });
    t.answer(2, 'play', { cards: [t.hands[2]![1]!] });
    // The user has no 杀 left: it takes 1 damage from the target.
    expect([t.p(0).hp, t.p(2).hp]).toEqual([3, 4]);
    expect(t.entries().find((e) => e.msg.key === 'sgs.log.damage')!.msg.params).toMatchObject({ source: 2, target: 0 });
  });

  it('借刀杀人 declined: the weapon goes to the user', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['collateral'], 1: ['slash'] },
      equip: { 1: ['blade'] },
    });
    t.use(0, t.hands[0]![0]!, [1, 2]);
    const p = t.prompt(1);
    expect(p.message).toMatchObject({
      key: 'sgs.ask.collateral',
      params: { source: 0, target: 2, card: t.equips[1]![0] },
    });
    t.pass(1);
    expect(t.p(0).hand).toContain(t.equips[1]![0]);
    expect(t.p(1).equip.weapon).toBeNull();
    expect(t.p(2).hp).toBe(4);
  });

  it('借刀杀人 accepted: the holder uses 杀 on the victim', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['collateral'], 1: ['slash'] },
      equip: { 1: ['blade'] },
    });
    t.use(0, t.hands[0]![0]!, [1, 2]).answer(1, 'use', { cards: [t.hands[1]![0]!] });
    expect(t.p(2).hp).toBe(3);
    expect(t.p(1).equip.weapon).toBe(t.equips[1]![0]);
  });

  it('借刀杀人 needs a holder with a weapon first and a victim in its range second', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['collateral'] },
      equip: { 1: ['crossbow'] },
    });
    expect(t.try(0, `use:${t.hands[0]![0]}`, { seats: [2, 1] }).ok).toBe(false);
    expect(t.try(0, `use:${t.hands[0]![0]}`, { seats: [1, 3] }).ok).toBe(false); // distance 2 > range 1
    expect(t.try(0, `use:${t.hands[0]![0]}`, { seats: [1, 2] }).ok).toBe(true);
  });

  it('南蛮入侵 asks every other character in seat order for a 杀; 万箭齐发 for a 闪', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['savage_assault', 'archery_attack'], 1: ['jink'], 2: ['slash'], 3: ['slash'] },
    });
    t.use(0, t.hands[0]![0]!);
    expect(t.prompt(2).message.key).toBe('sgs.ask.savage');
    t.answer(2, 'play', { cards: [t.hands[2]![0]!] });
    t.pass(3);
    expect([t.p(1).hp, t.p(2).hp, t.p(3).hp]).toEqual([3, 4, 3]);
    t.use(0, t.hands[0]![1]!);
    t.answer(1, 'play', { cards: [t.hands[1]![0]!] });
    expect([t.p(1).hp, t.p(2).hp, t.p(3).hp]).toEqual([3, 3, 2]);
    expect(t.p(0).hp).toBe(4);
  });

  it('桃园结义 heals every wounded character by 1', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [3, 2, 4, 1],
      hands: { 0: ['god_salvation'] },
    });
    t.use(0, t.hands[0]![0]!);
    expect(t.g.players.map((p) => p.hp)).toEqual([4, 3, 4, 2]);
  });

  it('五谷丰登 reveals one card per character to everyone; each takes one in seat order from the user', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['amazing_grace'] },
      top: ['peach', 'jink', 'slash', 'duel'],
    });
    t.use(0, t.hands[0]![0]!);
    const seen = viewFor(def, t.s, 3).view as any;
    expect(seen.grace).toEqual(t.top);
    expect(t.prompt(0).kind).toBe('grace');
    t.answer(0, 'take', { cards: [t.top[0]!] });
    t.answer(1, 'take', { cards: [t.top[3]!] });
    t.answer(2, 'take', { cards: [t.top[1]!] });
    expect(t.p(3).hand).toEqual([t.top[2]]);
    expect(t.p(0).hand).toEqual([t.top[0]]);
    expect(t.g.grace).toEqual([]);
    expectConserved(t.g);
  });

  it('铁索连环 toggles the chained state of up to two characters, or is recast to draw one', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['iron_chain', 'iron_chain'] },
      chained: [2],
      top: ['peach'],
    });
    t.use(0, t.hands[0]![0]!, [1, 2]);
    expect([t.p(1).chained, t.p(2).chained]).toEqual([true, false]);
    t.answer(0, `recast:${t.hands[0]![1]}`);
    expect(t.p(0).hand).toEqual([t.top[0]]);
    expect(t.g.discard).toContain(t.hands[0]![1]);
  });

  it('火攻: the target shows a hand card; discarding a card of that suit deals 1 fire damage', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['fire_attack', 'jink@heart'], 1: ['peach@heart'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    t.answer(1, 'show', { cards: [t.hands[1]![0]!] });
    expect(t.view(3).log.some((l) => l.msg.key === 'sgs.log.fireShow' && l.msg.params?.card === t.hands[1]![0])).toBe(
      true,
    );
    expect(t.prompt(0).message).toMatchObject({
      key: 'sgs.ask.fireDiscard',
      params: { target: 1, card: t.hands[1]![0] },
    });
    t.answer(0, 'discard', { cards: [t.hands[0]![1]!] });
    expect(t.p(1).hp).toBe(3);
    expect(t.log()).toContain('sgs.log.damage');
  });
});

describe('delayed tricks and judgement', () => {
  it('乐不思蜀 judged not ♥ skips the play phase', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:7'],
    });
    expect(t.log()).toContain('sgs.log.delayedHit');
    expect(t.g.current).toBe(2); // the play phase was skipped; 6 cards ≤ 4 HP? seat 1 had 0 + 2 drawn
  });

  it('乐不思蜀 judged ♥ fails and the play phase happens', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['indulgence'] },
      top: ['peach@heart:3'],
    });
    expect(t.prompt(1).kind).toBe('play');
  });

  it('兵粮寸断 judged not ♣ skips the draw phase and needs distance 1', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['supply_shortage'] },
      top: ['peach@heart:3', 'jink', 'jink'],
    });
    expect(t.p(1).hand).toEqual([]);
    const t2 = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'], hands: { 0: ['supply_shortage'] } });
    expect(t2.prompt(0).options.find((o) => o.id.startsWith('use:'))!.seats!.from).toEqual([1, 4]);
  });

  it('delayed tricks are judged last placed first', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['supply_shortage', 'indulgence'] },
      top: ['jink@diamond:2', 'jink@diamond:3'],
    });
    const judged = t
      .entries()
      .filter((e) => e.msg.key === 'sgs.log.judge')
      .map((e) => (e.msg.params!.reason as any).key);
    expect(judged).toEqual(['sgs.card.indulgence', 'sgs.card.supply_shortage']);
  });

  it('闪电 judged ♠2–9 deals 3 thunder damage with no source', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['lightning'] },
      top: ['slash@spade:9'],
    });
    expect(t.p(1).hp).toBe(1);
    expect(t.g.discard).toContain(t.judges[1]![0]);
    expect(t.log()).toContain('sgs.log.damageNoSource');
  });

  it('闪电 that misses moves on, skipping a player who already has one', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['lightning@spade'], 2: ['lightning@heart'] },
      top: ['peach@heart:3'],
    });
    expect(t.p(1).judge).toEqual([]);
    expect(t.p(3).judge).toEqual([t.judges[1]![0]]);
    expect(t.p(2).judge).toEqual(t.judges[2]);
  });

  it('a delayed trick can be cancelled by 无懈可击 in the judge phase; 闪电 then moves on', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['lightning'] },
      hands: { 1: ['nullification'] },
    });
    expect(t.prompt(1).message.key).toBe('sgs.ask.wuxieDelayed');
    t.answer(1, 'use', { cards: [t.hands[1]![0]!] });
    expect(t.p(2).judge).toEqual(t.judges[1]);
    expect(t.log()).not.toContain('sgs.log.judge');
  });

  it('the same delayed trick cannot be placed twice in one judgement area', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hands: { 0: ['indulgence'] },
      judge: { 1: ['indulgence'] },
    });
    expect(t.prompt(0).options.find((o) => o.id.startsWith('use:'))!.seats!.from).toEqual([2, 3]);
  });
});
