/**
 * The table channel posts from the alarm (issue 11): the game's start and "waiting on …" naming the seats with
 * their mentions, once the wait has settled. The room's poster is replaced on the instance to record the real
 * request `buildChannelRequest` makes, so what would leave the site is what is checked.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../worker/room/GameRoom';
import { buildChannelRequest } from '../../worker/notify/channel';
import { DEFAULT_CHANNEL_SETTLE_MS } from '../../worker/room/digest';
import { api, handOf, pickColours, room, runAlarm, stateOf, table } from './helpers';

const MIN = 60_000;
const T0 = Date.parse('2030-03-01T08:00:00Z');

async function recordChannel(id: string) {
  const posts: { event: string; body: string }[] = [];
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.postChannel = async (target, input) => {
      const req = buildChannelRequest(target, input);
      posts.push({ event: input.event.kind, body: String(req.init.body) });
      return { ok: true };
    };
  });
  return posts;
}

describe('the table channel', () => {
  for (const format of ['json', 'discord'] as const) {
    it(`posts the start and, once the wait settles, "waiting on" the seat with its mention — no hand card (${format})`, async () => {
      const clock = { now: T0 };
      const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 12 } }, start: false });
      const url = format === 'json' ? 'https://chat.example/hook' : 'https://discord.com/api/webhooks/1/a';
      expect((await api(`/games/${t.id}/admin/settings`, { token: t.admin, body: { title: '周五夜局', channel: { url, format, lang: 'en' } } })).status).toBe(200);
      expect((await api(`/games/${t.id}/me`, { method: 'PUT', body: { mention: '123456789012345678' }, token: t.tokens[0] })).status).toBe(200);
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
      clock.now = T0 + MIN + DEFAULT_CHANNEL_SETTLE_MS;
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
      // Hands as they were before the end (the ended views show everything, but no post was made from them).
      const cards = [await stateOf(t.id, t.tokens[0]), await stateOf(t.id, t.tokens[1])].flatMap((s, i) => handOf(s, i));
      expect(cards.length).toBeGreaterThan(0);
      for (const p of posts) {
        for (const c of cards) expect(p.body).not.toMatch(new RegExp(`\\b${c}\\b`));
        expect(p.body).not.toMatch(/red|blue/i);
      }
    });
  }
});
