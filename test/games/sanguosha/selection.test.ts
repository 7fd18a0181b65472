/** General selection (seed §2–3, ruling S3). */
import { describe, expect, it } from 'vitest';
import { apply, createGame, viewFor } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { GENERAL, GENERALS } from '../../../worker/games/sanguosha/generals';
import type { S } from '../../../worker/games/sanguosha/types';

const start = (n: number, o: Record<string, unknown> = {}, seed = `select-${n}`) =>
  createGame(def, { seats: n, seed, options: def.parseOptions(o, n) as any }) as S;
const offerOf = (s: S, seat: number) =>
  s.prompts.find((p) => p.seat === seat)!.options.map((o) => o.id.slice('general:'.length));
const pick = (s: S, seat: number, id?: string): S => {
  const p = s.prompts.find((x) => x.seat === seat)!;
  const r = apply(def, s, seat, { prompt: p.id, option: `general:${id ?? offerOf(s, seat)[0]}` });
  if (!r.ok) throw new Error(r.error.reason);
  return r.value.state as S;
};
const lordOf = (s: S) => s.g.players.find((p) => p.role === 'lord')!.seat;

describe('general selection (S3)', () => {
  it('there are 29 generals: 25 standard and the lords 张角, 袁绍, 曹丕, 刘禅, one data line each', () => {
    expect(GENERALS.length).toBe(29);
    expect(
      GENERALS.filter((g) => g.gender === 'female')
        .map((g) => g.id)
        .sort(),
    ).toEqual(['daqiao', 'diaochan', 'huangyueying', 'sunshangxiang', 'zhenji']);
    expect(['wei', 'shu', 'wu', 'qun'].map((k) => GENERALS.filter((g) => g.kingdom === k).length)).toEqual([
      8, 8, 8, 5,
    ]);
  });

  it('the lord is asked first, alone, and offered 曹操, 刘备, 孙权, the four extra lords and 2 random others', () => {
    const s = start(6);
    expect(s.g.phase).toBe('select');
    expect(s.prompts.map((p) => [p.seat, p.kind])).toEqual([[lordOf(s), 'chooseGeneral']]);
    const offer = offerOf(s, lordOf(s));
    expect(offer.length).toBe(9);
    expect(offer.slice(0, 7)).toEqual(['caocao', 'liubei', 'sunquan', 'zhangjiao', 'yuanshao', 'caopi', 'liushan']);
    expect(offer.slice(7).every((id) => !GENERAL[id]!.lordOffer)).toBe(true);
  });

  it('without "extra lords" the lord gets 3 + 2 and the four extra lords are out of the game', () => {
    const s = start(6, { extraLords: false });
    const offer = offerOf(s, lordOf(s));
    expect(offer.length).toBe(5);
    const after = pick(s, lordOf(s));
    const all = after.prompts.flatMap((p) => offerOf(after, p.seat));
    for (const id of ['zhangjiao', 'yuanshao', 'caopi', 'liushan']) expect(all).not.toContain(id);
  });

  it('the lord’s pick is public at once; then every other seat is offered 3 distinct generals at once (2 each at 10 players)', () => {
    for (const n of [4, 8, 9, 10]) {
      let s = start(n);
      const lord = lordOf(s);
      s = pick(s, lord, 'sunquan');
      for (let v = -1; v < n; v++)
        expect((viewFor(def, s, v < 0 ? null : v).view as any).players[lord].general).toBe('sunquan');
      const others = s.prompts.map((p) => p.seat).sort();
      expect(others.length).toBe(n - 1);
      const offers = others.map((seat) => offerOf(s, seat));
      for (const o of offers) expect(o.length).toBe(n === 10 ? 2 : 3);
      const flat = offers.flat();
      expect(new Set(flat).size).toBe(flat.length);
      expect(flat).not.toContain('sunquan');
    }
  });

  it('nobody sees another seat’s offer or face-down pick before the reveal; all picks are revealed together', () => {
    let s = start(5);
    const lord = lordOf(s);
    s = pick(s, lord);
    const [a, b] = s.prompts.map((p) => p.seat);
    const secret = offerOf(s, a!)[1]!;
    s = pick(s, a!, secret);
    for (let v = -1; v < 5; v++) {
      const viewer = v < 0 ? null : v;
      const sv = viewFor(def, s, viewer);
      const json = JSON.stringify({ view: sv.view, log: sv.log, prompts: sv.prompts });
      if (viewer !== a) {
        // Offers are disjoint, so the secret pick appears nowhere in another seat's (or a spectator's) view or log.
        expect(offerOf(s, b!)).not.toContain(secret);
        expect(
          json.includes(`sgs.general.${secret}`) || json.includes(`"${secret}"`),
          `seat ${viewer} must not see ${secret}`,
        ).toBe(false);
        expect((sv.view as any).players[a!].general).toBeNull();
      } else expect((sv.view as any).selection).toEqual({ offer: expect.arrayContaining([secret]), pick: secret });
    }
    // Everyone else picks; then all generals are public.
    while (s.prompts.some((p) => p.kind === 'chooseGeneral'))
      s = pick(s, s.prompts.find((p) => p.kind === 'chooseGeneral')!.seat);
    const v = viewFor(def, s, null).view as any;
    expect(v.players[a!].general).toBe(secret);
    expect(
      v.players.every((p: any) => typeof p.general === 'string' && p.kingdom !== null && p.skills.length > 0),
    ).toBe(true);
    expect(v.selection).toBeUndefined();
  });

  it('max HP comes from the general, +1 for the lord in games of 5 or more (not at 4); then 4 cards each are dealt and the lord plays', () => {
    for (const n of [4, 5]) {
      let s = start(n);
      const lord = lordOf(s);
      s = pick(s, lord, 'liubei');
      while (s.prompts.some((p) => p.kind === 'chooseGeneral'))
        s = pick(s, s.prompts.find((p) => p.kind === 'chooseGeneral')!.seat);
      expect(s.g.players[lord]!.maxHp).toBe(n >= 5 ? 5 : 4);
      for (const p of s.g.players) {
        if (p.seat !== lord) expect(p.maxHp).toBe(GENERAL[p.general!]!.hp);
        expect(p.hp).toBe(p.maxHp);
        expect(p.hand.length).toBe(p.seat === lord ? 6 : 4);
      }
      expect(s.prompts[0]).toMatchObject({ seat: lord, kind: 'play' });
    }
  });

  it('an offered general must be picked from one’s own offer', () => {
    let s = start(5);
    s = pick(s, lordOf(s));
    const [a, b] = s.prompts.map((p) => p.seat);
    const p = s.prompts.find((x) => x.seat === a)!;
    const r = apply(def, s, a!, { prompt: p.id, option: `general:${offerOf(s, b!)[0]}` });
    expect(r.ok).toBe(false);
  });

  it('the "no generals" option keeps the skill-less game: no selection, 4 HP, the lord 5 at 5+', () => {
    const s = start(5, { noGenerals: true });
    expect(s.g.selection).toBeNull();
    expect(s.prompts[0]!.kind).toBe('play');
    expect(s.g.players.every((p) => p.general === null && p.skills.length === 0)).toBe(true);
  });
});
