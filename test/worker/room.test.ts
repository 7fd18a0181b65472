import { describe, expect, it } from 'vitest';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { MIGRATIONS } from '../../worker/room/store';
import { replay } from '../../worker/engine';
import type { StateBody } from '../../worker/protocol';
import { duel } from '../fixtures/duel';
import {
  api,
  answer,
  deliverAlarm,
  expectError,
  handOf,
  pickColours,
  promptOf,
  recordDeliveries,
  room,
  runAlarm,
  snapshotOf,
  sql,
  stateOf,
  summaryOf,
  table,
  type Table,
} from './helpers';

const MIN = 60_000;
const T0 = Date.parse('2030-03-01T08:00:00Z');

/** A table on a fake clock that the test moves by hand. */
async function clocked(n = 2, body: Record<string, unknown> = {}, start = true) {
  const clock = { now: T0 };
  const t = await table(n, { clock: () => clock.now, body: { deadline: { minutes: 10 }, ...body }, start });
  return { t, clock };
}

const moves = (id: string) => sql<{ seat: number; by: string }>(id, 'SELECT seat, by FROM moves ORDER BY n');

/** Answer `pass` to whatever seat `seat` is asked until it is asked to play (or nothing). */
async function settle(t: Table, seat: number): Promise<StateBody> {
  for (let i = 0; i < 10; i++) {
    const s = await stateOf(t.id, t.tokens[seat]);
    const p = s.prompts[0];
    if (!p || p.kind === 'play') return s;
    expect((await answer(t.id, t.tokens[seat]!, { option: 'pass', prompt: p.id })).status).toBe(200);
  }
  throw new Error('seat keeps being asked');
}

describe('persistence', () => {
  it('the state persists across a re-created object, and the move log replays to the snapshot', async () => {
    const t = await table(2);
    await pickColours(t, ['blue', 'red']);
    await answer(t.id, t.tokens[0]!, { option: 'pass' }, 'play');
    const before = [await stateOf(t.id, t.tokens[0]), await stateOf(t.id, t.tokens[1]), await stateOf(t.id, null)];
    await evictDurableObject(room(t.id));
    const after = [await stateOf(t.id, t.tokens[0]), await stateOf(t.id, t.tokens[1]), await stateOf(t.id, null)];
    expect(after).toEqual(before);
    // The re-created object keeps judging: seat 1 (whose turn it is) can play.
    expect((await answer(t.id, t.tokens[1]!, { option: 'pass' }, 'play')).status).toBe(200);
    const [meta] = await sql<{ json: string }>(t.id, 'SELECT json FROM meta');
    const { seed, seats, options } = JSON.parse(meta!.json);
    // The snapshot is written with every move: the whole move log replays to it byte for byte.
    const log = await sql<{ n: number; seat: number; answer: string }>(
      t.id,
      'SELECT n, seat, answer FROM moves ORDER BY n',
    );
    const snap = await snapshotOf(t.id);
    expect(snap.step).toBe(log.at(-1)!.n);
    expect(
      JSON.stringify(
        replay(
          duel,
          { seats, seed, options },
          log.map((m) => ({ seat: m.seat, answer: JSON.parse(m.answer) })),
        ),
      ),
    ).toBe(snap.state);
  });

  it('a room created by an older deploy is upgraded by the numbered migrations when it starts', async () => {
    const id = 'mmmmmmmmmmmmmm';
    await runInDurableObject(room(id), (_inst: unknown, state) => {
      const db = state.storage.sql;
      db.exec('CREATE TABLE schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), v INTEGER NOT NULL)');
      db.exec(MIGRATIONS[0] as string);
      db.exec('INSERT INTO schema_version (id, v) VALUES (1, 1)');
    });
    await evictDurableObject(room(id));
    expect((await api(`/games/${id}`)).status).toBe(404); // no meta row: the start-up ran the migrations only
    // 3 moved the clocks into the meta row and gave the log its own table.
    const tables = await sql<{ name: string }>(id, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    expect(tables.map((x) => x.name)).toContain('log');
    expect(tables.map((x) => x.name)).not.toContain('clocks');
    expect(await sql(id, 'SELECT v FROM schema_version')).toEqual([{ v: MIGRATIONS.length }]);
  });

  it('an object that was never created stays empty after a lookup', async () => {
    expect((await api('/games/zzzzzzzzzzzzzz')).status).toBe(404);
    const tables = await sql<{ name: string }>(
      'zzzzzzzzzzzzzz',
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
    );
    expect(tables).toEqual([]);
  });
});

describe('deadlines', () => {
  it('a passed deadline applies the default answer once, even when the alarm is delivered twice', async () => {
    const { t, clock } = await clocked();
    const s1 = await stateOf(t.id, t.tokens[1]);
    expect(promptOf(s1).deadline).toBe(new Date(T0 + 10 * MIN).toISOString());
    await answer(t.id, t.tokens[0]!, { option: 'blue' }, 'chooseColour');
    clock.now = T0 + 10 * MIN + 1000;
    expect(await runAlarm(t.id)).toBe(true);
    const v = (await summaryOf(t.id)).version;
    await deliverAlarm(t.id);
    await deliverAlarm(t.id);
    expect(await moves(t.id)).toEqual([
      { seat: 0, by: 'player' },
      { seat: 1, by: 'expired' },
    ]);
    expect((await summaryOf(t.id)).version).toBe(v);
    // The default colour (red) was taken for seat 1.
    expect((await stateOf(t.id, null)).view).toMatchObject({ colour: ['blue', 'red'] });
  });

  it('nothing expires before its deadline', async () => {
    const { t, clock } = await clocked();
    clock.now = T0 + 10 * MIN - 1;
    await deliverAlarm(t.id);
    expect(await moves(t.id)).toEqual([]);
  });

  it('when the host chose it, the bot plays for an absent player', async () => {
    const { t, clock } = await clocked(2, { options: { botsForAbsent: true } });
    clock.now = T0 + 11 * MIN;
    await runAlarm(t.id);
    expect((await moves(t.id)).map((m) => m.by)).toEqual(['absent-bot', 'absent-bot']);
  });

  it('pause freezes every clock and resume gives back exactly the time that was left', async () => {
    const { t, clock } = await clocked();
    clock.now = T0 + 4 * MIN;
    expect((await api(`/games/${t.id}/admin/pause`, { body: {}, token: t.admin })).status).toBe(200);
    const paused = await stateOf(t.id, t.tokens[0]);
    expect(paused.paused).toBe(true);
    expect(promptOf(paused).deadline).toBeUndefined();
    clock.now = T0 + 7 * 24 * 60 * MIN;
    await deliverAlarm(t.id);
    expect(await moves(t.id)).toEqual([]);
    const s = await stateOf(t.id, t.tokens[0]);
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: s.version, answer: { prompt: promptOf(s).id, option: 'red' } },
        token: t.tokens[0],
      }),
      409,
      'conflict',
    );
    expectError(await api(`/games/${t.id}/admin/pause`, { body: {}, token: t.admin }), 409, 'conflict');
    const resumeAt = clock.now;
    expect((await api(`/games/${t.id}/admin/resume`, { body: {}, token: t.admin })).status).toBe(200);
    expect(promptOf(await stateOf(t.id, t.tokens[0])).deadline).toBe(new Date(resumeAt + 6 * MIN).toISOString());
    clock.now = resumeAt + 6 * MIN + 1;
    await runAlarm(t.id);
    expect((await moves(t.id)).map((m) => m.by)).toEqual(['expired', 'expired']);
  });

  it('the host extends a deadline', async () => {
    const { t } = await clocked();
    expect((await api(`/games/${t.id}/admin/extend`, { body: { minutes: 30, seat: 1 }, token: t.admin })).status).toBe(
      200,
    );
    expect(promptOf(await stateOf(t.id, t.tokens[1])).deadline).toBe(new Date(T0 + 40 * MIN).toISOString());
    expect(promptOf(await stateOf(t.id, t.tokens[0])).deadline).toBe(new Date(T0 + 10 * MIN).toISOString());
    expectError(await api(`/games/${t.id}/admin/extend`, { body: { hours: 0 }, token: t.admin }), 400, 'bad_request');
    expectError(
      await api(`/games/${t.id}/admin/extend`, { body: { minutes: 5, seat: 9 }, token: t.admin }),
      400,
      'bad_request',
    );
  });

  it('after 3 expiries in a row the bot stands in, and hands back when the player answers', async () => {
    const { t, clock } = await clocked();
    const tick = async (ms: number) => {
      clock.now += ms;
      await runAlarm(t.id);
    };
    await answer(t.id, t.tokens[0]!, { option: 'red' }, 'chooseColour');
    await tick(10 * MIN + 1000); // 1: seat 1's colour
    const h0 = handOf(await stateOf(t.id, t.tokens[0]));
    expect((await answer(t.id, t.tokens[0]!, { option: 'attack', cards: [h0[0]!], seats: [1] }, 'play')).status).toBe(
      200,
    );
    await tick(10 * MIN + 1000); // 2: seat 1 does not respond
    await settle(t, 0);
    expect((await answer(t.id, t.tokens[0]!, { option: 'pass' }, 'play')).status).toBe(200);
    expect((await summaryOf(t.id)).seats[1]!.standIn).toBe(false);
    await tick(10 * MIN + 1000); // 3: seat 1 lets its turn pass
    expect((await moves(t.id)).filter((m) => m.seat === 1).map((m) => m.by)).toEqual(['expired', 'expired', 'expired']);
    expect((await summaryOf(t.id)).seats[1]!.standIn).toBe(true);

    // The stand-in waits only a short grace for its player, then the bot answers.
    await settle(t, 0);
    const h0b = handOf(await stateOf(t.id, t.tokens[0]));
    expect((await answer(t.id, t.tokens[0]!, { option: 'attack', cards: [h0b[0]!], seats: [1] }, 'play')).status).toBe(
      200,
    );
    expect(promptOf(await stateOf(t.id, t.tokens[1])).deadline).toBe(new Date(clock.now + 2 * MIN).toISOString());
    await tick(2 * MIN + 1000);
    expect((await moves(t.id)).filter((m) => m.seat === 1).map((m) => m.by)).toEqual([
      'expired',
      'expired',
      'expired',
      'stand-in',
    ]);

    // The player comes back and answers: the seat is theirs again, with the full deadline.
    await settle(t, 0);
    expect((await answer(t.id, t.tokens[0]!, { option: 'pass' }, 'play')).status).toBe(200);
    expect((await answer(t.id, t.tokens[1]!, { option: 'pass' }, 'play')).status).toBe(200);
    expect((await summaryOf(t.id)).seats[1]!.standIn).toBe(false);
    expect(await sql(t.id, 'SELECT expiries, stand_in FROM seats WHERE seat = 1')).toEqual([
      { expiries: 0, stand_in: 0 },
    ]);
  });
});

describe('bots', () => {
  it('a game of only bots plays to the end, a bounded number of moves per request then from the alarm', async () => {
    const { id, admin } = await (async () => {
      const r = await api('/games', { body: { game: 'duel', seats: 3 } });
      return { id: r.body.id as string, admin: r.body.adminToken as string };
    })();
    expect((await api(`/games/${id}/start`, { body: { fillWithBots: true }, token: admin })).status).toBe(200);
    const afterStart = (await moves(id)).length;
    expect(afterStart).toBeGreaterThan(0);
    expect(afterStart).toBeLessThanOrEqual(8);
    for (let i = 0; i < 50 && (await summaryOf(id)).status !== 'finished'; i++) await runAlarm(id);
    const s = await stateOf(id, null);
    expect(s.status).toBe('finished');
    expect(s.outcome).not.toBeNull();
    expect((await moves(id)).every((m) => m.by === 'bot')).toBe(true);
  });
});

describe('admin', () => {
  it('needs the admin token; an unknown action is a 404', async () => {
    const t = await table(2);
    expectError(await api(`/games/${t.id}/admin/pause`, { body: {} }), 401, 'unauthorized');
    expectError(await api(`/games/${t.id}/admin/pause`, { body: {}, token: t.tokens[0] }), 403, 'forbidden');
    expectError(await api(`/games/${t.id}/admin/explode`, { body: {}, token: t.admin }), 404, 'not_found');
    expect((await summaryOf(t.id)).paused).toBe(false);
  });

  it('replacing a seat with a new invite stops the old token at once', async () => {
    const t = await table(2);
    const r = await api(`/games/${t.id}/admin/replace-seat`, {
      body: { seat: 1, by: 'invite', name: 'Newcomer' },
      token: t.admin,
    });
    expect(r.status).toBe(200);
    expect(r.body.seatUrl).toContain(`#seat=${r.body.token}`);
    expectError(await api(`/games/${t.id}/state`, { token: t.tokens[1] }), 401, 'unauthorized');
    const s = await stateOf(t.id, r.body.token);
    expect(s.you).toBe(1);
    expect(s.seats[1]).toMatchObject({ name: 'Newcomer', bot: false });
    expect((await answer(t.id, r.body.token, { option: 'red' }, 'chooseColour')).status).toBe(200);
  });

  it('replacing a seat with a bot plays its open prompt at once', async () => {
    const t = await table(2);
    expect(
      (await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'bot' }, token: t.admin })).status,
    ).toBe(200);
    expectError(await api(`/games/${t.id}/state`, { token: t.tokens[1] }), 401, 'unauthorized');
    expect(await moves(t.id)).toEqual([{ seat: 1, by: 'bot' }]);
    expect((await summaryOf(t.id)).seats[1]!.bot).toBe(true);
    expectError(
      await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 5, by: 'bot' }, token: t.admin }),
      400,
      'bad_request',
    );
    expectError(
      await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 0, by: 'ghost' }, token: t.admin }),
      400,
      'bad_request',
    );
  });

  it('ending the game reveals everything and stops answers', async () => {
    const t = await table(2);
    const s = await stateOf(t.id, t.tokens[0]);
    expect((await api(`/games/${t.id}/admin/end`, { body: {}, token: t.admin })).status).toBe(200);
    const spectator = await stateOf(t.id, null);
    expect(spectator.status).toBe('finished');
    expect(spectator.outcome?.reason.key).toBe('common.endedByHost');
    expect((spectator.view as any).hands[0]).toEqual(handOf(s));
    expectError(
      await api(`/games/${t.id}/answers`, {
        body: { version: spectator.version, answer: { prompt: promptOf(s).id, option: 'red' } },
        token: t.tokens[0],
      }),
      409,
      'conflict',
    );
    expectError(await api(`/games/${t.id}/admin/end`, { body: {}, token: t.admin }), 409, 'conflict');
  });
});

describe('notifications', () => {
  const hook = { kind: 'webhook', url: 'https://hooks.example/teahouse', format: 'json', lang: 'en' };

  it('a new prompt is sent from the alarm, never while the answer is handled; reminders at half time and an hour left', async () => {
    const { t, clock } = await clocked(2, { deadline: { hours: 3 } }, false);
    expect((await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[1] })).status).toBe(201);
    const sent = await recordDeliveries(t.id);
    expect((await api(`/games/${t.id}/start`, { body: {}, token: t.admin })).status).toBe(200);
    expect(sent).toEqual([]);
    expect(await sql(t.id, 'SELECT seat FROM outbox')).toEqual([{ seat: 1 }]);
    await runAlarm(t.id);
    expect(sent.map((x) => [x.msg.kind, x.msg.seat])).toEqual([['prompt', 1]]);
    expect(sent[0]!.msg).toMatchObject({
      gameId: t.id,
      game: 'duel',
      body: expect.stringContaining('Pick a colour in secret'),
    });
    expect(sent[0]!.msg.url).toContain(`/g/${t.id}?prompt=`);
    clock.now = T0 + 90 * MIN;
    await runAlarm(t.id);
    clock.now = T0 + 120 * MIN;
    await runAlarm(t.id);
    await deliverAlarm(t.id);
    expect(sent.map((x) => x.msg.kind)).toEqual(['prompt', 'reminder', 'reminder']);
    expect(await sql(t.id, 'SELECT * FROM outbox')).toEqual([]);
    // The deadline passes: the default is taken and the absent seat is told so.
    clock.now = T0 + 180 * MIN + 1;
    await runAlarm(t.id);
    expect(sent.map((x) => x.msg.kind)).toEqual(['prompt', 'reminder', 'reminder', 'expired']);
    expect(sent[3]!.msg.body).toContain('Pick a colour in secret');
  });

  it('a target the push service says is gone is dropped', async () => {
    const { t } = await clocked(2, {}, false);
    await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[1] });
    const sent = await recordDeliveries(t.id, () => ({ ok: false, drop: true, status: 410 }));
    await api(`/games/${t.id}/start`, { body: {}, token: t.admin });
    await runAlarm(t.id);
    expect(sent).toHaveLength(1);
    expect(await sql(t.id, 'SELECT * FROM targets')).toEqual([]);
  });

  it('a target that keeps failing is retried with backoff, then disabled with a note to that seat only', async () => {
    const { t, clock } = await clocked(2, { deadline: { hours: 24 } }, false);
    await api(`/games/${t.id}/notify`, { body: hook, token: t.tokens[1] });
    const sent = await recordDeliveries(t.id, () => ({ ok: false, drop: false, status: 403, error: 'HTTP 403' }));
    await api(`/games/${t.id}/start`, { body: {}, token: t.admin });
    for (let i = 0; i < 5; i++) {
      await runAlarm(t.id);
      clock.now += 10 * MIN;
    }
    expect(sent).toHaveLength(3);
    expect(await sql(t.id, 'SELECT disabled FROM targets')).toEqual([{ disabled: 1 }]);
    expect((await stateOf(t.id, t.tokens[1])).chat.map((c) => c.seat)).toEqual([-1]);
    expect((await stateOf(t.id, t.tokens[0])).chat).toEqual([]);
    // Answers went on meanwhile.
    expect((await answer(t.id, t.tokens[1]!, { option: 'red' }, 'chooseColour')).status).toBe(200);
  });
});
