import { describe, expect, it } from 'vitest';
import { SELF } from 'cloudflare:test';
import {
  api,
  answer,
  createGame,
  type Res,
  expectError,
  handOf,
  join,
  ORIGIN,
  pickColours,
  promptOf,
  stateOf,
  summaryOf,
  table,
} from './helpers';
import { valueOf } from '../fixtures/duel';

describe('POST /api/games', () => {
  it('creates a game with an unguessable id, an admin token and an invite link', async () => {
    const r = await api('/games', {
      body: { game: 'duel', seats: 3, options: { botsForAbsent: true }, deadline: { hours: 2 } },
    });
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^[a-z2-9]{16}$/);
    expect(r.body.adminToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.inviteUrl).toBe(`${ORIGIN}/g/${r.body.id}`);
    const s = await summaryOf(r.body.id);
    expect(s).toMatchObject({
      id: r.body.id,
      game: 'duel',
      status: 'lobby',
      paused: false,
      deadlineMinutes: 120,
      options: { botsForAbsent: true },
    });
    expect(s.seats.map((x) => x.taken)).toEqual([false, false, false]);
  });

  it('two games never share an id', async () => {
    const a = await createGame();
    const b = await createGame();
    expect(a.id).not.toBe(b.id);
  });

  it('an unknown game type is a 400', async () => {
    expectError(await api('/games', { body: { game: 'chess', seats: 2 } }), 400, 'bad_request');
  });

  it('a seat count outside the game range is a 400', async () => {
    expectError(await api('/games', { body: { game: 'duel', seats: 1 } }), 400, 'bad_request');
    expectError(await api('/games', { body: { game: 'duel', seats: 7 } }), 400, 'bad_request');
    expectError(await api('/games', { body: { game: 'duel', seats: 2.5 } }), 400, 'bad_request');
  });

  it('bots-for-absent-players is a platform option every game accepts', async () => {
    const r = await api('/games', { body: { game: 'ghost', seats: 4, options: { botsForAbsent: true } } });
    expect(r.status).toBe(201);
    expect((await summaryOf(r.body.id)).options.botsForAbsent).toBe(true);
    expectError(
      await api('/games', { body: { game: 'ghost', seats: 4, options: { botsForAbsent: 'yes' } } }),
      400,
      'bad_request',
    );
  });

  it('options are checked by the game', async () => {
    const r = await api('/games', { body: { game: 'duel', seats: 2, options: { wild: 1 } } });
    expectError(r, 400, 'bad_request');
    expect(r.body.error.message).toContain('wild');
  });

  it('a deadline is between 2 minutes and 7 days', async () => {
    expectError(
      await api('/games', { body: { game: 'duel', seats: 2, deadline: { minutes: 1 } } }),
      400,
      'bad_request',
    );
    expectError(
      await api('/games', { body: { game: 'duel', seats: 2, deadline: { hours: 169 } } }),
      400,
      'bad_request',
    );
    expectError(
      await api('/games', { body: { game: 'duel', seats: 2, deadline: { hours: 'soon' } } }),
      400,
      'bad_request',
    );
    expect((await api('/games', { body: { game: 'duel', seats: 2, deadline: { minutes: 2 } } })).status).toBe(201);
    expect((await api('/games', { body: { game: 'duel', seats: 2, deadline: { hours: 168 } } })).status).toBe(201);
  });

  it('malformed JSON is a 400', async () => {
    expectError(await api('/games', { body: '{"game": "duel",' }), 400, 'bad_request');
  });

  it('a body over 16 KiB is a 413', async () => {
    expectError(
      await api('/games', { body: { game: 'duel', seats: 2, pad: 'x'.repeat(17 * 1024) } }),
      413,
      'too_large',
    );
  });
});

describe('GET /api/games/:id', () => {
  it('an unknown game is a 404, whether or not the id could exist', async () => {
    expectError(await api('/games/abcdefghijkmnp'), 404, 'not_found');
    expectError(await api('/games/nope'), 404, 'not_found');
    expectError(await api('/games/abcdefghijkmnp/state'), 404, 'not_found');
    expectError(await api('/games/abcdefghijkmnp/seats', { body: { name: 'A' } }), 404, 'not_found');
  });

  it('an unknown route is a 404 in the error format', async () => {
    expectError(await api('/nothing'), 404, 'not_found');
  });
});

describe('GET /api/games?ids=', () => {
  it('reads several games in one request: status, whom the table waits for, the earliest deadline', async () => {
    const lobby = await createGame();
    const t = await table(2);
    await answer(t.id, t.tokens[0]!, { option: 'red' }, 'chooseColour');
    const r = await api(`/games?ids=${lobby.id},${t.id},zzzzzzzzzzzzzz,not-an-id,${t.id}`);
    expect(r.status).toBe(200);
    expect(
      r.body.games.map((g: { id: string; status: string; waiting: number[] }) => [g.id, g.status, g.waiting]),
    ).toEqual([
      [lobby.id, 'lobby', []],
      [t.id, 'playing', [1]],
    ]);
    expect(r.body.games[1].deadline).toBe((await stateOf(t.id, t.tokens[1])).prompts[0]!.deadline);
    // Public only: no view, prompts, log or chat.
    expect(Object.keys(r.body.games[1])).not.toContain('view');
    expect(Object.keys(r.body.games[1])).not.toContain('prompts');
  });

  it('asks for ids and at most 50 of them', async () => {
    expectError(await api('/games'), 400, 'bad_request');
    expectError(await api(`/games?ids=${[...Array(51).keys()].map((i) => `a${i}`).join(',')}`), 400, 'bad_request');
  });
});

describe('POST /api/games/:id/seats', () => {
  it('takes the first free seat and returns a personal link with the token in the fragment', async () => {
    const { id } = await createGame();
    const r = await api(`/games/${id}/seats`, { body: { name: '  张三   丰 ' } });
    expect(r.status).toBe(201);
    expect(r.body.seat).toBe(0);
    expect(r.body.seatUrl).toBe(`${ORIGIN}/g/${id}#seat=${r.body.token}`);
    const s = await summaryOf(id);
    expect(s.seats[0]).toMatchObject({ name: '张三 丰', taken: true, bot: false });
    expect((await join(id, 'B')).seat).toBe(1);
  });

  it('a name has 1 to 24 characters', async () => {
    const { id } = await createGame();
    expectError(await api(`/games/${id}/seats`, { body: { name: '   ' } }), 400, 'bad_request');
    expectError(await api(`/games/${id}/seats`, { body: { name: 'x'.repeat(25) } }), 400, 'bad_request');
    expectError(await api(`/games/${id}/seats`, { body: {} }), 400, 'bad_request');
    expect((await api(`/games/${id}/seats`, { body: { name: '字'.repeat(24) } })).status).toBe(201);
    expect((await summaryOf(id)).seats.filter((x) => x.taken)).toHaveLength(1);
  });

  it('a full game answers 409 and keeps its seats', async () => {
    const { id } = await createGame();
    await join(id, 'A');
    await join(id, 'B');
    const before = await summaryOf(id);
    expectError(await api(`/games/${id}/seats`, { body: { name: 'C' } }), 409, 'full');
    expect(await summaryOf(id)).toEqual(before);
  });
});

describe('POST /api/games/:id/start', () => {
  it('needs the admin token: missing is 401, a seat token is 403', async () => {
    const t = await table(2, { start: false });
    expectError(await api(`/games/${t.id}/start`, { body: {} }), 401, 'unauthorized');
    expectError(await api(`/games/${t.id}/start`, { body: {}, token: t.tokens[0] }), 403, 'forbidden');
    expect((await summaryOf(t.id)).status).toBe('lobby');
  });

  it('does not start with free seats unless they are filled with bots', async () => {
    const { id, admin } = await createGame({ seats: 3 });
    await join(id, 'A');
    expectError(await api(`/games/${id}/start`, { body: {}, token: admin }), 409, 'conflict');
    expectError(await api(`/games/${id}/start`, { body: { fillWithBots: 'yes' }, token: admin }), 400, 'bad_request');
    const r = await api(`/games/${id}/start`, { body: { fillWithBots: true }, token: admin });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('playing');
    expect(r.body.seats.map((x: { bot: boolean }) => x.bot)).toEqual([false, true, true]);
  });

  it('starts once: a second start is a 409', async () => {
    const t = await table(2);
    expect((await summaryOf(t.id)).status).toBe('playing');
    expectError(await api(`/games/${t.id}/start`, { body: {}, token: t.admin }), 409, 'conflict');
  });

  it('bot seats answer their prompts at once', async () => {
    const { id, admin } = await createGame();
    const a = await join(id, 'A');
    await api(`/games/${id}/start`, { body: { fillWithBots: true }, token: admin });
    const s = await stateOf(id, a.token);
    // The bot (seat 1) has picked its colour; only the human is waited for.
    expect(s.waiting).toEqual([0]);
    expect(promptOf(s).kind).toBe('chooseColour');
  });
});

describe('GET /api/games/:id/state', () => {
  it('a seat sees its own hand and its own prompts, with deadlines', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    expect(s.you).toBe(0);
    expect(handOf(s)).toHaveLength(3);
    expect((s.view as any).hands[1]).toEqual({ hidden: true, count: 3 });
    expect(s.prompts.map((p) => p.seat)).toEqual([0]);
    expect(Date.parse(s.prompts[0]!.deadline!)).toBeGreaterThan(Date.now());
    expect(s.deadline).toBe(s.prompts[0]!.deadline);
    expect(s.waiting).toEqual([0, 1]);
  });

  it("a spectator's view has no hidden field: no hand, no seed, no pick, no prompt options", async () => {
    const t = await table(2);
    await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    const s = await stateOf(t.id, null);
    expect(s.you).toBeNull();
    expect(s.prompts).toEqual([]);
    expect((s.view as any).hands).toEqual([
      { hidden: true, count: 3 },
      { hidden: true, count: 3 },
    ]);
    expect((s.view as any).colour).toEqual(['picked', null]);
    const text = JSON.stringify(s);
    expect(text).not.toContain('"rng"');
    expect(text).not.toContain('blue');
    // Card ids held in hands never appear (the discard pile is empty before any play).
    const mine = handOf(await stateOf(t.id, t.tokens[0]));
    for (const c of mine) expect(text).not.toContain(`"${c}"`);
  });

  it("another seat's hand is hidden from a seat", async () => {
    const t = await table(2);
    const h1 = handOf(await stateOf(t.id, t.tokens[1]), 1);
    const s0 = JSON.stringify(await stateOf(t.id, t.tokens[0]));
    for (const c of h1) expect(s0).not.toContain(`"${c}"`);
  });

  it('a wrong token is a 401 (not a spectator view)', async () => {
    const t = await table(2);
    expectError(await api(`/games/${t.id}/state`, { token: 'x'.repeat(22) }), 401, 'unauthorized');
  });

  it('?since=V answers 304 while nothing changed, and the state once something did', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    const same = await api(`/games/${t.id}/state?since=${s.version}`, { token: t.tokens[0] });
    expect(same.status).toBe(304);
    await api(`/games/${t.id}/chat`, { body: { text: 'hi' }, token: t.tokens[1] });
    const next = await api(`/games/${t.id}/state?since=${s.version}`, { token: t.tokens[0] });
    expect(next.status).toBe(200);
    expect(next.body.version).toBeGreaterThan(s.version);
    expectError(await api(`/games/${t.id}/state?since=abc`), 400, 'bad_request');
  });
});

describe('POST /api/games/:id/answers', () => {
  it('an accepted answer returns the new state of the seat', async () => {
    const t = await table(2);
    const before = await stateOf(t.id, t.tokens[0]);
    const r = await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(before.version + 1);
    expect(r.body.prompts).toEqual([]);
    expect((r.body.view as any).colour[0]).toBe('blue');
    // The room serialises the body itself (reply.ts okJson): still JSON, with the header `c.json` sets.
    expect(r.headers.get('content-type')).toBe('application/json');
    const s = await api(`/games/${t.id}/state`, { token: t.tokens[0] });
    expect(s.headers.get('content-type')).toBe('application/json');
    expect(s.body).toEqual(r.body);
  });

  it('a missing or wrong token is a 401 and changes nothing', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    const body = { version: s.version, answer: { prompt: promptOf(s).id, option: 'red' } };
    expectError(await api(`/games/${t.id}/answers`, { body }), 401, 'unauthorized');
    expectError(await api(`/games/${t.id}/answers`, { body, token: 'AAAAAAAAAAAAAAAAAAAAAA' }), 401, 'unauthorized');
    expect(await stateOf(t.id, t.tokens[0])).toEqual(s);
  });

  it("answering another seat's prompt is a 403 not_your_prompt", async () => {
    const t = await table(2);
    const s1 = await stateOf(t.id, t.tokens[1]);
    const r = await api(`/games/${t.id}/answers`, {
      body: { version: s1.version, answer: { prompt: promptOf(s1).id, option: 'red' } },
      token: t.tokens[0],
    });
    expectError(r, 403, 'not_your_prompt');
    expect(await stateOf(t.id, t.tokens[1])).toEqual(s1);
  });

  it('a stale version is a 409 with the current state, and changes nothing', async () => {
    const t = await table(2);
    const old = await stateOf(t.id, t.tokens[0]);
    const body = { version: old.version, answer: { prompt: promptOf(old).id, option: 'red' } };
    expect((await api(`/games/${t.id}/answers`, { body, token: t.tokens[0] })).status).toBe(200);
    const current = await stateOf(t.id, t.tokens[0]);
    // The same answer again (a double submit from an old page): that prompt is gone, the client is behind.
    const r = await api(`/games/${t.id}/answers`, { body, token: t.tokens[0] });
    expectError(r, 409, 'stale');
    expect(r.body.state).toEqual(current);
    expect(await stateOf(t.id, t.tokens[0])).toEqual(current);
    // A version from the future is stale too.
    const s1 = await stateOf(t.id, t.tokens[1]);
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: s1.version + 5, answer: { prompt: promptOf(s1).id, option: 'blue' } },
        token: t.tokens[1],
      }),
      409,
      'stale',
    );
    expect(await stateOf(t.id, t.tokens[1])).toEqual(s1);
  });

  it('a prompt shown after the client version is stale even while it is open', async () => {
    const t = await table(2);
    const old = await stateOf(t.id, t.tokens[0]);
    await pickColours(t);
    const now = await stateOf(t.id, t.tokens[0]);
    const play = promptOf(now, 'play');
    const r = await api(`/games/${t.id}/answers`, {
      body: { version: old.version, answer: { prompt: play.id, option: 'pass' } },
      token: t.tokens[0],
    });
    expectError(r, 409, 'stale');
    expect(await stateOf(t.id, t.tokens[0])).toEqual(now);
  });

  it('an answer to a prompt open since the client version is not stale: simultaneous picks do not bounce', async () => {
    const t = await table(2);
    const old = await stateOf(t.id, t.tokens[1]);
    await answer(t.id, t.tokens[0]!, { option: 'red' }, 'chooseColour');
    const r = await api(`/games/${t.id}/answers`, {
      body: { version: old.version, answer: { prompt: promptOf(old).id, option: 'blue' } },
      token: t.tokens[1],
    });
    expect(r.status).toBe(200);
    expect((r.body.view as any).colour).toEqual(['red', 'blue']);
  });

  it('a chat line in between does not make an answer stale', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    await api(`/games/${t.id}/chat`, { body: { text: 'hurry' }, token: t.tokens[1] });
    const r = await api(`/games/${t.id}/answers`, {
      body: { version: s.version, answer: { prompt: promptOf(s).id, option: 'red' } },
      token: t.tokens[0],
    });
    expect(r.status).toBe(200);
  });

  it('an unknown prompt is a 403 not_your_prompt, an unknown option a 400 illegal, and neither changes anything', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: s.version, answer: { prompt: 'p999', option: 'red' } },
        token: t.tokens[0],
      }),
      403,
      'not_your_prompt',
    );
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: s.version, answer: { prompt: promptOf(s).id, option: 'green' } },
        token: t.tokens[0],
      }),
      400,
      'illegal',
    );
    expect(await stateOf(t.id, t.tokens[0])).toEqual(s);
  });

  it('a block with too small a card is a 400 with the rule as the reason, and changes nothing', async () => {
    // The deal is random per game: take the first game where seat 1 holds a card weaker than seat 0's best.
    for (let attempt = 0; attempt < 8; attempt++) {
      const t = await table(2);
      await pickColours(t);
      const h0 = handOf(await stateOf(t.id, t.tokens[0]));
      const h1 = handOf(await stateOf(t.id, t.tokens[1]));
      const strongest = [...h0].sort((a, b) => valueOf(b) - valueOf(a))[0]!;
      const weak = h1.find((c) => valueOf(c) < valueOf(strongest));
      if (!weak || !h1.some((c) => valueOf(c) >= valueOf(strongest))) continue;
      expect(
        (await answer(t.id, t.tokens[0]!, { option: 'attack', cards: [strongest], seats: [1] }, 'play')).status,
      ).toBe(200);
      const before = await stateOf(t.id, t.tokens[1]);
      const r: Res = await answer(t.id, t.tokens[1]!, { option: 'block', cards: [weak] }, 'respond');
      expectError(r, 400, 'illegal');
      expect(r.body.error.message).toBe(`a block needs a card of value ${valueOf(strongest)} or more`);
      expect(await stateOf(t.id, t.tokens[1])).toEqual(before);
      return;
    }
    throw new Error('no deal in 8 games had a weak and a strong enough card in the same hand');
  });

  it('malformed JSON and a body without version are 400s', async () => {
    const t = await table(2);
    expectError(await api(`/games/${t.id}/answers`, { body: '{nope', token: t.tokens[0] }), 400, 'bad_request');
    expectError(
      await api(`/games/${t.id}/answers`, { body: { answer: { prompt: 'p1', option: 'red' } }, token: t.tokens[0] }),
      400,
      'bad_request',
    );
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: 1, answer: { prompt: 'p1', option: 'red', cards: [1] } },
        token: t.tokens[0],
      }),
      400,
      'bad_request',
    );
  });

  it('a body over the limit is a 413', async () => {
    const t = await table(2);
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: 1, answer: { prompt: 'p1', option: 'red' }, pad: 'x'.repeat(20_000) },
        token: t.tokens[0],
      }),
      413,
      'too_large',
    );
  });

  it('answers before the start are a 409', async () => {
    const t = await table(2, { start: false });
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: 1, answer: { prompt: 'p1', option: 'red' } },
        token: t.tokens[0],
      }),
      409,
      'conflict',
    );
  });

  it('too many requests from one seat are a 429 with Retry-After (issue 9 point 8)', async () => {
    const t = await table(2);
    const codes: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 40; i++) {
      const r = await api(`/games/${t.id}/chat`, { body: { text: `m${i}` }, token: t.tokens[0] });
      codes.push(r.status);
      if (r.status === 429) retryAfter ??= r.headers.get('retry-after');
    }
    expect(codes.slice(0, 25).every((c) => c === 201)).toBe(true);
    expect(codes).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another seat has its own budget.
    expect((await api(`/games/${t.id}/chat`, { body: { text: 'me' }, token: t.tokens[1] })).status).toBe(201);
  });
});

describe('POST /api/games/:id/chat', () => {
  it('a seat posts a line that everyone sees with its name', async () => {
    const t = await table(2);
    const r = await api(`/games/${t.id}/chat`, { body: { text: '  你好  ' }, token: t.tokens[1] });
    expect(r.status).toBe(201);
    const s = await stateOf(t.id, null);
    expect(s.chat.map((c) => [c.seat, c.name, c.text])).toEqual([[1, 'B', '你好']]);
  });

  it('needs a seat token, and a line has 1 to 500 characters', async () => {
    const t = await table(2);
    expectError(await api(`/games/${t.id}/chat`, { body: { text: 'hi' } }), 401, 'unauthorized');
    expectError(await api(`/games/${t.id}/chat`, { body: { text: ' ' }, token: t.tokens[0] }), 400, 'bad_request');
    expectError(
      await api(`/games/${t.id}/chat`, { body: { text: 'x'.repeat(501) }, token: t.tokens[0] }),
      400,
      'bad_request',
    );
    expect((await stateOf(t.id, null)).chat).toEqual([]);
  });
});

describe('notification targets', () => {
  const sub = {
    endpoint: 'https://push.example.com/abc',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };

  it('a seat registers a push subscription and a webhook, and removes them', async () => {
    const t = await table(2);
    const p = await api(`/games/${t.id}/notify`, {
      body: { kind: 'push', subscription: sub, lang: 'en' },
      token: t.tokens[0],
    });
    expect(p.status).toBe(201);
    const w = await api(`/games/${t.id}/notify`, {
      body: { kind: 'webhook', url: 'https://ntfy.sh/teahouse-test', format: 'ntfy' },
      token: t.tokens[0],
    });
    expect(w.status).toBe(201);
    // The same endpoint again replaces, not duplicates.
    expect(
      (await api(`/games/${t.id}/notify`, { body: { kind: 'push', subscription: sub }, token: t.tokens[0] })).body.id,
    ).toBe(p.body.id);
    const one = await api(`/games/${t.id}/notify`, { method: 'DELETE', body: { id: p.body.id }, token: t.tokens[0] });
    expect(one.body).toEqual({ removed: 1 });
    expectError(
      await api(`/games/${t.id}/notify`, { method: 'DELETE', body: { id: p.body.id }, token: t.tokens[0] }),
      404,
      'not_found',
    );
    const all = await api(`/games/${t.id}/notify`, { method: 'DELETE', token: t.tokens[0] });
    expect(all.body).toEqual({ removed: 1 });
  });

  it('an invalid target is a 400; no token is a 401', async () => {
    const t = await table(2);
    expectError(
      await api(`/games/${t.id}/notify`, { body: { kind: 'webhook', url: 'ftp://x' }, token: t.tokens[0] }),
      400,
      'bad_request',
    );
    expectError(
      await api(`/games/${t.id}/notify`, {
        body: { kind: 'push', subscription: { endpoint: 'https://x' } },
        token: t.tokens[0],
      }),
      400,
      'bad_request',
    );
    expectError(await api(`/games/${t.id}/notify`, { body: { kind: 'sms' }, token: t.tokens[0] }), 400, 'bad_request');
    expectError(await api(`/games/${t.id}/notify`, { body: { kind: 'push', subscription: sub } }), 401, 'unauthorized');
  });

  it('GET /api/push/key serves the VAPID public key', async () => {
    const r = await api('/push/key');
    expect(r.status).toBe(200);
    expect(r.body.key).toBe('BTestPublicKeyForTheWorkerTestsOnly');
  });
});

describe('the worker only routes', () => {
  it('a non-API path without static assets is a 404', async () => {
    const r = await SELF.fetch(`${ORIGIN}/g/whatever`);
    expect(r.status).toBe(404);
    await r.body?.cancel();
  });
});
