/**
 * The table channel posts from the alarm (issue 11): the game's start and "waiting on …" naming the seats with
 * their mentions, once the wait has settled, and the end. The room's poster is replaced on the instance to
 * record the real request `buildChannelRequest` makes (headers and body), so what would leave the site is what
 * is checked; `result` decides how each post fares. (test/notify/channel.test.ts sends the same requests to a
 * local HTTP receiver.)
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { buildChannelRequest, type ChannelFormat } from '../../worker/notify/channel';
import type { DeliveryResult } from '../../worker/notify/types';
import { CHANNEL_SETTLE_MS } from '../../worker/room/outbox';
import { sendChannel } from '../../worker/room/outbox';
import { DECK } from '../../worker/games/sanguosha/deck';
import { strings as sgsStrings } from '../../worker/games/sanguosha/i18n';
import type { S } from '../../worker/games/sanguosha/types';
import { api, expectError, handOf, pickColours, room, runAlarm, sql, stateOf, table } from './helpers';

const MIN = 60_000;
const T0 = Date.parse('2030-03-01T08:00:00Z');

type Post = { event: string; at: number; url: string; headers: Record<string, string>; body: string };

async function recordChannel(id: string, result: (n: number) => DeliveryResult = () => ({ ok: true })) {
  const posts: Post[] = [];
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.postChannel = async (target, input) => {
      const req = buildChannelRequest(target, input);
      posts.push({
        event: input.event.kind,
        at: inst.now(),
        url: req.url,
        headers: Object.fromEntries(new Headers(req.init.headers).entries()),
        body: String(req.init.body),
      });
      return result(posts.length);
    };
  });
  return posts;
}

const metaOf = async (id: string) => JSON.parse((await sql<{ json: string }>(id, 'SELECT json FROM meta'))[0]!.json);

describe('the table channel', () => {
  for (const format of ['json', 'discord'] as const) {
    it(`posts the start and, once the wait settles, "waiting on" the seat with its mention — no hand card (${format})`, async () => {
      const clock = { now: T0 };
      const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
      const url = format === 'json' ? 'https://chat.example/hook' : 'https://discord.com/api/webhooks/1/a';
      expect(
        (
          await api(`/games/${t.id}/admin/settings`, {
            token: t.admin,
            body: { title: '周五夜局', channel: { url, format, lang: 'en' } },
          })
        ).status,
      ).toBe(200);
      expect(
        (await api(`/games/${t.id}/me`, { method: 'PUT', body: { mention: '123456789012345678' }, token: t.tokens[0] }))
          .status,
      ).toBe(200);
      const posts = await recordChannel(t.id);
      expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
      await runAlarm(t.id);
      expect(posts.map((p) => p.event)).toEqual(['start']);
      expect(posts[0]!.body).toContain('周五夜局');
      await pickColours(t);
      // Seat 0 is asked to play: the table waits on it alone. Nothing before the wait settles.
      clock.now = T0 + MIN;
      await runAlarm(t.id);
      expect(posts.map((p) => p.event)).toEqual(['start']);
      clock.now = T0 + MIN + CHANNEL_SETTLE_MS;
      await runAlarm(t.id);
      expect(posts.map((p) => p.event)).toEqual(['start', 'waiting']);
      expect(posts[1]!.body).toContain('Waiting on A');
      expect(posts[1]!.body).toContain('123456789012345678');
      // Posted once for the same waiting list.
      clock.now += 10 * MIN;
      await runAlarm(t.id);
      expect(posts).toHaveLength(2);
      // The host ends it: one end post with the public outcome.
      expect((await api(`/games/${t.id}/admin/end`, { token: t.admin, body: {} })).status).toBe(200);
      await runAlarm(t.id);
      await runAlarm(t.id);
      expect(posts.map((p) => p.event)).toEqual(['start', 'waiting', 'end']);
      // Said in words (issue 26 point 10), not as the message's key.
      expect(posts[2]!.body).toContain('The host ended the game.');
      expect(posts[2]!.body).not.toContain('endedByHost');
      // Hands as they were before the end (the ended views show everything, but no post was made from them).
      const cards = [await stateOf(t.id, t.tokens[0]), await stateOf(t.id, t.tokens[1])].flatMap((s, i) =>
        handOf(s, i),
      );
      expect(cards.length).toBeGreaterThan(0);
      for (const p of posts) {
        for (const c of cards) expect(p.body).not.toMatch(new RegExp(`\\b${c}\\b`));
        // As words: the post's link holds the game id, random letters that may spell one ("…gredyz").
        expect(p.body).not.toMatch(/\b(red|blue)\b/i);
      }
    });
  }
});

/** A URL and a seat mention of each format, as a host and a player would enter them. */
const FORMATS: Record<
  ChannelFormat,
  { url: string; mention: (seat: number) => string; shows: (seat: number) => string | null }
> = {
  discord: {
    url: 'https://discord.com/api/webhooks/1/abc',
    mention: (s) => `12345678901234567${s}`,
    shows: (s) => `<@12345678901234567${s}>`,
  },
  slack: {
    url: 'https://hooks.slack.com/services/T0/B0/x',
    mention: (s) => `U0ABCDEF${s}`,
    shows: (s) => `<@U0ABCDEF${s}>`,
  },
  telegram: {
    url: 'https://api.telegram.org/bot123:abc/sendMessage?chat_id=-100123',
    mention: (s) => `player_${s}x`,
    shows: (s) => `@player_${s}x`,
  },
  // ntfy has no mentions; the JSON body carries each named seat's mention in its own field.
  ntfy: { url: 'https://ntfy.sh/teahouse-table', mention: (s) => `p${s}`, shows: () => null },
  json: { url: 'https://chat.example/hook', mention: (s) => `p${s}`, shows: (s) => `"mention":"p${s}"` },
};

/** Every name a hidden thing could be posted under: each unrevealed seat's identity, each hand card (en and zh). */
function secretsOf(s: S): string[] {
  const out: string[] = [];
  const key = new Map(DECK.map((r) => [r[0], r[2]]));
  for (const p of s.g.players) {
    if (!p.revealed)
      for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) out.push(sgsStrings[lang][`sgs.role.${p.role}`]!);
    for (const c of p.hand) out.push(sgsStrings.en[`sgs.card.${key.get(c)}`]!);
  }
  return [...new Set(out)];
}

describe('the table channel in 三国杀, in each format', () => {
  for (const format of Object.keys(FORMATS) as ChannelFormat[]) {
    it(`posts carry the game's title, name the waited-on seats with their mentions, and no hand card or unrevealed identity (${format})`, async () => {
      const f = FORMATS[format]!;
      const clock = { now: T0 };
      const t = await table(5, {
        clock: () => clock.now,
        body: { game: 'sanguosha', seats: 5, options: { noGenerals: true }, deadline: { hours: 12 } },
        start: false,
      });
      expect(
        (
          await api(`/games/${t.id}/admin/settings`, {
            token: t.admin,
            body: { title: 'Friday night', channel: { url: f.url, format, lang: 'en' } },
          })
        ).status,
      ).toBe(200);
      for (let s = 0; s < 5; s++)
        expect(
          (await api(`/games/${t.id}/me`, { method: 'PUT', body: { mention: f.mention(s) }, token: t.tokens[s] }))
            .status,
        ).toBe(200);
      const posts = await recordChannel(t.id);
      expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
      await runAlarm(t.id);
      expect(posts.map((p) => p.event)).toEqual(['start']);
      const waiting = (await stateOf(t.id, null)).waiting;
      expect(waiting.length).toBeGreaterThan(0);
      clock.now = T0 + CHANNEL_SETTLE_MS;
      await runAlarm(t.id);
      expect(posts.map((p) => p.event)).toEqual(['start', 'waiting']);
      // ntfy puts the title in a header as an RFC 2047 encoded word.
      const decode = (v: string) =>
        v.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/g, (_, b: string) =>
          new TextDecoder().decode(Uint8Array.from(atob(b), (c) => c.charCodeAt(0))),
        );
      const all = posts.map((p) => `${p.body}\n${decode(JSON.stringify(p.headers))}`);
      for (const text of all) {
        // The host's title with the game's, in the body or (ntfy) the Title header.
        expect(text).toContain('Friday night');
        expect(text).toContain('Sanguosha');
      }
      const wait = all[1]!;
      for (const seat of waiting) {
        expect(wait).toContain(String.fromCharCode(65 + seat));
        const shown = f.shows(seat);
        if (shown) expect(wait).toContain(shown);
      }
      // Seats not waited on are not named with a mention in the waiting post.
      for (let seat = 0; seat < 5; seat++)
        if (!waiting.includes(seat) && f.shows(seat)) expect(wait).not.toContain(f.shows(seat)!);
      // Against the real hidden state of the game.
      const s = await runInDurableObject(
        room(t.id),
        (inst: GameRoom) => JSON.parse(JSON.stringify(inst.store.game)) as S,
      );
      const secrets = secretsOf(s);
      expect(secrets.length).toBeGreaterThan(10);
      for (const text of all)
        for (const x of secrets)
          expect(text, x).not.toMatch(
            new RegExp(`(^|[^A-Za-z])${x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`, 'i'),
          );
      // To the host's channel (Telegram's chat id moves from the URL into the body).
      const to = new URL(f.url);
      to.searchParams.delete('chat_id');
      expect(new Set(posts.map((p) => p.url))).toEqual(new Set([to.href]));
      if (format === 'telegram') for (const p of posts) expect(JSON.parse(p.body).chat_id).toBe(-100123);
    });
  }
});

describe('the table channel retries and gives up like a careful sender', () => {
  async function started(result: (n: number) => DeliveryResult) {
    const clock = { now: T0 };
    const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
    expect(
      (
        await api(`/games/${t.id}/admin/settings`, {
          token: t.admin,
          body: { channel: { url: 'https://chat.example/hook', format: 'json', lang: 'en' } },
        })
      ).status,
    ).toBe(200);
    const posts = await recordChannel(t.id, result);
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    return { t, clock, posts };
  }
  const alarmAt = (id: string) => runInDurableObject(room(id), (_i: GameRoom, state) => state.storage.getAlarm());

  it('a post that fails with a 5xx or a timeout is tried again after the backoff, not before, and then delivered', async () => {
    const { t, clock, posts } = await started((n) =>
      n === 1
        ? { ok: false, drop: false, status: 503, error: 'HTTP 503' }
        : n === 2
          ? { ok: false, drop: false, error: 'timeout after 5000 ms' }
          : { ok: true },
    );
    await runAlarm(t.id);
    expect(posts.map((p) => [p.event, p.at])).toEqual([['start', T0]]);
    // The first backoff is 30 s: an alarm before then posts nothing.
    expect(await alarmAt(t.id)).toBe(T0 + 30_000);
    clock.now = T0 + 10_000;
    await runAlarm(t.id);
    expect(posts).toHaveLength(1);
    clock.now = T0 + 30_000;
    await runAlarm(t.id);
    expect(posts).toHaveLength(2);
    // The second backoff is 1 min.
    expect(await alarmAt(t.id)).toBe(T0 + 90_000);
    clock.now = T0 + 90_000;
    await runAlarm(t.id);
    expect(posts.map((p) => p.event)).toEqual(['start', 'start', 'start']);
    expect((await metaOf(t.id)).channel.queue).toEqual([]);
    // Delivered once: no further attempt.
    clock.now = T0 + 3 * MIN;
    await runAlarm(t.id);
    expect(posts).toHaveLength(3);
  });

  it('a post the endpoint refuses with a 4xx is dropped at once and noted for the host', async () => {
    const { t, clock, posts } = await started(() => ({ ok: false, drop: false, status: 400, error: 'HTTP 400' }));
    await runAlarm(t.id);
    expect(posts).toHaveLength(1);
    // Long after the first backoff, still inside the settle time of the first wait: no second attempt.
    clock.now = T0 + 3 * MIN;
    await runAlarm(t.id);
    expect(posts.map((p) => p.event)).toEqual(['start']);
    // The host's settings action answers with the channel's state.
    const r = await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.channel).toEqual({
      pending: 0,
      failed: { at: new Date(T0).toISOString(), event: 'start', error: 'HTTP 400' },
    });
    // No seat or spectator body carries it.
    for (const token of [...t.tokens, null])
      expect(JSON.stringify(await stateOf(t.id, token))).not.toContain('HTTP 400');
  });

  it('a later post waits behind one being retried, so the channel hears them in order', async () => {
    const { t, clock, posts } = await started((n) =>
      n === 1 ? { ok: false, drop: false, status: 500, error: 'HTTP 500' } : { ok: true },
    );
    await runAlarm(t.id);
    await pickColours(t);
    // The host ends the game while the start post waits for its retry.
    expect((await api(`/games/${t.id}/admin/end`, { token: t.admin, body: {} })).status).toBe(200);
    clock.now = T0 + 5_000;
    await runAlarm(t.id);
    expect(posts.map((p) => p.event)).toEqual(['start']);
    clock.now = T0 + 30_000;
    await runAlarm(t.id);
    expect(posts.map((p) => p.event)).toEqual(['start', 'start', 'end']);
  });
});

describe('the channel URL obeys the public-host rule of the Worker’s target scope', () => {
  const PRIVATE = [
    'https://127.0.0.1/h',
    'http://127.0.0.1:8787/h',
    'https://localhost/h',
    'https://10.0.0.5/h',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/h',
    'https://2130706433/h',
    'https://metadata.google.internal/x',
  ];

  it('a loopback, private or metadata channel URL is refused with a 400 in public scope, and nothing is stored', async () => {
    const t = await table(2, { start: false });
    for (const url of PRIVATE) {
      const r = await api(`/games/${t.id}/admin/settings`, {
        token: t.admin,
        body: { channel: { url, format: 'json', lang: 'en' } },
      });
      expectError(r, 400, 'bad_request');
      expect(r.body.error.message, url).toMatch(/channel\.url must (point to a public host|use https)/);
    }
    expect((await metaOf(t.id)).host?.channel ?? null).toBeNull();
  });

  it('the same URLs are accepted where the Worker allows private targets (the tests’ and local development’s scope)', async () => {
    const t = await table(2, { start: false });
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      (inst as unknown as { bindings: Record<string, unknown> }).bindings = {
        ...inst.bindings,
        ALLOW_PRIVATE_TARGETS: '1',
      };
    });
    for (const url of PRIVATE.filter((u) => !u.includes('metadata.google'))) {
      const r = await api(`/games/${t.id}/admin/settings`, {
        token: t.admin,
        body: { channel: { url, format: 'json', lang: 'en' } },
      });
      expect(r.status, url).toBe(200);
      expect((await metaOf(t.id)).host.channel.url).toBe(new URL(url).href);
    }
  });

  it('a private channel stored before the rule is refused at send time by the real poster, never fetched, and noted', async () => {
    const t = await table(2, { start: false });
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      inst.store.load();
      inst.store.mutate(
        (mm) =>
          void (mm.host = {
            title: null,
            quietCapMinutes: null,
            awayStandIn: false,
            channel: { url: 'https://127.0.0.1/h', format: 'json', lang: 'en' },
          }),
      );
    });
    // The real poster, with fetch watched: it refuses before any request is made.
    const fetched: string[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (async (u: RequestInfo | URL) => {
      fetched.push(String(u));
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    try {
      const res = await sendChannel(
        { url: 'https://127.0.0.1/h', format: 'json', lang: 'en' },
        {
          gameId: t.id,
          game: 'duel',
          gameTitle: 'duel',
          url: 'https://teahouse.test/g/x',
          seats: [],
          event: { kind: 'start' },
          now: T0,
        },
        { scope: 'public', timeoutMs: 100 },
      );
      expect(res).toMatchObject({ ok: false, drop: true, error: expect.stringMatching(/refused/) });
      // In private scope the same poster does make the request.
      expect(
        await sendChannel(
          { url: 'https://127.0.0.1/h', format: 'json', lang: 'en' },
          {
            gameId: t.id,
            game: 'duel',
            gameTitle: 'duel',
            url: 'https://teahouse.test/g/x',
            seats: [],
            event: { kind: 'start' },
            now: T0,
          },
          { scope: 'private', timeoutMs: 100 },
        ),
      ).toEqual({ ok: true });
    } finally {
      globalThis.fetch = real;
    }
    expect(fetched).toEqual(['https://127.0.0.1/h']);
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    await runAlarm(t.id);
    const r = await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: {} });
    expect(r.body.channel.failed).toMatchObject({ event: 'start', error: expect.stringMatching(/target refused/) });
  });
});
