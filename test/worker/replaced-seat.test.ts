import { describe, expect, it } from 'vitest';
import { SELF, runInDurableObject } from 'cloudflare:test';
import type { GameRoom } from '../../worker/room/GameRoom';
import {
  ORIGIN,
  api,
  expectError,
  freshAddress,
  promptOf,
  room,
  createGame,
  join,
  sql,
  stateOf,
  storedMeta,
  summaryOf,
  table,
} from './helpers';
import { PROTOCOL } from '../../worker/protocol';

/** A socket that said hello for `token`; resolves once its first state arrived. */
async function helloSocket(id: string, token: string) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, {
    headers: { Upgrade: 'websocket', 'cf-connecting-ip': freshAddress() },
  });
  const ws = res.webSocket!;
  ws.accept();
  const got: any[] = [];
  const first = new Promise<void>((ok) =>
    ws.addEventListener('message', (e) => (got.push(JSON.parse(e.data as string)), ok())),
  );
  ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token, log: 0 }));
  await first;
  return { ws, got };
}

describe('issue 9 point 1: a replaced seat loses its sockets at once (workerd)', () => {
  it("frames the old holder's socket sends after replace-seat change nothing, even when its client ignores the close", async () => {
    const t = await table(2);
    const s1 = await stateOf(t.id, t.tokens[1]);
    const prompt = promptOf(s1).id;
    await helloSocket(t.id, t.tokens[1]!);
    expect((await summaryOf(t.id)).seats[1]!.online).toBe(true);
    const r = await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'invite' }, token: t.admin });
    expect(r.status).toBe(200);
    const before = await stateOf(t.id, r.body.token);
    // What the runtime does with frames from a client that ignores the close: it hands them to the room.
    const seen = await runInDurableObject(room(t.id), async (inst: GameRoom, state) => {
      const sockets = state.getWebSockets();
      for (const ws of sockets) {
        await inst.webSocketMessage(
          ws,
          JSON.stringify({ type: 'answer', version: s1.version, answer: { prompt, option: 'red' } }),
        );
        await inst.webSocketMessage(ws, JSON.stringify({ type: 'visible', visible: true }));
        await inst.webSocketMessage(
          ws,
          JSON.stringify({ type: 'answer', version: before.version, answer: { prompt, option: 'blue' } }),
        );
      }
      return sockets.map((ws) => ws.deserializeAttachment() as { seat: number | null; ready: boolean });
    });
    // The socket's stored attachment no longer names the seat.
    for (const att of seen) expect(att).toMatchObject({ seat: null, ready: false });
    const after = await stateOf(t.id, r.body.token);
    expect(after.version).toBe(before.version);
    expect(promptOf(after).id).toBe(prompt);
    expect((await summaryOf(t.id)).seats[1]!.online).toBe(false);
  });

  it('the old token cannot say hello again', async () => {
    const t = await table(2);
    await api(`/games/${t.id}/admin/replace-seat`, { body: { seat: 1, by: 'bot' }, token: t.admin });
    const res = await SELF.fetch(`${ORIGIN}/api/games/${t.id}/live`, {
      headers: { Upgrade: 'websocket', 'cf-connecting-ip': freshAddress() },
    });
    const ws = res.webSocket!;
    ws.accept();
    const msg = new Promise<any>((ok) => ws.addEventListener('message', (e) => ok(JSON.parse(e.data as string))));
    ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1] }));
    expect((await msg).error.code).toBe('unauthorized');
  });
});

/** 'HH:MM' in UTC, `h` hours from now. */
const utcClock = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString().slice(11, 16);

describe('issue 26 point 3: a replaced seat keeps nothing of its old holder (workerd)', () => {
  /**
   * A started 三国杀 table where seat 1 has standing orders, quiet hours now (so "asleep until" shows), a mention and
   * a hand-back record, and seat 2 is away with orders of its own.
   */
  async function settled() {
    const { id, admin } = await createGame({ game: 'sanguosha', seats: 4, deadline: { minutes: 60 } });
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await join(id, `P${i}`)).token);
    expect((await api(`/games/${id}/start`, { body: {}, token: admin })).status).toBe(200);
    const t = { id, admin, tokens };
    const quiet = { start: utcClock(-1), end: utcClock(3), zone: 'Etc/UTC' };
    const put1 = await api(`/games/${t.id}/me`, {
      method: 'PUT',
      token: t.tokens[1],
      body: { orders: [{ id: 'wuxieNever' }], quiet, mention: 'old-holder-123' },
    });
    expect(put1.status, JSON.stringify(put1.body)).toBe(200);
    const away = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (
        await api(`/games/${t.id}/me`, {
          method: 'PUT',
          token: t.tokens[2],
          body: { orders: [{ id: 'wuxieNever' }], awayUntil: away },
        })
      ).status,
    ).toBe(200);
    // What a stand-in played for seat 1 while it was away (away.ts keeps it in the seat's settings).
    await runInDurableObject(room(t.id), (inst: GameRoom) => {
      const x = JSON.parse(
        inst.sql.exec<{ settings: string }>('SELECT settings FROM seats WHERE seat = 1').one().settings,
      );
      inst.sql.exec(
        'UPDATE seats SET settings = ? WHERE seat = 1',
        JSON.stringify({ ...x, awayFrom: 0, playedFor: [[0, inst.log.end]] }),
      );
      inst.seats.reload();
    });
    const before = await api(`/games/${t.id}/me`, { token: t.tokens[1] });
    expect(before.body.settings.orders).toEqual([{ id: 'wuxieNever' }]);
    expect(before.body.handback).not.toBeNull();
    const seats = (await summaryOf(t.id)).seats;
    expect(seats[1]!.asleepUntil).toBeTruthy();
    expect(seats[2]!.away).toBe(true);
    return t;
  }

  const EMPTY = { orders: [], quiet: null, awayUntil: null, mention: null };

  async function expectNothingOfTheOldHolder(
    t: { id: string; tokens: string[] },
    seat: number,
    newToken: string | null,
  ) {
    if (newToken) {
      const me = await api(`/games/${t.id}/me`, { token: newToken });
      expect(me.status).toBe(200);
      expect(me.body.settings).toEqual(EMPTY);
      expect(me.body.handback).toBeNull();
    }
    // The old token answers nothing, read or write.
    expectError(await api(`/games/${t.id}/me`, { token: t.tokens[seat] }), 401, 'unauthorized');
    expectError(
      await api(`/games/${t.id}/me`, { method: 'PUT', token: t.tokens[seat], body: { quiet: null } }),
      401,
      'unauthorized',
    );
    const pub = (await summaryOf(t.id)).seats[seat]!;
    expect(pub.asleepUntil ?? null).toBeNull();
    expect(pub.away ?? false).toBe(false);
    const [row] = await sql<{ settings: string | null }>(t.id, 'SELECT settings FROM seats WHERE seat = ?', seat);
    expect(row!.settings).toBeNull();
    // No clock waits for an old order's moment any more.
    const clocks = (await storedMeta<{ clocks: { seat: number; orderAt?: number }[] }>(t.id)).clocks;
    expect(clocks.filter((c) => c.seat === seat && c.orderAt !== undefined)).toEqual([]);
  }

  it('given to a bot, then to an invite: the newcomer sees nothing of the first holder, and nobody sees it asleep or away', async () => {
    const t = await settled();
    for (const seat of [1, 2]) {
      expect(
        (await api(`/games/${t.id}/admin/replace-seat`, { body: { seat, by: 'bot' }, token: t.admin })).status,
      ).toBe(200);
      await expectNothingOfTheOldHolder(t, seat, null);
      const r = await api(`/games/${t.id}/admin/replace-seat`, { body: { seat, by: 'invite' }, token: t.admin });
      expect(r.status).toBe(200);
      await expectNothingOfTheOldHolder(t, seat, r.body.token);
    }
  });

  it('given straight to an invite: the newcomer starts with no settings and no hand-back', async () => {
    const t = await settled();
    for (const seat of [1, 2]) {
      const r = await api(`/games/${t.id}/admin/replace-seat`, { body: { seat, by: 'invite' }, token: t.admin });
      expect(r.status).toBe(200);
      await expectNothingOfTheOldHolder(t, seat, r.body.token);
    }
  });
});
