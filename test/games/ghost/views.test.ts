import { describe, expect, test } from 'vitest';
import { apply, botRng, createGame, defaultAnswer, startGame, viewFor } from '../../../worker/engine/runtime';
import { blues, reds, table, FIXTURE } from './fixture';

describe('views hide what a seat may not see', () => {
  test("no seat sees another seat's hand, only its size; a spectator sees no hand", () => {
    const s = createGame(FIXTURE, { seats: 5, seed: 'views' });
    for (let v = 0; v < 5; v++) {
      const view = FIXTURE.view(s, v) as any;
      view.players.forEach((p: any, i: number) => {
        expect(p.handCount).toBe(s.g.players[i]!.hand.length);
        expect(p.hand).toEqual(i === v ? s.g.players[i]!.hand : null);
      });
    }
    expect((FIXTURE.view(s, null) as any).players.every((p: any) => p.hand === null && p.identity === null)).toBe(true);
  });

  test('unrevealed identities are hidden; a revealed heretic is public', () => {
    const t = table({
      P: 5,
      step: 'dayStart',
      current: 1,
      ids: ['taiping_red', 'heretic_king', 'taiping_red', 'tianshi_blue', 'tianshi_blue'],
      imps: { 3: ['I05', 'I08'] },
    });
    expect((t.view(0).view as any).players.map((p: any) => p.identity)).toEqual([
      'taiping_red',
      null,
      null,
      null,
      null,
    ]);
    t.reply(1, 'heretic', { seats: [3] });
    expect((t.view(0).view as any).players[1].identity).toBe('heretic_king');
  });

  test('the ghost deck order, the hand deck order and the RNG are never in a view', () => {
    const s = createGame(FIXTURE, { seats: 4, seed: 'deck-order' });
    const v = viewFor(FIXTURE, s, 0);
    const text = JSON.stringify(v);
    expect((v.view as any).ghost).toBe(s.g.ghost.length);
    expect((v.view as any).deck).toBe(s.g.deck.length);
    expect(text).not.toContain(JSON.stringify(s.rng));
    for (const c of s.g.deck) expect(text).not.toContain(`"${c}"`);
  });

  test('face-down votes show only their count to others, even to the host', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), 1: [], 2: [], 3: blues(2) } });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(1) })
      .reply(3, 'vote', { cards: blues(2) });
    const hostView = t.view(0);
    expect((hostView.view as any).vote.counts).toEqual({ 0: 1, 3: 2 });
    expect(JSON.stringify(hostView)).not.toContain(blues(1)[0]);
    expect((t.view(3).view as any).vote.open['3']).toEqual(blues(2));
  });

  test('the vote order and the seat asked now are public: the same for every seat and a spectator, naming only the seat the table waits on', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), 1: [], 2: [], 3: blues(2) } });
    const votes = () =>
      [0, 1, 2, 3, null].map((v) => {
        const vt = (t.view(v).view as any).vote;
        return { order: vt.order, at: vt.at };
      });
    t.reply(0, 'target', { cards: ['I01'] });
    // Host first, then counter-clockwise; the host is asked now.
    expect(votes()).toEqual(Array(5).fill({ order: [0, 3, 2, 1], at: 0 }));
    t.reply(0, 'vote', { cards: reds(1) });
    expect(votes()).toEqual(Array(5).fill({ order: [0, 3, 2, 1], at: 1 }));
    expect(t.view(null).waiting).toEqual([3]);
    // Seats 2 and 1 hold no cards and are skipped: after 3 votes the asking is over and the host decides on a challenge.
    t.reply(3, 'vote', { cards: blues(2) });
    expect(votes()).toEqual(Array(5).fill({ order: [0, 3, 2, 1], at: 4 }));
    expect(t.asked()).toEqual(['0:challenge']);
  });

  test('in seeded games the seat a view says is asked to vote is always the seat the table waits on, and no view differs in it', () => {
    for (const seed of ['ask-a', 'ask-b', 'ask-c']) {
      let s = createGame(FIXTURE, { seats: 5, seed });
      let checked = 0;
      for (let n = 0; !s.outcome && n < 3000; n++) {
        const p = s.prompts[0]!;
        if (s.g.vote) {
          const views = [0, 1, 2, 3, 4, null].map((v) => FIXTURE.view(s, v) as any);
          const { order, at } = views[5].vote;
          for (const w of views)
            expect({ order: w.vote.order, at: w.vote.at, faceUp: w.vote.faceUp }).toEqual({
              order,
              at,
              faceUp: views[5].vote.faceUp,
            });
          // A face-up voter's cards are open to every seat anyway, so naming him tells nothing more.
          for (const f of views[5].vote.faceUp)
            for (const w of views) expect(w.vote.open[f]).toEqual(s.g.vote.votes[f]);
          if (at < order.length) expect([p.seat, p.kind]).toEqual([order[at], 'vote']);
          else expect([p.seat, p.kind]).toEqual([s.g.vote.host, 'challenge']);
          checked++;
        }
        // Vote with the first card and challenge when possible, so exorcisms run their whole course.
        const ids = p.options.map((o) => o.id);
        const a =
          p.kind === 'vote' && ids.includes('vote')
            ? { prompt: p.id, option: 'vote', cards: p.options.find((o) => o.id === 'vote')!.cards!.from.slice(0, 1) }
            : p.kind === 'challenge' && n % 2
              ? {
                  prompt: p.id,
                  option: 'challenge',
                  seats: [p.options.find((o) => o.id === 'challenge')!.seats!.from[0]!],
                }
              : p.kind === 'host' && ids.includes('target')
                ? { prompt: p.id, option: 'target', cards: [p.options.find((o) => o.id === 'target')!.cards!.from[0]!] }
                : defaultAnswer(FIXTURE, s, p);
        const r = apply(FIXTURE, s, p.seat, a);
        if (!r.ok) throw new Error(r.error.reason);
        s = r.value.state;
      }
      expect(checked).toBeGreaterThan(10);
    }
  });

  test('what a look showed one seat is not shown to another', () => {
    const t = table({ step: 'dayStart', hands: { 0: ['S08-R1', 'S12-R1'], 2: reds(3) }, spirit: { 0: 9 } });
    t.reply(0, 'play:S08-R1', { seats: [2] }).reply(0, 'play:S12-R1', { seats: [2] });
    for (const v of [1, 2, 3]) {
      expect((t.view(v).view as any).seen).toEqual([]);
      expect(
        t.view(v).log.some((l) => l.msg.key === 'ghost.log.lookIdentity' || l.msg.key === 'ghost.log.probed'),
      ).toBe(false);
    }
    expect(t.view(0).log.filter((l) => l.msg.key === 'ghost.log.lookIdentity')).toHaveLength(1);
  });

  test("a seat's own identity line in the log is for him alone", () => {
    const { state: s, events } = startGame(FIXTURE, { seats: 4, seed: 'id-log' });
    const mine = viewFor(FIXTURE, s, 1, { log: events }).log.filter((l) => l.msg.key === 'ghost.log.yourIdentity');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.msg.params!.seat).toBe(1);
  });

  test('after the game everything is public: hands, identities, the ghost deck and every log line', () => {
    const t = table({
      step: 'endTurn',
      hands: { 0: [] },
      tweak: (g) => g.removed.push(...g.ghost.splice(0, g.ghost.length - 0)),
    });
    const v = t.view(null);
    expect((v.view as any).players.every((p: any) => p.hand !== null && p.identity !== null)).toBe(true);
    expect(v.log.length).toBe(t.entries().length);
  });
});

describe('answers', () => {
  test("an answer to another seat's prompt is refused and changes nothing", () => {
    const s = createGame(FIXTURE, { seats: 4, seed: 'bad' });
    const p = s.prompts[0]!;
    const r = apply(FIXTURE, s, (p.seat + 1) % 4, { prompt: p.id, option: 'end' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_your_prompt');
  });

  test('an unknown option is refused with a reason', () => {
    const s = createGame(FIXTURE, { seats: 4, seed: 'bad2' });
    const p = s.prompts[0]!;
    const r = apply(FIXTURE, s, p.seat, { prompt: p.id, option: 'fly' });
    expect(r.ok).toBe(false);
  });

  test('the options of creation are checked: 3 or 9 players are refused', () => {
    expect(FIXTURE.parseOptions({}, 3)).toMatch(/4 to 8/);
    expect(FIXTURE.parseOptions({}, 9)).toMatch(/4 to 8/);
    expect(FIXTURE.parseOptions({}, 6)).toEqual({ autoPass: true, botLevel: 'good' });
  });

  test('the bots\' level is an option of creation: "easy" or "good" (the default), anything else refused with a reason', () => {
    expect(FIXTURE.parseOptions({ botLevel: 'easy' }, 5)).toEqual({ autoPass: true, botLevel: 'easy' });
    expect(FIXTURE.parseOptions(undefined, 5)).toEqual({ autoPass: true, botLevel: 'good' });
    expect(FIXTURE.parseOptions({ botLevel: 'hard' }, 5)).toMatch(/botLevel must be one of "easy", "good"/);
    expect(FIXTURE.parseOptions({ botLevel: 3 }, 5)).toMatch(/botLevel/);
  });

  test("the room's autoPass is an option of creation, on unless the host turns it off; not a boolean is refused", () => {
    expect(FIXTURE.parseOptions({ autoPass: false }, 5)).toEqual({ autoPass: false, botLevel: 'good' });
    expect(FIXTURE.parseOptions({ autoPass: true }, 5)).toEqual({ autoPass: true, botLevel: 'good' });
    expect(FIXTURE.parseOptions({ autoPass: 'yes' }, 5)).toMatch(/autoPass must be true or false/);
  });
});

describe('defaults and bots', () => {
  test.each([4, 5, 6, 7, 8])('a %i-player game played only by deadline defaults reaches an end', (P) => {
    let s = createGame(FIXTURE, { seats: P, seed: `defaults-${P}` });
    for (let n = 0; !s.outcome && n < 5000; n++) {
      const p = s.prompts[0]!;
      const a = defaultAnswer(FIXTURE, s, p);
      expect(a).toEqual(FIXTURE.defaultAnswer!(s, p));
      const r = apply(FIXTURE, s, p.seat, a);
      if (!r.ok) throw new Error(r.error.reason);
      s = r.value.state;
    }
    expect(s.outcome).not.toBeNull();
  });

  test('the default vote is no vote and the default challenge is none', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'] }, hands: { 0: reds(1), 1: [], 2: [], 3: blues(1) } });
    t.reply(0, 'target', { cards: ['I01'] });
    expect(FIXTURE.defaultAnswer!(t.s, t.prompt)).toMatchObject({ option: 'pass' });
    t.reply(0, 'vote', { cards: reds(1) }).reply(3, 'vote', { cards: blues(1) });
    expect(FIXTURE.defaultAnswer!(t.s, t.prompt)).toMatchObject({ option: 'reveal' });
  });

  test('the bot hosts an exorcism it can carry with its own cards', () => {
    const t = table({ step: 'exorcise', imps: { 2: ['I01'], 1: ['I10'] }, hands: { 0: reds(2) } });
    const a = FIXTURE.bot!(t.s, t.prompt, botRng(t.s, t.prompt))!;
    expect(a).toMatchObject({ option: 'target', cards: ['I01'] });
  });

  test('the bot as ghost king summons an imp it can pay for', () => {
    const t = table({
      step: 'exorcise',
      current: 1,
      gk: 1,
      imps: { 1: ['I02', 'I03', 'I04'], 2: ['I01'], 3: ['I10'] },
      hands: { 1: reds(2) },
    });
    expect(FIXTURE.bot!(t.s, t.prompt, botRng(t.s, t.prompt))).toMatchObject({ option: 'target', cards: ['I01'] });
  });

  test('the easy bot challenges a voter it knows to be on the other team (the good bot waits for 明察令: bot.test.ts)', () => {
    const t = table({
      step: 'exorcise',
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      imps: { 2: ['I01'] },
      hands: { 0: reds(3), 1: blues(1), 2: [], 3: reds(1, 3) },
    });
    t.g.seen[0]!.push({ kind: 'identity', seat: 1, what: ['tianshi_blue'], turn: 1 });
    t.reply(0, 'target', { cards: ['I01'] })
      .reply(0, 'vote', { cards: reds(3) })
      .reply(3, 'vote', { cards: reds(1, 3) })
      .reply(1, 'vote', { cards: blues(1) });
    const easy = { ...t.s, options: { ...t.s.options, botLevel: 'easy' } };
    expect(FIXTURE.bot!(easy, t.prompt, botRng(easy, t.prompt))).toMatchObject({ option: 'challenge', seats: [1] });
  });

  test('the bot, possessed by the target imp, votes for its exorcism', () => {
    const t = table({ step: 'exorcise', current: 1, imps: { 0: ['I01'] }, hands: { 0: reds(2), 1: [], 2: [], 3: [] } });
    t.reply(1, 'target', { cards: ['I01'] });
    expect(FIXTURE.bot!(t.s, t.prompt, botRng(t.s, t.prompt))).toMatchObject({ option: 'vote', cards: reds(2) });
  });

  test('the bot as host exorcises an imp of the player whose 3rd imp arrived this turn, to keep the ghost king away', () => {
    // Seat 2's 3rd imp arrived this turn; 饿死鬼 on seat 1 would be the easier target.
    const t = table({
      step: 'exorcise',
      ids: ['taiping_red', 'tianshi_blue', 'taiping_red', 'tianshi_blue'],
      imps: { 1: ['I01'], 2: ['I08', 'I09', 'I05'] },
      hands: { 0: [...reds(2), ...blues(2)] },
      tweak: (g) => (g.ts.thirdImp = [2]),
    });
    const a = FIXTURE.bot!(t.s, t.prompt, botRng(t.s, t.prompt))!;
    expect(a.option).toBe('target');
    expect(['I08', 'I09', 'I05']).toContain(a.cards![0]);
  });

  test('the heretic bot as host leaves the imps of a player at risk alone: his ghost king would be the heretic king', () => {
    const ids = ['heretic_king', 'taiping_red', 'taiping_red', 'tianshi_blue', 'tianshi_blue'] as const;
    const t = table({
      P: 5,
      step: 'exorcise',
      ids: [...ids],
      imps: { 1: ['I01'], 2: ['I08', 'I09', 'I05'] },
      hands: { 0: [...reds(2), ...blues(2)] },
      tweak: (g) => (g.ts.thirdImp = [2]),
    });
    expect(FIXTURE.bot!(t.s, t.prompt, botRng(t.s, t.prompt))).toMatchObject({ option: 'target', cards: ['I01'] });
  });

  test('the bot, as ghost king, votes against the exorcism of his own imp', () => {
    const t = table({
      step: 'exorcise',
      gk: 3,
      imps: { 3: ['I01', 'I02', 'I03'] },
      hands: { 0: reds(2), 1: [], 2: [], 3: [...blues(2), ...reds(1, 3)] },
    });
    t.reply(0, 'target', { cards: ['I03'] }).reply(0, 'vote', { cards: reds(2) });
    expect(FIXTURE.bot!(t.s, t.prompt, botRng(t.s, t.prompt))).toMatchObject({ option: 'vote', cards: blues(2) });
  });
});
