/**
 * Issue 26 point 1, through the real Worker: a 无懈可击 window asks only the seats that could answer (autoPass), while
 * everyone alive is shown as considering (ruling S7). Its public clock — the bodies' `deadline`, the list of games,
 * the table channel's "waiting on … left" — must be the same whoever was asked, whatever their quiet hours.
 * The same window is opened in two rooms, the only 无懈可击 held by the one awake seat in one and by a sleeper in the
 * other; a stranger, the list of games and the channel must not tell them apart, also after the host extends the
 * awake seat's clock.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import sanguosha from '../../worker/games/sanguosha';
import type { GameRoom } from '../../worker/room/GameRoom';
import { buildChannelRequest } from '../../worker/notify/channel';
import { CHANNEL_SETTLE_MS } from '../../worker/room/outbox';
import type { StateBody } from '../../worker/protocol';
import { table as layout } from '../games/sanguosha/table';
import { api, noLog, room, runAlarm, stateOf, table, type Table, layState } from './helpers';

const MIN = 60_000;
/** 22:00 UTC: seats 1–3 sleep from 21:00 to 08:00 UTC, seat 0 is awake. */
const T0 = Date.parse('2031-03-03T22:00:00Z');

/**
 * A four-seat 三国杀 room (30-minute clocks, autoPass on) with a table channel, whose game is laid out so that seat
 * 0 is in its play phase holding 无中生有 and `holder` holds the only 无懈可击 (everyone else a 闪); seat 0 then plays
 * 无中生有 through `/answers`. Returns the room and the channel's posts.
 */
async function windowOpen(holder: number): Promise<{ t: Table; posts: string[]; clock: { now: number } }> {
  const clock = { now: T0 };
  const t = await table(4, {
    body: { game: 'sanguosha', seats: 4, deadline: { minutes: 30 }, options: { noGenerals: true } },
    clock: () => clock.now,
    start: false,
  });
  for (const seat of [1, 2, 3])
    expect(
      (
        await api(`/games/${t.id}/me`, {
          method: 'PUT',
          token: t.tokens[seat],
          body: { quiet: { start: '21:00', end: '08:00', zone: 'UTC' } },
        })
      ).status,
    ).toBe(200);
  expect(
    (
      await api(`/games/${t.id}/admin/settings`, {
        token: t.admin,
        body: { channel: { url: 'https://chat.example/hook', format: 'json', lang: 'en' } },
      })
    ).status,
  ).toBe(200);
  const posts: string[] = [];
  expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
  const hands: Record<number, string[]> = { 0: ['ex_nihilo', 'jink'], 1: ['jink'], 2: ['jink'], 3: ['jink'] };
  hands[holder]![hands[holder]!.length - 1] = 'nullification';
  const laid = layout({ roles: ['lord', 'rebel', 'loyalist', 'traitor'], hands }).s;
  await runInDurableObject(room(t.id), async (inst: GameRoom) => {
    inst.postChannel = async (target, input) => {
      posts.push(String(buildChannelRequest(target, input).init.body));
      return { ok: true };
    };
    await layState(inst, laid);
  });
  const me = await stateOf(t.id, t.tokens[0]);
  const play = me.prompts.find((p) => p.kind === 'play')!;
  const card = String(laid.g.players[0]!.hand.find((id) => sanguosha.card[id]!.key === 'ex_nihilo'));
  const r = await api(`/games/${t.id}/answers`, {
    token: t.tokens[0],
    body: { version: me.version, answer: { prompt: play.id, option: `use:${card}`, cards: [card] } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { t, posts, clock };
}

/** What a stranger reads: the spectator's body (ids and versions aside) and the game's line in the list of games. */
async function publicLine(t: Table) {
  const body = noLog(await stateOf(t.id)) as Partial<StateBody>;
  delete body.id;
  delete body.createdAt;
  const list = (await api<{ games: Record<string, unknown>[] }>(`/games?ids=${t.id}`)).body.games[0]!;
  return { body, list: { waiting: list.waiting, deadline: list.deadline } };
}

describe('one clock for a 无懈可击 window (issue 26 point 1)', () => {
  it('the public deadline, the list of games and the channel post are the same whether the awake seat or a sleeper holds 无懈可击', async () => {
    const awake = await windowOpen(0);
    const asleep = await windowOpen(2);
    // The windows differ only in who was asked.
    expect((await stateOf(awake.t.id, awake.t.tokens[0])).prompts.map((p) => p.kind)).toEqual(['nullify']);
    expect((await stateOf(asleep.t.id, asleep.t.tokens[0])).prompts).toEqual([]);
    expect((await stateOf(asleep.t.id, asleep.t.tokens[2])).prompts.map((p) => p.kind)).toEqual(['nullify']);

    const a = await publicLine(awake.t);
    expect(a.body.waiting).toEqual([0, 1, 2, 3]);
    // The sleepers' clock: 30 minutes from 08:00.
    expect(a.body.deadline).toBe('2031-03-04T08:30:00.000Z');
    expect(a.list).toEqual({ waiting: [0, 1, 2, 3], deadline: '2031-03-04T08:30:00.000Z' });
    expect(a).toEqual(await publicLine(asleep.t));

    // The channel's "waiting on … left", once the wait has settled.
    for (const x of [awake, asleep])
      for (const at of [T0 + MIN, T0 + 2 * MIN + CHANNEL_SETTLE_MS]) {
        x.clock.now = at;
        await runAlarm(x.t.id);
      }
    const waitingPost = (x: { t: Table; posts: string[] }) =>
      x.posts.find((p) => p.includes('Waiting on'))?.replaceAll(x.t.id, 'ID');
    expect(waitingPost(awake)).toContain('10 h 23 min left');
    expect(waitingPost(awake)).toBe(waitingPost(asleep));

    // The host gives the awake seat an hour: the window's one clock moves, whether that seat was asked or not.
    for (const x of [awake, asleep])
      expect(
        (await api(`/games/${x.t.id}/admin/extend`, { token: x.t.admin, body: { hours: 1, seat: 0 } })).status,
      ).toBe(200);
    const after = await publicLine(awake.t);
    expect(after.body.deadline).toBe('2031-03-04T09:30:00.000Z');
    expect(after).toEqual(await publicLine(asleep.t));
  });
});
