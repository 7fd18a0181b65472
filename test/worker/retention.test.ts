import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import { RETENTION_DAYS } from '../../worker/room/store';
import { api, createGame, expectError, join, room, runAlarm, setClock, table } from './helpers';

const DAY = 86_400_000;

/** What is left in the object's storage: its tables and its alarm. */
const storageOf = (id: string) =>
  runInDurableObject(room(id), async (_i: GameRoom, state) => ({
    tables: state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .toArray()
      .map((r) => r.name),
    alarm: await state.storage.getAlarm(),
  }));

describe('issue 9 point 5: abandoned and long-finished games are deleted with their storage', () => {
  it('a lobby nobody joined is deleted after its days, storage and alarm included', async () => {
    const { id } = await createGame();
    const clock = { now: Date.now() };
    await setClock(id, () => clock.now);
    expect((await storageOf(id)).tables.length).toBeGreaterThan(0);
    clock.now += RETENTION_DAYS.emptyLobby * DAY - 60_000;
    await runAlarm(id).catch(() => false);
    expect((await api(`/games/${id}`)).status).toBe(200);
    clock.now += 120_000;
    expect(await runAlarm(id)).toBe(true);
    expectError(await api(`/games/${id}`), 404, 'not_found');
    expect(await storageOf(id)).toEqual({ tables: [], alarm: null });
    // Nothing comes back to life: a join or a read of the expired id finds no game and creates nothing.
    expectError(await api(`/games/${id}/seats`, { body: { name: 'late' } }), 404, 'not_found');
    expect((await storageOf(id)).tables).toEqual([]);
  });

  it('a lobby people joined is kept longer than an empty one', async () => {
    const { id } = await createGame();
    await join(id, 'A');
    const clock = { now: Date.now() + RETENTION_DAYS.emptyLobby * DAY + 60_000 };
    await setClock(id, () => clock.now);
    await runAlarm(id).catch(() => false);
    expect((await api(`/games/${id}`)).status).toBe(200);
  });

  it('a finished game is kept for its stated days (the replay needs it), then deleted', async () => {
    const clock = { now: Date.UTC(2026, 11, 1, 12) };
    const t = await table(2, { clock: () => clock.now });
    expect((await api(`/games/${t.id}/admin/end`, { body: {}, token: t.admin })).status).toBe(200);
    clock.now += RETENTION_DAYS.finished * DAY - 60_000;
    await runAlarm(t.id);
    expect((await api(`/games/${t.id}/state`, { token: t.tokens[0] })).status).toBe(200);
    expect((await api(`/games/${t.id}/record`)).status).toBe(200);
    clock.now += 120_000;
    await runAlarm(t.id);
    expectError(await api(`/games/${t.id}/state`, { token: t.tokens[0] }), 404, 'not_found');
    expectError(await api(`/games/${t.id}/record`), 404, 'not_found');
    expect(await storageOf(t.id)).toEqual({ tables: [], alarm: null });
  });

  it('a game being played is not deleted, even 400 days after it began', async () => {
    const clock = { now: Date.UTC(2026, 11, 1, 12) };
    const t = await table(2, { clock: () => clock.now, body: { deadline: { hours: 7 * 24 } } });
    clock.now += 400 * DAY;
    await runAlarm(t.id);
    expect((await api(`/games/${t.id}`)).status).toBe(200);
  });
});
