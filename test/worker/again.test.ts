import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, rngOf, seedRng } from '../../worker/engine';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { GameSummary, SeriesBody, SeriesGame, StateBody } from '../../worker/protocol';
import { standings } from '../../worker/routes/again';
import { buildChannelRequest } from '../../worker/notify/channel';
import { api, expectError, recordDeliveries, room, runAlarm, stateOf, storedMeta, summaryOf, table } from './helpers';

/** Play the room's game to its end inside the room: every open prompt gets its bot answer. */
const playToEnd = (id: string) =>
  runInDurableObject(room(id), async (inst: GameRoom) => {
    for (let i = 0; i < 20_000 && !inst.store.game!.outcome; i++) {
      const s = inst.store.game!;
      const p = s.prompts[0]!;
      const r = inst.handle(p.seat, inst.store.m.version, botAnswer(inst.store.def(), s, p, botRng(s, p)));
      if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
    }
    await inst.afterChange();
    return inst.store.game!.outcome!;
  });

const again = (id: string, token: string | null, body: unknown) => api(`/games/${id}/again`, { body, token });

/** A finished 5-seat 驱鬼 game of A…E (deadline 60 minutes), its room's clock in the test's hands. */
async function finished() {
  let now = Date.now();
  const t = await table(5, { body: { game: 'ghost', deadline: { minutes: 60 } }, clock: () => now });
  const outcome = await playToEnd(t.id);
  return { ...t, outcome, travel: (ms: number) => (now += ms) };
}

describe('issue 27: playing again with the same table (workerd)', () => {
  it('3 accept, 1 declines, 1 never answers: at the deadline the next game starts with the 3 on their own tokens and bots in the other seats', async () => {
    const t = await finished();
    const host = await api(`/games/${t.id}/admin/again`, {
      body: { replaceWith: 'bot', options: { botsForAbsent: true } },
      token: t.admin,
    });
    expect(host.status).toBe(200);
    for (const s of [0, 1, 2]) expect((await again(t.id, t.tokens[s]!, { accept: true })).status).toBe(200);
    const declined = await again(t.id, t.tokens[3]!, { accept: false });
    expect(declined.status).toBe(200);
    expect(declined.body.again.answers).toEqual([true, true, true, false, null]);
    // Seat 4 has not answered: nothing is made before the deadline.
    expect(await runAlarm(t.id)).toBe(true);
    expect((await summaryOf(t.id)).next).toBeUndefined();
    const shuffle = (await storedMeta(t.id)).again.shuffle as string;
    t.travel(61 * 60_000);
    await runInDurableObject(room(t.id), (inst: GameRoom) => inst.alarm());
    const old = await summaryOf(t.id);
    const next = old.next!;
    expect(next).toMatch(new RegExp(`^${t.id}[a-z2-9]{8}$`));
    expect(old.again).toBeUndefined();

    const s = await summaryOf(next);
    expect(s.prev).toBe(t.id);
    expect(s.status).toBe('playing');
    // The host's options for it.
    expect(s.options.botsForAbsent).toBe(true);
    expect(
      s.seats
        .filter((x) => !x.bot)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
    expect(s.seats.filter((x) => x.bot)).toHaveLength(2);
    // Seated in the order the seed the room drew when the proposal opened deals them (the bots by their new seat).
    const seating: (string | null)[] = ['A', 'B', 'C', null, null];
    rngOf(seedRng(shuffle)).shuffle(seating);
    expect(s.seats.map((x) => x.name)).toEqual(seating.map((n, i) => n ?? `Bot ${i + 1}`));
    // The three who accepted act in the new game with the tokens they had, each on the seat of its name.
    for (const k of [0, 1, 2]) {
      const st = await stateOf(next, t.tokens[k]!);
      expect(st.seats[st.you!]!.name).toBe('ABC'[k]);
    }
    // The one who declined and the one who never answered have no seat there: their tokens act in nothing.
    for (const k of [3, 4]) {
      expectError(await api(`/games/${next}/state`, { token: t.tokens[k]! }), 401, 'unauthorized');
      expectError(
        await api(`/games/${next}/answers`, {
          body: { version: s.version, answer: { prompt: 'x', option: 'pass' } },
          token: t.tokens[k]!,
        }),
        401,
        'unauthorized',
      );
      expectError(await again(next, t.tokens[k]!, { accept: true }), 401, 'unauthorized');
    }
    // The host's admin token is the host's in the new game too.
    expect((await api(`/games/${next}/admin/pause`, { body: {}, token: t.admin })).status).toBe(200);
  });

  it('the series lists both games with their winners and roles, and of the running game only its seats', async () => {
    const t = await finished();
    for (const s of [0, 1, 2, 3, 4]) expect((await again(t.id, t.tokens[s]!, { accept: true })).status).toBe(200);
    const next = (await summaryOf(t.id)).next!;
    expect(next).toBeTruthy();
    for (const from of [t.id, next]) {
      const r = await api<SeriesBody>(`/series/${from}`);
      expect(r.status).toBe(200);
      const [first, second] = r.body.games;
      expect(r.body.games.map((g) => g.id)).toEqual([t.id, next]);
      expect(first!.result!.winners).toEqual(t.outcome.winners);
      expect(first!.result!.scores).toEqual(t.outcome.scores);
      expect(first!.result!.roles.every((x) => typeof x === 'string' && x.startsWith('ghost.identity.'))).toBe(true);
      expect(second!.status).toBe('playing');
      expect(second!.result).toBeNull();
      // Nothing of the running game but names and status: no identity, card or score anywhere in its entry.
      expect(JSON.stringify(second)).not.toMatch(/identity|hand|scores|winners/);
      // The running score: each player's points and wins from the finished game only.
      const names = ['A', 'B', 'C', 'D', 'E'];
      for (const p of r.body.players) {
        const seat = names.indexOf(p.name);
        expect(p.played).toBe(1);
        expect(p.points).toBe(t.outcome.scores![seat]);
        expect(p.wins).toBe(t.outcome.winners.includes(seat) ? 1 : 0);
      }
    }
  });

  it('with invites chosen, the seats that did not accept wait free in the lobby for the invite link', async () => {
    const t = await finished();
    expect((await api(`/games/${t.id}/admin/again`, { body: { replaceWith: 'invite' }, token: t.admin })).status).toBe(
      200,
    );
    for (const s of [0, 1, 2]) expect((await again(t.id, t.tokens[s]!, { accept: true })).status).toBe(200);
    for (const s of [3, 4]) expect((await again(t.id, t.tokens[s]!, { accept: false })).status).toBe(200);
    const next = (await summaryOf(t.id)).next!;
    const s = await summaryOf(next);
    expect(s.status).toBe('lobby');
    expect(
      s.seats
        .filter((x) => x.taken)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
    expect((await api(`/games/${next}/seats`, { body: { name: 'F' } })).status).toBe(201);
    expect((await api(`/games/${next}/start`, { body: { fillWithBots: true }, token: t.admin })).status).toBe(200);
    expect((await summaryOf(next)).status).toBe('playing');
  });

  it('a proposal is sent to the seats it asks and posted to the table channel with their mentions', async () => {
    const t = await finished();
    // Deliveries and posts are recorded from the start (the alarm may run as soon as something is owed).
    const sent = await recordDeliveries(t.id);
    const posts: { event: string; body: string }[] = [];
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      inst.postChannel = async (target, input) => {
        posts.push({ event: input.event.kind, body: String(buildChannelRequest(target, input).init.body) });
        return { ok: true };
      };
    });
    const hook = 'https://chat.example/hook';
    for (const k of [1, 2]) {
      const r = await api(`/games/${t.id}/notify`, {
        body: { kind: 'webhook', url: hook, lang: 'en' },
        token: t.tokens[k]!,
      });
      expect(r.status).toBe(201);
    }
    expect(
      (
        await api(`/games/${t.id}/admin/settings`, {
          token: t.admin,
          body: { channel: { url: 'https://chat.example/table', format: 'json', lang: 'en' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(`/games/${t.id}/me`, { method: 'PUT', body: { mention: '@bee' }, token: t.tokens[1]! })).status,
    ).toBe(200);
    const alarm = () => runInDurableObject(room(t.id), (inst: GameRoom) => inst.alarm());
    expect((await again(t.id, t.tokens[0]!, { accept: true })).status).toBe(200);
    await alarm();
    // Seats 1 and 2 registered a webhook: each hears of it once; the proposer is not told of its own proposal.
    const asked = sent.filter((x) => x.msg.kind === 'again');
    expect(asked.map((x) => x.msg.seat).sort()).toEqual([1, 2]);
    expect(asked[0]!.msg.title).toContain('Play again?');
    const post = posts.find((p) => p.event === 'again')!;
    expect(post.body).toContain('A proposes another game with this table');
    expect(post.body).toContain('@bee');
    // Told once: the next alarm posts nothing more.
    await alarm();
    expect(posts.filter((p) => p.event === 'again')).toHaveLength(1);
  });

  it('bad input changes nothing: a non-boolean accept, no token, a decline before any proposal, a running game', async () => {
    const t = await finished();
    const before = (await summaryOf(t.id)).version;
    expectError(await again(t.id, t.tokens[0]!, { accept: 'yes' }), 400, 'bad_request');
    expectError(await again(t.id, t.tokens[0]!, [true]), 400, 'bad_request');
    expectError(await again(t.id, null, { accept: true }), 401, 'unauthorized');
    expectError(await again(t.id, t.tokens[0]!, { accept: false }), 409, 'conflict');
    expectError(
      await api(`/games/${t.id}/admin/again`, { body: { replaceWith: 'cat' }, token: t.admin }),
      400,
      'bad_request',
    );
    expectError(
      await api(`/games/${t.id}/admin/again`, { body: { options: { botsForAbsent: 'yes' } }, token: t.admin }),
      400,
      'bad_request',
    );
    expectError(await api(`/games/${t.id}/admin/again`, { body: {}, token: t.tokens[0]! }), 403, 'forbidden');
    const after: GameSummary = await summaryOf(t.id);
    expect(after.version).toBe(before);
    expect(after.again).toBeUndefined();
    const running = await table(2);
    expectError(await again(running.id, running.tokens[0]!, { accept: true }), 409, 'conflict');
    const st: StateBody = await stateOf(running.id, running.tokens[0]!);
    expect(st.status).toBe('playing');
  });

  it('a settle the alarm starts while the last accept is making the next room (an RPC away) makes the same room, once', async () => {
    const t = await finished();
    for (const s of [0, 1, 2, 3]) expect((await again(t.id, t.tokens[s]!, { accept: true })).status).toBe(200);
    const seen = await runInDurableObject(room(t.id), async (inst: GameRoom) => {
      const real = inst.bindings.GAME_ROOM;
      let open!: () => void;
      const gate = new Promise<void>((ok) => (open = ok));
      const calls: Promise<{ status: number }>[] = [];
      // Both settles reach the next room together, and the second one hears back after the first.
      const rooms = {
        idFromName: (n: string) => real.idFromName(n),
        get: (id: DurableObjectId) => ({
          createAgain: (p: unknown) => {
            const before = calls.at(-1);
            const call = (async () => {
              await gate;
              const r = await (
                real.get(id) as unknown as { createAgain(p: unknown): Promise<{ status: number }> }
              ).createAgain(p);
              await before;
              return r;
            })();
            calls.push(call);
            return call;
          },
        }),
      };
      Object.assign(inst, { bindings: { ...inst.bindings, GAME_ROOM: rooms } });
      try {
        // The last seat accepts: its request settles, and waits on the next room...
        const accepted = inst.again(t.tokens[4]!, { accept: true });
        while (!calls.length) await new Promise((ok) => setTimeout(ok, 1));
        // ...while the alarm comes and finds the settle under way.
        const alarm = inst.alarm();
        open();
        const [a, b] = await Promise.allSettled([accepted, alarm]);
        return {
          accepted: a.status === 'fulfilled' ? a.value.status : String(a.reason),
          alarm: b.status === 'fulfilled' ? 'done' : String(b.reason),
          calls: (await Promise.all(calls)).map((r) => r.status),
          again: inst.store.m.again ?? null,
          next: inst.store.m.next ?? null,
        };
      } finally {
        Object.assign(inst, { bindings: { ...inst.bindings, GAME_ROOM: real } });
      }
    });
    // The second settle asks for the same room, which answers that it is made: nothing is made twice.
    expect(seen).toMatchObject({ accepted: 200, alarm: 'done', calls: [201, 200], again: null });
    expect(seen.next).toMatch(new RegExp(`^${t.id}[a-z2-9]{8}$`));
    const next = await summaryOf(seen.next!);
    expect(next.prev).toBe(t.id);
    expect(
      next.seats
        .map((x) => x.name)
        .filter((n) => !n?.startsWith('Bot'))
        .sort(),
    ).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('two settles that reach the next room at the same moment both hear it is made, and it is made once', async () => {
    const t = await finished();
    for (const s of [0, 1, 2, 3]) expect((await again(t.id, t.tokens[s]!, { accept: true })).status).toBe(200);
    // The last accept's settle: its parameters are caught on their way to the next room, which does not answer.
    const params = await runInDurableObject(room(t.id), async (inst: GameRoom) => {
      const real = inst.bindings.GAME_ROOM;
      let caught: unknown = null;
      const rooms = {
        idFromName: (n: string) => real.idFromName(n),
        get: () => ({
          createAgain: async (p: unknown) => {
            caught = p;
            throw new Error('unreachable');
          },
        }),
      };
      Object.assign(inst, { bindings: { ...inst.bindings, GAME_ROOM: rooms } });
      try {
        await inst.again(t.tokens[4]!, { accept: true });
      } finally {
        Object.assign(inst, { bindings: { ...inst.bindings, GAME_ROOM: real } });
      }
      return caught as Parameters<GameRoom['createAgain']>[0];
    });
    expect(params?.prev).toBe(t.id);
    // Two tries of it (a retry and a last accept, say) arrive together: neither finds the room before both start.
    const statuses = await runInDurableObject(room(params.id), async (inst: GameRoom) =>
      (await Promise.all([inst.createAgain(params), inst.createAgain(params)])).map((r) => r.status).sort(),
    );
    expect(statuses).toEqual([200, 201]);
    expect((await summaryOf(params.id)).prev).toBe(t.id);
  });

  it('the running score of 三国杀 counts wins per identity; bots and a game still in play count for nothing', () => {
    const seats = (...names: string[]) => names.map((name) => ({ name, bot: name.startsWith('Bot') }));
    const roles = (...r: string[]) => r.map((x) => `sgs.role.${x}`);
    const game = (id: string, s: SeriesGame['seats'], result: SeriesGame['result']): SeriesGame => ({
      id,
      game: 'sanguosha',
      status: result ? 'finished' : 'playing',
      createdAt: '2026-12-05T00:00:00.000Z',
      seats: s,
      result,
    });
    const reason = { key: 'sgs.end.lord' };
    const games = [
      game('a', seats('A', 'B', 'Bot 3', 'C'), {
        winners: [0, 2],
        reason,
        roles: roles('lord', 'rebel', 'loyalist', 'traitor'),
        scores: null,
      }),
      game('b', seats('C', 'A', 'B', 'D'), {
        winners: [0, 1],
        reason,
        roles: roles('rebel', 'rebel', 'lord', 'loyalist'),
        scores: null,
      }),
      game('c', seats('A', 'B', 'C', 'D'), null),
    ];
    expect(standings(games)).toEqual([
      { name: 'A', played: 2, wins: 2, points: null, winsAs: { 'sgs.role.lord': 1, 'sgs.role.rebel': 1 } },
      { name: 'C', played: 2, wins: 1, points: null, winsAs: { 'sgs.role.rebel': 1 } },
      { name: 'B', played: 2, wins: 0, points: null, winsAs: {} },
      { name: 'D', played: 1, wins: 0, points: null, winsAs: {} },
    ]);
  });
});
