/**
 * The 三国杀 bot (issue 25, DESIGN §6): it decides from its seat's view alone, each card carries its own bot part,
 * and the "good" level plays its identity's side.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  botAnswer,
  botRng,
  rngOf,
  seedRng,
  startGame,
  type Json,
  type Prompt,
  type Rng,
} from '../../../worker/engine';
import def, { makeSanguosha } from '../../../worker/games/sanguosha';
import type { CardDef, S, SgsDef } from '../../../worker/games/sanguosha/types';
import { bot, table } from './table';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const seen = (d: SgsDef, s: S, seat: number) => JSON.stringify(d.view(s, seat));

/**
 * The same game with everything `seat` cannot see dealt anew in a random consistent way: the cards of the other
 * hands and of the draw pile (each hand keeping its count), and the identities of the seats whose identity it does
 * not know (permuted among them). The RNG state is left as it is, so `botRng` gives the same stream.
 */
function redeal(s: S, seat: number, rng: Rng): S {
  const t = clone(s);
  const g = t.g;
  const others = g.players.filter((p) => p.seat !== seat);
  const pool = rng.shuffle([...g.draw, ...others.flatMap((p) => p.hand)]);
  let k = 0;
  g.draw = pool.slice(k, (k += g.draw.length));
  for (const p of others) p.hand = pool.slice(k, (k += p.hand.length));
  const hidden = others.filter((p) => !p.revealed);
  const roles = rng.shuffle(hidden.map((p) => p.role));
  hidden.forEach((p, i) => (p.role = roles[i]!));
  return t;
}

describe('the bot decides from its seat view alone', () => {
  /**
   * Seeded bot games with generals (good and easy, 5 and 8 players; at least a hundred decisions of every seat): at every decision, three random re-deals of
   * what the deciding seat cannot see leave its view exactly as it was (the re-deal is consistent) and its answer
   * unchanged.
   */
  it('re-dealing other hands, unrevealed identities and the draw pile never changes a bot decision (every seat, 5 and 8 players)', () => {
    const rng = rngOf(seedRng('sgs-redeal'));
    let decisions = 0;
    let changed = 0;
    const seats = new Map<string, number>();
    for (const P of [5, 8])
      for (const [level, seed] of P === 5
        ? ([
            ['good', 1],
            ['good', 2],
            ['good', 3],
            ['easy', 1],
          ] as const)
        : ([
            ['good', 1],
            ['good', 2],
            ['good', 3],
            ['good', 4],
            ['easy', 1],
            ['easy', 2],
          ] as const)) {
        const options = def.parseOptions({ botLevel: level }, P) as Record<string, Json>;
        let s = startGame(def, { seats: P, seed: `redeal-${P}-${level}-${seed}`, options }).state as S;
        for (let n = 0; !s.outcome && n < 1500; n++) {
          const p = s.prompts[0]!;
          const a = bot(s, p, botRng(s, p));
          const view = seen(def, s, p.seat);
          for (let k = 0; k < 3; k++) {
            const t = redeal(s, p.seat, rng);
            if (JSON.stringify(t.g) !== JSON.stringify(s.g)) changed++;
            expect(seen(def, t, p.seat), `${P}p step ${s.step}: the re-deal shows`).toBe(view);
            expect(bot(t, p, botRng(t, p)), `${P}p ${level} step ${s.step} seat ${p.seat} (${p.kind})`).toEqual(a);
          }
          decisions++;
          seats.set(`${P}:${p.seat}`, (seats.get(`${P}:${p.seat}`) ?? 0) + 1);
          // The engine checks a bot's answer and falls back on a random legal one (botAnswer); the game goes on so.
          const r = apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p)));
          if (!r.ok) throw new Error(r.error.reason);
          s = r.value.state as S;
        }
      }
    expect(decisions).toBeGreaterThan(1500);
    expect(changed).toBeGreaterThan(decisions * 2);
    expect(seats.size).toBe(13);
    for (const [seat, n] of seats) expect(n, `decisions of seat ${seat}`).toBeGreaterThanOrEqual(100);
  });
});

describe('bot logic lives with the card it plays', () => {
  it('a card added through the GameDef is played by its own bot part, without touching the real deck', () => {
    // 桃雨: a made-up card whose own bot part says "play me first".
    const peachRain: CardDef = {
      key: 'peach_rain',
      harmful: false,
      value: 5,
      auto: 'self',
      effect() {},
      bot: { play: (_b, _o, a) => ({ score: 99, answer: a }) },
    };
    const d = makeSanguosha({
      extraDeck: [[1001, 'ex', 'peach_rain', 'heart', 3]],
      extraKinds: { peach_rain: { type: 'trick' } },
      extraCards: [peachRain],
      strings: { 'sgs.card.peach_rain': ['桃雨', '桃雨', 'Peach Rain'] },
    });
    const t = table({ def: d, roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: [1001, 'ex_nihilo'] } });
    const p = t.prompt(0);
    expect(d.bot!(t.s, p, botRng(t.s, p))).toMatchObject({ option: 'use:1001' });
    // The real game has no such card, and its bot plays 无中生有 from the same hand of real cards.
    expect(def.card[1001]).toBeUndefined();
    expect(def.cards.peach_rain).toBeUndefined();
  });
});

describe('the good bot plays its side', () => {
  const ask = (s: S, p: Prompt) => bot(s, p, botRng(s, p));

  it('a rebel bot with a 杀 and the lord in range uses it on the lord', () => {
    // Seat 1 reaches both the lord (seat 0) and seat 2 (distance 1); neither has done anything yet.
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      current: 1,
      hp: [5, 4, 2],
      hands: { 1: ['slash', 'jink'] },
    });
    const a = ask(t.s, t.prompt(1))!;
    expect(a.option).toBe(`use:${t.hands[1]![0]}`);
    expect(a.seats).toEqual([0]);
  });

  it('a rebel bot with the lord out of reach uses its 杀 on a seat most likely not a fellow rebel', () => {
    // The lord (seat 0) rides a +1 horse; seat 4 has attacked the lord, so the other rebel is almost surely seat 4
    // and seat 2, the only seat in range, is a loyalist or the renegade (a loyalist at just under even odds).
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      current: 1,
      hands: { 1: ['slash', 'jink'] },
      equip: { 0: ['jueying'] },
    });
    t.g.stance[4] = 4;
    const a = ask(t.s, t.prompt(1))!;
    expect(a.option).toBe(`use:${t.hands[1]![0]}`);
    expect(a.seats).toEqual([2]);
  });

  it('the good lord takes 曹操 at a table of six or more and keeps its own pick at five', () => {
    const lordPick = (P: number, seed: string) => {
      const s = startGame(def, { seats: P, seed, options: def.parseOptions({}, P) as Record<string, Json> }).state as S;
      const p = s.prompts[0]!;
      expect(p.kind).toBe('chooseGeneral');
      return ask(s, p)!.option;
    };
    for (let k = 0; k < 10; k++) {
      expect(lordPick(6, `lord-pick-${k}`)).toBe('general:caocao');
      expect(lordPick(8, `lord-pick-${k}`)).toBe('general:caocao');
      expect(lordPick(5, `lord-pick-${k}`)).not.toBe('general:caocao');
    }
  });

  it('a loyalist bot with a 桃 saves the dying lord', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hp: [1],
      current: 1,
      hands: { 1: ['slash'], 2: ['peach'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    const p = t.prompt(2);
    expect(p.kind).toBe('rescue');
    expect(ask(t.s, p)).toMatchObject({ option: 'use', cards: [String(t.hands[2]![0])] });
  });

  it('the lord bot does not 杀 a seat whose every public act helped him', () => {
    // Seat 1 once saved the lord with a 桃 and never hurt anyone; late in the game, the lord holds a 杀 and seat 1
    // is the only seat in range (seat 4 rides a +1 horse).
    const t = table({
      roles: ['lord', 'rebel', 'rebel', 'traitor', 'loyalist'],
      hands: { 0: ['slash', 'jink'] },
      equip: { 4: ['jueying'] },
    });
    t.g.round = 14;
    t.g.stance[1] = -2;
    t.g.acts = t.g.players.map(() => t.g.players.map(() => 0));
    t.g.acts[1]![0] = -1;
    const p = t.prompt(0);
    const slash = p.options.find((o) => o.id === `use:${t.hands[0]![0]}`)!;
    expect(slash.seats!.from).toEqual([1]);
    const a = ask(t.s, p)!;
    expect(a.option === slash.id && a.seats?.includes(1)).toBe(false);
    // A seat that attacked the lord in the same place is hit.
    t.g.stance[1] = 4;
    t.g.acts[1]![0] = 2;
    expect(ask(t.s, t.prompt(0))).toMatchObject({ option: slash.id, seats: [1] });
  });

  it('a renegade bot saves the lord when the rebels are about to win', () => {
    // The loyalist is dead; two healthy rebels stand against a dying lord: without the lord the rebels win.
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor', 'rebel'],
      hp: [1, 4, 4, 3, 4],
      current: 1,
      hands: { 1: ['slash'], 3: ['peach'] },
    });
    Object.assign(t.g.players[2]!, { alive: false, revealed: true, hp: 0 });
    t.g.stance[1] = 2;
    t.g.stance[4] = 2;
    t.use(1, t.hands[1]![0]!, [0]);
    const p = t.prompt(3);
    expect(p.kind).toBe('rescue');
    expect(ask(t.s, p)).toMatchObject({ option: 'use', cards: [String(t.hands[3]![0])] });
  });
  it('a bot makes its 武圣 杀 of a hand card, not of the worn weapon whose range the lord needs', () => {
    // Seat 2 reaches the lord (distance 2) only with its 麒麟弓; 武圣 may turn the bow or the 闪 into a 杀.
    const t = table({
      roles: ['lord', 'loyalist', 'rebel', 'traitor', 'rebel'],
      current: 2,
      skills: { 2: ['wusheng'] },
      equip: { 2: ['kylin_bow'] },
      hands: { 2: ['jink'] },
    });
    const a = ask(t.s, t.prompt(2))!;
    expect(a).toMatchObject({ option: 'as:wusheng:slash', cards: [String(t.hands[2]![0])], seats: [0] });
    expect(t.try(2, a.option, { cards: a.cards!, seats: a.seats! }).ok).toBe(true);
  });

  it('a bot does not name a 借刀杀人 victim that 空城 protects', () => {
    // The lord wields a weapon; seat 1 has only helped him and holds no hand card behind 空城.
    const t = table({
      roles: ['lord', 'loyalist', 'rebel', 'traitor', 'rebel'],
      current: 2,
      generals: { 1: 'zhugeliang' },
      equip: { 0: ['kylin_bow'] },
      hands: { 1: [], 2: ['collateral'] },
    });
    t.g.stance[1] = -3;
    const a = ask(t.s, t.prompt(2))!;
    expect(a.option === `use:${t.hands[2]![0]}` && a.seats?.[1] === 1).toBe(false);
  });

  it('the lord bot left one on one takes the last unknown seat for a foe, however loyal it looked', () => {
    // The loyalist and both rebels are dead (seat 4 out of range behind its +1 horse); seat 1 only ever hit rebels:
    // it can only be the renegade.
    const t = table({
      roles: ['lord', 'traitor', 'loyalist', 'rebel', 'rebel'],
      hands: { 0: ['slash', 'jink'] },
      equip: { 4: ['jueying'] },
    });
    for (const q of [2, 3, 4]) Object.assign(t.g.players[q]!, { alive: false, revealed: true, hp: 0 });
    t.g.stance[1] = -4;
    expect(ask(t.s, t.prompt(0))).toMatchObject({ option: `use:${t.hands[0]![0]}`, seats: [1] });
  });
});
