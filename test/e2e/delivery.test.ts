import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiPost, startDev, startedGame, type DevServer } from './helpers';
import { receive } from '../notify/http-server';
import { makeSubscriber, makeVapid, openPush, type ReceivedRequest, type Subscriber } from '../notify/receiver';
import type { Prompt, StateBody } from '../../worker/protocol';

/**
 * Notification delivery seen from outside the room (issue 5, "Must show"): the real API and GameRoom in
 * `wrangler dev` (workerd) with the fixture duel game, and real HTTP endpoints in this Node process. No test
 * opens a socket, so every new prompt is for a seat with no visible live socket and is notified.
 *
 * Nothing here asserts that anything is fast. "A failing endpoint never delays the game" is shown by order:
 * answers complete while the room's request to a hanging endpoint is still open. The only times checked are
 * lower bounds the room's retry policy sets (no retry before the backoff or the endpoint's Retry-After).
 */

// ---------------------------------------------------------------- a local endpoint

interface Hit extends ReceivedRequest {
  /** When the request arrived (ms since the epoch, this process's clock = the room's clock here). */
  at: number;
  /** The room gave up on it (closed the connection before we answered). */
  abandoned: boolean;
  /** We answered it. */
  answered: boolean;
}

type Mode = { status: number; headers?: Record<string, string> } | 'hold';

/**
 * A local HTTP endpoint that records each request with its arrival time and whether the client gave up on it.
 * `mode(hit)` decides the reply; `'hold'` never answers (the room's own timeout must end it).
 */
async function endpoint(mode: (hit: Hit) => Mode = () => ({ status: 201 })) {
  const hits: Hit[] = [];
  const held: ServerResponse[] = [];
  const server = createServer(async (req, res) => {
    const at = Date.now();
    const hit: Hit = { ...(await receive(req)), at, abandoned: false, answered: false };
    res.on('close', () => {
      if (!res.writableFinished) hit.abandoned = true;
    });
    hits.push(hit);
    const m = mode(hit);
    if (m === 'hold') return void held.push(res);
    res.writeHead(m.status, m.headers ?? {});
    res.end();
    hit.answered = true;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    /** Requests to one path (each seat registers its own path). */
    at: (path: string) => hits.filter((h) => new URL(h.url).pathname === path),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Wait until `cond` holds (polling); fail with `what` after `timeoutMs`. */
async function until<T>(
  what: string,
  cond: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await cond();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const json = (h: ReceivedRequest) => JSON.parse(text(h.body)) as Record<string, any>;
/** RFC 2047 `=?UTF-8?B?…?=` as ntfy decodes it; plain ASCII passes. */
const decodeWord = (v: string | null) =>
  (v ?? '').replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/g, (_, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );

// ---------------------------------------------------------------- the API

let dev: DevServer;
let vapid: Awaited<ReturnType<typeof makeVapid>>;

const call = (path: string, body: unknown, token?: string): Promise<Record<string, any>> =>
  apiPost(dev.url, path, body, token);

async function stateOf(id: string, token: string): Promise<StateBody> {
  const r = await fetch(`${dev.url}/api/games/${id}/state`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`state: ${r.status} ${await r.text()}`);
  return r.json() as Promise<StateBody>;
}

/** A duel table whose seats each register `target(seat)` (none when it gives null), then started. */
async function table(
  seats: number,
  target: (seat: number) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null,
) {
  return startedGame(dev.url, {
    game: 'duel',
    seats,
    deadline: { hours: 24 },
    beforeStart: async ({ id, tokens }) => {
      for (let i = 0; i < seats; i++) {
        const t = await target(i);
        if (t) await call(`/api/games/${id}/notify`, t, tokens[i]);
      }
    },
  });
}

/** Every seat's state; the first open prompt of the table with its seat. */
async function openPrompt(id: string, tokens: string[]) {
  const states = await Promise.all(tokens.map((t) => stateOf(id, t)));
  const seat = states.findIndex((s) => s.prompts.length > 0);
  return { states, seat, prompt: seat < 0 ? null : states[seat]!.prompts[0]!, version: states[0]!.version };
}

/** The simplest legal answer: pass, or a first option that needs no cards or seats (a colour). */
const simple = (p: Prompt) => ({
  prompt: p.id,
  option: (p.options.find((o) => o.id === 'pass') ?? p.options.find((o) => !o.cards && !o.seats) ?? p.options[0]!).id,
});

/**
 * Answer the table's first open prompt; returns the answered prompt, the version the answer produced and the
 * answer's own round trip in ms (the state reads before it not included).
 */
async function answerNext(id: string, tokens: string[]) {
  const { seat, prompt, version } = await openPrompt(id, tokens);
  if (!prompt) throw new Error('no open prompt');
  const t0 = performance.now();
  const r = await call(`/api/games/${id}/answers`, { version, answer: simple(prompt) }, tokens[seat]);
  return { seat, prompt, version: r.version as number, ms: performance.now() - t0 };
}

const promptUrl = (id: string, p: Prompt) => `${dev.url}/g/${id}?prompt=${encodeURIComponent(p.id)}`;

beforeAll(async () => {
  vapid = await makeVapid();
  dev = await startDev({
    vars: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject },
  });
});

afterAll(async () => {
  await dev?.stop();
});

// Each test has its own game and its own endpoint, so they run side by side (the retry test waits out a backoff).
describe.concurrent('notification delivery from the room under wrangler dev', () => {
  it('a push for a new prompt decrypts at the subscriber to the prompt in its language and carries a valid VAPID JWT for the endpoint origin', async ({
    expect,
  }) => {
    const push = await endpoint(() => ({ status: 201 }));
    try {
      const subs: Subscriber[] = [];
      const langs = ['en', 'zh-CN'] as const;
      const t = await table(2, async (seat) => {
        subs[seat] = await makeSubscriber(`${push.origin}/push/sub-${seat}`);
        return { kind: 'push', lang: langs[seat], subscription: subs[seat]!.subscription };
      });
      const { states } = await openPrompt(t.id, t.tokens);
      for (const seat of [0, 1]) {
        const [hit] = await until(
          `the push for seat ${seat}`,
          () => push.at(`/push/sub-${seat}`).length > 0 && push.at(`/push/sub-${seat}`),
        );
        const p = states[seat]!.prompts[0]!;
        // Decryption with the subscriber's private key and auth secret, and the RFC 8292 checks (aud = origin, exp ≤ 24 h).
        const opened = await openPush(hit!, subs[seat]!, hit!.at, vapid.publicKey);
        expect(opened.claims.aud).toBe(push.origin);
        expect(opened.claims.sub).toBe(vapid.subject);
        expect(opened.claims.exp * 1000).toBeGreaterThan(hit!.at);
        expect(opened.claims.exp * 1000).toBeLessThanOrEqual(hit!.at + 24 * 3600_000);
        expect(opened.ttl).toBeGreaterThan(0);
        expect(opened.payload).toEqual({
          v: 1,
          kind: 'prompt',
          title: expect.stringContaining('duel'),
          body: expect.stringContaining(seat === 0 ? 'Pick a colour in secret' : '秘密选择一种颜色'),
          url: promptUrl(t.id, p),
          tag: `teahouse:${t.id}:${seat}`,
          gameId: t.id,
          game: 'duel',
          seat,
          promptId: p.id,
          deadline: p.deadline,
        });
      }
      // The other seat's subscription could not read it: each push is encrypted for its own subscriber.
      const [toSeat0] = push.at('/push/sub-0');
      await expect(openPush(toSeat0!, subs[1]!, toSeat0!.at)).rejects.toThrow();
      // The next prompt (seat 0's turn, after both colours) is pushed too.
      await answerNext(t.id, t.tokens);
      await answerNext(t.id, t.tokens);
      const turn = await until('seat 0 to be asked to play', async () =>
        (await stateOf(t.id, t.tokens[0]!)).prompts.find((p) => p.kind === 'play'),
      );
      const hit = await until('the push for the turn', () => push.at('/push/sub-0').find((h) => h !== toSeat0));
      expect((await openPush(hit, subs[0]!, hit.at, vapid.publicKey)).payload).toMatchObject({
        kind: 'prompt',
        promptId: turn.id,
        body: expect.stringContaining('Your turn'),
      });
    } finally {
      await push.close();
    }
  });

  it("a push endpoint answering 410 Gone loses its subscription: the seat's later prompts are not pushed there", async ({
    expect,
  }) => {
    const push = await endpoint(() => ({ status: 410 }));
    const witness = await endpoint(() => ({ status: 204 }));
    try {
      // Seat 1 holds the push subscription and a webhook that shows when the seat's later prompts went out.
      const sub = await makeSubscriber(`${push.origin}/push/gone`);
      const t = await table(2, (seat) =>
        seat === 1 ? { kind: 'push', lang: 'en', subscription: sub.subscription } : null,
      );
      await call(
        `/api/games/${t.id}/notify`,
        { kind: 'webhook', format: 'json', lang: 'en', url: `${witness.origin}/seat1` },
        t.tokens[1],
      );
      const colourPrompt = (await stateOf(t.id, t.tokens[1]!)).prompts[0]!.id;
      await until('the push that is answered 410', () => push.hits.length > 0);
      // Play until seat 1 has been asked twice more. Alarms run one at a time, so once the second of those
      // notifications has reached the witness, every send made for the first one has finished.
      const later: string[] = [];
      for (let guard = 0; later.length < 2 && guard < 20; guard++) {
        await answerNext(t.id, t.tokens);
        const { seat, prompt } = await openPrompt(t.id, t.tokens);
        if (seat !== 1 || !prompt || prompt.id === colourPrompt || later.includes(prompt.id)) continue;
        later.push(prompt.id);
        await until("the witness to get seat 1's prompt", () =>
          witness.hits.some((h) => json(h).promptId === prompt.id),
        );
      }
      expect(later).toHaveLength(2);
      expect(push.hits).toHaveLength(1);
    } finally {
      await Promise.all([push.close(), witness.close()]);
    }
  });

  it('a push endpoint answering 429 with Retry-After is tried again no sooner than it asked', async ({ expect }) => {
    // 40 s: longer than the room's first backoff (30 s), so honouring the header is what makes the gap.
    const hits: Hit[] = [];
    const push = await endpoint((hit) =>
      hits.push(hit) === 1 ? { status: 429, headers: { 'retry-after': '40' } } : { status: 201 },
    );
    try {
      const sub = await makeSubscriber(`${push.origin}/push/busy`);
      const t = await table(2, (seat) =>
        seat === 0 ? { kind: 'push', lang: 'en', subscription: sub.subscription } : null,
      );
      const p = (await stateOf(t.id, t.tokens[0]!)).prompts[0]!;
      const [first, second] = await until('the push to be tried again', () => hits.length >= 2 && hits, 100_000);
      expect(first!.answered).toBe(true);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(39_000);
      expect((await openPush(second!, sub, second!.at, vapid.publicKey)).payload).toMatchObject({
        promptId: p.id,
        kind: 'prompt',
      });
    } finally {
      await push.close();
    }
  });

  it('a json webhook is delivered to a local server with the game, seat, question and a link to the prompt', async ({
    expect,
  }) => {
    const hook = await endpoint(() => ({ status: 204 }));
    try {
      const t = await table(2, (seat) => ({
        kind: 'webhook',
        format: 'json',
        lang: 'en',
        url: `${hook.origin}/hook/${seat}`,
      }));
      const { states } = await openPrompt(t.id, t.tokens);
      for (const seat of [0, 1]) {
        const [hit] = await until(
          `the webhook for seat ${seat}`,
          () => hook.at(`/hook/${seat}`).length > 0 && hook.at(`/hook/${seat}`),
        );
        const p = states[seat]!.prompts[0]!;
        expect(hit!.method).toBe('POST');
        expect(hit!.headers.get('content-type')).toMatch(/^application\/json/);
        expect(hit!.headers.get('x-teahouse-event')).toBe('prompt');
        expect(json(hit!)).toEqual({
          type: 'teahouse.notification',
          v: 1,
          kind: 'prompt',
          gameId: t.id,
          game: 'duel',
          seat,
          lang: 'en',
          title: expect.stringContaining('duel'),
          body: expect.stringContaining('Pick a colour in secret'),
          url: promptUrl(t.id, p),
          promptId: p.id,
          deadline: p.deadline,
        });
      }
    } finally {
      await hook.close();
    }
  });

  it('ntfy and Discord webhooks registered by seats arrive in their own formats', async ({ expect }) => {
    const hook = await endpoint(() => ({ status: 200 }));
    try {
      const t = await table(2, (seat) =>
        seat === 0
          ? { kind: 'webhook', format: 'ntfy', lang: 'zh-CN', url: `${hook.origin}/ntfy/teahouse-p0` }
          : { kind: 'webhook', format: 'discord', lang: 'en', url: `${hook.origin}/api/webhooks/1/abc` },
      );
      const { states } = await openPrompt(t.id, t.tokens);

      // ntfy: the text is the body, the rest in headers (https://docs.ntfy.sh/publish/); a Chinese title as an encoded word.
      const [ntfy] = await until(
        'the ntfy request',
        () => hook.at('/ntfy/teahouse-p0').length > 0 && hook.at('/ntfy/teahouse-p0'),
      );
      const p0 = states[0]!.prompts[0]!;
      expect(ntfy!.method).toBe('POST');
      expect(ntfy!.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(text(ntfy!.body)).toContain('秘密选择一种颜色');
      expect(ntfy!.headers.get('title')).toMatch(/^[\x20-\x7e]+$/);
      expect(decodeWord(ntfy!.headers.get('title'))).toContain('duel');
      expect(ntfy!.headers.get('click')).toBe(promptUrl(t.id, p0));
      expect(ntfy!.headers.get('tags')).toBe('bell');
      expect(ntfy!.headers.get('priority')).toBe('high');

      // Discord: an embed linking the prompt, the deadline as a <t:…:R> stamp, and no mentions parsed.
      const [discord] = await until(
        'the Discord request',
        () => hook.at('/api/webhooks/1/abc').length > 0 && hook.at('/api/webhooks/1/abc'),
      );
      const p1 = states[1]!.prompts[0]!;
      expect(discord!.headers.get('content-type')).toMatch(/^application\/json/);
      const body = json(discord!);
      expect(body.allowed_mentions).toEqual({ parse: [] });
      expect(body.content).toContain('duel');
      expect(body.embeds).toHaveLength(1);
      const deadlineSec = Math.floor(Date.parse(p1.deadline!) / 1000);
      expect(body.embeds[0]).toMatchObject({
        title: expect.stringContaining('duel'),
        description: expect.stringContaining('Pick a colour in secret'),
        url: promptUrl(t.id, p1),
        timestamp: new Date(Date.parse(p1.deadline!)).toISOString(),
      });
      expect(body.embeds[0].description).toContain(`<t:${deadlineSec}:R>`);
    } finally {
      await hook.close();
    }
  });

  it('while a webhook hangs, answers are accepted and the game advances before the room gives up on that request', async ({
    expect,
  }) => {
    const hook = await endpoint(() => 'hold');
    try {
      const t = await table(2, (seat) => ({
        kind: 'webhook',
        format: 'json',
        lang: 'en',
        url: `${hook.origin}/hang/${seat}`,
      }));
      const first = await until('the first notification to reach the hanging endpoint', () => hook.hits[0]);
      const before = (await openPrompt(t.id, t.tokens)).version;
      const latencies: number[] = [];
      let version = before;
      // Both colours, then two turns (each pass draws a card and hands the turn over).
      for (let i = 0; i < 4; i++) {
        const r = await answerNext(t.id, t.tokens);
        latencies.push(r.ms);
        expect(r.version).toBeGreaterThan(version);
        version = r.version;
      }
      // The room's send to the hanging endpoint was still open when all four answers had been accepted.
      expect(first.abandoned).toBe(false);
      expect(first.answered).toBe(false);
      const view = (await stateOf(t.id, t.tokens[0]!)).view as { turns: number; colour: (string | null)[] };
      expect(view.turns).toBe(2);
      expect(view.colour).toEqual(['red', 'red']);
      console.log(`answers while a webhook hangs (ms): ${latencies.map((x) => x.toFixed(0)).join(' ')}`);

      // The room cuts the hanging request off by itself and the game still takes answers afterwards.
      await until('the room to abandon the hanging request', () => first.abandoned, 60_000);
      const after = await answerNext(t.id, t.tokens);
      expect(after.version).toBeGreaterThan(version);
      // Sends that queued behind the hang go out: the prompt open now is notified.
      const { prompt } = await openPrompt(t.id, t.tokens);
      await until(
        'the notification of the prompt open now',
        () => hook.hits.some((h) => json(h).promptId === prompt!.id),
        60_000,
      );
    } finally {
      await hook.close();
    }
  });

  it('the table channel posts the start and the end to a local receiver in each format, with the title and mentions and no hand card', async ({
    expect,
  }) => {
    const hook = await endpoint(() => ({ status: 200 }));
    try {
      const paths: Record<string, string> = {
        discord: '/api/webhooks/9/chan',
        slack: '/services/T0/B0/chan',
        telegram: '/bot1:abc/sendMessage?chat_id=-100123',
        ntfy: '/ntfy/table',
        json: '/chan/json',
      };
      const mention: Record<string, string> = {
        discord: '123456789012345678',
        slack: 'U0ABCDEF1',
        telegram: '@zhang_san',
        ntfy: 'zhang',
        json: 'zhang',
      };
      const games = await Promise.all(
        Object.keys(paths).map(async (format) => {
          const g = await startedGame(dev.url, {
            game: 'duel',
            seats: 2,
            deadline: { hours: 24 },
            beforeStart: async ({ id, adminToken, tokens }) => {
              await call(
                `/api/games/${id}/admin/settings`,
                { title: 'Friday night', channel: { url: `${hook.origin}${paths[format]}`, format, lang: 'en' } },
                adminToken,
              );
              const put = await fetch(`${dev.url}/api/games/${id}/me`, {
                method: 'PUT',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
                body: JSON.stringify({ mention: mention[format] }),
              });
              expect(put.status).toBe(200);
            },
          });
          return { format, id: g.id, admin: g.adminToken, tokens: g.tokens };
        }),
      );
      const at = (format: string) =>
        hook.hits.filter((h) => `${new URL(h.url).pathname}` === new URL(`${hook.origin}${paths[format]}`).pathname);
      const all = (h: ReceivedRequest) => `${text(h.body)}\n${decodeWord(h.headers.get('title'))}`;
      for (const g of games) {
        const [start] = await until(`the ${g.format} start post`, () => at(g.format).length > 0 && at(g.format));
        const body = all(start!);
        expect(body).toContain('Friday night');
        expect(body).toContain('duel');
        expect(body).toContain('p0');
        // ntfy shows no mentions; the others name seat 0 by the one it set.
        if (g.format !== 'ntfy')
          expect(body).toContain(
            g.format === 'discord'
              ? '<@123456789012345678>'
              : g.format === 'slack'
                ? '<@U0ABCDEF1>'
                : g.format === 'telegram'
                  ? '@zhang_san'
                  : '"mention":"zhang"',
          );
        if (g.format === 'json') expect(start!.headers.get('x-teahouse-event')).toBe('table.start');
        if (g.format === 'telegram') expect(JSON.parse(text(start!.body)).chat_id).toBe(-100123);
      }
      // The hands before the end, from each seat's own view: none of them is in any post.
      const hands = (await Promise.all(games.flatMap((g) => g.tokens.map((tk) => stateOf(g.id, tk))))).flatMap(
        (st) => (st.view as { hands: (string[] | object)[] }).hands[st.you!] as string[],
      );
      expect(hands.length).toBeGreaterThan(0);
      for (const g of games) await call(`/api/games/${g.id}/admin/end`, {}, g.admin);
      for (const g of games) {
        const [, end] = await until(`the ${g.format} end post`, () => at(g.format).length > 1 && at(g.format));
        expect(all(end!)).toMatch(/over|winner/i);
        if (g.format === 'json')
          expect(json(end!)).toMatchObject({ type: 'teahouse.table', event: 'end', gameId: g.id, game: 'duel' });
        for (const h of at(g.format)) for (const c of hands) expect(all(h)).not.toMatch(new RegExp(`\\b${c}\\b`));
      }
    } finally {
      await hook.close();
    }
  });

  it('with a webhook answering 500, every move completes and the game ends; the open prompt is retried after the backoff, answered prompts are not', async ({
    expect,
  }) => {
    const hook = await endpoint(() => ({ status: 500 }));
    try {
      const t = await table(2, (seat) => ({
        kind: 'webhook',
        format: 'json',
        lang: 'en',
        url: `${hook.origin}/fail/${seat}`,
      }));
      const attemptsOf = (promptId: string) => hook.hits.filter((h) => json(h).promptId === promptId);
      // Answer each prompt once its first (failing) notification has arrived: every prompt is notified despite the failures.
      const answered: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { prompt } = await openPrompt(t.id, t.tokens);
        await until(`the notification of prompt ${i}`, () => attemptsOf(prompt!.id).length > 0);
        const r = await answerNext(t.id, t.tokens);
        answered.push(r.prompt.id);
      }
      const { prompt: open } = await openPrompt(t.id, t.tokens);
      const [firstTry] = await until(
        'the first attempt for the open prompt',
        () => attemptsOf(open!.id).length > 0 && attemptsOf(open!.id),
      );
      expect(firstTry!.answered).toBe(true);
      // The room's policy for a 5xx: retry after an exponential backoff starting at 30 s (worker/notify/retry.ts).
      const [, secondTry] = await until(
        'the retry for the open prompt',
        () => attemptsOf(open!.id).length >= 2 && attemptsOf(open!.id),
        90_000,
      );
      expect(secondTry!.at - firstTry!.at).toBeGreaterThanOrEqual(29_000);
      expect(json(secondTry!)).toEqual(json(firstTry!));
      // Prompts answered before their retry fell due were never sent again.
      for (const id of answered) expect(attemptsOf(id)).toHaveLength(1);

      // The game goes on to its end through the failures.
      for (let guard = 0; guard < 60; guard++) {
        const { prompt, states } = await openPrompt(t.id, t.tokens);
        if (states[0]!.status === 'finished' || !prompt) break;
        await answerNext(t.id, t.tokens);
      }
      expect((await stateOf(t.id, t.tokens[0]!)).status).toBe('finished');
      // The failing target was not disabled by transient failures within this time: the end is still sent to it.
      await until(
        'the end-of-game notification to reach the failing endpoint',
        () => hook.hits.some((h) => json(h).kind === 'ended'),
        60_000,
      );
    } finally {
      await hook.close();
    }
  });
});
