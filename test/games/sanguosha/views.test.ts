import { describe, expect, it } from 'vitest';
import { apply, botAnswer, botRng, defaultAnswer, startGame, viewFor, type LogEntry } from '../../../worker/engine';
import def from '../../../worker/games/sanguosha';
import { attitude } from '../../../worker/games/sanguosha/bot';
import type { S } from '../../../worker/games/sanguosha/types';
import { table } from './table';

/** The setup's log of each new game (the log is not in the state). */
const setupLog = new WeakMap<S, LogEntry[]>();
const logOf = (s: S): LogEntry[] => setupLog.get(s) ?? [];
const game = (n = 5, seed = 'views') => {
  const { state, events } = startGame(def, {
    seats: n,
    seed,
    options: def.parseOptions({ noGenerals: true }, n) as any,
  });
  setupLog.set(state as S, events);
  return state as S;
};

describe('views hide what a seat may not see', () => {
  it('other hands are hidden (only their count is shown); your own hand is shown', () => {
    const s = game();
    for (let viewer = 0; viewer < 5; viewer++) {
      const v = viewFor(def, s, viewer).view as any;
      for (const p of v.players) {
        if (p.seat === viewer) expect(p.hand).toEqual(s.g.players[viewer]!.hand);
        else expect(p.hand).toBeUndefined();
        expect(p.handCount).toBe(s.g.players[p.seat]!.hand.length);
      }
    }
    const spectator = viewFor(def, s, null).view as any;
    expect(spectator.players.every((p: any) => p.hand === undefined)).toBe(true);
  });

  it('identities other than the lord are hidden until death; each seat but the public lord is told its own in a line of its own', () => {
    const s = game(6);
    for (let viewer = 0; viewer < 6; viewer++) {
      const v = viewFor(def, s, viewer).view as any;
      for (const p of v.players) {
        const real = s.g.players[p.seat]!;
        expect(p.role).toBe(p.seat === viewer || real.role === 'lord' ? real.role : null);
      }
      const mine = viewFor(def, s, viewer, { log: logOf(s) }).log.filter((l) => l.msg.key === 'sgs.log.roleSecret');
      const role = s.g.players[viewer]!.role;
      expect(mine).toEqual(
        role === 'lord'
          ? []
          : [
              expect.objectContaining({
                msg: { key: 'sgs.log.roleSecret', params: { seat: viewer, role: { key: `sgs.role.${role}` } } },
              }),
            ],
      );
    }
  });

  it('the draw pile order and the rng are never in a view before the end', () => {
    const s = game();
    for (const viewer of [null, 0, 1, 2, 3, 4]) {
      const v = viewFor(def, s, viewer);
      const json = JSON.stringify(v);
      expect((v.view as any).draw).toBeUndefined();
      expect((v.view as any).drawCount).toBe(s.g.draw.length);
      expect(json).not.toContain(JSON.stringify(s.g.draw.slice(0, 3)).slice(1, -1));
      expect(json).not.toContain(String(s.rng[0]));
    }
  });

  it('cards you draw are logged to you only; others read only the number', () => {
    const s = game();
    const lord = s.g.current;
    const other = (lord + 1) % 5;
    const mine = viewFor(def, s, lord, { log: logOf(s) }).log.filter((l) => l.msg.key === 'sgs.log.drawSecret');
    const theirs = viewFor(def, s, other, { log: logOf(s) }).log.filter((l) => l.msg.key === 'sgs.log.drawSecret');
    expect(
      mine.every((l) => (l.msg.params!.cards as number[]).every((id) => s.g.players[lord]!.hand.includes(id))),
    ).toBe(true);
    expect(
      theirs.some((l) => (l.msg.params!.cards as number[]).some((id) => s.g.players[lord]!.hand.includes(id))),
    ).toBe(false);
    expect(
      viewFor(def, s, other, { log: logOf(s) }).log.some(
        (l) => l.msg.key === 'sgs.log.draw' && l.msg.params!.seat === lord,
      ),
    ).toBe(true);
  });

  it('the judgement card and 五谷丰登 reveals are public', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      current: 1,
      phase: 'start',
      judge: { 1: ['indulgence'] },
      top: ['slash@spade:7'],
    });
    for (const viewer of [null, 0, 2, 3])
      expect(t.view(viewer).log.some((l) => l.msg.key === 'sgs.log.judge' && l.msg.params!.card === t.top[0])).toBe(
        true,
      );
  });

  it('another seat’s prompt options are never shown; only the seats waited for', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(viewFor(def, t.s, 0).prompts).toEqual([]);
    expect(viewFor(def, t.s, 0).waiting).toEqual([1]);
    expect(viewFor(def, t.s, 1).prompts[0]!.options.map((o) => o.id)).toEqual(['play', 'pass']);
  });

  it('after the end everything is public: identities, hands and the draw pile', () => {
    const t = table({
      roles: ['lord', 'traitor', 'rebel', 'loyalist'],
      hp: [1],
      current: 1,
      hands: { 1: ['slash'], 3: ['jink'] },
    });
    t.p(2).alive = false;
    t.p(3).alive = false;
    t.use(1, t.hands[1]![0]!, [0]);
    const v = viewFor(def, t.s, 0).view as any;
    expect(v.players.map((p: any) => p.role)).toEqual(['lord', 'traitor', 'rebel', 'loyalist']);
    expect(v.players[3].hand).toEqual(t.hands[3]);
    expect(v.draw.length).toBe(t.g.draw.length);
  });
});

describe('defaults and the bot', () => {
  it('the default answer is no response where a response is optional', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash'], 1: ['jink'] } });
    t.use(0, t.hands[0]![0]!, [1]);
    expect(defaultAnswer(def, t.s, t.prompt(1))).toEqual({ prompt: t.prompt(1).id, option: 'pass' });
    expect(defaultAnswer(def, t.s, t.prompt(1)).option).toBe('pass');
  });

  it('the default discard is the minimal one, least valuable cards first, chosen deterministically', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [1],
      hands: { 0: ['peach', 'lightning', 'jink'] },
    });
    t.pass(0);
    const p = t.prompt(0);
    const a = defaultAnswer(def, t.s, p);
    expect(a.option).toBe('discard');
    expect(a.cards!.map(Number).sort()).toEqual([t.hands[0]![1]!, t.hands[0]![2]!].sort());
  });

  it('the play-phase default ends the phase', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands: { 0: ['slash'] } });
    expect(defaultAnswer(def, t.s, t.prompt(0)).option).toBe('pass');
  });

  it('a rebel bot attacks the lord when in range', () => {
    const t = table({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], current: 1, hands: { 1: ['slash'] } });
    const p = t.prompt(1);
    const a = botAnswer(def, t.s, p, botRng(t.s, p));
    expect(a).toMatchObject({ option: `use:${t.hands[1]![0]}`, seats: [0] });
  });

  it('a loyalist bot saves the dying lord and never attacks it', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [1],
      current: 1,
      hands: { 1: ['slash'], 2: ['peach'] },
    });
    t.use(1, t.hands[1]![0]!, [0]);
    const p = t.prompt(2);
    expect(botAnswer(def, t.s, p, botRng(t.s, p))).toMatchObject({ option: 'use' });
    expect(attitude(t, 2, 0)).toBe(1);
    expect(attitude(t, 2, 1)).toBe(-1); // seat 1 attacked the lord in public
  });

  it('a bot saves itself when dying', () => {
    const t = table({
      roles: ['lord', 'rebel', 'loyalist', 'traitor'],
      hp: [5, 1],
      hands: { 0: ['slash'], 1: ['peach'] },
    });
    t.use(0, t.hands[0]![0]!, [1]);
    const p = t.prompt(1);
    expect(botAnswer(def, t.s, p, botRng(t.s, p))).toMatchObject({ option: 'use' });
  });

  it('the bot is deterministic given the rng', () => {
    const s = game(7, 'det');
    const p = s.prompts[0]!;
    expect(botAnswer(def, s, p, botRng(s, p))).toEqual(botAnswer(def, s, p, botRng(s, p)));
    expect(apply(def, s, p.seat, botAnswer(def, s, p, botRng(s, p))).ok).toBe(true);
  });
});
