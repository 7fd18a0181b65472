/**
 * Issue 26 points 4, 9 and 10: seat and admin tokens carry a MAC the Worker checks before any room wakes
 * (worker/room/tokens.ts, worker/routes/limits.ts), so a made-up token costs the room nothing, failures are
 * counted per address, and a real token's reads are counted per seat, never with its neighbours' address; and the
 * links a game hands out never come from the client's Host header.
 */
import { describe, expect, it } from 'vitest';
import { SELF, createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { hashToken, newToken } from '../../worker/room/seats';
import worker from '../../worker/index';
import {
  ORIGIN,
  api,
  expectError,
  freshAddress,
  insideOneWindow,
  join,
  room,
  stateOf,
  table,
  type Res,
} from './helpers';

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** A made-up token: 32 random bytes (the signed format, 43 characters) or 16 (the old format, 22). */
const madeUp = (bytes: 16 | 32) => b64url(crypto.getRandomValues(new Uint8Array(bytes)));

/**
 * Count what reaches the room from now on: every request the routes forward starts with `store.load()` (the
 * instance stays in memory for the test, so the wrapper stays too). Returns a reader of the count.
 */
async function countRoomCalls(id: string): Promise<() => Promise<number>> {
  await runInDurableObject(room(id), (inst: GameRoom) => {
    const store = inst.store as unknown as { load(): unknown; calls?: number };
    const load = store.load.bind(store);
    store.calls = 0;
    store.load = () => {
      store.calls!++;
      return load();
    };
  });
  return () => runInDurableObject(room(id), (inst: GameRoom) => (inst.store as unknown as { calls: number }).calls);
}

/** How many replies had each status. */
function tally(rs: Res[]): Record<number, number> {
  const by: Record<number, number> = {};
  for (const r of rs) by[r.status] = (by[r.status] ?? 0) + 1;
  return by;
}

describe('issue 26 point 4: a made-up token costs the room nothing', () => {
  it('1,000 made-up tokens from one address on answers, chat, admin, settings and state get 401/403, then 429, and never wake the room', async () => {
    const t = await table(2);
    const calls = await countRoomCalls(t.id);
    const from = freshAddress();
    const routes: [string, string, unknown][] = [
      ['POST', `/games/${t.id}/answers`, { version: 1, answer: { prompt: 'p1', option: 'pass' } }],
      ['POST', `/games/${t.id}/chat`, { text: 'hello' }],
      ['POST', `/games/${t.id}/admin/pause`, {}],
      ['PUT', `/games/${t.id}/me`, { quiet: null }],
      ['GET', `/games/${t.id}/state`, undefined],
    ];
    await insideOneWindow();
    const replies: Res[] = [];
    for (let batch = 0; batch < 10; batch++)
      replies.push(
        ...(await Promise.all(
          [...Array(100)].map((_, i) => {
            const [method, path, body] = routes[i % routes.length]!;
            return api(path, { method, body, token: madeUp(i % 2 ? 16 : 32), from });
          }),
        )),
      );
    const by = tally(replies);
    // The failure budget (AUTH_FAIL_LIMIT, 30 a minute in the tests' Worker), then 429s; nothing else.
    expect(Object.keys(by).sort()).toEqual(['401', '403', '429']);
    expect(by[401]! + by[403]!).toBeLessThanOrEqual(30);
    expect(by[429]).toBeGreaterThanOrEqual(970);
    for (const r of replies)
      expect(r.body.error.code).toBe({ 401: 'unauthorized', 403: 'forbidden', 429: 'rate_limited' }[r.status]);
    expect(Number(replies.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await calls()).toBe(0);
    // The game is as it was.
    expect((await stateOf(t.id, t.tokens[0])).version).toBe((await stateOf(t.id, t.tokens[1])).version);
  });

  it('a token made for another game, cut short, spelled otherwise or without a MAC in a new game is refused before the room', async () => {
    const a = await table(2, { start: false });
    const b = await table(2, { start: false });
    const calls = await countRoomCalls(b.id);
    const real = b.tokens[0]!;
    // The same 32 bytes with the last character's two spare bits set: base64url decoders accept it, the MAC check does not.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = real.slice(0, -1) + last[last.indexOf(real.at(-1)!) | 1];
    for (const token of [a.tokens[0]!, a.admin, real.slice(0, -1), respelled, madeUp(16), `${real}x`, 'not a token'])
      expectError(await api(`/games/${b.id}/state`, { token }), 401, 'unauthorized');
    expectError(await api(`/games/${b.id}/start`, { body: {}, token: a.admin }), 403, 'forbidden');
    expect(await calls()).toBe(0);
    // The real ones still work.
    expect((await api(`/games/${b.id}/state`, { token: real })).status).toBe(200);
    expect((await api(`/games/${b.id}/start`, { body: {}, token: b.admin })).status).toBe(200);
  });

  it("a replaced seat's old token still reaches the room, which refuses it, and its address's budget pays", async () => {
    const t = await table(2);
    expect(
      (await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'bot' }, token: t.admin })).status,
    ).toBe(200);
    const from = freshAddress();
    await insideOneWindow();
    for (let i = 0; i < 30; i++)
      expectError(await api(`/games/${t.id}/state`, { token: t.tokens[1], from }), 401, 'unauthorized');
    expectError(await api(`/games/${t.id}/state`, { token: madeUp(32), from }), 429, 'rate_limited');
    // The address's failures never hold back a real seat.
    expect((await api(`/games/${t.id}/state`, { token: t.tokens[0], from })).status).toBe(200);
  });
});

describe('issue 26 point 4: tokens of games made before the MAC keep working', () => {
  /** A game as it was made before tokens carried a MAC: a 14-character id, and seat 0 holding a 22-character token. */
  async function oldGame(): Promise<{ id: string; admin: string; old: string; tokens: string[] }> {
    const id = [...crypto.getRandomValues(new Uint8Array(14))]
      .map((b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b & 31])
      .join('');
    // The RPC stub's type of a Reply is too deep for tsc; the shape is Store.create's.
    const made = (await room(id).create({
      id,
      game: 'duel',
      seats: 2,
      options: {},
      deadlineMinutes: 10,
      origin: ORIGIN,
    })) as unknown as { body: { adminToken: string } };
    const admin = made.body.adminToken;
    const tokens = [(await join(id, 'A')).token, (await join(id, 'B')).token];
    const old = madeUp(16);
    const hash = await hashToken(old);
    await runInDurableObject(room(id), (inst: GameRoom) => {
      inst.sql.exec('UPDATE seats SET token_hash = ? WHERE seat = 0', hash);
      inst.seats.reload();
    });
    expect((await api(`/games/${id}/start`, { body: {}, token: admin })).status).toBe(200);
    return { id, admin, old, tokens };
  }

  it('an old token reads and answers in its old game', async () => {
    const g = await oldGame();
    const s = await stateOf(g.id, g.old);
    expect(s.you).toBe(0);
    const p = s.prompts[0]!;
    const r = await api(`/games/${g.id}/answers`, {
      body: { version: s.version, answer: { prompt: p.id, option: p.options[0]!.id } },
      token: g.old,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('made-up old-format tokens reach an old room at most the failure budget per address, then get 429 before it', async () => {
    const g = await oldGame();
    const calls = await countRoomCalls(g.id);
    const from = freshAddress();
    await insideOneWindow();
    const replies: Res[] = [];
    for (let i = 0; i < 200; i++)
      replies.push(await api(`/games/${g.id}/chat`, { body: { text: 'x' }, token: madeUp(16), from }));
    const by = tally(replies);
    expect(by[401]).toBeLessThanOrEqual(30);
    expect(by[401]! + by[429]!).toBe(200);
    // The budget's refusals, and the one whose refusal found it spent; the other 169 never reached the room.
    expect(await calls()).toBe(by[401]! + 1);
    // The real old token, from elsewhere, is untouched.
    expect((await api(`/games/${g.id}/state`, { token: g.old })).status).toBe(200);
  });
});

describe('issue 26 point 9: a real token is never throttled by its neighbours\u2019 address', () => {
  it('a seat keeps reading and answering while its address floods with reads and made-up tokens', async () => {
    const t = await table(2);
    const from = freshAddress();
    await insideOneWindow();
    const flood = await Promise.all([...Array(350)].map(() => api(`/games/${t.id}/state`, { from })));
    expect(flood.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(50);
    const junk = await Promise.all([...Array(100)].map(() => api(`/games/${t.id}/state`, { token: madeUp(32), from })));
    expect(junk.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(70);
    for (let i = 0; i < 20; i++)
      expect((await api(`/games/${t.id}/state`, { token: t.tokens[0], from })).status).toBe(200);
    const s = await api(`/games/${t.id}/state`, { token: t.tokens[0], from });
    const p = s.body.prompts[0];
    const a = await api(`/games/${t.id}/answers`, {
      body: { version: s.body.version, answer: { prompt: p.id, option: 'red' } },
      token: t.tokens[0],
      from,
    });
    expect(a.status).toBe(200);
  });

  it('on a server without client addresses (npm start), a seat does not share the spectators\u2019 budget', async () => {
    const t = await table(2);
    // No CF-Connecting-IP: every such request shares one address key, as under `wrangler dev`.
    const get = (token?: string) =>
      SELF.fetch(`${ORIGIN}/api/games/${t.id}/state`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await insideOneWindow();
    const flood = await Promise.all([...Array(350)].map(() => get()));
    expect(flood.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(50);
    await Promise.all(flood.map((r) => r.text()));
    for (let i = 0; i < 20; i++) {
      const r = await get(t.tokens[1]);
      await r.text();
      expect(r.status).toBe(200);
    }
  });

  it("a seat's reads are counted on its own budget: over it, that seat waits and its tablemate does not", async () => {
    const t = await table(2);
    await insideOneWindow();
    const mine = await Promise.all([...Array(350)].map(() => api(`/games/${t.id}/state`, { token: t.tokens[0] })));
    const limited = mine.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(50);
    expectError(limited[0]!, 429, 'rate_limited');
    expect((await api(`/games/${t.id}/state`, { token: t.tokens[1] })).status).toBe(200);
  });
});

describe('issue 26 point 10: the links a game hands out never come from the Host header', () => {
  it('a forged Host reaches neither the invite link nor a seat link', async () => {
    const post = (path: string, body: unknown) =>
      SELF.fetch(`http://evil.example${path}`, {
        method: 'POST',
        headers: { host: 'evil.example', 'content-type': 'application/json', 'cf-connecting-ip': freshAddress() },
        body: JSON.stringify(body),
      });
    // Under `wrangler dev` the request URL is built from the Host header: this is what the Worker then sees.
    const made = (await (await post('/api/games', { game: 'duel', seats: 2 })).json()) as {
      id: string;
      inviteUrl: string;
    };
    expect(made.inviteUrl).toBe(`${ORIGIN}/g/${made.id}`);
    const seat = (await (await post(`/api/games/${made.id}/seats`, { name: 'Ann' })).json()) as { seatUrl: string };
    expect(seat.seatUrl.startsWith(`${ORIGIN}/g/${made.id}#seat=`)).toBe(true);
  });

  it('without PUBLIC_ORIGIN, the link is the origin the request was routed to', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://play.teahouse.example/api/games', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshAddress() },
        body: JSON.stringify({ game: 'duel', seats: 2 }),
      }),
      { ...env, PUBLIC_ORIGIN: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const made = (await res.json()) as { id: string; inviteUrl: string };
    expect(made.inviteUrl).toBe(`https://play.teahouse.example/g/${made.id}`);
  });
});

describe('tokens are signed for their game', () => {
  it('newToken refuses to make a token without a secret', async () => {
    await expect(newToken('abcdefghijkmnpqr', undefined)).rejects.toThrow(/TOKEN_SECRET/);
  });
});
