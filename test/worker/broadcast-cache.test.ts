import { describe, expect, it } from 'vitest';
import { SELF, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import type { PatchMessage, StateBody } from '../../worker/protocol';
import type { GameRoom } from '../../worker/room/GameRoom';
import { ORIGIN, api, botStep, createGame, join, noLog, room, sanguoshaTable, setClock, stateOf } from './helpers';

/**
 * What the broadcast keeps from one change to the next (each seat's chat JSON, each line's JSON, the date part of
 * deadlines, the head's changes per last head) cannot go stale: after every kind of change a socket rebuilds
 * exactly the body `/state` gives its viewer.
 */

/** A live socket that rebuilds its body from every message, as the client does (patches with the client's own code). */
async function viewer(id: string, token: string | null, patch: true | 2 = 2) {
  const { applyPatch } = await import('../../web/lib/patch');
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const got: { type: string }[] = [];
  let body: StateBody | null = null;
  let waiter: (() => void) | null = null;
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type !== 'state' && m.type !== 'patch') return;
    got.push(m);
    body = m.type === 'state' ? (({ type: _t, ...b }) => b as StateBody)(m) : applyPatch(body, m as PatchMessage);
    waiter?.();
  });
  ws.send(JSON.stringify({ type: 'hello', ...(token ? { token } : {}), log: 0, patch }));
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
      return body!;
    },
  };
}

type Viewer = Awaited<ReturnType<typeof viewer>>;


/** Run `change`, then expect every viewer to have been sent a message and to hold exactly its `/state`. */
async function expectFollows(id: string, vs: Viewer[], tokens: (string | null)[], change: () => Promise<unknown>): Promise<void> {
  const counts = vs.map((v) => v.got.length);
  await change();
  for (const [i, v] of vs.entries()) {
    const body = await v.after(counts[i]!);
    // Byte for byte: the same fields in the same order (the head is kept between broadcasts, head.ts).
    expect(JSON.stringify(noLog(body))).toBe(JSON.stringify(noLog(await stateOf(id, tokens[i]))));
  }
}


describe('what the broadcast keeps between changes', () => {
  it('each line is serialised once yet every reader gets exactly the JSON of the lines it may read, from any start, before and after the end', async () => {
    const { id } = await sanguoshaTable(4, 'lines-json');
    for (let k = 0; k < 25; k++) await botStep(id);
    await runInDurableObject(room(id), (inst: GameRoom) => {
      const end = inst.log.end;
      const readers: [number | null, number][] = [];
      for (const seat of [null, 0, 1, 2, 3]) for (const from of [0, 1, Math.floor(end / 2), end - 1, end, end + 3]) readers.push([seat, from]);
      for (const over of [false, true]) {
        // Twice: the second time every line's JSON is the one kept from the first.
        for (let twice = 0; twice < 2; twice++) {
          const json = inst.log.jsonFor(readers, over);
          const lines = inst.log.linesFor(readers, over);
          for (const [seat, from] of readers) expect(json.get(`${seat}|${from}`)).toBe(JSON.stringify(lines.get(`${seat}|${from}`)));
          // The same lines as a compact patch carries them (`[i, at, msg]`).
          for (const [seat, from] of readers) expect(inst.log.jsonOf(seat, from, over, true)).toBe(JSON.stringify(lines.get(`${seat}|${from}`)!.map((l) => [l.i, l.at, l.msg])));
        }
        // Every seat from one start: from some starts on every line is public (one text for all), before them not.
        for (let from = 0; from <= end; from++) {
          const same: [number | null, number][] = [null, 0, 1, 2, 3].map((seat) => [seat, from]);
          const json = inst.log.jsonFor(same, over);
          const lines = inst.log.linesFor(same, over);
          for (const [seat] of same) expect(json.get(`${seat}|${from}`)).toBe(JSON.stringify(lines.get(`${seat}|${from}`)));
        }
      }
    });
  });

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
    await expectFollows(id, vs, tokens, async () => expect((await api(`/games/${id}/me`, { method: 'PUT', token: first.token, body: { awayUntil: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(200));
    await expectFollows(id, vs, tokens, async () => expect((await api(`/games/${id}/me`, { method: 'PUT', token: first.token, body: { awayUntil: null } })).status).toBe(200));
    // Quiet hours from an hour ago to two hours on: the seat is asleep (its `asleepUntil` is in every body's
    // seats), then awake again.
    const hhmm = (ms: number): string => new Date(ms).toISOString().slice(11, 16);
    const quiet = { start: hhmm(Date.now() - 3_600_000), end: hhmm(Date.now() + 7_200_000), zone: 'UTC' };
    await expectFollows(id, vs, tokens, async () => expect((await api(`/games/${id}/me`, { method: 'PUT', token: second, body: { quiet } })).status).toBe(200));
    expect((await stateOf(id, null)).seats[1]!.asleepUntil).toBeTruthy();
    // Time passes, the settings stay: the seat wakes, then (the clock put back) sleeps again. The broadcast keeps a
    // seat's public settings only until they may change (head.ts), so each body still equals a fresh /state.
    const bump = () => runInDurableObject(room(id), (inst: GameRoom) => (inst.store.mutate((m) => void m.version++), inst.sockets.broadcast()));
    const woke = Date.now() + 3 * 3_600_000;
    await setClock(id, () => woke);
    await expectFollows(id, vs, tokens, bump);
    expect((await stateOf(id, null)).seats[1]!.asleepUntil).toBeUndefined();
    await setClock(id, () => Date.now());
    await expectFollows(id, vs, tokens, bump);
    expect((await stateOf(id, null)).seats[1]!.asleepUntil).toBeTruthy();
    await expectFollows(id, vs, tokens, async () => expect((await api(`/games/${id}/me`, { method: 'PUT', token: second, body: { quiet: null } })).status).toBe(200));
    await expectFollows(id, vs, tokens, async () => expect((await api(`/games/${id}/chat`, { body: { text: 'hello table' }, token: first.token })).status).toBe(201));
    // A note from the room to seat 0 only: its body changes, the spectator's chat does not show it.
    await runInDurableObject(room(id), async (inst: GameRoom) => {
      inst.store.mutate((m) => {
        inst.chat.add({ at: new Date().toISOString(), seat: -1, name: '', text: 'a note for seat 0' }, 0);
        m.version++;
      });
      inst.sockets.broadcast();
    });
    for (const [i, v] of vs.entries()) expect(noLog(await v.after(v.got.length - 1))).toEqual(noLog(await stateOf(id, tokens[i])));
    expect((await stateOf(id, first.token)).chat.map((c) => c.text)).toEqual(['hello table', 'a note for seat 0']);
    expect((await stateOf(id, null)).chat.map((c) => c.text)).toEqual(['hello table']);
    await runInDurableObject(room(id), (inst: GameRoom) => {
      for (const seat of [null, 0, 1, 2, 3]) expect(inst.chat.jsonFor(seat)).toBe(JSON.stringify(inst.chat.linesFor(seat)));
    });
    for (const k of [2, 3]) await expectFollows(id, vs, tokens, () => join(id, `P${k}`));
    await expectFollows(id, vs, tokens, async () => expect((await api(`/games/${id}/start`, { body: { seed: 'cache-lobby' }, token: admin })).status).toBe(200));
    for (const v of vs) v.ws.close(1000);
  });

  it('a game: answers, chat between them and a wake from hibernation reach every seat, a second socket of a seat and two spectators', async () => {
    const t = await sanguoshaTable(4, 'cache-game');
    const id = t.id;
    // Sockets of one viewer that were sent the same body get one patch, built once (broadcast.ts): each still holds its own viewer's body.
    const tokens: (string | null)[] = [...t.tokens, null, t.tokens[0]!, null];
    // The second socket of seat 0 and the second spectator said `patch: true` (the older form of a patch).
    const vs = await Promise.all(tokens.map((t, k) => viewer(id, t, k >= 5 ? true : 2)));
    for (const v of vs) await v.after(0);
    for (let k = 0; k < 12; k++) {
      await expectFollows(id, vs, tokens, () => botStep(id));
      if (k % 4 === 1) await expectFollows(id, vs, tokens, () => api(`/games/${id}/chat`, { body: { text: `line ${k}` }, token: t.tokens[k % 4] }));
      if (k % 5 === 2) {
        await evictDurableObject(room(id));
        await expectFollows(id, vs, tokens, () => botStep(id));
      }
    }
    for (const v of vs) {
      expect(v.got.filter((m) => m.type === 'state').length).toBeGreaterThan(1); // a full state again after each wake
      v.ws.close(1000);
    }
  });
});
