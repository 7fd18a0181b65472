import { describe, expect, it } from 'vitest';
import { SELF, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { PROTOCOL, type StateBody } from '../../worker/protocol';
import type { GameRoom } from '../../worker/room/GameRoom';
import { ORIGIN, api, botStep, createGame, join, noLog, room, sanguoshaTable, setClock, stateOf } from './helpers';

/**
 * Every socket is sent its viewer's whole body after every kind of change, and it is exactly the body `/state`
 * gives that viewer (the log fields aside: a socket carries only new lines, log-delta.test.ts).
 */

/** A live socket that keeps every state message it is sent. */
async function viewer(id: string, token: string | null) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const got: StateBody[] = [];
  let waiter: (() => void) | null = null;
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type !== 'state') return;
    got.push((({ type: _t, ...b }) => b as StateBody)(m));
    waiter?.();
  });
  ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, ...(token ? { token } : {}), log: 0 }));
  return {
    ws,
    got,
    /** Wait for the next message after `n` messages (a guard against hanging, not a timing assertion). */
    async after(n: number): Promise<StateBody> {
      const t0 = Date.now();
      while (got.length <= n) {
        if (Date.now() - t0 > 5000) throw new Error(`no message after ${n}`);
        await new Promise<void>((r) => ((waiter = r), setTimeout(r, 50)));
      }
      return got.at(-1)!;
    },
    /** Wait until the last body is at `version`. */
    async at(version: number): Promise<StateBody> {
      const t0 = Date.now();
      while (!got.length || got.at(-1)!.version < version) {
        if (Date.now() - t0 > 5000) throw new Error(`no state at version ${version}`);
        await new Promise<void>((r) => ((waiter = r), setTimeout(r, 50)));
      }
      return got.at(-1)!;
    },
  };
}

type Viewer = Awaited<ReturnType<typeof viewer>>;

/** Run `change`, then expect every viewer to have been sent a message and to hold exactly its `/state`. */
async function expectFollows(
  id: string,
  vs: Viewer[],
  tokens: (string | null)[],
  change: () => Promise<unknown>,
): Promise<void> {
  const counts = vs.map((v) => v.got.length);
  await change();
  for (const [i, v] of vs.entries()) {
    const body = await v.after(counts[i]!);
    // Byte for byte: the same fields in the same order.
    expect(JSON.stringify(noLog(body))).toBe(JSON.stringify(noLog(await stateOf(id, tokens[i]))));
  }
}

describe('every socket gets its viewer’s body after every change', () => {
  it('a lobby: joins, a seat’s settings, a chat line, a note to one seat and a socket that goes away all reach every viewer', async () => {
    const { id, admin } = await createGame({ game: 'sanguosha', seats: 4, deadline: { minutes: 60 } });
    const first = await join(id, 'P0');
    const spectator = await viewer(id, null);
    const p0 = await viewer(id, first.token);
    await p0.after(0);
    await spectator.after(0);
    const vs = [spectator, p0];
    const tokens: (string | null)[] = [null, first.token];
    let second = '';
    await expectFollows(id, vs, tokens, async () => (second = (await join(id, 'P1')).token));
    // A seat coming online (its socket's hello) and going offline: the seats' `online`.
    let p1: Viewer | null = null;
    await expectFollows(id, vs, tokens, async () => {
      p1 = await viewer(id, second);
      await p1.after(0);
    });
    await expectFollows(id, vs, tokens, async () => p1!.ws.close(1000));
    // A seat's public settings (away) are in every body's seats.
    await expectFollows(id, vs, tokens, async () =>
      expect(
        (
          await api(`/games/${id}/me`, {
            method: 'PUT',
            token: first.token,
            body: { awayUntil: new Date(Date.now() + 86_400_000).toISOString() },
          })
        ).status,
      ).toBe(200),
    );
    await expectFollows(id, vs, tokens, async () =>
      expect(
        (await api(`/games/${id}/me`, { method: 'PUT', token: first.token, body: { awayUntil: null } })).status,
      ).toBe(200),
    );
    // Quiet hours from an hour ago to two hours on: the seat is asleep (its `asleepUntil` is in every body's
    // seats), then awake again.
    const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
    const quiet = { start: hhmm(Date.now() - 3_600_000), end: hhmm(Date.now() + 7_200_000), zone: 'UTC' };
    await expectFollows(id, vs, tokens, async () =>
      expect((await api(`/games/${id}/me`, { method: 'PUT', token: second, body: { quiet } })).status).toBe(200),
    );
    expect((await stateOf(id, null)).seats[1]!.asleepUntil).toBeTruthy();
    // Time passes, the settings stay: the seat wakes, then (the clock put back) sleeps again.
    const bump = () =>
      runInDurableObject(
        room(id),
        (inst: GameRoom) => (inst.store.mutate((m) => void m.version++), inst.sockets.broadcast()),
      );
    const woke = Date.now() + 3 * 3_600_000;
    await setClock(id, () => woke);
    await expectFollows(id, vs, tokens, bump);
    expect((await stateOf(id, null)).seats[1]!.asleepUntil).toBeUndefined();
    await setClock(id, () => Date.now());
    await expectFollows(id, vs, tokens, bump);
    expect((await stateOf(id, null)).seats[1]!.asleepUntil).toBeTruthy();
    await expectFollows(id, vs, tokens, async () =>
      expect((await api(`/games/${id}/me`, { method: 'PUT', token: second, body: { quiet: null } })).status).toBe(200),
    );
    await expectFollows(id, vs, tokens, async () =>
      expect((await api(`/games/${id}/chat`, { body: { text: 'hello table' }, token: first.token })).status).toBe(201),
    );
    // A note from the room to seat 0 only: its body changes, the spectator's chat does not show it.
    await runInDurableObject(room(id), async (inst: GameRoom) => {
      inst.store.mutate((m) => {
        inst.chat.add({ at: new Date().toISOString(), seat: -1, name: '', text: 'a note for seat 0' }, 0);
        m.version++;
      });
      inst.sockets.broadcast();
    });
    for (const [i, v] of vs.entries())
      expect(noLog(await v.after(v.got.length - 1))).toEqual(noLog(await stateOf(id, tokens[i])));
    expect((await stateOf(id, first.token)).chat.map((c) => c.text)).toEqual(['hello table', 'a note for seat 0']);
    expect((await stateOf(id, null)).chat.map((c) => c.text)).toEqual(['hello table']);
    for (const k of [2, 3]) await expectFollows(id, vs, tokens, () => join(id, `P${k}`));
    await expectFollows(id, vs, tokens, async () =>
      expect((await api(`/games/${id}/start`, { body: { seed: 'cache-lobby' }, token: admin })).status).toBe(200),
    );
    for (const v of vs) v.ws.close(1000);
  });

  it('a game: answers, chat between them and a wake from hibernation reach every seat, a second socket of a seat and two spectators', async () => {
    const t = await sanguoshaTable(4, 'cache-game');
    const id = t.id;
    const tokens: (string | null)[] = [...t.tokens, null, t.tokens[0]!, null];
    const vs = await Promise.all(tokens.map((t) => viewer(id, t)));
    for (const v of vs) await v.after(0);
    for (let k = 0; k < 12; k++) {
      await expectFollows(id, vs, tokens, () => botStep(id));
      if (k % 4 === 1)
        await expectFollows(id, vs, tokens, () =>
          api(`/games/${id}/chat`, { body: { text: `line ${k}` }, token: t.tokens[k % 4] }),
        );
      if (k % 5 === 2) {
        await evictDurableObject(room(id));
        await expectFollows(id, vs, tokens, () => botStep(id));
      }
    }
    for (const v of vs) v.ws.close(1000);
  });

  it('every seat and a spectator get exactly the body /state gives them, answer after answer, pause and resume, with the lines /state?log= gives from the same start', async () => {
    const { id, admin } = await createGame({ game: 'sanguosha', seats: 5, deadline: { minutes: 60 } });
    const tokens: (string | null)[] = [];
    for (let i = 0; i < 5; i++) tokens.push((await join(id, `P${i}`)).token);
    expect((await api(`/games/${id}/start`, { body: { seed: 'live-bodies' }, token: admin })).status).toBe(200);
    tokens.push(null);
    const vs = await Promise.all(tokens.map((tok) => viewer(id, tok)));
    const same = async (): Promise<void> => {
      const version = (await stateOf(id, null)).version;
      for (let i = 0; i < vs.length; i++) {
        const body = await vs[i]!.at(version);
        expect(noLog(body)).toEqual(noLog(await stateOf(id, tokens[i])));
        const from = (await api<StateBody>(`/games/${id}/state?log=${body.logFrom}`, { token: tokens[i] })).body;
        expect({ log: body.log, logEnd: body.logEnd }).toEqual({ log: from.log, logEnd: from.logEnd });
      }
    };
    await same();
    for (let k = 0; k < 20; k++) {
      await botStep(id);
      await same();
      // Paused, the prompts have no deadline; resumed, new ones.
      if (k === 10) {
        for (const action of ['pause', 'resume']) {
          expect((await api(`/games/${id}/admin/${action}`, { body: {}, token: admin })).status).toBe(200);
          await same();
        }
      }
    }
    for (const v of vs) v.ws.close(1000);
  });
});
