import { describe, expect, it } from 'vitest';
import { SELF, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { PROTOCOL, type LogLine, type StateBody } from '../../worker/protocol';
import type { GameRoom } from '../../worker/room/GameRoom';
import type { Attachment } from '../../worker/room/core';
import { mergeLog, type LogBook } from '../../web/lib/logbook';
import { ORIGIN, api, botStep, room, sanguoshaTable, stateOf } from './helpers';

/**
 * A socket's log cursor (where its next message's lines start) lives in its attachment, moved at every message:
 * after a wake from hibernation the socket resumes exactly where it was, no line missing, none sent twice.
 */

/** A live socket that keeps its bodies and its log book from every message, as the client does. */
async function viewer(id: string, token: string | null) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const got: StateBody[] = [];
  let body: StateBody | null = null;
  let book: LogBook | null = null;
  let gaps = 0;
  let waiter: (() => void) | null = null;
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type !== 'state') return;
    body = (({ type: _t, ...b }) => b as StateBody)(m);
    got.push(body);
    const merged = mergeLog(book, {
      log: body!.log,
      logFrom: body!.logFrom,
      logEnd: body!.logEnd,
      outcome: body!.outcome,
    });
    if (merged.missing !== null) gaps++;
    book = merged.book;
    waiter?.();
  });
  ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, ...(token ? { token } : {}), log: 0 }));
  return {
    ws,
    got,
    book: () => book!,
    gaps: () => gaps,
    async at(version: number): Promise<StateBody> {
      const t0 = Date.now();
      while (!body || body.version < version) {
        if (Date.now() - t0 > 5000) throw new Error(`no state at version ${version}`);
        await new Promise<void>((r) => ((waiter = r), setTimeout(r, 50)));
      }
      return body!;
    },
  };
}

/** The stored attachments of the room's ready sockets, and the log's length. */
const stored = (id: string) =>
  runInDurableObject(room(id), (inst: GameRoom, state) => ({
    end: inst.log.end,
    atts: state
      .getWebSockets()
      .map((ws) => ws.deserializeAttachment() as Attachment)
      .filter((a) => a.ready),
  }));

/** Every line `token`'s seat may read, from `/state?log=0`. */
const allLines = async (id: string, token: string | null): Promise<LogLine[]> =>
  (await api<StateBody>(`/games/${id}/state?log=0`, { token })).body.log;

describe('the log cursor of a socket', () => {
  it('a socket’s attachment holds the end of the last message it was sent', async () => {
    const t = await sanguoshaTable(4, 'cursor-attachment');
    const v = await viewer(t.id, t.tokens[0]!);
    let version = (await stateOf(t.id, null)).version;
    await v.at(version);
    for (let k = 0; k < 10; k++) {
      version = await botStep(t.id);
      const body = await v.at(version);
      const { end, atts } = await stored(t.id);
      expect([atts[0]!.log, body.logEnd]).toEqual([end, end]);
    }
    expect(v.book().lines).toEqual(await allLines(t.id, t.tokens[0]!));
    v.ws.close(1000);
  });

  it('after a wake from hibernation every seat and a spectator resume exactly where they were: no line missing, none another seat’s, none sent twice', async () => {
    const t = await sanguoshaTable(5, 'cursor-wake');
    const tokens: (string | null)[] = [...t.tokens, null];
    const vs = await Promise.all(tokens.map((tok) => viewer(t.id, tok)));
    let version = (await stateOf(t.id, null)).version;
    for (const v of vs) await v.at(version);
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 7 + 5 * round; k++) version = await botStep(t.id);
      for (const v of vs) await v.at(version);
      const held = vs.map((v) => v.book().end);
      const counts = vs.map((v) => v.got.length);
      await evictDurableObject(room(t.id));
      version = await botStep(t.id);
      for (const [i, v] of vs.entries()) {
        await v.at(version);
        const first = v.got[counts[i]!]!;
        expect(first.logFrom).toBe(held[i]!);
      }
    }
    for (const [i, v] of vs.entries()) {
      expect(v.gaps()).toBe(0);
      expect(v.book().lines).toEqual(await allLines(t.id, tokens[i]!));
      v.ws.close(1000);
    }
  });

  it('a hello starts the cursor over from the hello’s `log`, also on a socket that was sent lines before', async () => {
    const t = await sanguoshaTable(4, 'cursor-hello');
    const v = await viewer(t.id, t.tokens[1]!);
    let version = (await stateOf(t.id, null)).version;
    await v.at(version);
    for (let k = 0; k < 5; k++) version = await botStep(t.id);
    await v.at(version);
    const n = v.got.length;
    const end = v.book().end;
    // The same socket says hello again, asking for the lines from 0: the next message starts there.
    v.ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token: t.tokens[1], log: 0 }));
    const t0 = Date.now();
    while (v.got.length <= n && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(v.got[n]!.logFrom).toBe(0);
    expect(v.got[n]!.logEnd).toBe(end);
    expect(v.got[n]!.log).toEqual(await allLines(t.id, t.tokens[1]!));
    version = await botStep(t.id);
    await v.at(version);
    expect(v.got.at(-1)!.logFrom).toBe(end);
    v.ws.close(1000);
  });
});
